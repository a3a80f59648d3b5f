/**
 * The critic's data (LogicGuard §3.4): trajectories of state predicates and actions, laws proposed from them, and
 * the verdicts on those proposals. Plain data, so trajectories can be logged to disk and laws shown in chat.
 */

import type { TrajectoryStep } from '../controller/index.js'

export type { TrajectoryStep }

export interface Trajectory {
  readonly id: string
  /** The instruction or task the run served. */
  readonly task: string
  readonly startedAt: string
  readonly steps: readonly TrajectoryStep[]
  /** Whether the run reached its goal. */
  readonly success: boolean
  /** The item the run was for, when known: the validator replays the Sim's shortest plans for it. */
  readonly goal?: string
  /** How many of `goal` the run was for ("collect 3 oak logs"): more of it, up to this, is progress. */
  readonly goalCount?: number
}

/** A law a critic proposes: LTLf text over our symbols (or the papers' spellings), with why. */
export interface LawProposal {
  readonly formula: string
  readonly kind: 'hard' | 'soft'
  readonly explanation: string
  /** Which critic, and which rule of it (`offline:feedback`, `offline:repetition`, `offline:progress`, `llm`). */
  readonly origin: string
  /** The trajectories (ids) that show what the law is about: the acts it would refuse, or require. */
  readonly evidence?: readonly string[]
}

export interface RejectedProposal extends LawProposal {
  readonly reason: string
}

/** A law in force, as critics and the validator see it. */
export interface LawView {
  readonly id: string
  readonly text: string
  readonly kind: 'hard' | 'soft'
  readonly source: string
}

/** What a critic may read besides the trajectories. */
export interface CriticContext {
  readonly task: string
  readonly laws: readonly LawView[]
  /** The action symbols the bot can take. */
  readonly actions: readonly string[]
  /** The state predicates the trajectories record. */
  readonly predicates: readonly string[]
  /** Trajectories a rule needs as evidence before it proposes a law (default DEFAULT_MIN_EVIDENCE). */
  readonly minEvidence?: number
}

export { DEFAULT_CRITIC_MIN_EVIDENCE as DEFAULT_MIN_EVIDENCE } from '../../config/options.js'

export interface Critic {
  readonly name: string
  /**
   * Reads every kept trajectory, not only the new ones, so evidence accumulates across rounds; a proposal then
   * counts only when some of its evidence is new (the older evidence was judged in an earlier round).
   */
  readonly readsAll?: boolean
  propose(trajectories: readonly Trajectory[], context: CriticContext): Promise<LawProposal[]>
}

/** A state position where every candidate action was blocked, recorded by the shield. */
export interface OverConstrainedState {
  readonly state: readonly string[]
  readonly action: string
  /** Ids of every law that blocked some action there (the union of `blame`), in the shield's order. */
  readonly blockedBy: readonly string[]
  /**
   * For each candidate action, the laws whose monitors it would have killed there: the laws that blocked it. A
   * relaxation touches only these; unblocking an action needs every one of its own blockers relaxed.
   */
  readonly blame?: Readonly<Record<string, readonly string[]>>
  readonly at: string
}

/** What to do about an over-constrained state: delete a law, or replace its formula. */
export interface Relaxation {
  readonly lawId: string
  readonly change: { readonly type: 'delete' } | { readonly type: 'replace'; readonly formula: string }
  readonly explanation: string
  readonly origin: string
}
