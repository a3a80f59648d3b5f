/**
 * The inventory primitives: `mine`, `craft`, `smelt`, `place`, `equip`, `eat`. Preconditions follow the rules module
 * and fail before any time passes; the hand is never changed behind the agent's back (no auto-equip).
 */
import { armourSlot } from '../../vocabulary/armour.js'
import { isFamily, membersOf } from '../../vocabulary/families.js'
import { CHANCE_DROPS, CROPS, extraYield, INSTEAD_DROPS, LIQUIDS } from '../../vocabulary/natural.js'
import { failure, type Outcome } from '../port.js'
import type { Recipe, Rules } from '../rules.js'
import { harvestCrop } from './crops.js'
import { type ActEnv, perform, wearTool } from './perform.js'
import {
  addItem,
  BODY,
  COSTS,
  countHeld,
  held,
  levelY,
  removeItems,
  type SimContext,
  type SimState,
  TIMEOUTS,
} from './state.js'
import { inReach, nearestInReach, nearestThing, outOfReach, type Thing, thingsInSight } from './view.js'

const list = (items: ReadonlyMap<string, number>) => [...items].map(([name, n]) => `${n} ${name}`).join(', ')

export function mine(state: SimState, context: SimContext, env: ActEnv, object: string): Outcome {
  const { rules } = context
  if (rules.isMob(object)) return failure('not_found', `${object} is a mob, not a block: kill it`)
  const blocks = thingsInSight(state, context, object).filter((thing) => thing.kind !== 'mob')
  const target = blocks.find((thing) => inReach(state, thing))
  if (!target) {
    const far = blocks[0]
    return far ? outOfReach(state, far) : failure('not_found', `no ${object} in sight; explore for it first`)
  }
  if (target.name in LIQUIDS) return takeLiquid(state, context, env, target)
  if (target.name in CROPS && target.kind === 'placed') return harvestCrop(state, context, env, target)
  const chance = CHANCE_DROPS[target.name]
  if (chance !== undefined && rules.drops(target.name).size === 0)
    return breakUntilDrop(state, context, env, target, chance)
  if (!rules.canHarvest(target.name, state.equipped)) {
    const tools = rules.harvestTools(target.name).join(' or ')
    const hand = state.equipped ? `holding ${state.equipped}` : 'the hand is empty'
    return failure('missing_tool', `${target.name} needs ${tools} in hand; ${hand}`)
  }
  const ticks = rules.miningTicks(target.name, state.equipped)
  // Drawn only when losses are possible, so a world without them replays the same draws as before they existed.
  const lost = context.dropLossRate > 0 && env.random() < context.dropLossRate
  let broke: string | undefined
  const outcome = perform(state, context, env, { what: target.name, distance: target.distance, ticks }, () => {
    take(state, target)
    const drops = lost ? new Map<string, number>() : minedDrops(target.name, rules, env)
    for (const [item, n] of drops) addItem(state, item, n)
    broke = wearTool(state, context)
    return [`mined ${target.name}`, drops.size > 0 ? `got ${list(drops)}` : 'it dropped nothing', broke]
      .filter(Boolean)
      .join('; ')
  })
  if (!outcome.ok || !lost || rules.drops(target.name).size === 0) return outcome
  // The live adapter's words for it (mineflayer/gather.ts): the act is for the item, and none came.
  return failure('no_drop', `mined ${target.name}, but nothing was picked up${broke ? `; ${broke}` : ''}`)
}

/** What one block mined drops: its own drops, or at its chance the extra drop instead (gravel's flint). */
function minedDrops(block: string, rules: Rules, env: ActEnv): ReadonlyMap<string, number> {
  const chance = INSTEAD_DROPS[block]
  const extra = extraYield(block)
  // Drawn only for such blocks, so a run that mines none replays the same draws as before they existed.
  if (chance !== undefined && extra !== undefined && env.random() < chance) return new Map([[extra, 1]])
  return rules.drops(block)
}

/** A liquid is taken with a bucket in hand: the bucket becomes a lava bucket (the best furnace fuel) or a water bucket. */
function takeLiquid(state: SimState, context: SimContext, env: ActEnv, target: Thing): Outcome {
  const filled = LIQUIDS[target.name] as string
  if (state.equipped !== 'bucket') {
    return failure('missing_tool', `${target.name} can only be taken with a bucket in hand`)
  }
  return perform(state, context, env, { what: target.name, distance: target.distance, ticks: 5 }, () => {
    take(state, target)
    removeItems(state, 'bucket', 1)
    addItem(state, filled, 1)
    state.equipped = filled
    return `filled a bucket with ${target.name}`
  })
}

/**
 * Leaves for an apple, grass for seeds: blocks that drop nothing themselves are broken one after another until the
 * chance drop comes (each block at the wiki's chance; `CHANCE_DROPS`), as a player does, and the time is theirs.
 */
function breakUntilDrop(state: SimState, context: SimContext, env: ActEnv, target: Thing, chance: number): Outcome {
  const item = extraYield(target.name) as string
  // The number of blocks broken until the first drop: geometric, drawn once.
  const blocks = 1 + Math.floor(Math.log(1 - env.random()) / Math.log(1 - chance))
  const each = Math.max(2, context.rules.miningTicks(target.name, state.equipped))
  if (!Number.isFinite(each)) return failure('missing_tool', `${target.name} cannot be broken`)
  // A long act, as an explore is: 200 leaves to an apple on average.
  const long = { ...env, timeout: Math.max(env.timeout, TIMEOUTS.explore ?? 0) }
  return perform(state, context, long, { what: target.name, distance: target.distance, ticks: blocks * each }, () => {
    take(state, target)
    addItem(state, item, 1)
    return `broke ${blocks} ${target.name}; got 1 ${item}`
  })
}

/** Takes one from a deposit (the bot walks to it) or picks up a placed block; the ground never runs out. */
export function take(state: SimState, thing: Thing): void {
  if (thing.kind === 'placed') {
    state.placed.splice(Number(thing.id.slice('placed:'.length)), 1)
  } else if (thing.kind === 'deposit' || (thing.kind === 'mob' && Number.isFinite(thing.left))) {
    state.taken.set(thing.id, (state.taken.get(thing.id) ?? 0) + 1)
  }
  if (thing.kind !== 'ground') walkNear(state, thing)
}

function hasIngredients(state: SimState, recipe: Recipe): boolean {
  return [...recipe.ingredients].every(([name, n]) => countHeld(state, name) >= n)
}

function missing(state: SimState, recipe: Recipe): Map<string, number> {
  const lacking = new Map<string, number>()
  for (const [name, n] of recipe.ingredients) {
    const have = countHeld(state, name)
    if (have < n) lacking.set(name, n - have)
  }
  return lacking
}

export function craft(state: SimState, context: SimContext, env: ActEnv, object: string): Outcome {
  const { rules } = context
  const items = rules.isItem(object) ? [object] : isFamily(object) ? membersOf(object, rules.itemNames) : []
  const recipes = items.flatMap((item) => rules.recipes(item))
  if (recipes.length === 0) return failure('missing_ingredients', `${object} has no crafting recipe`)
  let table = nearestInReach(state, context, 'crafting_table')
  // Like the real adapter: a recipe that needs a table places one from the inventory when none is in reach.
  if (
    !table &&
    recipes.some((r) => r.needsTable && hasIngredients(state, r)) &&
    held(state, 'crafting_table').length > 0
  ) {
    const placed = place(state, context, env, 'crafting_table')
    if (!placed.ok) return placed
    table = nearestInReach(state, context, 'crafting_table')
  }
  let needsTable: Recipe | undefined
  for (const recipe of recipes) {
    if (!hasIngredients(state, recipe)) continue
    if (recipe.needsTable && !table) {
      needsTable ??= recipe
      continue
    }
    const distance = recipe.needsTable && table ? table.distance : 0
    return perform(state, context, env, { what: 'crafting table', distance, ticks: COSTS.craft }, () => {
      for (const [name, n] of recipe.ingredients) removeItems(state, name, n)
      addItem(state, recipe.result, recipe.count)
      if (recipe.needsTable && table) walkNear(state, table)
      return `crafted ${recipe.count} ${recipe.result}`
    })
  }
  if (needsTable) {
    const far = nearestThing(state, context, 'crafting_table')
    if (far) return outOfReach(state, far)
    return failure('not_found', `${needsTable.result} needs a crafting table: none in sight or in the inventory`)
  }
  const simplest = recipes[0] as Recipe
  return failure(
    'missing_ingredients',
    `${simplest.result} needs ${list(simplest.ingredients)}; missing ${list(missing(state, simplest))}`,
  )
}

/** The bot ends its walk a block short of what it walked to. */
function walkNear(state: SimState, thing: Thing): void {
  if (thing.distance <= COSTS.reach) return
  const f = (thing.distance - 1) / thing.distance
  state.x += (thing.x - state.x) * f
  state.z += (thing.z - state.z) * f
}

/** Smelts one `object` (an item or a family) in a furnace within sight, with `fuel` or the first fuel held. */
export function smelt(state: SimState, context: SimContext, env: ActEnv, object: string, fuel?: string): Outcome {
  const { rules } = context
  if (!nearestInReach(state, context, 'furnace') && held(state, 'furnace').length > 0) {
    const placed = place(state, context, env, 'furnace')
    if (!placed.ok) return placed
  }
  const furnaceThing = nearestInReach(state, context, 'furnace')
  const furnace =
    furnaceThing?.kind === 'placed' ? state.placed[Number(furnaceThing.id.slice('placed:'.length))] : undefined
  if (!furnaceThing || !furnace) {
    const far = nearestThing(state, context, 'furnace')
    return far ? outOfReach(state, far) : failure('not_found', 'no furnace in sight or in the inventory')
  }
  const input = held(state, object).find((name) => rules.smeltingOutput(name) !== undefined)
  if (!input) {
    const smeltable = rules.smeltingOutput(object) !== undefined || isFamily(object)
    return failure(
      'missing_ingredients',
      smeltable ? `no ${object} to smelt` : `${object} does not smelt into anything`,
    )
  }
  const output = rules.smeltingOutput(input) as string
  const burn = new Map<string, number>()
  let fuelLeft = furnace.fuel
  const spare = (name: string) => (state.inventory.get(name) ?? 0) - (name === input ? 1 : 0) - (burn.get(name) ?? 0)
  while (fuelLeft < 1) {
    const candidates = fuel !== undefined ? held(state, fuel) : [...state.inventory.keys()]
    const pick = candidates
      .filter((name) => rules.fuelValue(name) > 0 && spare(name) > 0)
      .sort((a, b) => rules.fuelRank(a) - rules.fuelRank(b) || (a < b ? -1 : 1))[0]
    if (pick === undefined) {
      return failure('missing_ingredients', fuel !== undefined ? `no ${fuel} to burn` : 'no fuel to burn')
    }
    burn.set(pick, (burn.get(pick) ?? 0) + 1)
    fuelLeft += rules.fuelValue(pick)
  }
  const work = { what: 'furnace', distance: furnaceThing.distance, ticks: COSTS.smelt }
  return perform(state, context, env, work, () => {
    removeItems(state, input, 1)
    for (const [name, n] of burn) removeItems(state, name, n)
    furnace.fuel = fuelLeft - 1
    addItem(state, output, 1)
    walkNear(state, furnaceThing)
    return `smelted ${input} into ${output}${burn.size > 0 ? ` burning ${list(burn)}` : ''}`
  })
}

export function place(state: SimState, context: SimContext, env: ActEnv, object: string): Outcome {
  const name = held(state, object)[0]
  if (name === undefined) return failure('missing_ingredients', `no ${object} to place`)
  if (!context.rules.isBlock(name)) return failure('missing_ingredients', `${name} is not a block`)
  return perform(state, context, env, { what: 'spot', distance: 0, ticks: COSTS.place }, () => {
    removeItems(state, name, 1)
    state.placed.push({ block: name, x: state.x + 1, y: levelY(state.level), z: state.z, fuel: 0 })
    return `placed ${name}`
  })
}

export function equip(state: SimState, context: SimContext, env: ActEnv, object: string): Outcome {
  const name = held(state, object)[0]
  if (name === undefined) return failure('missing_ingredients', `no ${object} to equip`)
  const slot = armourSlot(name)
  return perform(state, context, env, { what: 'hotbar', distance: 0, ticks: COSTS.equip }, () => {
    if (slot !== undefined) {
      // Armour goes on where it is worn, out of the inventory; the piece it replaces comes back to it.
      const off = state.worn.get(slot)
      removeItems(state, name, 1)
      if (off !== undefined) addItem(state, off, 1)
      state.worn.set(slot, name)
      return `wearing ${name}`
    }
    state.equipped = name
    return `holding ${name}`
  })
}

export function eat(state: SimState, context: SimContext, env: ActEnv, object: string): Outcome {
  const name = held(state, object).find((item) => context.rules.foodPoints(item) !== undefined)
  if (name === undefined) {
    const food = context.rules.foodPoints(object) !== undefined || isFamily(object)
    return failure('missing_ingredients', food ? `no ${object} to eat` : `${object} is not food`)
  }
  if (state.food >= BODY.maxFood) return failure('not_now', 'not hungry (food is full)')
  return perform(state, context, env, { what: 'food', distance: 0, ticks: COSTS.eat }, () => {
    removeItems(state, name, 1)
    state.food = Math.min(BODY.maxFood, state.food + (context.rules.foodPoints(name) ?? 0))
    return `ate ${name}; food ${state.food}`
  })
}
