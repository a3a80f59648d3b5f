// What the controller (controller.ts) is given and gives back: its options, the gate it acts through, the steps
// it records and how a run ends.
import type { Dfa } from '../../automata/dfa.js'
import type { Observation, World } from '../../world/port.js'
import type { Reflex, ReflexAdmission, UnkeptRelease } from '../reflexes/index.js'

/** One LogicGuard step: the predicates true before the action, the action, and what came of it. */
export interface TrajectoryStep {
  readonly state: readonly string[]
  readonly action: string
  readonly ok: boolean
  /** The failure kind and message when `ok` is false. */
  readonly error?: string
  /**
   * The inventory's counts before the action (item → count). Predicates say only whether a thing is held; a
   * repeated craft whose product a later act used up is progress, and only counts show it (critic/progress.ts).
   */
  readonly counts?: Readonly<Record<string, number>>
  /** The inventory's counts after the action (the next step's `counts`; the only record of them after the last). */
  readonly countsAfter?: Readonly<Record<string, number>>
}

export interface ControllerStep {
  readonly tick: number
  readonly action: string
  readonly ok: boolean
  readonly message?: string
  readonly events: readonly string[]
  readonly night: boolean
  readonly biome: string | undefined
  /** Where the bot stood after the act. */
  readonly position: { readonly x: number; readonly y: number; readonly z: number }
  /** The law or constraint that refused the action. */
  readonly blockedBy?: string
  /**
   * A survival reflex's act allowed only because a constraint could not be kept (reflex-admission.ts): which, and
   * the acts it wanted that had failed there ("sleep at night" with no bed: the bot dug in instead of sleeping).
   */
  readonly setAside?: string
  /** The automaton's state after the act (negative once the word has left it), for pictures of the run. */
  readonly state: number
  /** Its state before the act: the step read the act (when it worked) and its events from `from` to `state`. */
  readonly from: number
}

export type ControllerOutcome =
  | 'goal'
  | 'accepted-without-goal'
  | 'no-path'
  | 'blocked'
  | 'cancelled'
  | 'died'
  | 'step-limit'

export interface ControllerResult {
  readonly outcome: ControllerOutcome
  readonly message: string
  /** The CEDAR word of the run: actions that ran and events, in order. */
  readonly word: readonly string[]
  readonly steps: readonly ControllerStep[]
  /** The LogicGuard trajectory: the predicates true before each act, the act, and how it went (for the critic). */
  readonly trace: readonly TrajectoryStep[]
  /** Tools that broke during the run's acts (tool-wear.ts: the instruction is planned again). */
  readonly brokenTools?: readonly string[]
  /** Constraints an event released unkept (a night not slept, over at daybreak): UnkeptRelease's notes. */
  readonly unkept?: readonly string[]
  /** A word the skill should reject (it was accepted or followed, and the goal was not reached). */
  readonly counterexample?: { readonly word: readonly string[]; readonly label: false }
}

export interface Gate {
  /** Undefined when allowed; else the name of what refuses it (`constraint "sleep at night"`, `L2`). */
  check(action: string, observation: Observation): string | undefined
  /** The action ran (so monitors advance). */
  commit?(action: string, observation: Observation): void
}

export interface ControllerOptions {
  readonly world: World
  readonly dfa: Dfa
  /** The success events E: all must hold in the world for the goal. */
  readonly goal: readonly string[]
  readonly gate?: Gate
  readonly signal?: AbortSignal
  /** Acts before giving up (default 300). */
  readonly maxSteps?: number
  /** Tries of one action from one state before its edge is disabled (default 3). */
  readonly triesPerEdge?: number
  /** Ticks to wait for an event before giving up (default 24,000: a day). */
  readonly maxWaitTicks?: number
  /** A clock for step records (the Sim's ticks); default: acts so far. */
  readonly clock?: () => number
  readonly onStep?: (step: ControllerStep, plan: readonly string[]) => void
  /** An act starts (no detail), or a long one says what it is doing (the world's `onProgress`). */
  readonly onActing?: (action: string, detail?: string) => void
  /**
   * Milestone skills (CEDAR §5): when the way on starts with an event the bot can cause (`has.cobblestone.3`), the
   * action among the allowed ones that works towards it (world/milestone-pursuit.ts). Without it the controller
   * waits for such an event as for nightfall.
   */
  readonly pursue?: (
    milestone: string,
    observation: Observation,
    allowed: (action: string) => boolean,
  ) => string | undefined
  /**
   * Survival reflexes (eating-reflex.ts), asked before every step and between the chunks of a wait. A reflex's act
   * is a step like the plan's: the product must keep a way to acceptance after it (a symbol outside the product's
   * alphabet is judged by `admitReflex`), the gate must allow it, and it is recorded in the run's steps.
   */
  readonly reflexes?: readonly Reflex[]
  /** What the run's constraints say of a reflex's act (reflex-admission.ts); default: nothing refuses it. */
  readonly admitReflex?: ReflexAdmission
  /**
   * Which constraints an event releases unkept (reflex-admission.ts): each note goes to `onUnkept` and the result,
   * so the run says a night was not slept rather than nothing.
   */
  readonly releasedUnkept?: UnkeptRelease
  readonly onUnkept?: (note: string) => void
  /**
   * An actor that picks the next action instead of the plan's first (the LLM actor, option `actor: 'llm'`), among
   * the menu's actions; undefined or an action off the menu takes the plan's. Its pick passes the gate like any.
   */
  readonly choose?: (menu: ActorMenu) => Promise<string | undefined>
}

/** What an actor choosing the controller's next action is given (ControllerOptions.choose). */
export interface ActorMenu {
  /** The plan's way to the goal: its first action is what the controller would take. */
  readonly plan: readonly string[]
  /** The actions that keep the run on a way to the goal from here (and were not refused or disabled here). */
  readonly actions: readonly string[]
  readonly observation: Observation
  /** The run so far: what the gate refused and what the acts did (the actor's feedback). */
  readonly steps: readonly ControllerStep[]
  readonly signal?: AbortSignal | undefined
}
