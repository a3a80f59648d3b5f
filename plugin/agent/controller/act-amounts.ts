// How many items a chest act moves: what the run's goal still lacks, so "put 3 diamonds in the chest" stores three
// and the bot keeps the rest (the act's symbol, `store.diamond`, names no count; a player's "the diamonds" does not
// either, and then every one moves).
import { matchesObject } from '../../vocabulary/families.js'
import { type Primitive, parseSymbol } from '../../vocabulary/symbols.js'
import type { Observation } from '../../world/port.js'
import { countOf, storedOf } from '../../world/predicates.js'

/**
 * `primitive` with the count the goal asks for: for `store.X` the goal `stored.X.n` less what the chests hold, for
 * `take.X` the goal `has.X.n` less what the bot holds (at least one: the act runs only while the goal is unmet).
 * Any other act, or a goal with no count of its object, is returned as it is; so is a take from chests whose X the
 * bot has not seen, since "take the iron" from a chest never looked into asks for one more than held, meaning all.
 */
export function withGoalAmount(primitive: Primitive, goal: readonly string[], observation: Observation): Primitive {
  const { verb, object } = primitive
  if (verb !== 'store' && verb !== 'take') return primitive
  const kind = verb === 'store' ? 'stored' : 'has'
  const wanted = goal
    .map((g) => parseSymbol(g))
    .find((g) => g?.verb === kind && g.count !== undefined && matchesObject(g.object, object))
  if (wanted?.count === undefined || (verb === 'take' && storedOf(observation, object) === 0)) return primitive
  const there = verb === 'store' ? storedOf(observation, object) : countOf(observation, object)
  return { ...primitive, count: Math.max(1, wanted.count - there) }
}
