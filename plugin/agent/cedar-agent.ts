/**
 * The agent behind `!do`, `!constrain` and `cedar sim do`: an instruction is grounded into goal and constraint
 * parts; each goal becomes a chain of skills (prerequisites first), reused, adapted or learned; each constraint —
 * the instruction's and the standing ones — is learned over its own symbols plus the skills' actions; the
 * concatenated skills are intersected with the constraints and checked for a word before anything runs; then the
 * controller runs the product, every act through the gate.
 */

import type { Dfa } from '../automata/dfa.js'
import { toDfaJson } from '../automata/json.js'
import type { GroundedInstruction, GroundingComponents } from '../grounding/pipeline.js'
import { groundInstruction } from '../grounding/pipeline.js'
import type { LearningEvent } from '../learning/index.js'
import type { LlmClient } from '../llm/llm-client.js'
import type { SkillRecord } from '../store/record.js'
import { isActionSymbol } from '../vocabulary/symbols.js'
import { pursueMilestone } from '../world/milestone-pursuit.js'
import type { Observation, World } from '../world/port.js'
import type { Rules } from '../world/rules.js'
import type { SimOptions } from '../world/sim/index.js'
import type { Composition, CompositionLimits } from './composition.js'
import { type AgentComputation, inProcess } from './computation.js'
import { ConstraintLearningError, type LearnedConstraint } from './constraint-learning.js'
import { type ConstraintPart, learnRunConstraints, type RunConstraint, slug } from './constraint-set.js'
import { type TeachingReport, teachConstraint } from './constraint-teaching.js'
import {
  type ControllerOptions,
  type ControllerResult,
  type ControllerStep,
  type Gate,
  runController,
} from './controller.js'
import { type GoalPlan, planGoal } from './goal-plan.js'
import { withHeldTool } from './held-tools.js'
import { composePlan } from './plan-composition.js'
import {
  CounterexampleError,
  skillChain,
  skillKey,
  skillName,
  UnknownGoalError,
  UnknownSkillError,
} from './skill-key.js'
import { SkillLearningError, skillTarget } from './skill-learning.js'
import { type ObtainedSkill, type SkillLibrary, SkillManager, type SkillTeach } from './skill-manager.js'
import { llmSkillTeacher, type SkillTeacherChoice } from './skill-teaching.js'

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
  /** Who teaches skills by default: the recipe book, or (with `llm`) the model. A call's `teacher` wins. */
  readonly skillTeacher?: SkillTeacherChoice
}

/** What a long call of the agent may be given: the task's signal cancels grounding, learning and composing. */
export interface AgentCallOptions {
  readonly signal?: AbortSignal | undefined
}

/** A call that also reports its progress (`!do`'s chat lines, the `cedarLearning` event). */
export type ProgressCallOptions = AgentCallOptions & {
  readonly onProgress?: ((p: AgentProgress) => void) | undefined
  /** Who teaches the skills this call learns (default: the agent's `skillTeacher`). */
  readonly teacher?: SkillTeacherChoice | undefined
}

export interface StandingConstraint {
  readonly id: string
  readonly phrase: string
  readonly alphabet: readonly string[]
  readonly ltl?: string
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
  /** The skill that learned from the run's counterexample (the DFA accepted, the goal was not met). */
  readonly corrected?: SkillRecord
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

  /** Adds a standing constraint (checked by learning it over its own symbols); returns it. */
  async constrain(
    phrase: string,
    { signal }: AgentCallOptions = {},
  ): Promise<StandingConstraint & TeachingReport & { readonly states: number }> {
    const grounded = await groundInstruction(phrase, this.options.grounding, { signal })
    const part = grounded.constraints[0] ?? grounded.goals[0]
    if (!part || part.alphabet.length === 0) throw new ConstraintLearningError(`no symbols for "${phrase}"`)
    const alphabet = this.withBiomes(part.alphabet)
    const learned = await this.learnConstraint(part.text, alphabet, signal)
    const id = slug(part.text)
    const constraint = { id, phrase: part.text, alphabet, ...(learned.ltl ? { ltl: learned.ltl } : {}) }
    await this.restored()
    this.standing.set(id, constraint)
    await this.options.library.save({
      kind: 'constraint',
      name: id,
      phrase: part.text,
      ...(learned.ltl ? { ltl: learned.ltl } : {}),
      alphabet,
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
    const { teacher, costs, fallback } = learned
    return {
      ...constraint,
      states: learned.dfa.stateCount,
      teacher,
      ...(costs ? { costs } : {}),
      ...(fallback ? { fallback } : {}),
    }
  }

  /** The instruction's parts and alphabets, as `!alphabet` shows them. */
  ground(instruction: string, options: AgentCallOptions = {}): Promise<GroundedInstruction> {
    return groundInstruction(instruction, this.options.grounding, options)
  }

  /** `!learn craft iron_pickaxe`: the skill and its prerequisites, reused, adapted or learned, without running. */
  async learn(
    verb: string,
    object: string,
    { signal, onProgress, teacher }: ProgressCallOptions = {},
  ): Promise<ObtainedSkill[]> {
    const skills: ObtainedSkill[] = []
    const teach = this.skillTeaching(teacher)
    for (const key of skillChain(skillKey(verb, object, this.options.rules), this.options.rules)) {
      const skill = await this.manager.obtain(key, {
        onEvent: (event) => onProgress?.({ type: 'learning', skill: skillName(key), event }),
        ...(signal ? { signal } : {}),
        ...(teach ? { teach } : {}),
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

  /** How the controller works towards a product's milestones (world/milestone-pursuit.ts), by this agent's rules. */
  pursuit(product: Dfa): NonNullable<ControllerOptions['pursue']> {
    const actions = product.alphabet.symbols.filter(isActionSymbol)
    return (milestone, observation, allowed) =>
      pursueMilestone(milestone, observation, this.options.rules, actions, allowed)
  }

  /**
   * The LLM as the skills' teacher, when asked for (the call's `teacher`, else the agent's `skillTeacher`); asking
   * for it without a model is a `SkillLearningError` a player can read, not a silent fall back to the recipe book.
   */
  private skillTeaching(choice: SkillTeacherChoice | undefined): SkillTeach | undefined {
    if ((choice ?? this.options.skillTeacher ?? 'recipe') !== 'llm') return undefined
    const { llm, rules, learningWorld, grounding } = this.options
    if (!llm)
      throw new SkillLearningError('no LLM is configured to teach skills (set OPENAI_BASE_URL or OPENAI_API_KEY)')
    return (key, extraSymbols) => {
      const target = skillTarget(key, rules, { ...(learningWorld ? { world: learningWorld } : {}), extraSymbols })
      return llmSkillTeacher(llm, key, target.learning, grounding.inventory)
    }
  }

  /** Grounds, obtains the skills, learns the constraints and composes: everything short of running. */
  async prepare(
    instruction: string,
    observation: Observation,
    { onProgress, signal, teacher }: ProgressCallOptions = {},
  ): Promise<Prepared> {
    const grounded = await this.groundGoals(instruction, { onProgress, signal })
    const plan = planGoal(grounded.goals, observation.inventory, this.options.grounding.inventory, this.options.rules)
    const obtained = await this.obtainSkills(plan, grounded, observation, { onProgress, signal, teacher })
    const kept = await this.learnConstraints(grounded, obtained.skills, signal)
    const composed = await composePlan(obtained.skills, plan, kept.constraints, observation, {
      limits: this.options.limits,
      computation: this.computation,
      signal,
      rules: this.options.rules,
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
    { onProgress, signal, teacher }: ProgressCallOptions,
  ): Promise<{ skills: ObtainedSkill[]; membershipQueries: number }> {
    const extraSymbols = grounded.goals.flatMap((g) => g.alphabet)
    const teach = this.skillTeaching(teacher)
    const skills: ObtainedSkill[] = []
    let membershipQueries = 0
    for (const key of plan.keys) {
      const skill = await this.manager.obtain(key, {
        extraSymbols,
        onEvent: (event) => onProgress?.({ type: 'learning', skill: skillName(key), event }),
        ...(signal ? { signal } : {}),
        ...(teach ? { teach } : {}),
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
    const teach = (phrase: string, alphabet: readonly string[]) => this.learnConstraint(phrase, alphabet, signal)
    return learnRunConstraints(parts, skills, teach, this.learnedConstraints)
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
      /** Who teaches the skills this run learns (default: the agent's `skillTeacher`). */
      readonly teacher?: SkillTeacherChoice
    } = {},
  ): Promise<DoReport> {
    const prepared = await this.prepare(instruction, world.observe(), options)
    if (prepared.refusal || !prepared.composition) return prepared
    const product = prepared.composition.product
    const result = await runController({
      world,
      dfa: product,
      goal: prepared.goal,
      pursue: this.pursuit(product),
      ...(options.gate ? { gate: options.gate } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.maxSteps ? { maxSteps: options.maxSteps } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      onStep: (step, plan) => options.onProgress?.({ type: 'step', step, plan }),
    })
    const corrected = await this.learnFromRun(prepared, result, options)
    return { ...prepared, result, ...(corrected ? { corrected } : {}) }
  }

  /**
   * Execution as the equivalence oracle (CEDAR §3.2): when the product accepted but the goal is not true in the
   * world, the run's word cut to the last skill's alphabet is a gold negative for that skill, which is learned
   * again. A run that got stuck (no path left) teaches nothing by itself: the world may be at fault; a player
   * says `!wrong` when the plan was.
   */
  async learnFromRun(
    prepared: Prepared,
    result: ControllerResult,
    options: AgentCallOptions = {},
  ): Promise<SkillRecord | undefined> {
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

  /** A labelled word for a stored skill becomes gold evidence, and the skill is learned again with it. */
  async counterexample(
    word: readonly string[],
    label: boolean,
    name: string,
    { signal }: AgentCallOptions = {},
  ): Promise<SkillRecord> {
    const { rules, library } = this.options
    const record = await library.get('skill', name)
    if (!record?.verb || !record.object) throw new UnknownSkillError(`no stored skill ${name}`)
    const unknown = word.filter((s) => !record.alphabet.includes(s))
    if (unknown.length > 0) {
      const are = unknown.length > 1 ? 'are' : 'is'
      throw new CounterexampleError(
        `${unknown.join(', ')} ${are} not in ${name}'s alphabet: ${record.alphabet.join(' ')}`,
      )
    }
    const gold = { word: [...word], label, gold: true }
    const evidence = [...record.evidence.filter((e) => e.word.join(' ') !== word.join(' ')), gold]
    const relearned = await this.computation.learnSkill(skillKey(record.verb, record.object, rules), rules, {
      ...(this.options.learningWorld ? { world: this.options.learningWorld } : {}),
      evidence,
      ...(signal ? { signal } : {}),
    })
    const { schema: _s, version: _v, createdAt: _c, updatedAt: _u, ...rest } = record
    return library.save({
      ...rest,
      alphabet: relearned.alphabet,
      dfa: toDfaJson(relearned.dfa),
      evidence: relearned.evidence,
      provenance: {
        ...record.provenance,
        membershipQueries: record.provenance.membershipQueries + relearned.membershipQueries,
        equivalenceQueries: record.provenance.equivalenceQueries + relearned.equivalenceQueries,
      },
    })
  }

  /** With the LLM when there is one (falling back to the phrase grammar), else the phrase grammar. */
  private learnConstraint(
    phrase: string,
    alphabet: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<LearnedConstraint> {
    return teachConstraint(phrase, alphabet, {
      llm: this.options.llm,
      inventory: this.options.grounding.inventory,
      learn: (p, a, options) => this.computation.learnConstraint(p, a, options),
      ...(signal ? { signal } : {}),
    })
  }

  /** "stay in B" must forbid every other biome, not only those its words named. */
  private withBiomes(alphabet: readonly string[]): string[] {
    if (!alphabet.some((s) => s.startsWith('biome.'))) return [...alphabet]
    return [...new Set([...alphabet, ...this.options.biomes.map((b) => `biome.${b}`)])]
  }
}
