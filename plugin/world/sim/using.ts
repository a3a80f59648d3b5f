/**
 * `use.X` and `plant.X` in the Sim. The item in hand used on a block or creature within reach: a bucket on water or
 * lava fills (as `mine.water` does), a bucket on a cow gives milk, shears on a sheep its wool (vanilla: 1 to 3), a
 * hoe on grass or dirt turns it into farmland where the bot stands; seeds are planted on farmland in reach (a crop
 * block placed). Growing and harvesting are the mine of the crop's block.
 */
import { LIQUIDS } from '../../vocabulary/natural.js'
import { failure, type Outcome } from '../port.js'
import { take } from './actions.js'
import { type ActEnv, perform, wearTool } from './perform.js'
import { addItem, COSTS, levelY, removeItems, type SimContext, type SimState } from './state.js'
import { nearestInReach } from './view.js'

/** Seeds → the crop block they grow into. */
export const CROPS: Readonly<Record<string, string>> = {
  wheat_seeds: 'wheat',
  carrot: 'carrots',
  potato: 'potatoes',
  beetroot_seeds: 'beetroots',
}

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
    return perform(state, context, env, work, () => {
      state.placed.push({ block: 'farmland', x: state.x + 1, y: levelY(state.level), z: state.z + 1, fuel: 0 })
      return [`tilled ${object} into farmland`, wearTool(state, context)].filter(Boolean).join('; ')
    })
  }
  return failure('unsupported', `${held} does nothing on ${object}`)
}

export function plant(state: SimState, context: SimContext, env: ActEnv, object: string): Outcome {
  const crop = CROPS[object]
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
    if (field) state.placed.splice(index, 1, { ...field, block: crop, fuel: state.ticks })
    return `planted ${object}; ${crop} grows`
  })
}
