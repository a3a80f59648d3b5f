/**
 * The controller's reflex turns (controller.ts asks before every step and between the chunks of a wait): which act
 * a survival reflex (eating-reflex.ts) wants now and whether the run allows it — the product keeps a way to
 * acceptance after it (an act outside its alphabet is judged by the constraints, reflex-admission.ts), the gate
 * allows it, and it did not fail lately — and running it. The controller keeps the books: what the act changed is
 * handed back to `settle` (events, the word, the step).
 */
import type { Dfa } from '../../automata/dfa.js'
import { matchesObject } from '../../vocabulary/families.js'
import { parseSymbol, primitiveSymbol } from '../../vocabulary/symbols.js'
import type { ActOptions, Observation, Outcome, World } from '../../world/port.js'
import type { Reflex, ReflexAct } from './reflex.js'
import type { ReflexAdmission } from './reflex-admission.js'

/** Rounds (steps or waits) a reflex's act that failed is not offered again. */
const BACKOFF = 20
/** Acts a reflex may offer in one turn (each refused one is skipped and the reflex asked again). */
const OFFERS = 8
/** How often a running act looks for an urgent reflex act (a zombie walks a block in this at 20 ticks a second). */
const PREEMPT_POLL_MS = 250

export interface ReflexTurnOptions {
  readonly world: World
  readonly dfa: Dfa
  /** Distances to acceptance of the product's states (negative: no way on). */
  readonly distance: ArrayLike<number>
  readonly reflexes: readonly Reflex[]
  readonly admit?: ReflexAdmission | undefined
  /** Acts that failed where the run is now (a constraint that wants only those cannot be kept now). */
  readonly failedHere?: ((action: string) => boolean) | undefined
  readonly check?: ((action: string, observation: Observation) => string | undefined) | undefined
  /** The plan's next act from where the run is now, if it has one to take now (the reflexes' `planned`). */
  readonly planned?: ((observation: Observation) => string | undefined) | undefined
  readonly signal?: AbortSignal | undefined
  /** The product's state now, and the run's word so far. */
  readonly state: () => number
  readonly word: () => readonly string[]
  readonly acting: (action: string) => ActOptions
  readonly onActing?: ((action: string, detail?: string) => void) | undefined
  /** The act ran: the controller records its events, the word and the step. */
  readonly settle: (act: AdmittedAct, outcome: Outcome, before: Observation, after: Observation) => void
}

/** A reflex's act the run allows, and, when it is allowed only because a constraint cannot be kept, which and why. */
export interface AdmittedAct extends ReflexAct {
  readonly setAside?: string
}

export interface ReflexTurns {
  /** The act a reflex wants and the run allows now (one round passes). */
  pending(observation: Observation): AdmittedAct | undefined
  /** Runs it; false when the run was cancelled meanwhile. */
  run(act: AdmittedAct): Promise<boolean>
  /**
   * Runs a plan's act, cut short (its signal aborted) when an urgent reflex act becomes due and allowed while it
   * runs: a walk or a dig takes a minute, and a zombie at a raised tick rate kills in seconds. `preempted` is that
   * act (the controller runs it next, as the next round's pending act); undefined when the act ran its course. The
   * running act itself (`action`: a hunt's kill.zombie, which the fight reflex offers too) never cuts itself short.
   */
  interruptible(
    action: string,
    act: (signal: AbortSignal) => Promise<Outcome>,
  ): Promise<{ readonly outcome: Outcome; readonly preempted?: AdmittedAct }>
}

export function reflexTurns(options: ReflexTurnOptions): ReflexTurns {
  const { world, dfa, distance } = options
  const failed = new Map<string, number>()
  let round = 0
  /** Undefined when the run does not allow the act now; else the act, with the constraint it sets aside if any. */
  const admitted = (act: ReflexAct, action: string, o: Observation): AdmittedAct | undefined => {
    const state = options.state()
    if ((failed.get(action) ?? -1) >= round || state < 0) return undefined
    let setAside: string | undefined
    if (dfa.alphabet.has(action)) {
      if ((distance[dfa.step(state, action)] ?? -1) < 0) return undefined
    } else {
      const context = {
        urgent: act.urgent === true,
        failedHere: options.failedHere ?? (() => false),
        onSetAside: (note: string) => {
          setAside = note
        },
      }
      if (options.admit?.(options.word(), action, context) !== undefined) return undefined
    }
    if (options.check?.(action, o) !== undefined) return undefined
    return setAside === undefined ? act : { ...act, setAside }
  }
  // A fuel the plan names (logs for planks) is not burnt for cooking.
  const spare = (item: string) =>
    !dfa.alphabet.symbols.some((s) => {
      const object = parseSymbol(s)?.object
      return object !== undefined && matchesObject(object, item)
    })
  // A kill the product names and still allows (a law "never kill zombies" names it too, and forbids it).
  const hunted = (creature: string) => {
    const kill = `kill.${creature}`
    const state = options.state()
    return dfa.alphabet.has(kill) && state >= 0 && (distance[dfa.step(state, kill)] ?? -1) >= 0
  }
  const planned = (o: Observation) => options.planned?.(o)
  const wanted = (o: Observation, urgentOnly: boolean): AdmittedAct | undefined => {
    for (const reflex of options.reflexes) {
      const refused = new Set<string>()
      for (let offer = 0; offer < OFFERS; offer++) {
        const act = reflex.next(o, { skip: (symbol) => refused.has(symbol), spare, hunted, planned: () => planned(o) })
        if (!act || (urgentOnly && !act.urgent)) break
        const symbol = primitiveSymbol(act.primitive)
        const allowed = admitted(act, symbol, o)
        if (allowed) return allowed
        refused.add(symbol)
      }
    }
    return undefined
  }
  return {
    pending(o) {
      round++
      return wanted(o, false)
    },
    async interruptible(action, act) {
      const inner = new AbortController()
      const outer = options.signal
      const stop = () => inner.abort(outer?.reason)
      outer?.addEventListener('abort', stop, { once: true })
      let preempted: AdmittedAct | undefined
      const watch =
        options.reflexes.length === 0
          ? undefined
          : setInterval(() => {
              if (preempted) return
              const due = wanted(world.observe(), true)
              if (!due || primitiveSymbol(due.primitive) === action) return
              preempted = due
              inner.abort(new Error(`interrupted: ${due.why}`))
            }, PREEMPT_POLL_MS)
      try {
        const outcome = await act(inner.signal)
        return preempted && !outer?.aborted ? { outcome, preempted } : { outcome }
      } finally {
        clearInterval(watch)
        outer?.removeEventListener('abort', stop)
      }
    },
    async run(act) {
      const action = primitiveSymbol(act.primitive)
      const before = world.observe()
      options.onActing?.(action, act.why)
      const timeout = act.timeoutMs === undefined ? {} : { timeoutMs: act.timeoutMs }
      const work = act.toWorkFrom === true ? { toWorkFrom: true } : {}
      const outcome = await world.act(act.primitive, options.signal, { ...options.acting(action), ...timeout, ...work })
      if (!outcome.ok && outcome.failure === 'cancelled') return false
      if (!outcome.ok) failed.set(action, round + BACKOFF)
      options.settle(act, outcome, before, world.observe())
      return true
    },
  }
}
