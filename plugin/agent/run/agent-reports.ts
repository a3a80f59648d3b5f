/**
 * What the agent's calls take and give back: the options of a long call, the progress it reports (`!do`'s chat
 * lines, the console's feed), a prepared plan and a run's report. Apart from the agent (cedar-agent.ts) so the
 * modules that build parts of a report (constraint-needs.ts) need not import the agent itself.
 */
import type { GroundedInstruction } from '../../grounding/pipeline.js'
import type { LearningEvent } from '../../learning/index.js'
import type { SkillRecord } from '../../store/record.js'
import type { Composition, ConstraintOwner, RunConstraint } from '../constraints/index.js'
import type { ControllerResult, ControllerStep } from '../controller/index.js'
import type { ObtainedSkill, SkillTeacherChoice } from '../skills/index.js'
import type { StuckVerdict } from './stuck-runs.js'

/** What a long call of the agent may be given: the task's signal cancels grounding, learning and composing. */
export interface AgentCallOptions {
  readonly signal?: AbortSignal | undefined
}

/** A call that also reports its progress (`!do`'s chat lines, the `cedarLearning` event). */
export type ProgressCallOptions = AgentCallOptions & {
  readonly onProgress?: ((p: AgentProgress) => void) | undefined
  /** Who teaches the skills this call learns (default: the agent's `skillTeacher`). */
  readonly teacher?: SkillTeacherChoice | undefined
  /** Who confirms a constraint the LLM taught before the run uses it (`teaching.confirm`); none: nobody is asked. */
  readonly owner?: ConstraintOwner | undefined
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
  /** Why the goal was missed through no fault of the skill (the world changed): no counterexample was taken. */
  readonly worldFault?: string
  /** What the constraints needed first and the runs that got it (a bed for "sleep at night"): constraint-needs.ts. */
  readonly needs?: readonly NeedRun[]
  /**
   * Creatures that died at the bot's hands during the run, as the world counted them (`kills` after less before):
   * "kill 2 zombies" after one killed earlier reaches `killed.zombie.3` with two killed, and a hunt that ran out of
   * zombies still killed some.
   */
  readonly killed?: Readonly<Record<string, number>>
}

export type AgentProgress =
  | { readonly type: 'grounded'; readonly grounded: GroundedInstruction }
  | { readonly type: 'skill'; readonly skill: ObtainedSkill }
  | { readonly type: 'learning'; readonly skill: string; readonly event: LearningEvent }
  | { readonly type: 'constraint'; readonly constraint: RunConstraint; readonly reused: boolean }
  | { readonly type: 'composed'; readonly composition: Composition }
  | { readonly type: 'step'; readonly step: ControllerStep; readonly plan: readonly string[] }
  /** An event released a constraint unkept (daybreak after a night the bot could not sleep): UnkeptRelease's note. */
  | { readonly type: 'unkept'; readonly note: string }
  /** An act starts (no detail), or a long one says what it is doing. */
  | { readonly type: 'acting'; readonly action: string; readonly detail?: string }
  /** The LLM actor's reply could not be used, or the model not asked: the fallback taken, and why. */
  | { readonly type: 'actor'; readonly problem: string }
  /**
   * An item the constraints need is obtained before the instruction (constraint-needs.ts): said as its run starts
   * (no outcome), and as it ends (the run's outcome, or `refused`).
   */
  | { readonly type: 'need'; readonly need: ConstraintNeed; readonly outcome?: string }

/** An item a constraint needs for one of its actions, missing when the run starts. */
export interface ConstraintNeed {
  /** What is obtained: a concrete item (`white_bed`, the soonest bed had), in the rules' names. */
  readonly item: string
  /** The constraint's action that takes it (`sleep.bed`). */
  readonly action: string
  /** The constraint's phrase ("sleep at night"). */
  readonly constraint: string
}

/** A need met (or tried): the instruction run for it and how the run ended. */
export interface NeedRun extends ConstraintNeed {
  readonly instruction: string
  /** Distinct words the teachers answered while planning it (the skill for the item, learned or reused). */
  readonly membershipQueries: number
  /** Absent when the instruction was refused before running (`refusal` says why). */
  readonly result?: ControllerResult
  readonly refusal?: string
}
