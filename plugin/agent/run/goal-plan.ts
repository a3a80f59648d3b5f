/**
 * From the grounded goals to the skills that reach them: each goal's skill keys with their prerequisite chains,
 * how many times the goal's own skill runs, and the success events the world must show at the end. Skills are
 * learned for one item, so "3 diamonds" runs the last skill three times after its prerequisites.
 */

import { substitute, withOptionalEvents } from '../../automata/alphabet-ops.js'
import { sequenceAll } from '../../automata/concat.js'
import type { Dfa } from '../../automata/dfa.js'
import { shortestWitness } from '../../automata/search.js'
import { checkStates, stateLimit } from '../../automata/size-limit.js'
import type { SymbolInventory } from '../../grounding/inventory.js'
import type { GroundedPart } from '../../grounding/pipeline.js'
import { matchesObject } from '../../vocabulary/families.js'
import { isActionSymbol, parsePrimitive, parseSymbol } from '../../vocabulary/symbols.js'
import type { Rules } from '../../world/rules.js'
import type { ObtainedSkill } from '../skills/index.js'
import {
  goalEvent,
  heldStandIn,
  milestoneDfa,
  type SkillKey,
  type Surroundings,
  skillChain,
  skillKeysForGoal,
  skillName,
} from '../skills/index.js'

export interface GoalPlan {
  /** The skills to obtain and run, prerequisites first, each once. */
  readonly keys: readonly SkillKey[]
  /** Skill name → how many times it runs (only the items still missing; at least once). */
  readonly repeats: ReadonlyMap<string, number>
  /** Skill name → the items one run makes when more than one (a craft of torches makes 4). */
  readonly perRun?: ReadonlyMap<string, number>
  /** The success events: `has.<item>.<count>` for every goal (`wears.<piece>` for armour put on). */
  readonly goal: readonly string[]
  /** What the bot holds as the run starts (the plan is made then). */
  readonly held?: ReadonlyMap<string, number>
  /** Skill name → the count its last run reaches, when no goal names it (the diamonds got to put in a chest). */
  readonly totals?: ReadonlyMap<string, number>
}

export function planGoal(
  goals: readonly GroundedPart[],
  held: ReadonlyMap<string, number>,
  inventory: SymbolInventory,
  rules: Rules,
  around?: Surroundings,
): GoalPlan {
  const keys: SkillKey[] = []
  const repeats = new Map<string, number>()
  const perRun = new Map<string, number>()
  const totals = new Map<string, number>()
  const goal: string[] = []
  for (const part of goals) {
    for (const wanted of skillKeysForGoal(part.text, inventory, rules, held, around)) {
      const key = { ...wanted, count: 1 }
      // What goes in a chest is got first, as many as are not held yet (with what getting it needs).
      const toStore = wanted.verb === 'store' ? wanted.count - countIn(around?.stored, wanted.item) : 0
      const short = toStore - countIn(held, wanted.item)
      const chain = wanted.verb === 'store' && short <= 0 ? [key] : skillChain(key, rules)
      for (const k of chain) {
        // A prerequisite whose item is already held (the pickaxes from an earlier run), or a better pickaxe, is
        // not done again.
        const getsStored = wanted.verb === 'store' && k.item === wanted.item && k.verb !== 'store'
        const skip =
          skillName(k) !== skillName(key) && (getsStored ? short <= 0 : heldStandIn(held, k.item) !== undefined)
        if (!skip && !keys.some((x) => skillName(x) === skillName(k))) keys.push(k)
        if (getsStored && short > 0) {
          repeats.set(skillName(k), short)
          totals.set(skillName(k), toStore)
        }
      }
      // One run stores every one held, takes every one the chest holds, or fights until the count is killed.
      if (wanted.verb === 'store' || wanted.verb === 'take' || wanted.verb === 'hunt') {
        goal.push(goalEvent(wanted))
        continue
      }
      // Only the ones still missing: "collect 150 diamonds" while holding 149 runs the skill once; a craft that
      // makes several (4 torches) runs once per that many ("16 torches": 4 runs, not 16). What the bot holds
      // already is "I already have" for what is got (collect 2 logs holding 3), but a craft or a smelt asked for is
      // that many made: "make a white bed" holding one makes a second (its goal event, has.white_bed.1, was true
      // before the run and could never fire again, so the plan accepted nothing and the request was refused).
      const made = yieldOf(key, rules)
      // A piece worn counts as held, as the `has` goal counts it: "make me iron armour" wearing the set makes a second.
      const holding = (held.get(wanted.item) ?? 0) + (around?.worn?.has(wanted.item) ? 1 : 0)
      const more = (wanted.verb === 'craft' || wanted.verb === 'smelt') && holding >= wanted.count
      const target = more ? { ...wanted, count: holding + wanted.count } : wanted
      const missing = Math.max(1, target.count - holding)
      if (made > 1) perRun.set(skillName(key), made)
      repeats.set(skillName(key), Math.max(repeats.get(skillName(key)) ?? 1, Math.ceil(missing / made)))
      goal.push(goalEvent(target))
    }
  }
  return { keys, repeats, perRun, goal, held, totals }
}

const countIn = (map: ReadonlyMap<string, number> | undefined, object: string) =>
  [...(map ?? [])].reduce((n, [name, c]) => n + (matchesObject(object, name) ? c : 0), 0)

/** Items one run of the skill makes: a recipe's count for a craft, else one. */
function yieldOf(key: SkillKey, rules: Rules): number {
  return key.verb === 'craft' ? Math.max(1, rules.recipe(key.item)?.count ?? 1) : 1
}

/**
 * The skills one after another, each as many times as the plan repeats it (each run until it first succeeds).
 * Sequencing builds at most the sum of the runs' states: past `maxStates` a `TooManyStatesError` says so before
 * anything is built ("collect 100000 diamonds" would be that many copies of the skill).
 */
export function skillRuns(skills: readonly ObtainedSkill[], plan: GoalPlan, maxStates?: number): Dfa {
  const times = (s: ObtainedSkill) => plan.repeats.get(s.name) ?? 1
  const limit = stateLimit(maxStates)
  const named = skills.map((s) => (times(s) > 1 ? `${s.name} ×${times(s)}` : s.name))
  const building = `the skills one after another (${named.join(', ')})`
  // Counted as they run: in a chain, an act-ordered skill runs on its milestones (asMilestones), not on its acts.
  const forms = runForms(skills, plan)
  checkStates(
    skills.reduce((n, s, i) => n + times(s) * (forms[i] as Dfa).stateCount, 0),
    limit,
    building,
  )
  const runs = skills.flatMap((s, index) =>
    Array.from({ length: times(s) }, (_, j) => {
      const run = nthRun({ ...s, dfa: forms[index] as Dfa }, j + 1, times(s), plan, plan.perRun?.get(s.name) ?? 1)
      return index === 0 && j === 0 ? run : withOptionalEvents(run, heldIngredients(run, s, plan.held))
    }),
  )
  if (runs.length === 1 && runs[0]) return runs[0]
  return sequenceAll(runs, { maxStates: limit, building })
}

/**
 * The ingredient milestones of a later run that the bot held enough of when the plan was made ("make me iron armour"
 * holding 24 ingots: the chestplate's 8 ingots). Their events fired before the run began and do not fire again, so
 * the run may pass them over (`withOptionalEvents`); had they gone by then, the pursuit of the run's goal gets them.
 */
function heldIngredients(run: Dfa, skill: ObtainedSkill, held: ReadonlyMap<string, number> | undefined): string[] {
  if (!held || held.size === 0) return []
  return run.alphabet.symbols.filter((symbol) => {
    const parsed = parseSymbol(symbol)
    if (parsed?.verb !== 'has' || parsed.object === skill.key.item) return false
    let count = 0
    for (const [name, n] of held) if (matchesObject(parsed.object, name)) count += n
    return count >= (parsed.count ?? 1)
  })
}

/**
 * Each skill's DFA as the plan runs it: alone, as learned; in a chain of skills or repeated, or started with what
 * its first act makes already in hand, an act-ordered skill as its milestones. The sum of their states, each times
 * its repeats, is what sequencing may build.
 */
export function runForms(skills: readonly ObtainedSkill[], plan: GoalPlan): Dfa[] {
  const chained = skills.length > 1 || skills.some((s) => (plan.repeats.get(s.name) ?? 1) > 1)
  return skills.map((s) => (chained || startsAhead(s.dfa, plan.held) ? asMilestones(s.dfa) : s.dfa))
}

/**
 * Whether the bot starts holding what the first act of the skill's way makes (logs, for a wooden pickaxe whose way
 * begins with mine.logs). An act order is learned from the skill's own start, where none of it is held: from here it
 * would make it again — or, when a law forbids that act ("never mine logs"), find no way although the logs in hand
 * are enough. Leftovers further along (planks, sticks) leave the order, and the corrections it keeps, in charge.
 */
function startsAhead(dfa: Dfa, held: ReadonlyMap<string, number> | undefined): boolean {
  if (!held || held.size === 0) return false
  const first = shortestWitness(dfa)?.find(isActionSymbol)
  const object = first === undefined ? undefined : parsePrimitive(first)?.object
  return object !== undefined && [...held].some(([item, n]) => n > 0 && matchesObject(object, item))
}

/**
 * The i-th of n runs of a skill: a milestone skill ends on `has.<item>.1`, which is true after the first run and
 * never fires again, so run i of n waits for the count the goal needs after it (`has.coal.2`, then `has.coal.3`;
 * holding 2 coal, the one run for 3 waits for `has.coal.3`). A run that makes `made` items waits for `made` more
 * each time (16 torches: 4, 8, 12, 16), each a count the run before did not reach, so it fires in this run.
 */
function nthRun(skill: ObtainedSkill, i: number, n: number, plan: GoalPlan, made: number): Dfa {
  if (skill.key.verb === 'store' || skill.key.verb === 'hunt') {
    // Stored on top of what the chests already hold, killed on top of the kills before: the goal's count.
    const own = goalEvent(skill.key)
    const kind = own.slice(0, own.indexOf('.'))
    const wanted = plan.goal.find((g) => g.startsWith(`${kind}.${skill.key.item}.`))
    return wanted && wanted !== own && skill.dfa.alphabet.has(own)
      ? substitute(skill.dfa, { [own]: wanted })
      : skill.dfa
  }
  const own = `has.${skill.key.item}.${skill.key.count}`
  if (!skill.dfa.alphabet.has(own)) return skill.dfa
  const named = plan.goal.map((g) => new RegExp(`^has\\.${skill.key.item}\\.(\\d+)$`).exec(g)?.[1]).find(Boolean)
  const total = plan.totals?.get(skill.name) ?? named
  const target = total === undefined ? i * skill.key.count * made : Number(total) - (n - i) * made
  return target === skill.key.count ? skill.dfa : substitute(skill.dfa, { [own]: `has.${skill.key.item}.${target}` })
}

/**
 * A skill that orders its acts (act-order.ts), read as its milestones in the order its shortest way reaches them,
 * its acts free between: in a chain of skills (a diamond's four) or a skill run again and again, the acts' states
 * multiply in the product (the diamond chain ∩ "sleep at night" had 58 reachable states, CEDAR Table 13 has 17), so
 * there the milestones decide and the pursuit picks the acts; a skill run alone follows its act order.
 */
function asMilestones(dfa: Dfa): Dfa {
  const way = shortestWitness(dfa)
  if (!way?.some(isActionSymbol)) return dfa
  const events = [...new Set(way.filter((s) => !isActionSymbol(s)))]
  return milestoneDfa(dfa.alphabet.symbols, events)
}
