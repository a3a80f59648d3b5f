/**
 * Learning one skill (CEDAR Algorithm 1) over its milestone alphabet (milestones.ts): membership queries go to a
 * teacher (by default the recipe book: the milestones in the order the built-in plan reaches them; or an LLM), and
 * equivalence is execution: the hypothesis is run in the Sim, a run it accepted without the goal comes back as a
 * negative counterexample, and a hypothesis that rejects the executed plan gets it as a positive one. Adaptation renames a stored skill's symbols and evidence to a new object and
 * learns from there, so only the words the old evidence does not cover reach the teacher.
 */

import { Alphabet } from '../../automata/alphabet.js'
import { extendAlphabet, overAlphabet } from '../../automata/alphabet-ops.js'
import type { Dfa } from '../../automata/dfa.js'
import { withExactLabels } from '../../automata/exact-labels.js'
import { trim } from '../../automata/search.js'
import { CedarError } from '../../errors.js'
import {
  type Counterexample,
  type EquivalenceOracle,
  type LearningEvent,
  learn,
  type MembershipTeacher,
  type OracleOptions,
  QueryCache,
  StatisticalOracle,
} from '../../learning/index.js'
import { familiesOf } from '../../vocabulary/families.js'
import { isActionSymbol, parsePrimitive, parseSymbol } from '../../vocabulary/symbols.js'
import { pursueMilestone } from '../../world/milestone-pursuit.js'
import type { Rules } from '../../world/rules.js'
import { NoPlanError, optimalPlan, type SimOptions, SimWorld } from '../../world/sim/index.js'
import { runController } from '../controller/index.js'
import { actOrderOf } from './act-order.js'
import { goalEvent, type Milestones, milestoneDfa, milestonesOf, withRepeatedMilestones } from './milestones.js'
import { withRecipeOrder } from './recipe-order.js'
import { PICKAXES, prerequisitesOf, type SkillKey, UnknownGoalError } from './skill-key.js'

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
  /** The evidence is another skill's, renamed: learning refuses it when its milestones are not this skill's. */
  readonly adapted?: boolean
  /**
   * CAPAL's first rows and columns, from a template one milestone short (template-extension.ts); the teacher
   * labels them. Unused by an exact teacher's learner (KV).
   */
  readonly warmStart?: { readonly prefixes: readonly string[][]; readonly suffixes: readonly string[][] } | undefined
  readonly maxMembershipQueries?: number
  /** Who `teacher` is, for the skill's provenance (`llm:gpt-4o-mini`); default `recipe`. */
  readonly teacherName?: string
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
  /** Who answered the membership queries. */
  readonly teacher: string
}

/** Learning ended without a skill that reaches its goal; the message says why. */
export class SkillLearningError extends CedarError {
  override name = 'SkillLearningError'
}

/**
 * The inventory a skill starts from: what its prerequisites leave — the tool below it on the ladder, or (for a
 * prerequisite off the ladder, the bucket for lava) that item and the pickaxes its own plan made on the way, which
 * the bot still holds: lava lies deep, and a bot with only a bucket digs down by hand.
 */
export function startInventoryOf(key: SkillKey, rules: Rules): Record<string, number> {
  // Armour is learned to be put on from holding it.
  if (key.verb === 'wear' || key.verb === 'store' || key.verb === 'take') return { [key.item]: 1 }
  const start: Record<string, number> = {}
  for (const p of prerequisitesOf(key, rules)) {
    start[p.item] = p.count
    if ((PICKAXES as readonly string[]).includes(p.item)) continue
    try {
      const sim = new SimWorld({ seed: 0, pathFailureRate: 0, startInventory: startInventoryOf(p, rules) })
      for (const symbol of optimalPlan(p.item, { from: sim }).plan) {
        const primitive = parsePrimitive(symbol)
        if (primitive) sim.actNow(primitive)
      }
      for (const [item, n] of Object.entries(sim.state.inventory)) {
        if ((PICKAXES as readonly string[]).includes(item) && n > 0) start[item] = n
      }
    } catch (error) {
      if (!(error instanceof NoPlanError)) throw error
    }
  }
  return start
}

export async function learnSkill(
  key: SkillKey,
  rules: Rules,
  options: SkillLearningOptions = {},
): Promise<LearnedSkill> {
  const { world, alphabet, milestones, target, learning } = skillTarget(key, rules, options)
  const recipe: MembershipTeacher = { answer: async (words) => words.map((w) => target.accepts(w)) }
  const teacher = options.teacher ? withRecipeOrder(options.teacher, milestones.events) : recipe
  const events = new Set(learning)
  const symbols = new Set(alphabet)
  const project = (word: readonly string[]) => word.filter((s) => events.has(s))
  const oracle = new ExecutionOracle({
    key,
    rules,
    world,
    demonstration: project(milestones.demonstration),
    actions: alphabet.filter((s) => !events.has(s)),
    alphabet: learning,
    noiseBound: options.teacher ? SKILL_NOISE_BOUND : 0,
  })
  const known = milestoneEvidence(options.evidence ?? [], new Set(alphabet), project, project(milestones.demonstration))
  if (options.adapted && !sameMilestones(known, milestones.events)) {
    // Renamed evidence of a skill with other milestones (a wooden pickaxe has no cobblestone) would be believed
    // against the new skill's teacher: the caller learns afresh instead.
    throw new SkillLearningError(`the evidence for ${key.verb}.${key.object} is over other milestones`)
  }
  const report = await learn({
    // Over the milestones alone: the skill's actions loop in every state of its language, so asking about them
    // would teach nothing and cost the teacher a word per action per state. They are added back, looping, after.
    alphabet: learning,
    teacher,
    oracle,
    // An exact teacher needs no statistics; a model's answers are noisy (CAPAL, docs/learning.md).
    algorithm: options.teacher ? 'capal' : 'kv',
    ...(options.teacher ? { capal: { ...SKILL_CAPAL, ...options.warmStart } } : {}),
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
  // Gold a player or a run gave over the whole alphabet is kept as it came, beside what learning asked.
  // So is gold over the milestones the learner was not given (it contradicted another label's cut).
  const taught = new Set(known.map((e) => e.word.join(' ')))
  const given = (options.evidence ?? []).filter(
    (e) => e.gold && (e.word.some((s) => !events.has(s)) || !taught.has(e.word.join(' '))),
  )
  const learned = overAlphabet(withRepeatedMilestones(report.dfa, milestones.events), new Alphabet(alphabet))
  // Every gold label holds exactly, also one the milestones cannot tell (a word rejected for its actions): the
  // language the learner reaches when the gold labels override its teacher. Not another skill's, renamed.
  const seen = new Set<string>()
  const firsts = [...given, ...report.cache.entries()].filter((e) => {
    const key = e.word.join(' ')
    return !seen.has(key) && seen.add(key) !== undefined
  })
  const evidence = boundedEvidence(firsts)
  const gold = options.adapted ? [] : evidence.filter((e) => e.gold && e.word.every((s) => symbols.has(s)))
  // The order of the acts, with execution as the teacher (act-order.ts): the DFA that decides what comes next.
  // The milestone DFA stays for a skill too long to replay exhaustively (its acts are chosen by the pursuit).
  // Over the acts, a word without one is the milestone learner's cut, not a run's or a player's: not its gold.
  const actGold = gold.filter((e) => e.word.some(isActionSymbol))
  const order = await actOrderOf(key, alphabet, milestones.demonstration, world, actGold, options.signal)
  return {
    key,
    alphabet,
    dfa: order ? withExactLabels(order.dfa, actGold) : withExactLabels(learned, gold),
    successEvents: [goalEvent(key)],
    // The words the stored DFA was learned from: an act order's (the milestone learner's cuts, a lone
    // `has.logs.1` accepted, are words the act order rejects: kept, they would contradict the skill they stand for).
    evidence: order ? boundedEvidence(order.entries) : evidence,
    outcome: report.outcome,
    membershipQueries: report.queries.distinctWords,
    equivalenceQueries: report.equivalenceQueries,
    teacher: options.teacherName ?? 'recipe',
  }
}

/** What a skill is learned over, and the recipe book's answer (what the simulated LLM's judge knows, too). */
export interface SkillTarget {
  /** The Sim the skill is learned and executed in: the prerequisites' items held. */
  readonly world: SimOptions
  readonly alphabet: string[]
  readonly milestones: Milestones
  /** What the teacher is asked about: the milestone events (the actions loop everywhere in the language). */
  readonly learning: string[]
  /** The milestones in the order the built-in plan reaches them, over `learning`. */
  readonly target: Dfa
}

export function skillTarget(
  key: SkillKey,
  rules: Rules,
  options: Pick<SkillLearningOptions, 'world' | 'extraSymbols' | 'expandedSymbols'> = {},
): SkillTarget {
  const world: SimOptions = {
    seed: 0,
    pathFailureRate: 0,
    ...options.world,
    // A hunt for what comes out at night is learned at night.
    ...(key.verb === 'hunt' && rules.isHostile(key.object) ? { startTime: 14_000 } : {}),
    startInventory: startInventoryOf(key, rules),
  }
  const plan = builtInPlan(key, world)
  const milestones = milestonesOf(key, plan, rules, world)
  const objects = new Set(plan.map((s) => parseSymbol(s)?.object))
  const extra = (options.extraSymbols ?? []).filter((s) => isActionSymbol(s) && objects.has(parseSymbol(s)?.object))
  // A skill that hunts may search for its prey: the demonstration saw a sheep from where it began, a run may not.
  // And one that fishes, for water: it may have made its rod underground.
  const hunts = plan.flatMap((s) =>
    s.startsWith('kill.') || (s.startsWith('use.') && rules.isMob(s.slice('use.'.length)))
      ? [`explore.${s.slice(s.indexOf('.') + 1)}`]
      : s.startsWith('fish.')
        ? ['explore.water']
        : [],
  )
  const alphabet = [
    ...new Set([...plan, ...hunts, ...extra, ...milestones.events, ...(options.expandedSymbols ?? [])]),
  ].sort()
  const learning = [...milestones.events].sort()
  return { world, alphabet, milestones, learning, target: milestoneDfa(learning, milestones.events) }
}

/**
 * The evidence the milestone learner is given: each word over the skill's alphabet, cut to its milestones. A cut
 * that two labels disagree on (a word rejected for its actions, beside one accepted with the same milestones) or
 * that would reject the demonstration's milestones is left out: the milestones cannot tell those words apart, so
 * the learner would be taught a contradiction; their labels hold exactly after (`withExactLabels`). Gold beats a
 * teacher's answer.
 */
function milestoneEvidence(
  evidence: readonly Evidence[],
  symbols: ReadonlySet<string>,
  project: (word: readonly string[]) => string[],
  demonstration: readonly string[],
): Evidence[] {
  const byCut = new Map<string, Evidence[]>()
  for (const e of evidence) {
    if (!e.word.every((s) => symbols.has(s))) continue
    // An act order's rejected word (acts in an order the world refused) says nothing about the milestones.
    if (!e.gold && !e.label && e.word.some(isActionSymbol)) continue
    // A cut is the learner's reading of a gold word, not what the player or the run said: not gold itself.
    const word = project(e.word)
    const cut = { ...e, word, gold: e.gold && word.length === e.word.length }
    const key = cut.word.join(' ')
    byCut.set(key, [...(byCut.get(key) ?? []), cut])
  }
  const shown = demonstration.join(' ')
  return [...byCut].flatMap(([key, cuts]) => {
    const gold = cuts.filter((e) => e.gold)
    const deciding = gold.length > 0 ? gold : cuts
    const label = deciding[0]?.label
    if (deciding.some((e) => e.label !== label) || (key === shown && label === false)) return []
    return [deciding[0] as Evidence]
  })
}

/** Whether the accepted words of `evidence` pass exactly these milestones (and some word is accepted). */
function sameMilestones(evidence: readonly Evidence[], milestones: readonly string[]): boolean {
  const seen = new Set(evidence.flatMap((e) => (e.label ? e.word.filter((s) => !isActionSymbol(s)) : [])))
  return seen.size === milestones.length && milestones.every((m) => seen.has(m))
}

/** The Sim's shortest plan to the skill's item, from what its prerequisites leave. */
function builtInPlan(key: SkillKey, world: SimOptions): string[] {
  if (key.verb === 'wear') return [`equip.${key.object}`]
  // A chest is made and put down for what is stored, when none is in sight; taking needs one already there.
  if (key.verb === 'store') return [...optimalPlan('chest', world).plan, 'place.chest', `store.${key.object}`]
  if (key.verb === 'take') return [`take.${key.object}`]
  if (key.verb === 'hunt') return [`explore.${key.object}`, `kill.${key.object}`]
  try {
    // The built-in planner mines families (mine.logs); a skill for one block (mine.oak_log) mines that block.
    const family = key.verb === 'mine' ? familiesOf(key.object)[0] : undefined
    return optimalPlan(key.item, world).plan.map((s) => (family && s === `mine.${family}` ? `mine.${key.object}` : s))
  } catch (error) {
    if (error instanceof NoPlanError) throw new UnknownGoalError(`no way to get ${key.item}: ${error.message}`)
    throw error
  }
}

/** The share of wrong answers a model teacher is assumed to stay under (CAPAL's η̄ and the statistical test's). */
export const SKILL_NOISE_BOUND = 0.1

/**
 * CAPAL for milestone languages: two states differ on few suffixes (only the ones that finish the milestones), so a
 * large random pool dilutes the difference below CAPAL's threshold and merges them — with the default pool of 24 a
 * compass (3 milestones) was never learned, its gold demonstration rejected round after round. A pool of 2 short
 * suffixes learns it — as long as it stays 2 in the class query (the paper's capped E_pool′): when the pool grew as
 * the last resort and every suffix counted, the discriminators were diluted again and CAPAL stopped with no progress
 * on 2 of 5 compasses; a sample of the 2 newest learned 24 of 25 (the 25th: a loopback LLM past its 30 s timeout
 * on a loaded machine). A gold label (a run's) against a teacher's answer always tells two rows apart: a
 * compass's ingredients come in either order in the world, the recipe book's order is one, and a run that mined
 * redstone first was outvoted by the model's order at the default weight round after round (54 requests on one
 * seed with a library, learning stopped on another; 21 and 6 with the gold cells deciding).
 */
const SKILL_CAPAL = {
  noiseBound: SKILL_NOISE_BOUND,
  poolSize: 2,
  poolMaxLength: 4,
  poolSample: 2,
  goldWeight: Number.POSITIVE_INFINITY,
  followGoldRuns: true,
  ...JSON.parse(process.env.SKILL_CAPAL ?? '{}'),
} as const

/** Most evidence a skill keeps: its file stays small, and adaptation still finds the words that matter. */
export const MAX_EVIDENCE = 500

/** Gold labels first, then accepted words, then the shortest rejected ones, up to `max`. */
export function boundedEvidence(entries: readonly Evidence[], max = MAX_EVIDENCE): Evidence[] {
  const rank = (e: Evidence) => (e.gold ? 0 : e.label ? 1 : 2)
  return [...entries].sort((a, b) => rank(a) - rank(b) || a.word.length - b.word.length).slice(0, max)
}

/**
 * Execution as the equivalence oracle (CEDAR §3.2), and with players the only source of gold: the hypothesis is
 * run by the controller in a fresh Sim, pursuing its milestones. A run the hypothesis accepted without the goal is
 * a negative counterexample; a hypothesis that rejects the demonstration (the built-in plan as executed) gets it as
 * a positive one. A run that reaches the goal shows the hypothesis works, not that it is right: a DFA that accepts
 * any word ending in the goal event runs as well as the milestone chain. So a run that works is followed by the
 * statistical test of the constraints (`StatisticalOracle`) against the teacher; its counterexamples are
 * candidates, never gold (an LLM's answer is not the world's).
 */
export class ExecutionOracle implements EquivalenceOracle {
  readonly counterexamples = 'gold'
  private readonly conformance: StatisticalOracle

  constructor(
    private readonly run: {
      readonly key: SkillKey
      readonly rules: Rules
      readonly world: SimOptions
      readonly demonstration: readonly string[]
      /** The learning alphabet (the milestones), and the skill's actions the run may take between them. */
      readonly alphabet: readonly string[]
      readonly actions: readonly string[]
      /** The teacher's noise bound (0: an exact teacher). */
      readonly noiseBound: number
    },
  ) {
    // Small: the test is one LLM request, and a skill's milestones show in short words. Patience 3: a candidate
    // the learner overruled three times running is noise it has already outvoted.
    this.conformance = new StatisticalOracle(run.alphabet, {
      noiseBound: run.noiseBound,
      samples: 60,
      maxLength: 6,
      patience: 3,
    })
  }

  async findCounterexample(hypothesis: Dfa, options: OracleOptions = {}): Promise<Counterexample | undefined> {
    const { key, rules, world, demonstration, actions } = this.run
    const sim = new SimWorld(world)
    const result = await runController({
      world: sim,
      dfa: trim(extendAlphabet(hypothesis, actions)),
      goal: [goalEvent(key)],
      maxSteps: 200,
      ...(options.signal ? { signal: options.signal } : {}),
      pursue: (milestone, observation, allowed) =>
        pursueMilestone(milestone, observation, rules, actions, allowed, [goalEvent(key)]),
    })
    const word = result.word.filter((s) => hypothesis.alphabet.has(s))
    if (result.outcome !== 'goal') {
      if (result.outcome === 'accepted-without-goal' && hypothesis.accepts(word)) return { word, label: false }
      if (!hypothesis.accepts(demonstration)) return { word: [...demonstration], label: true }
      // The hypothesis holds the demonstration yet its run failed: the run's word is the evidence, when accepted.
      if (hypothesis.accepts(word)) return { word, label: false }
      // Otherwise the run teaches nothing, but a hypothesis that cannot run is not done: the teacher's statistical
      // test goes on (seen: a stone pickaxe that accepted two cobblestone events without the pickaxe stopped as
      // equivalent after 3 requests, its run stuck, and the iron pickaxe adapted from it could not run either).
    }
    const candidate = await this.conformance.findCounterexample(hypothesis, options)
    return candidate && { ...candidate, source: 'candidate' }
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
