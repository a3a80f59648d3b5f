/**
 * From the grounded goals to the skills that reach them: each goal's skill keys with their prerequisite chains,
 * how many times the goal's own skill runs, and the success events the world must show at the end. Skills are
 * learned for one item, so "3 diamonds" runs the last skill three times after its prerequisites.
 */

import { substitute, withOptionalEvents } from '../../automata/alphabet-ops.js'
import { sequenceAll } from '../../automata/concat.js'
import type { Dfa } from '../../automata/dfa.js'
import { checkStates, stateLimit } from '../../automata/size-limit.js'
import type { SymbolInventory } from '../../grounding/inventory.js'
import type { GroundedPart } from '../../grounding/pipeline.js'
import { matchesObject } from '../../vocabulary/families.js'
import { parseSymbol } from '../../vocabulary/symbols.js'
import type { Rules } from '../../world/rules.js'
import type { ObtainedSkill } from '../skills/index.js'
import {
  goalEvent,
  heldStandIn,
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
  /** What the bot held when the plan was made. */
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
      // makes several (4 torches) runs once per that many ("16 torches": 4 runs, not 16).
      const made = yieldOf(key, rules)
      const missing = Math.max(1, wanted.count - (held.get(wanted.item) ?? 0))
      if (made > 1) perRun.set(skillName(key), made)
      repeats.set(skillName(key), Math.max(repeats.get(skillName(key)) ?? 1, Math.ceil(missing / made)))
      goal.push(goalEvent(wanted))
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
  checkStates(
    skills.reduce((n, s) => n + times(s) * s.dfa.stateCount, 0),
    limit,
    building,
  )
  const runs = skills.flatMap((s, index) =>
    Array.from({ length: times(s) }, (_, i) => {
      const run = nthRun(s, i + 1, times(s), plan, plan.perRun?.get(s.name) ?? 1)
      return index === 0 && i === 0 ? run : withOptionalEvents(run, heldIngredients(run, s, plan.held))
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
