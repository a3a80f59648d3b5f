/**
 * The agent behind `!do`, `!constrain` and `cedar sim do`: an instruction is grounded into goal and constraint
 * parts; each goal becomes a chain of skills (prerequisites first), reused, adapted or learned; each constraint —
 * the instruction's and the standing ones — is learned over its own symbols plus the skills' actions; the
 * concatenated skills are intersected with the constraints and checked for a word before anything runs; then the
 * controller runs the product, every act through the gate.
 */

import type { Dfa } from '../automata/dfa.js'
import { parseDfaJson, toDfaJson } from '../automata/json.js'
import { compilePhrase } from '../grounding/phrases.js'
import type { GroundedInstruction, GroundingComponents } from '../grounding/pipeline.js'
import { groundInstruction } from '../grounding/pipeline.js'
import type { LearningEvent } from '../learning/index.js'
import type { LlmClient } from '../llm/llm-client.js'
import type { SkillRecord } from '../store/record.js'
import type { Observation, World } from '../world/port.js'
import type { Rules } from '../world/rules.js'
import type { SimOptions } from '../world/sim/index.js'
import type { Composition, CompositionLimits } from './composition.js'
import { type AgentComputation, inProcess } from './computation.js'
import { ConstraintLearningError, type LearnedConstraint } from './constraint-learning.js'
import { type ConstraintPart, learnRunConstraints, type RunConstraint, slug } from './constraint-set.js'
import { type TeachingReport, teachConstraint } from './constraint-teaching.js'
import { type ControllerResult, type ControllerStep, type Gate, runController } from './controller.js'
import { type CorrectionContext, correctedConstraint, correctSkill, relearnConstraint } from './corrections.js'
import { type GoalPlan, planGoal } from './goal-plan.js'
import { withHeldTool } from './held-tools.js'
import { composePlan } from './plan-composition.js'
import {
  askUncertainWords,
  extendByAnalogy,
  forbiddenExamples,
  type PlayerTeaching,
  teachByPlayer,
  teachingAlphabet,
} from './player-constraints.js'
import { skillChain, skillKey, skillName, UnknownGoalError, UnknownSkillError } from './skill-key.js'
import type { Evidence } from './skill-learning.js'
import { type ObtainedSkill, type SkillLibrary, SkillManager } from './skill-manager.js'
import { judgeStuckRun, type StuckVerdict } from './stuck-runs.js'

export interface CedarAgentOptions {
  readonly rules: Rules
  readonly grounding: GroundingComponents
  readonly library: SkillLibrary
  /** The Sim the recipe teacher and the learning-time oracle use. */
  readonly learningWorld?: SimOptions
  /** Every biome the world can report, so "stay in B" forbids all the others. */
  readonly biomes: readonly string[]
  /**
   * When given, constraints are taught by the model (the LLM teacher, its replies validated); a constraint it
   * cannot teach (unreachable, replies that stay invalid) is taught by the phrase grammar instead, and says so.
   */
  readonly llm?: LlmClient
  /** Bounds on the products and the conflict search (defaults: `DEFAULT_COMPOSITION_LIMITS`). */
  readonly limits?: CompositionLimits
  /** Where learning and composition run (default: in process; the live bot uses a worker thread). */
  readonly computation?: AgentComputation
}

/** What a long call of the agent may be given: the task's signal cancels grounding, learning and composing. */
export interface AgentCallOptions {
  readonly signal?: AbortSignal | undefined
}

/** A call that also reports its progress (`!do`'s chat lines, the `cedarLearning` event). */
export type ProgressCallOptions = AgentCallOptions & {
  readonly onProgress?: ((p: AgentProgress) => void) | undefined
}

export interface StandingConstraint {
  readonly id: string
  readonly phrase: string
  readonly alphabet: readonly string[]
  readonly ltl?: string
}

/** What `constrain` reports: the constraint, who taught it, what it forbids (its shortest rejected words). */
export type ConstrainReport = StandingConstraint &
  TeachingReport & {
    readonly states: number
    readonly forbids: readonly string[]
    /** Questions a player answered, when a player taught it (or the LLM's uncertain words were put to one). */
    readonly questions?: number
    /** The question budget ran out before the answers settled it: what was learned so far is kept. */
    readonly budgetSpent?: boolean
  }

export interface Prepared {
  readonly instruction: string
  readonly grounded: GroundedInstruction
  readonly skills: readonly ObtainedSkill[]
  readonly goal: readonly string[]
  readonly constraints: readonly RunConstraint[]
  /** Absent only when refused because the plan was too large to build. */
  readonly composition?: Composition
  /** Distinct words the teachers answered, skills and constraints together. */
  readonly membershipQueries: number
  /** Why nothing runs: the constraints the product conflicts with, or a plan too large for the limits. */
  readonly refusal?: string
}

export interface DoReport extends Prepared {
  readonly result?: ControllerResult
  /** The skill that learned from the run's counterexample (the DFA accepted, the goal was not met; or it got stuck). */
  readonly corrected?: SkillRecord
  /** A run with no way left: who was at fault (the world, a skill, the rules), and what was learned. */
  readonly stuck?: StuckVerdict
}

export type AgentProgress =
  | { readonly type: 'grounded'; readonly grounded: GroundedInstruction }
  | { readonly type: 'skill'; readonly skill: ObtainedSkill }
  | { readonly type: 'learning'; readonly skill: string; readonly event: LearningEvent }
  | { readonly type: 'composed'; readonly composition: Composition }
  | { readonly type: 'step'; readonly step: ControllerStep; readonly plan: readonly string[] }

export class CedarAgent {
  private readonly standing = new Map<string, StandingConstraint>()
  /** The standing constraints of the store, read once on first use: a restarted bot keeps its players' rules. */
  private restoring: Promise<void> | undefined
  private readonly manager: SkillManager
  /** Constraints learned over a skill's actions, by phrase and alphabet: a second run asks no teacher. */
  private readonly learnedConstraints = new Map<string, LearnedConstraint>()

  private readonly computation: AgentComputation

  constructor(private readonly options: CedarAgentOptions) {
    this.computation = options.computation ?? inProcess
    this.manager = new SkillManager(options.library, options.rules, options.learningWorld, this.computation)
  }

  /**
   * Adds a standing constraint (checked by learning it over its own symbols); returns it. With no LLM and a phrase
   * the grammar cannot compile, `player` (the owner who asked) teaches it in chat.
   */
  async constrain(
    phrase: string,
    { signal, player }: AgentCallOptions & { readonly player?: PlayerTeaching | undefined } = {},
  ): Promise<ConstrainReport> {
    const grounded = await groundInstruction(phrase, this.options.grounding, { signal })
    const part = grounded.constraints[0] ?? grounded.goals[0]
    if (!part || part.alphabet.length === 0) throw new ConstraintLearningError(`no symbols for "${phrase}"`)
    let alphabet = this.withBiomes(part.alphabet)
    let learned: LearnedConstraint & { readonly budgetSpent?: boolean; readonly questions?: number }
    if (player && !this.options.llm && !compilePhrase(part.text, alphabet)) {
      alphabet = teachingAlphabet(part.text, alphabet, player.foods)
      learned = await teachByPlayer(part.text, alphabet, player, signal ? { signal } : {})
    } else {
      learned = await this.learnConstraint(part.text, alphabet, signal)
      if (player?.askWhenUncertain && this.options.llm && !learned.fallback) {
        const phrase = part.text
        const correct = (previous: Dfa, evidence: Evidence[], word: readonly string[], label: boolean) => {
          const relearn = () => this.learnConstraint(phrase, alphabet, signal, evidence)
          return correctedConstraint({ phrase, teacher, previous, alphabet, evidence, word, label, relearn })
        }
        const teacher = `${learned.teacher}+player:${player.name}`
        learned = { ...(await askUncertainWords(learned, player, correct, signal)), teacher }
      }
    }
    const constraint = await this.keepConstraint(part.text, alphabet, learned)
    const { teacher, costs, fallback } = learned
    const questions = teacher.startsWith('player:') ? learned.membershipQueries : learned.questions
    return {
      ...constraint,
      states: learned.dfa.stateCount,
      teacher,
      forbids: forbiddenExamples(learned.dfa),
      ...(questions === undefined ? {} : { questions }),
      ...(learned.budgetSpent ? { budgetSpent: true } : {}),
      ...(costs ? { costs } : {}),
      ...(fallback ? { fallback } : {}),
    }
  }

  /** A learned constraint as a standing one, in memory and in the store; a run's cached copies of it are dropped. */
  private async keepConstraint(
    phrase: string,
    alphabet: readonly string[],
    learned: LearnedConstraint,
  ): Promise<StandingConstraint> {
    const id = slug(phrase)
    const constraint = { id, phrase, alphabet: [...alphabet], ...(learned.ltl ? { ltl: learned.ltl } : {}) }
    await this.restored()
    this.standing.set(id, constraint)
    for (const key of [...this.learnedConstraints.keys()]) {
      if (key.startsWith(`${phrase}|`)) this.learnedConstraints.delete(key)
    }
    await this.options.library.save({
      kind: 'constraint',
      name: id,
      phrase,
      ...(learned.ltl ? { ltl: learned.ltl } : {}),
      alphabet: [...alphabet],
      dfa: toDfaJson(learned.dfa),
      successEvents: [],
      evidence: learned.evidence,
      prerequisites: [],
      provenance: {
        teacher: learned.teacher,
        path: 'learned',
        membershipQueries: learned.membershipQueries,
        equivalenceQueries: learned.equivalenceQueries,
      },
    })
    return constraint
  }

  /** The instruction's parts and alphabets, as `!alphabet` shows them. */
  ground(instruction: string, options: AgentCallOptions = {}): Promise<GroundedInstruction> {
    return groundInstruction(instruction, this.options.grounding, options)
  }

  /** `!learn craft iron_pickaxe`: the skill and its prerequisites, reused, adapted or learned, without running. */
  async learn(
    verb: string,
    object: string,
    { signal, onProgress }: ProgressCallOptions = {},
  ): Promise<ObtainedSkill[]> {
    const skills: ObtainedSkill[] = []
    for (const key of skillChain(skillKey(verb, object, this.options.rules), this.options.rules)) {
      const skill = await this.manager.obtain(key, {
        onEvent: (event) => onProgress?.({ type: 'learning', skill: skillName(key), event }),
        ...(signal ? { signal } : {}),
      })
      skills.push(skill)
      onProgress?.({ type: 'skill', skill })
    }
    return skills
  }

  /** Drops a standing constraint and its stored record; false when there was none. */
  async unconstrain(id: string): Promise<boolean> {
    await this.restored()
    if (!this.standing.delete(id)) return false
    await this.options.library.remove('constraint', id)
    return true
  }

  async constraints(): Promise<StandingConstraint[]> {
    await this.restored()
    return [...this.standing.values()]
  }

  private restored(): Promise<void> {
    this.restoring ??= this.options.library.list('constraint').then((records) => {
      for (const r of records) {
        if (this.standing.has(r.name)) continue
        const ltl = r.ltl === undefined ? {} : { ltl: r.ltl }
        this.standing.set(r.name, { id: r.name, phrase: r.phrase ?? r.name, alphabet: r.alphabet, ...ltl })
      }
    })
    return this.restoring
  }

  /** Grounds, obtains the skills, learns the constraints and composes: everything short of running. */
  async prepare(
    instruction: string,
    observation: Observation,
    { onProgress, signal }: ProgressCallOptions = {},
  ): Promise<Prepared> {
    const grounded = await this.groundGoals(instruction, { onProgress, signal })
    const plan = planGoal(grounded.goals, observation.inventory, this.options.grounding.inventory, this.options.rules)
    const obtained = await this.obtainSkills(plan, grounded, observation, { onProgress, signal })
    const kept = await this.learnConstraints(grounded, obtained.skills, signal)
    const composed = await composePlan(obtained.skills, plan, kept.constraints, observation, {
      limits: this.options.limits,
      computation: this.computation,
      signal,
    })
    if ('composition' in composed) onProgress?.({ type: 'composed', composition: composed.composition })
    return {
      instruction,
      grounded,
      skills: obtained.skills,
      goal: plan.goal,
      constraints: kept.constraints,
      membershipQueries: obtained.membershipQueries + kept.membershipQueries,
      ...composed,
    }
  }

  /** The instruction's parts; one without a goal is refused. */
  private async groundGoals(
    instruction: string,
    { onProgress, signal }: ProgressCallOptions,
  ): Promise<GroundedInstruction> {
    const grounded = await groundInstruction(instruction, this.options.grounding, { signal })
    onProgress?.({ type: 'grounded', grounded })
    if (grounded.goals.length === 0) throw new UnknownGoalError(`no goal in "${instruction}"`)
    return grounded
  }

  /** Each skill of the plan reused, adapted or learned, run with the better tool held when there is one. */
  private async obtainSkills(
    plan: GoalPlan,
    grounded: GroundedInstruction,
    observation: Observation,
    { onProgress, signal }: ProgressCallOptions,
  ): Promise<{ skills: ObtainedSkill[]; membershipQueries: number }> {
    const extraSymbols = grounded.goals.flatMap((g) => g.alphabet)
    const skills: ObtainedSkill[] = []
    let membershipQueries = 0
    for (const key of plan.keys) {
      const skill = await this.manager.obtain(key, {
        extraSymbols,
        onEvent: (event) => onProgress?.({ type: 'learning', skill: skillName(key), event }),
        ...(signal ? { signal } : {}),
      })
      membershipQueries += skill.membershipQueries
      skills.push(withHeldTool(skill, this.options.rules, observation.inventory))
      onProgress?.({ type: 'skill', skill })
    }
    return { skills, membershipQueries }
  }

  /** The instruction's constraints, then the standing ones, learned over their symbols and the skills' actions. */
  private async learnConstraints(
    grounded: GroundedInstruction,
    skills: readonly ObtainedSkill[],
    signal: AbortSignal | undefined,
  ) {
    const parts: ConstraintPart[] = [
      ...grounded.constraints.map((c) => ({ id: slug(c.text), phrase: c.text, alphabet: this.withBiomes(c.alphabet) })),
      ...(await this.constraints()),
    ]
    const teach = (phrase: string, alphabet: readonly string[]) => this.teachForRun(phrase, alphabet, signal)
    return learnRunConstraints(parts, skills, teach, this.learnedConstraints)
  }

  /**
   * A constraint over a run's alphabet: a player's own, its other actions read as the stand-in does (no question
   * asked); any other learned again by its teacher, held to the gold labels its record keeps.
   */
  private async teachForRun(
    phrase: string,
    alphabet: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<LearnedConstraint> {
    const standing = [...this.standing.values()].find((c) => c.phrase === phrase)
    const record = standing && (await this.options.library.get('constraint', standing.id))
    if (record?.provenance.teacher.startsWith('player:')) {
      const dfa = extendByAnalogy(parseDfaJson(record.dfa), alphabet)
      const { evidence } = record
      const teacher = record.provenance.teacher
      return { phrase, teacher, alphabet: [...alphabet], dfa, evidence, membershipQueries: 0, equivalenceQueries: 0 }
    }
    const gold = record?.evidence.filter((e) => e.gold) ?? []
    if (!this.options.llm && !compilePhrase(phrase, alphabet)) {
      // Only a player can teach this one, and a run cannot stop to ask: !constrain can.
      throw new ConstraintLearningError(
        `"${phrase}" is not a rule I can read without an LLM; teach it to me first with !constrain ${phrase}`,
      )
    }
    return this.learnConstraint(phrase, alphabet, signal, gold)
  }

  /** Prepares and, unless refused, runs the product in `world`. */
  async do(
    instruction: string,
    world: World,
    options: {
      readonly signal?: AbortSignal
      readonly gate?: Gate
      readonly maxSteps?: number
      readonly clock?: () => number
      readonly onProgress?: (p: AgentProgress) => void
    } = {},
  ): Promise<DoReport> {
    const prepared = await this.prepare(instruction, world.observe(), options)
    if (prepared.refusal || !prepared.composition) return prepared
    const result = await runController({
      world,
      dfa: prepared.composition.product,
      goal: prepared.goal,
      ...(options.gate ? { gate: options.gate } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.maxSteps ? { maxSteps: options.maxSteps } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      onStep: (step, plan) => options.onProgress?.({ type: 'step', step, plan }),
    })
    const corrected = await this.learnFromRun(prepared, result, options)
    const stuck = judgeStuckRun(prepared, result)
    return { ...prepared, result, ...(corrected ? { corrected } : {}), ...(stuck ? { stuck } : {}) }
  }

  /**
   * Execution as the equivalence oracle (CEDAR §3.2): when the product accepted but the goal is not true in the
   * world, the run's word cut to the last skill's alphabet is a gold negative for that skill, which is learned
   * again. A run that got stuck (no path left) teaches the skill whose plan fell short (see stuck-runs.ts); when
   * the world was at fault it teaches nothing.
   */
  async learnFromRun(
    prepared: Prepared,
    result: ControllerResult,
    options: AgentCallOptions = {},
  ): Promise<SkillRecord | undefined> {
    if (result.outcome === 'no-path') {
      const verdict = judgeStuckRun(prepared, result)
      return verdict?.kind === 'skill' ? this.counterexample(verdict.word, false, verdict.skill, options) : undefined
    }
    const skill = prepared.skills.at(-1)
    if (result.outcome !== 'accepted-without-goal' || !skill) return undefined
    const word = result.word.filter((s) => skill.record.alphabet.includes(s))
    // A skill run with a better tool than it was learned with is corrected in its stored spelling.
    const stored = new Map([...(skill.renamedSymbols ?? [])].map(([from, to]) => [to, from]))
    return this.counterexample(
      word.map((s) => stored.get(s) ?? s),
      false,
      skill.name,
      options,
    )
  }

  /** A labelled word for a stored skill becomes gold evidence, and the skill is learned again (see corrections.ts). */
  counterexample(
    word: readonly string[],
    label: boolean,
    name: string,
    { signal }: AgentCallOptions = {},
  ): Promise<SkillRecord> {
    return correctSkill(this.correction(signal), word, label, name)
  }

  /** A labelled word for a standing constraint: gold, and the constraint is learned again at once. */
  async constraintCounterexample(
    word: readonly string[],
    label: boolean,
    id: string,
    { signal }: AgentCallOptions = {},
  ): Promise<SkillRecord> {
    const record = await this.options.library.get('constraint', id)
    if (!record) throw new UnknownSkillError(`no constraint ${id}; say !constraints`)
    const learned = await relearnConstraint(this.correction(signal), record, word, label)
    await this.keepConstraint(learned.phrase, learned.alphabet, learned)
    const saved = await this.options.library.get('constraint', id)
    if (!saved) throw new UnknownSkillError(`the constraint ${id} was removed meanwhile`)
    return saved
  }

  private correction(signal: AbortSignal | undefined): CorrectionContext {
    const { rules, library, learningWorld, llm } = this.options
    const inventory = this.options.grounding.inventory
    return { rules, library, computation: this.computation, inventory, learningWorld, llm, signal }
  }

  /** With the LLM when there is one (falling back to the phrase grammar), else the phrase grammar. */
  private learnConstraint(
    phrase: string,
    alphabet: readonly string[],
    signal: AbortSignal | undefined,
    evidence: readonly Evidence[] = [],
  ): Promise<LearnedConstraint> {
    return teachConstraint(phrase, alphabet, {
      llm: this.options.llm,
      inventory: this.options.grounding.inventory,
      learn: (p, a, options) =>
        this.computation.learnConstraint(p, a, evidence.length > 0 ? { ...options, evidence } : options),
      ...(signal ? { signal } : {}),
    })
  }

  /** "stay in B" must forbid every other biome, not only those its words named. */
  private withBiomes(alphabet: readonly string[]): string[] {
    if (!alphabet.some((s) => s.startsWith('biome.'))) return [...alphabet]
    return [...new Set([...alphabet, ...this.options.biomes.map((b) => `biome.${b}`)])]
  }
}
