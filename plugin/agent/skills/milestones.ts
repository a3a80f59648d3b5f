/**
 * Milestone alphabets (CEDAR §5): a skill's DFA speaks in the events that mark progress — `has.cobblestone.3`,
 * `has.iron_ingot.3`, the goal `has.stone_pickaxe.1` — and lets the skill's actions happen any number of times
 * between them, so it does not count: the thresholded predicates do. "Find a diamond" through the pickaxe chain is
 * then 7 states (as the paper's Table 13) instead of one per planner step, and so are its products with constraints.
 *
 * The milestones of a skill are its goal and the ingredients of its last craft that the skill gathers rather than
 * crafts (cobblestone and sticks for a stone pickaxe: only cobblestone), in the order a demonstration — the
 * built-in plan executed in the Sim — first reaches each. The demonstration's word is also the skill's gold
 * positive example: execution reached the goal.
 */
import { Alphabet } from '../../automata/alphabet.js'
import { Dfa, NONE } from '../../automata/dfa.js'
import { distancesToAcceptance } from '../../automata/search.js'
import { parsePrimitive } from '../../vocabulary/symbols.js'
import { EventLogger } from '../../world/event-logger.js'
import type { Rules } from '../../world/rules.js'
import { type SimOptions, SimWorld } from '../../world/sim/index.js'
import type { SkillKey } from './skill-key.js'

/** A skill's milestone events, in order, the goal last; and the demonstration they were read from. */
export interface Milestones {
  readonly events: readonly string[]
  /** The built-in plan run in the Sim, as a word over the plan's actions and the milestone events. */
  readonly demonstration: readonly string[]
}

/** The goal event of a skill: `has.<item>.<count>`; for armour put on, `wears.<piece>`; for a chest, `stored.<item>.<count>`. */
export const goalEvent = (key: SkillKey): string =>
  key.verb === 'wear'
    ? `wears.${key.item}`
    : key.verb === 'store'
      ? `stored.${key.item}.${key.count}`
      : key.verb === 'hunt'
        ? `killed.${key.item}.${key.count}`
        : `has.${key.item}.${key.count}`

/** Candidate milestones: the last craft's gathered ingredients (with the counts the recipe takes), and the goal. */
function candidates(key: SkillKey, plan: readonly string[], rules: Rules): string[] {
  const crafted = new Set(plan.flatMap((s) => (s.startsWith('craft.') ? [s.slice('craft.'.length)] : [])))
  const recipe = key.verb === 'craft' ? rules.recipe(key.item) : undefined
  const gathered = [...(recipe?.ingredients ?? [])]
    .filter(([name]) => !crafted.has(name) && !(name === 'planks' && crafted.has('planks')))
    .map(([name, n]) => `has.${name}.${n}`)
  return [...gathered, goalEvent(key)]
}

/** Runs the plan in a fresh Sim and reads the milestones off the events it produced. */
export function milestonesOf(key: SkillKey, plan: readonly string[], rules: Rules, world: SimOptions): Milestones {
  const watch = candidates(key, plan, rules)
  const sim = new SimWorld({ seed: 0, pathFailureRate: 0, ...world })
  const logger = new EventLogger(watch)
  const isMilestone = (s: string) => watch.includes(s)
  const word: string[] = logger.start(sim.observe()).filter(isMilestone)
  for (const symbol of plan) {
    const primitive = parsePrimitive(symbol)
    if (!primitive) continue
    const outcome = sim.actNow(primitive)
    word.push(...logger.record(primitive, outcome, sim.observe()).filter((s) => s === symbol || isMilestone(s)))
    if (!outcome.ok) break
  }
  const events: string[] = []
  for (const s of word) if (isMilestone(s) && !events.includes(s)) events.push(s)
  const goal = goalEvent(key)
  // The goal last (a milestone first reached with it counts before it).
  const ordered = [...events.filter((e) => e !== goal), goal]
  return {
    events: ordered,
    demonstration: word,
  }
}

/**
 * The milestone language over `alphabet`: the milestones in order, each once or more (a threshold event fires
 * again when a count drops and comes back), any of the alphabet's actions in between, nothing after the goal
 * but more of the same; a milestone out of order rejects (other symbols are ignored). States: one per milestone reached, no sink (partial).
 */
export function milestoneDfa(alphabet: readonly string[], milestones: readonly string[]): Dfa {
  const a = new Alphabet(alphabet)
  const k = a.size
  const n = milestones.length + 1
  const table = new Int32Array(n * k).fill(NONE)
  for (let state = 0; state < n; state++) {
    for (let c = 0; c < k; c++) {
      const symbol = a.symbol(c)
      const index = milestones.indexOf(symbol)
      if (index < 0) table[state * k + c] = state
      else if (index === state) table[state * k + c] = state + 1
      else if (index < state) table[state * k + c] = state
    }
  }
  const accepting = new Uint8Array(n)
  accepting[n - 1] = 1
  return new Dfa(a, 0, accepting, table)
}

/**
 * "The events happen only after one of the producers": two states, the second reached by a producer; an event
 * before any producer rejects. What the world guarantees (a diamond is held only after mining diamond ore), stated
 * for the composition's conflict check: a milestone skill alone accepts its goal event however it came.
 */
export function causalMonitor(events: readonly string[], producers: readonly string[]): Dfa {
  const symbols = [...new Set([...events, ...producers])]
  const a = new Alphabet(symbols)
  const k = a.size
  const table = new Int32Array(2 * k)
  for (let c = 0; c < k; c++) {
    const symbol = a.symbol(c)
    table[c] = producers.includes(symbol) ? 1 : events.includes(symbol) ? NONE : 0
    table[k + c] = 1
  }
  return new Dfa(a, 0, Uint8Array.of(1, 1), table)
}

/**
 * A milestone fires again when its count drops and comes back (the iron pickaxe takes three of the compass's four
 * ingots, and more are smelted): no progress and no regress. A noisy teacher's answers rarely show those words and
 * the learning world's one run never does, so a learned DFA may send the repeat nowhere or back to the start (seen:
 * a compass whose second has.iron_ingot.4 restarted the chain, and a run that took that order was stuck, the ingots
 * already held so the event could not come again). Here a milestone that every path to a state has passed loops in
 * that state when its transition leads farther from acceptance (or to no accepting state at all): the skill's
 * language in the recipe book's reading (milestoneDfa) does the same.
 */
export function withRepeatedMilestones(dfa: Dfa, milestones: readonly string[]): Dfa {
  const k = dfa.alphabet.size
  const n = dfa.stateCount
  const bit = new Int32Array(k)
  milestones.forEach((m, i) => {
    const c = dfa.alphabet.indexOf(m)
    if (c !== NONE && i < 30) bit[c] = 1 << i
  })
  // Symbols to the nearest accepting state (-1: none reachable).
  const distance = distancesToAcceptance(dfa)
  const farther = (t: number, than: number) => t === NONE || distance[t] === -1 || (distance[t] ?? -1) > than
  // Passed on every path from the start (meet: intersection), -1 standing for "not reached yet".
  const passed = new Int32Array(n).fill(-1)
  passed[dfa.initial] = 0
  const work = [dfa.initial]
  for (let q = work.pop(); q !== undefined; q = work.pop()) {
    for (let c = 0; c < k; c++) {
      const t = dfa.next(q, c)
      if (t === NONE) continue
      const through = (passed[q] ?? 0) | (bit[c] ?? 0)
      const before = passed[t] ?? -1
      const after = before === -1 ? through : before & through
      if (after !== before) {
        passed[t] = after
        work.push(t)
      }
    }
  }
  const table = dfa.table.slice()
  for (let q = 0; q < n; q++) {
    const here = distance[q] ?? -1
    if (passed[q] === -1 || here === -1) continue
    for (let c = 0; c < k; c++) {
      const b = bit[c] ?? 0
      if (b === 0 || ((passed[q] ?? 0) & b) === 0) continue
      if (farther(dfa.next(q, c), here)) table[q * k + c] = q
    }
  }
  return new Dfa(dfa.alphabet, dfa.initial, dfa.accepting, table)
}
