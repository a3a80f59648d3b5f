/**
 * What every survival reflex is (eating, escape, fight, shelter, armour): between the plan's acts, and while an urgent one
 * may cut a step short, the controller asks each reflex for the act the body needs now (reflex-turns.ts), and runs
 * it through the same gate and product check as any step of the plan.
 */
import type { Primitive } from '../../vocabulary/symbols.js'
import type { Observation } from '../../world/port.js'

export interface ReflexContext {
  /** This act is not to be offered now (it failed lately, or the product, a constraint or the gate refused it). */
  readonly skip: (symbol: string) => boolean
  /** An item the running plan does not name (so the reflex may burn it). */
  readonly spare: (item: string) => boolean
  /** The running plan kills this creature (`kill.X` is on a way to its goal): meeting one is the task, not a danger. */
  readonly hunted: (creature: string) => boolean
  /**
   * The act the running plan would take next, now; undefined when it has none to take now (its way on waits for an
   * event: nightfall, daybreak) or there is no plan (an idle bot).
   */
  readonly planned: () => string | undefined
}

/** A survival reflex: the act the body needs now, or none. */
export interface Reflex {
  readonly name: string
  next(observation: Observation, context: ReflexContext): ReflexAct | undefined
}

export interface ReflexAct {
  readonly primitive: Primitive
  /** Game time the act may take, in ms (a hunt is bounded so it cannot run the day out). */
  readonly timeoutMs?: number
  readonly why: string
  /**
   * Worth cutting the plan's running act short for (a zombie at hand, the bot in deep water): the controller looks
   * for such an act while a step runs, not only between steps (reflex-turns.ts, `interruptible`).
   */
  readonly urgent?: boolean
  /** `place.shelter`: dug in only until covered, the plan's work going on from the hole (port.ts, ActOptions). */
  readonly toWorkFrom?: boolean
}
