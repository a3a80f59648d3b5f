/**
 * Whether the run's constraints let a reflex act now. A reflex's act (eat.beef, kill.cow) is usually outside a
 * constraint's alphabet, and the automata core reads such a symbol as a stutter: the product would let it through
 * even where the constraint demands one particular act next ("sleep at night" at nightfall). So a constraint judges
 * an act it has no symbol for as it judges the skills' acts its phrase does not name (mine.logs, craft.planks for
 * "sleep at night"): the reflex may act when one of those would keep the constraint satisfiable from where the run's
 * word left it. An act the constraint does have a symbol for is judged by its own transition.
 *
 * A constraint never asks the bot to die: when every act it would accept next has been given up here (sleep.bed
 * failed three times at nightfall: no bed, or nowhere to put it), an urgent reflex act (a zombie fought, the bot dug
 * in, out of the water) is let through. The constraint is not kept by it, and the controller says so on the step
 * (ControllerStep.setAside); only the reflexes' urgent acts pass, never the plan's.
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

/** What the run knows beside the word: whether the act is urgent, and which acts it has given up on for now. */
export interface ReflexAdmissionContext {
  readonly urgent: boolean
  /** The act failed here often enough (or for a cause no retry mends) that the run no longer tries it. */
  readonly givenUp: (action: string) => boolean
  /** Told when the act is allowed only because a constraint cannot be kept now: which, and the acts given up. */
  readonly onSetAside?: (note: string) => void
}

/** Undefined when every constraint allows `action` after `word`; else who refuses it (`constraint "…"`). */
export type ReflexAdmission = (
  word: readonly string[],
  action: string,
  context?: ReflexAdmissionContext,
) => string | undefined

export function constraintsAdmitReflex(constraints: readonly ReflexConstraint[]): ReflexAdmission {
  const judged = constraints.map((c) => {
    const distance = distancesToAcceptance(c.dfa)
    const own = new Set(c.ownSymbols ?? [])
    const actions = c.dfa.alphabet.symbols.filter(isActionSymbol)
    const unnamed = actions.filter((s) => !own.has(s))
    const live = (q: number) => q >= 0 && (distance[q] ?? -1) >= 0
    return { c, live, actions, unnamed }
  })
  return (word, action, context) => {
    const setAside: string[] = []
    for (const { c, live, actions, unnamed } of judged) {
      const q = c.dfa.run(word)
      // A word that already broke the constraint has no way on: the product has stopped the plan; nothing to keep.
      if (!live(q)) continue
      const ok = c.dfa.alphabet.has(action)
        ? live(c.dfa.step(q, action))
        : unnamed.length === 0 || unnamed.some((s) => live(c.dfa.step(q, s)))
      if (ok) continue
      const refusedBy = `constraint "${c.phrase}"`
      if (!context?.urgent) return refusedBy
      // The acts that would keep it: when there are some and the run has given up on every one, it cannot be kept.
      const wanted = actions.filter((s) => live(c.dfa.step(q, s)))
      if (wanted.length === 0 || !wanted.every(context.givenUp)) return refusedBy
      setAside.push(`${refusedBy} cannot be kept now (${wanted.join(', ')} failed)`)
    }
    if (setAside.length > 0) context?.onSetAside?.(setAside.join('; '))
    return undefined
  }
}
