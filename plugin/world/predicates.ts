import { matchesObject } from '../vocabulary/families.js'
import { fuelValue } from '../vocabulary/smelting.js'
import { parseSymbol } from '../vocabulary/symbols.js'
import type { Observation } from './port.js'

export interface PredicateOptions {
  /** `near.X`: within this many blocks (default 6, a little beyond reach). */
  readonly nearRadius?: number
  /** `sees.X`: within this many blocks (default 32, LogicGuard's "in chunk" and the primitives' search radius). */
  readonly seeRadius?: number
  /** `health.low`: at or below this (default 6 of 20). */
  readonly lowHealth?: number
  /** `food.low`: at or below this (default 6 of 20). */
  readonly lowFood?: number
}

export const DEFAULT_NEAR_RADIUS = 6
export const DEFAULT_SEE_RADIUS = 32

/**
 * The one definition of every state predicate, on an Observation, so the real game and the Sim agree:
 * `has.X[.n]` (at least n, default 1, of item or family X, held or worn), `equipped.X` (in hand), `wears.X` (a piece of armour worn), `stored.X[.n]` (at least n in the chests the bot knows), `killed.X[.n]` (at least n X killed by the bot), `near.X` / `sees.X` (a block of
 * X within the near / sight radius), `time.day`, `time.night`, `health.low`, `health.full`, `food.low`, `food.full`,
 * `biome.X`. Action symbols and unknown predicates are false at a state position.
 */
export function holdsIn(observation: Observation, proposition: string, options: PredicateOptions = {}): boolean {
  const symbol = parseSymbol(proposition)
  if (!symbol) return false
  const { verb, object } = symbol
  switch (verb) {
    case 'has':
      // A piece of armour worn is had too. Live, the armour reflex put on the helmet a "make me iron armour" run had
      // made while the run went on to the chestplate (whose product no longer names the helmet), and the run, its
      // four pieces made, ended "accepted without its goal" and was asked again: a second set (the fights row).
      return countOf(observation, object) + wornOf(observation, object) >= (symbol.count ?? 1)
    case 'equipped':
      return observation.equipped !== undefined && matchesObject(object, observation.equipped)
    case 'wears':
      return observation.worn?.has(object) ?? false
    case 'killed':
      return (observation.kills?.get(object) ?? 0) >= (symbol.count ?? 1)
    case 'stored':
      return storedOf(observation, object) >= (symbol.count ?? 1)
    case 'near':
      return observation.nearest(object, options.nearRadius ?? DEFAULT_NEAR_RADIUS) !== undefined
    case 'sees':
      return observation.nearest(object, options.seeRadius ?? DEFAULT_SEE_RADIUS) !== undefined
    case 'time':
      return object === 'night' ? observation.isNight : object === 'day' ? !observation.isNight : false
    case 'health':
      return object === 'low'
        ? observation.health <= (options.lowHealth ?? 6)
        : object === 'full'
          ? observation.health >= 20
          : false
    case 'food':
      return object === 'low'
        ? observation.food <= (options.lowFood ?? 6)
        : object === 'full'
          ? observation.food >= 20
          : false
    case 'biome':
      return observation.biome === object
    default:
      return false
  }
}

/** How many items of `object` (a name or a family) the inventory holds. */
export function countOf(observation: Observation, object: string): number {
  let count = 0
  for (const [name, n] of observation.inventory) if (matchesObject(object, name)) count += n
  return count
}

/** How many pieces of `object` (a name or a family) the bot wears. */
function wornOf(observation: Observation, object: string): number {
  let count = 0
  for (const name of observation.worn ?? []) if (matchesObject(object, name)) count++
  return count
}

/** How many items of `object` (a name or a family) the chests the bot knows hold. */
export function storedOf(observation: Observation, object: string): number {
  let stored = 0
  for (const [name, n] of observation.stored ?? []) if (matchesObject(object, name)) stored += n
  return stored
}

/** A valuation for the shield over one observation (each proposition is computed on first ask). */
export function observationValuation(observation: Observation, options: PredicateOptions = {}): (p: string) => boolean {
  return (proposition) => holdsIn(observation, proposition, options)
}

/** The workstation a crafting or smelting act walks to, or places from the inventory, before its atomic act. */
const WORKSTATIONS: Readonly<Record<string, string>> = { craft: 'crafting_table', smelt: 'furnace' }

/**
 * The valuation an act is judged in. The primitives are macros: a craft walks to a crafting table in sight (or
 * places the one it holds), a smelt does the same with a furnace and burns whatever it holds that burns (wood when
 * there is no coal), and only then comes the atomic act that the bot-method guard on a live bot checks. So a law asking
 * for `near.crafting_table` before a craft, or `has.fuel` before a smelt (LogicGuard's H2, H15), is judged where the
 * act happens, in the Sim and in the controller as on the bot.
 */
export function actValuation(
  action: string,
  observation: Observation,
  options: PredicateOptions = {},
): (p: string) => boolean {
  const base = observationValuation(observation, options)
  const verb = parseSymbol(action)?.verb
  const station = verb === undefined ? undefined : WORKSTATIONS[verb]
  if (!station) return base
  const reachable = countOf(observation, station) > 0 || holdsIn(observation, `sees.${station}`, options)
  const burns = verb === 'smelt' && [...observation.inventory].some(([name, n]) => n > 0 && fuelValue(name) > 0)
  if (!reachable && !burns) return base
  return (p) => (reachable && p === `near.${station}`) || (burns && p === 'has.fuel') || base(p)
}
