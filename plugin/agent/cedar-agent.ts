/**
 * The agent behind `!do`, `!constrain` and `cedar sim do`: an instruction is grounded into goal and constraint
 * parts; each goal becomes a chain of skills (prerequisites first), reused, adapted or learned; each constraint —
 * the instruction's and the standing ones — is learned over its own symbols plus the skills' actions; the
 * concatenated skills are intersected with the constraints and checked for a word before anything runs; then the
 * controller runs the product, every act through the gate.
 */

import type { Dfa } from '../automata/dfa.js'
import type { GroundedInstruction, GroundingComponents } from '../grounding/pipeline.js'
import { groundInstruction } from '../grounding/pipeline.js'
import type { LlmClient } from '../llm/llm-client.js'
import type { SkillRecord } from '../store/record.js'
import { isActionSymbol } from '../vocabulary/symbols.js'
import { pursueMilestone } from '../world/milestone-pursuit.js'
import type { Observation, World } from '../world/port.js'
import type { Rules } from '../world/rules.js'
import type { SimOptions } from '../world/sim/index.js'
import { type ActorChoiceOption, ActorUnavailableError, LlmActor, llmChooser, withChooser } from './actor/index.js'
import { type AgentComputation, inProcess } from './compute/index.js'
import type {
  Composition,
  CompositionLimits,
  ConfirmMode,
  ConstraintOwner,
  PlayerTeaching,
} from './constraints/index.js'
import {
  type ConstrainReport,
  type ConstraintPart,
  correctionContext,
  correctSkill,
  learnRunConstraints,
  type StandingConstraint,
  StandingConstraints,
  slug,
} from './constraints/index.js'
import type { ControllerOptions, ControllerResult } from './controller/index.js'
import { constraintsAdmitReflex, constraintsReleasedUnkept, ReflexModes, survivalReflexes } from './reflexes/index.js'
import type { AgentCallOptions, AgentProgress, DoReport, Prepared, ProgressCallOptions } from './run/index.js'
import {
  checkInstructionLength,
  composePlan,
  type EpisodeOptions,
  type EpisodePlanner,
  type GoalPlan,
  goalCountProblem,
  judgeStuckRun,
  planGoal,
  quoted,
  runEpisode,
  skillWord,
  worldFault,
} from './run/index.js'
import {
  llmSkillTeacher,
  type ObtainedSkill,
  SkillLearningError,
  type SkillLibrary,
  SkillManager,
  type SkillTeach,
  type SkillTeacherChoice,
  skillChain,
  skillKey,
  skillName,
  skillTarget,
  UnknownGoalError,
  withHeldTool,
} from './skills/index.js'
import type { WorldScope } from './world-scope.js'

export interface CedarAgentOptions {
  readonly rules: Rules
  readonly grounding: GroundingComponents
  readonly library: SkillLibrary
  /** The world the bot is in (a bot's, once logged in): standing constraints stand per world unless shared. */
  readonly world?: () => WorldScope | undefined
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
  /** Who picks `do`'s next action: the planner (default) or, with `llm`, the model (LogicGuard's LLM actor). */
  readonly actor?: ActorChoiceOption
  /** The LLM actor's unusable replies and outages, in words. */
  readonly onActorProblem?: (problem: string) => void
  /**
   * Survival reflexes (escape, armour, fight, shelter, eat) in runs, under the product and the gate like any step: all on
   * (default true), none (false), or each as `ReflexModes` says at the moment it is asked (`!mode`).
   */
  readonly reflexes?: boolean | ReflexModes
  /** When the owner confirms a constraint the LLM taught (`teaching.confirm`, default 'when-unsure'). */
  readonly confirm?: ConfirmMode
}

export type { ConstrainReport, StandingConstraint } from './constraints/index.js'
export type { AgentCallOptions, AgentProgress, DoReport, Prepared, ProgressCallOptions }

export class CedarAgent {
  private readonly manager: SkillManager
  private readonly rules: StandingConstraints
  private readonly computation: AgentComputation

  constructor(readonly options: CedarAgentOptions) {
    this.computation = options.computation ?? inProcess
    this.manager = new SkillManager(options.library, options.rules, options.learningWorld, this.computation)
    this.rules = new StandingConstraints(options, this.computation)
  }

  /**
   * Adds a standing constraint (checked by learning it over its own symbols); returns it. With no LLM and a phrase
   * the grammar cannot compile, `player` (the owner who asked) teaches it in chat.
   */
  constrain(
    phrase: string,
    options: AgentCallOptions & { readonly player?: PlayerTeaching | undefined } = {},
  ): Promise<ConstrainReport> {
    checkInstructionLength(phrase)
    return this.rules.add(phrase, options)
  }

  /** Drops a standing constraint and its stored record; false when there was none. */
  unconstrain(id: string): Promise<boolean> {
    return this.rules.remove(id)
  }

  constraints(): Promise<StandingConstraint[]> {
    return this.rules.list()
  }

  /** Makes a standing constraint stand in every world (the owner's choice); undefined when there is none. */
  shareConstraint(id: string): Promise<StandingConstraint | undefined> {
    return this.rules.share(id)
  }

  /** Constraints of the store that do not stand in this world (another world's, or from before worlds). */
  constraintsElsewhere(): Promise<SkillRecord[]> {
    return this.rules.elsewhere()
  }

  /** A labelled word for a standing constraint: gold, and the constraint is learned again at once. */
  constraintCounterexample(
    word: readonly string[],
    label: boolean,
    id: string,
    options: AgentCallOptions = {},
  ): Promise<SkillRecord> {
    return this.rules.counterexample(word, label, id, options)
  }

  /** The instruction's parts and alphabets, as `!alphabet` shows them. */
  async ground(instruction: string, options: AgentCallOptions = {}): Promise<GroundedInstruction> {
    checkInstructionLength(instruction)
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

  /** How the controller works towards a product's milestones (world/milestone-pursuit.ts), by this agent's rules. */
  pursuit(product: Dfa): NonNullable<ControllerOptions['pursue']> {
    const actions = product.alphabet.symbols.filter(isActionSymbol)
    const milestones = product.alphabet.symbols.filter((s) => !isActionSymbol(s))
    return (milestone, observation, allowed) =>
      pursueMilestone(milestone, observation, this.options.rules, actions, allowed, milestones)
  }

  /**
   * The controller's actor for one `do` run: undefined for the planner; the LLM actor when the `actor` option asks
   * for it. Asking for it without a model is an `ActorUnavailableError` a player can read.
   */
  chooser(task: string, onProgress?: (p: AgentProgress) => void): ControllerOptions['choose'] {
    if ((this.options.actor ?? 'planner') !== 'llm') return undefined
    const { llm } = this.options
    if (!llm)
      throw new ActorUnavailableError('no LLM is configured to pick actions (set OPENAI_BASE_URL or OPENAI_API_KEY)')
    const onProblem = (problem: string) => {
      this.options.onActorProblem?.(problem)
      onProgress?.({ type: 'actor', problem })
    }
    return llmChooser(new LlmActor(llm, { task, onProblem }))
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
    { onProgress, signal, teacher, owner }: ProgressCallOptions = {},
  ): Promise<Prepared> {
    const grounded = await this.groundGoals(instruction, { onProgress, signal })
    const tooMany = goalCountProblem(grounded)
    if (tooMany) {
      return { instruction, grounded, skills: [], goal: [], constraints: [], membershipQueries: 0, refusal: tooMany }
    }
    const around = {
      stored: observation.stored ?? new Map(),
      chestInSight: observation.nearest('chest') !== undefined,
      night: observation.isNight,
      kills: observation.kills ?? new Map(),
      ...(observation.worn ? { worn: observation.worn } : {}),
    }
    const plan = planGoal(
      grounded.goals,
      observation.inventory,
      this.options.grounding.inventory,
      this.options.rules,
      around,
    )
    const obtained = await this.obtainSkills(plan, grounded, observation, { onProgress, signal, teacher })
    const kept = await this.learnConstraints(grounded, obtained.skills, { onProgress, signal, owner })
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
    checkInstructionLength(instruction)
    const grounded = await groundInstruction(instruction, this.options.grounding, { signal })
    onProgress?.({ type: 'grounded', grounded })
    if (grounded.goals.length === 0) throw new UnknownGoalError(`no goal in ${quoted(instruction)}`)
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
    { onProgress, signal, owner }: ProgressCallOptions,
  ) {
    const parts: ConstraintPart[] = [
      ...grounded.constraints.map((c) => ({
        id: slug(c.text),
        phrase: c.text,
        alphabet: this.rules.withBiomes(c.alphabet),
        // A model is asked about the phrase's symbols and one action for the rest (constraint-set.ts).
        standIn: this.options.llm !== undefined,
      })),
      ...(await this.rules.list()),
    ]
    const teach = (phrase: string, alphabet: readonly string[]) =>
      this.rules.teachForRun(phrase, alphabet, signal, owner as ConstraintOwner | undefined)
    return learnRunConstraints(parts, skills, teach, this.rules.learned, (constraint, reused) =>
      onProgress?.({ type: 'constraint', constraint, reused }),
    )
  }

  /** Prepares and, unless refused, runs the product in `world`: the episode every face runs (run/episode.ts). */
  do(instruction: string, world: World, options: EpisodeOptions = {}): Promise<DoReport> {
    return runEpisode(this.planner, instruction, world, options)
  }

  /** The agent as the episode sees it. */
  private get planner(): EpisodePlanner {
    return {
      rules: this.options.rules,
      prepare: (instruction, observation, options) => this.prepare(instruction, observation, options),
      controllerPlan: (prepared, instruction, onProgress) => ({
        ...this.runOptions(prepared),
        ...withChooser(this.chooser(instruction, onProgress)),
      }),
      reportRun: (prepared, result, options) => this.reportRun(prepared, result, options),
    }
  }

  /**
   * What the controller runs for `prepared` (composed): the product, the goal, the milestone pursuit, and the
   * survival reflexes with what the run's constraints say of their acts.
   */
  runOptions(
    prepared: Prepared,
  ): Pick<ControllerOptions, 'dfa' | 'goal' | 'pursue' | 'reflexes' | 'admitReflex' | 'releasedUnkept'> {
    const dfa = (prepared.composition as Composition).product
    const releasedUnkept = constraintsReleasedUnkept(prepared.constraints)
    const plan = { dfa, goal: prepared.goal, pursue: this.pursuit(dfa), releasedUnkept }
    if (this.options.reflexes === false) return plan
    const admitReflex = constraintsAdmitReflex(prepared.constraints)
    const modes = this.options.reflexes instanceof ReflexModes ? this.options.reflexes : undefined
    return { ...plan, reflexes: survivalReflexes(this.options.rules, modes), admitReflex }
  }

  /** A finished run's report, here and on the bot: what it taught a skill, and who was at fault when it missed. */
  async reportRun(prepared: Prepared, result: ControllerResult, options: AgentCallOptions = {}): Promise<DoReport> {
    const worldFault = this.worldFault(prepared, result)
    const corrected = await this.learnFromRun(prepared, result, options)
    const stuck = judgeStuckRun(prepared, result)
    return {
      ...prepared,
      result,
      ...(corrected ? { corrected } : {}),
      ...(stuck ? { stuck } : {}),
      ...(worldFault ? { worldFault } : {}),
    }
  }

  /** Why a run that accepted without its goal is the world's fault, not the last skill's; undefined otherwise. */
  worldFault(prepared: Prepared, result: ControllerResult): string | undefined {
    const skill = prepared.skills.at(-1)
    return skill ? worldFault(skill, result, this.options.rules, this.options.learningWorld) : undefined
  }

  /**
   * Execution as the equivalence oracle (CEDAR §3.2): when the product accepted but the goal is not true in the
   * world, the run's word cut to the last skill's alphabet is a gold negative for that skill, which is learned
   * again — unless the same word reaches the item in the Sim: then the world changed under the run (a block broken
   * by someone else, a drop out of reach) and the skill is kept. A run that got stuck (no path left) teaches the
   * skill whose plan fell short (see stuck-runs.ts); when the world was at fault it teaches nothing.
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
    if (this.worldFault(prepared, result) !== undefined) return undefined
    // A skill run with a better tool than it was learned with is corrected in its stored spelling.
    return this.counterexample(skillWord(skill, result), false, skill.name, options)
  }

  /** A labelled word for a stored skill becomes gold evidence, and the skill is learned again (see corrections.ts). */
  counterexample(
    word: readonly string[],
    label: boolean,
    name: string,
    { signal }: AgentCallOptions = {},
  ): Promise<SkillRecord> {
    return correctSkill(correctionContext(this.options, this.computation, signal), word, label, name)
  }
}
