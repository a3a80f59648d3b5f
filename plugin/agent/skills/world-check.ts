/**
 * Whether the world allows a word a player says is a way to do a skill: its actions replayed in the Sim the skill
 * is learned in, from what the skill starts with. An act the plan was short for (no tool, no ingredients) means no
 * world runs that word, so the correction contradicts the world; an act the Sim's map could not do here (nothing in
 * sight, no path) says nothing against it. A word that ends in the goal must get there.
 */
import { parsePrimitive } from '../../vocabulary/symbols.js'
import { holdsIn } from '../../world/predicates.js'
import type { Rules } from '../../world/rules.js'
import { type SimOptions, SimWorld } from '../../world/sim/index.js'
import type { SkillKey } from './skill-key.js'
import { startInventoryOf } from './skill-learning.js'

/** Failures that say the word itself is short of something, whatever the map. */
const IMPOSSIBLE = new Set(['missing_tool', 'missing_ingredients'])

/** Why the world does not allow `word` for the skill, or undefined when nothing shows it does not. */
export function worldObjection(
  key: SkillKey,
  rules: Rules,
  word: readonly string[],
  goal: string,
  world: SimOptions = {},
): string | undefined {
  const sim = new SimWorld({ seed: 0, ...world, pathFailureRate: 0, startInventory: startInventoryOf(key, rules) })
  for (const symbol of word) {
    const primitive = parsePrimitive(symbol)
    if (!primitive) continue
    const outcome = sim.actNow(primitive)
    if (outcome.ok) continue
    if (IMPOSSIBLE.has(outcome.failure)) return `${symbol} cannot be done there (${outcome.message})`
    return undefined
  }
  if (word.includes(goal) && !holdsIn(sim.observe(), goal)) return `those acts do not get ${goal}`
  return undefined
}
