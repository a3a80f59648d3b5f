/**
 * Chests in the Sim: `store.X` puts every X held (or the primitive's `count` of them) into the chest in reach
 * (placing the one held when none is), and `take.X` takes every X the chest in reach holds (or `count`). What the chests hold is the Observation's `stored` (the Sim's bot
 * knows every chest it placed), as the live bot's is what it saw in the chests it opened.
 */
import { matchesObject } from '../../vocabulary/families.js'
import type { Primitive } from '../../vocabulary/symbols.js'
import { failure, type Outcome } from '../port.js'
import { place } from './actions.js'
import { type ActEnv, perform } from './perform.js'
import { addItem, COSTS, held, levelY, removeItems, type SimContext, type SimState } from './state.js'
import { nearestThing, type Thing } from './view.js'
import { LEVELS } from './world-map.js'

/**
 * The nearest chest in sight, and its placed entry (the one held put down when none is); or the outcome that says
 * why there is none. A chest on another level is walked back to, unlike a crafting table: it is where the player
 * keeps things, and the bot goes back to it as a player does (a dig back up its own staircase).
 */
function chestInSight(
  state: SimState,
  context: SimContext,
  env: ActEnv,
  placeHeld: boolean,
): { thing: Thing; contents: Record<string, number> } | Outcome {
  if (placeHeld && !nearestThing(state, context, 'chest') && held(state, 'chest').length > 0) {
    const placed = place(state, context, env, 'chest')
    if (!placed.ok) return placed
  }
  const thing = nearestThing(state, context, 'chest')
  const chest = thing?.kind === 'placed' ? state.placed[Number(thing.id.slice('placed:'.length))] : undefined
  if (!thing || !chest) return failure('not_found', 'no chest in sight or in the inventory')
  chest.contents ??= {}
  return { thing, contents: chest.contents }
}

/** Walks to the chest (on its level), then moves what `move` moves. */
function atChest(
  state: SimState,
  context: SimContext,
  env: ActEnv,
  chest: { thing: Thing },
  move: () => string,
): Outcome {
  const { thing } = chest
  const climb = Math.abs(thing.y - levelY(state.level))
  const work = { what: 'chest', distance: thing.distance + climb, ticks: COSTS.equip }
  return perform(state, context, env, work, () => {
    const level = LEVELS.findIndex((l) => l.y === thing.y)
    if (level >= 0) state.level = level
    state.x = thing.x
    state.z = thing.z - 1
    return move()
  })
}

/** Up to `count` (every one when undefined) taken from `available`, name by name: how many of each. */
function portions(available: readonly (readonly [string, number])[], count: number | undefined): [string, number][] {
  let left = count ?? Number.POSITIVE_INFINITY
  const moved: [string, number][] = []
  for (const [name, n] of available) {
    const m = Math.min(n, left)
    if (m <= 0) break
    moved.push([name, m])
    left -= m
  }
  return moved
}

/** `store.X`: `primitive.count` of X, or every one held. */
export function storeInChest(state: SimState, context: SimContext, env: ActEnv, primitive: Primitive): Outcome {
  const { object, count } = primitive
  const names = held(state, object).filter((name) => !(name === 'chest' && object !== 'chest'))
  if (names.length === 0) return failure('missing_ingredients', `no ${object} to put in a chest`)
  const chest = chestInSight(state, context, env, true)
  if ('ok' in chest) return chest
  return atChest(state, context, env, chest, () => {
    const put: string[] = []
    const held = names.map((name) => [name, state.inventory.get(name) ?? 0] as const)
    for (const [name, n] of portions(held, count)) {
      removeItems(state, name, n)
      chest.contents[name] = (chest.contents[name] ?? 0) + n
      put.push(`${n} ${name}`)
    }
    return `put ${put.join(', ')} in the chest`
  })
}

/** `take.X`: `primitive.count` of X, or every one the chest holds. */
export function takeFromChest(state: SimState, context: SimContext, env: ActEnv, primitive: Primitive): Outcome {
  const { object, count } = primitive
  const chest = chestInSight(state, context, env, false)
  if ('ok' in chest) return chest
  const names = Object.keys(chest.contents).filter((name) => matchesObject(object, name) && chest.contents[name])
  if (names.length === 0) return failure('not_found', `the chest holds no ${object}`)
  return atChest(state, context, env, chest, () => {
    const took: string[] = []
    const inside = names.map((name) => [name, chest.contents[name] ?? 0] as const)
    for (const [name, n] of portions(inside, count)) {
      const left = (chest.contents[name] ?? 0) - n
      if (left > 0) chest.contents[name] = left
      else delete chest.contents[name]
      addItem(state, name, n)
      took.push(`${n} ${name}`)
    }
    return `took ${took.join(', ')} from the chest`
  })
}
