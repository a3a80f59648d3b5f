/**
 * Learning one skill (CEDAR Algorithm 1): membership queries go to a teacher (by default the recipe teacher, which
 * tries each word in a fresh Sim), and equivalence is execution: the hypothesis's shortest accepted word is run in
 * the Sim, a run that misses the goal comes back as a negative counterexample, and an empty hypothesis gets the
 * built-in plan as a positive one. Adaptation renames a stored skill's symbols and evidence to a new object and
 * learns from there, so only the words the old evidence does not cover reach the teacher.
 */
import type { Dfa } from '../automata/dfa.js'
import { shortestWitness } from '../automata/search.js'
import { CedarError } from '../errors.js'
import {
  type Counterexample,
  type EquivalenceOracle,
  type LearningEvent,
  learn,
  type MembershipTeacher,
  QueryCache,
} from '../learning/index.js'
import { RecipeTeacher } from '../teachers/recipe-teacher.js'
import { familiesOf } from '../vocabulary/families.js'
import { isActionSymbol, parseSymbol } from '../vocabulary/symbols.js'
import type { Rules } from '../world/rules.js'
import { NoPlanError, optimalPlan, type SimOptions } from '../world/sim/index.js'
import { prerequisitesOf, type SkillKey, UnknownGoalError } from './skill-key.js'

export interface Evidence {
  readonly word: string[]
  readonly label: boolean
  readonly gold: boolean
}

export interface SkillLearningOptions {
  /** The Sim the recipe teacher and the execution oracle use (default seed 0, no path failures). */
  readonly world?: SimOptions
  /** Answers membership queries; default: the recipe teacher for the skill's goal. */
  readonly teacher?: MembershipTeacher
  /** Grounded action symbols to learn over besides the built-in plan's. */
  readonly extraSymbols?: readonly string[]
  /** Labelled words known before learning (a stored skill's, or an adapted one's, renamed). */
  readonly evidence?: readonly Evidence[]
  /** Symbols in the alphabet whatever the plan: a counterexample named them (alphabet expansion). */
  readonly expandedSymbols?: readonly string[] | undefined
  readonly maxMembershipQueries?: number
  readonly onEvent?: (event: LearningEvent) => void
  readonly signal?: AbortSignal
}

export interface LearnedSkill {
  readonly key: SkillKey
  readonly alphabet: string[]
  readonly dfa: Dfa
  readonly successEvents: string[]
  readonly evidence: Evidence[]
  readonly outcome: string
  /** Distinct words the teacher answered (cache and evidence hits are free). */
  readonly membershipQueries: number
  readonly equivalenceQueries: number
}

/** Learning ended without a skill that reaches its goal; the message says why. */
export class SkillLearningError extends CedarError {
  override name = 'SkillLearningError'
}

/** The inventory a skill starts from: what its prerequisites leave (the tool below it on the ladder). */
export function startInventoryOf(key: SkillKey, rules: Rules): Record<string, number> {
  return Object.fromEntries(prerequisitesOf(key, rules).map((p) => [p.item, p.count]))
}

export async function learnSkill(
  key: SkillKey,
  rules: Rules,
  options: SkillLearningOptions = {},
): Promise<LearnedSkill> {
  const world: SimOptions = {
    seed: 0,
    pathFailureRate: 0,
    ...options.world,
    startInventory: startInventoryOf(key, rules),
  }
  let plan: readonly string[]
  try {
    // The built-in planner mines families (mine.logs); a skill for one block (mine.oak_log) mines that block.
    const family = key.verb === 'mine' ? familiesOf(key.object)[0] : undefined
    plan = optimalPlan(key.item, world).plan.map((s) => (family && s === `mine.${family}` ? `mine.${key.object}` : s))
  } catch (error) {
    if (error instanceof NoPlanError) throw new UnknownGoalError(`no way to get ${key.item}: ${error.message}`)
    throw error
  }
  const objects = new Set(plan.map((s) => parseSymbol(s)?.object))
  const extra = (options.extraSymbols ?? []).filter((s) => isActionSymbol(s) && objects.has(parseSymbol(s)?.object))
  const alphabet = [...new Set([...plan, ...extra, ...(options.expandedSymbols ?? [])])].sort()
  const recipe = new RecipeTeacher({ goal: key.item, count: key.count, world })
  const teacher = options.teacher ?? recipe
  const oracle = new ExecutionOracle(recipe, plan)
  const symbols = new Set(alphabet)
  const known = (options.evidence ?? []).filter((e) => e.word.every((s) => symbols.has(s)))
  const report = await learn({
    alphabet,
    teacher,
    oracle,
    algorithm: 'kv',
    cache: QueryCache.fromEvidence(known),
    ...(options.maxMembershipQueries === undefined ? {} : { maxMembershipQueries: options.maxMembershipQueries }),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  })
  if (report.outcome !== 'equivalent' || !report.dfa) {
    throw new SkillLearningError(
      `learning ${key.verb}.${key.object} stopped (${report.outcome}${report.error ? `: ${report.error}` : ''})`,
    )
  }
  return {
    key,
    alphabet,
    dfa: report.dfa,
    successEvents: [`has.${key.item}.${key.count}`],
    evidence: boundedEvidence(report.cache.entries()),
    outcome: report.outcome,
    membershipQueries: report.queries.distinctWords,
    equivalenceQueries: report.equivalenceQueries,
  }
}

/** Most evidence a skill keeps: its file stays small, and adaptation still finds the words that matter. */
export const MAX_EVIDENCE = 500

/** Gold labels first, then accepted words, then the shortest rejected ones, up to `max`. */
export function boundedEvidence(entries: readonly Evidence[], max = MAX_EVIDENCE): Evidence[] {
  const rank = (e: Evidence) => (e.gold ? 0 : e.label ? 1 : 2)
  return [...entries].sort((a, b) => rank(a) - rank(b) || a.word.length - b.word.length).slice(0, max)
}

/**
 * The Sim as the equivalence oracle: the hypothesis's shortest accepted word is executed; a run that does not reach
 * the goal is a negative counterexample. An empty hypothesis gets the built-in plan, which reaches the goal.
 */
export class ExecutionOracle implements EquivalenceOracle {
  readonly counterexamples = 'gold'
  constructor(
    private readonly recipe: RecipeTeacher,
    private readonly plan: readonly string[],
  ) {}

  async findCounterexample(hypothesis: Dfa): Promise<Counterexample | undefined> {
    const word = shortestWitness(hypothesis)
    if (!word) return { word: [...this.plan], label: true }
    return this.recipe.achieves(word) ? undefined : { word, label: false }
  }
}

/**
 * The renaming that turns one skill into another of the same verb: its object, its item, and the tool its
 * prerequisite leaves (mine.iron_ore → mine.gold_ore: iron_ore → gold_ore, raw_iron → raw_gold, stone_pickaxe →
 * iron_pickaxe).
 */
export function adaptationRenaming(from: SkillKey, to: SkillKey, rules: Rules): Map<string, string> {
  const renaming = new Map<string, string>([
    [from.object, to.object],
    [from.item, to.item],
  ])
  const before = prerequisitesOf(from, rules)[0]?.item
  const after = prerequisitesOf(to, rules)[0]?.item
  if (before && after && before !== after) renaming.set(before, after)
  return renaming
}

/** A symbol with its object renamed (`mine.iron_ore` → `mine.gold_ore`, `has.raw_iron.1` → `has.raw_gold.1`). */
export function renameSymbol(symbol: string, renaming: ReadonlyMap<string, string>): string {
  const parsed = parseSymbol(symbol)
  if (!parsed) return symbol
  const object = renaming.get(parsed.object)
  return object === undefined ? symbol : symbol.replace(`.${parsed.object}`, `.${object}`)
}

export function renameEvidence(evidence: readonly Evidence[], renaming: ReadonlyMap<string, string>): Evidence[] {
  return evidence.map((e) => ({ ...e, word: e.word.map((s) => renameSymbol(s, renaming)) }))
}
