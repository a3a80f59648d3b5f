/**
 * Whether the run's constraints let a reflex act now. A reflex's act (eat.beef, kill.cow) is usually outside a
 * constraint's alphabet, and the automata core reads such a symbol as a stutter: the product would let it through
 * even where the constraint demands one particular act next ("sleep at night" at nightfall). So a constraint judges
 * an act it has no symbol for as it judges the skills' acts its phrase does not name (mine.logs, craft.planks for
 * "sleep at night"): the reflex may act when one of those would keep the constraint satisfiable from where the run's
 * word left it. An act the constraint does have a symbol for is judged by its own transition.
 *
 * A constraint never asks the bot to die: when every act it would accept next has failed here (sleep.bed at nightfall:
 * no bed, nowhere to put it, monsters at hand), an urgent reflex act (a zombie fought, the bot dug in, out of the
 * water) is let through at once; the plan's retries of that act wait until the danger has been dealt with. The
 * constraint is not kept by it, and the controller says so on the step (ControllerStep.setAside); only the reflexes'
 * urgent acts pass, never the plan's. When an event then releases such a constraint (daybreak ends the night's
 * sleep), the run says it was not kept (constraintsReleasedUnkept).
 */
import type { Dfa } from '../../automata/dfa.js'
import { distancesToAcceptance } from '../../automata/search.js'
import { isActionSymbol } from '../../vocabulary/symbols.js'

export interface ReflexConstraint {
  readonly phrase: string
  readonly dfa: Dfa
  /** The symbols of the constraint's own phrase (the rest of its alphabet are the skills' acts). */
  readonly ownSymbols?: readonly string[]
}

/** What the run knows beside the word: whether the act is urgent, and which acts failed where the run is now. */
export interface ReflexAdmissionContext {
  readonly urgent: boolean
  /**
   * The act failed where the run is now (since its last act that worked). Once is enough for an urgent act: a zombie
   * at a raised tick rate kills while the bed is tried twice more.
   */
  readonly failedHere: (action: string) => boolean
  /** Told when the act is allowed only because a constraint cannot be kept now: which, and the acts that failed. */
  readonly onSetAside?: (note: string) => void
}

/** Undefined when every constraint allows `action` after `word`; else who refuses it (`constraint "…"`). */
export type ReflexAdmission = (
  word: readonly string[],
  action: string,
  context?: ReflexAdmissionContext,
) => string | undefined

/** Each constraint with what admission and release read of it: its live states, the acts that keep it, its work. */
function judged(constraints: readonly ReflexConstraint[]) {
  return constraints.map((c) => {
    const distance = distancesToAcceptance(c.dfa)
    const own = new Set(c.ownSymbols ?? [])
    const actions = c.dfa.alphabet.symbols.filter(isActionSymbol)
    const unnamed = actions.filter((s) => !own.has(s))
    const live = (q: number) => q >= 0 && (distance[q] ?? -1) >= 0
    /** The acts that keep it from `q`. */
    const wanted = (q: number) => actions.filter((s) => live(c.dfa.step(q, s)))
    /** Whether an act its phrase does not name (the skills' work) keeps it from `q`. */
    const allowsWork = (q: number) => unnamed.length === 0 || unnamed.some((s) => live(c.dfa.step(q, s)))
    return { c, live, wanted, allowsWork }
  })
}

export function constraintsAdmitReflex(constraints: readonly ReflexConstraint[]): ReflexAdmission {
  const all = judged(constraints)
  return (word, action, context) => {
    const setAside: string[] = []
    for (const { c, live, wanted, allowsWork } of all) {
      const q = c.dfa.run(word)
      // A word that already broke the constraint has no way on: the product has stopped the plan; nothing to keep.
      if (!live(q)) continue
      const ok = c.dfa.alphabet.has(action) ? live(c.dfa.step(q, action)) : allowsWork(q)
      if (ok) continue
      const refusedBy = `constraint "${c.phrase}"`
      if (!context?.urgent) return refusedBy
      // The acts that would keep it: when there are some and every one has failed here, it cannot be kept now.
      const acts = wanted(q)
      if (acts.length === 0 || !acts.every(context.failedHere)) return refusedBy
      setAside.push(`${refusedBy} cannot be kept now (${acts.join(', ')} failed)`)
    }
    if (setAside.length > 0) context?.onSetAside?.(setAside.join('; '))
    return undefined
  }
}

/**
 * Which constraints `events` release unkept after `word`: each one that, before them, allowed only acts that had
 * failed (sleep.bed at night, no bed) and, after them, allows the work again (daybreak ends "sleep at night"'s
 * night). Its note says so plainly: `constraint "sleep at night" was not kept: sleep.bed failed before time.day`.
 */
export type UnkeptRelease = (
  word: readonly string[],
  events: readonly string[],
  failedHere: (action: string) => boolean,
) => string[]

export function constraintsReleasedUnkept(constraints: readonly ReflexConstraint[]): UnkeptRelease {
  const all = judged(constraints)
  return (word, events, failedHere) =>
    all.flatMap(({ c, live, wanted, allowsWork }) => {
      const q = c.dfa.run(word)
      if (!live(q) || allowsWork(q)) return []
      const acts = wanted(q)
      if (acts.length === 0 || !acts.every(failedHere)) return []
      // The event that released it (daybreak), not the others that came with it (a block picked up).
      let at = q
      const released = events.find((e) => {
        at = c.dfa.step(at, e)
        return live(at) && allowsWork(at)
      })
      if (released === undefined) return []
      return [`constraint "${c.phrase}" was not kept: ${acts.join(', ')} failed before ${released}`]
    })
}
