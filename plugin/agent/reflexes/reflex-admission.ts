/**
 * Whether the run's constraints let a reflex act now. A reflex's act (eat.beef, kill.cow) is usually outside a
 * constraint's alphabet, and the automata core reads such a symbol as a stutter: the product would let it through
 * even where the constraint demands one particular act next ("sleep at night" at nightfall). So a constraint judges
 * an act it has no symbol for as it judges the skills' acts its phrase does not name (mine.logs, craft.planks for
 * "sleep at night"): the reflex may act when one of those would keep the constraint satisfiable from where the run's
 * word left it. An act the constraint does have a symbol for is judged by its own transition.
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

/** Undefined when every constraint allows `action` after `word`; else who refuses it (`constraint "…"`). */
export type ReflexAdmission = (word: readonly string[], action: string) => string | undefined

export function constraintsAdmitReflex(constraints: readonly ReflexConstraint[]): ReflexAdmission {
  const judged = constraints.map((c) => {
    const distance = distancesToAcceptance(c.dfa)
    const own = new Set(c.ownSymbols ?? [])
    const unnamed = c.dfa.alphabet.symbols.filter((s) => isActionSymbol(s) && !own.has(s))
    const live = (q: number) => q >= 0 && (distance[q] ?? -1) >= 0
    return { c, live, unnamed }
  })
  return (word, action) => {
    for (const { c, live, unnamed } of judged) {
      const q = c.dfa.run(word)
      // A word that already broke the constraint has no way on: the product has stopped the plan; nothing to keep.
      if (!live(q)) continue
      const ok = c.dfa.alphabet.has(action)
        ? live(c.dfa.step(q, action))
        : unnamed.length === 0 || unnamed.some((s) => live(c.dfa.step(q, s)))
      if (!ok) return `constraint "${c.phrase}"`
    }
    return undefined
  }
}
