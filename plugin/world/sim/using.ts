/**
 * `use.X` and `plant.X` in the Sim. The item in hand used on a block or creature within reach: a bucket on water or
 * lava fills (as `mine.water` does), a bucket on a cow gives milk, shears on a sheep its wool (vanilla: 1 to 3), a
 * hoe on grass or dirt turns it into farmland (by the water, when water is in sight); seeds are planted on free
 * farmland in reach (a crop block placed, its ripening drawn then: `crops.ts`). Harvesting is the mine of the
 * crop's block (`harvestCrop`), which waits for it to ripen.
 */
import { CROPS, LIQUIDS } from '../../vocabulary/natural.js'
import { failure, type Outcome } from '../port.js'
import { take } from './actions.js'
import { growthTicks } from './crops.js'
import { type ActEnv, perform, wearTool } from './perform.js'
import { addItem, COSTS, levelY, removeItems, type SimContext, type SimState } from './state.js'
import { nearestInReach, type Thing } from './view.js'

/** Seeds → the crop block they grow into. */
const CROP_OF_SEED: ReadonlyMap<string, string> = new Map(Object.entries(CROPS).map(([crop, c]) => [c.seed, crop]))
export function use(state: SimState, context: SimContext, env: ActEnv, object: string): Outcome {
  const held = state.equipped
  if (held === undefined) return failure('missing_tool', `using something on ${object} needs an item in hand`)
  const target = nearestInReach(state, context, object)
  if (!target) return failure('not_found', `no ${object} in sight; explore for it first`)
  const work = { what: target.name, distance: target.distance, ticks: COSTS.place }
  if (held === 'bucket' && (object in LIQUIDS || object === 'cow')) {
    const filled = LIQUIDS[object] ?? 'milk_bucket'
    return perform(state, context, env, work, () => {
      if (object in LIQUIDS) take(state, target)
      removeItems(state, 'bucket', 1)
      addItem(state, filled, 1)
      state.equipped = filled
      return `filled a bucket: ${filled}`
    })
  }
  if (held === 'shears' && object === 'sheep') {
    return perform(state, context, env, work, () => {
      const wool = 1 + Math.floor(env.random() * 3)
      addItem(state, 'white_wool', wool)
      return [`sheared a sheep: ${wool} white_wool`, wearTool(state, context)].filter(Boolean).join('; ')
    })
  }
  if (held.endsWith('_hoe') && (object === 'grass_block' || object === 'dirt')) {
    // Tilled by the water when it is in sight (hydrated farmland: crops grow twice as fast), else where it stands.
    const water = state.level === 0 ? nearestInReach(state, context, 'water') : undefined
    const by = water ? { ...work, distance: water.distance } : work
    return perform(state, context, env, by, () => {
      if (water) walkTo(state, water)
      const fields = state.placed.filter((p) => p.block === 'farmland' || p.block in CROPS).length
      const y = levelY(state.level)
      // fuel 1 marks hydrated farmland.
      state.placed.push({ block: 'farmland', x: state.x + 1 + fields, y, z: state.z + 1, fuel: water ? 1 : 0 })
      return [`tilled ${object} into ${water ? 'hydrated ' : ''}farmland`, wearTool(state, context)]
        .filter(Boolean)
        .join('; ')
    })
  }
  return failure('unsupported', `${held} does nothing on ${object}`)
}

export function plant(state: SimState, context: SimContext, env: ActEnv, object: string): Outcome {
  const crop = CROP_OF_SEED.get(object)
  if (crop === undefined) return failure('unsupported', `${object} is not planted on farmland`)
  if ((state.inventory.get(object) ?? 0) === 0) return failure('missing_ingredients', `no ${object} to plant`)
  const soil = nearestInReach(state, context, 'farmland')
  if (soil?.kind !== 'placed') {
    return failure('not_found', 'no farmland in sight: till grass or dirt with a hoe first (use.grass_block)')
  }
  return perform(state, context, env, { what: 'farmland', distance: soil.distance, ticks: COSTS.place }, () => {
    removeItems(state, object, 1)
    const index = Number(soil.id.slice('placed:'.length))
    const field = state.placed[index]
    const ripeAt = state.ticks + growthTicks(env, crop, field?.fuel === 1)
    if (field) state.placed.splice(index, 1, { ...field, block: crop, ripeAt })
    return `planted ${object}; ${crop} grows`
  })
}

/** Moves the bot to a block's side (a field is tilled where the water is). */
function walkTo(state: SimState, thing: Thing): void {
  state.x = thing.x
  state.z = thing.z
}
