import { type Dfa, NONE } from './dfa.js'
import { minimize } from './minimize.js'
import { determinize } from './nfa.js'

/**
 * L(A)·L(B): words that split into an A-word followed by a B-word — "do the prerequisite skill, then this one".
 * Built as an NFA (an ε-move from every accepting state of A to B's initial state), determinized and minimized.
 * Over the union alphabet, each side ignores the symbols it does not know (see `Dfa`) in its own part.
 */
export function concat(first: Dfa, second: Dfa): Dfa {
  const alphabet = first.alphabet.union(second.alphabet)
  const parts = [first, second].map((dfa) => ({ dfa, column: dfa.alphabet.mapTo(alphabet) }))
  const offset = first.stateCount
  const n = offset + second.stateCount
  const accepting = new Uint8Array(n)
  accepting.set(second.accepting, offset)
  const none: readonly number[] = []
  const secondStart = [offset + second.initial]
  return minimize(
    determinize({
      alphabet,
      stateCount: n,
      initial: [first.initial],
      accepting,
      next(state, symbol) {
        const inSecond = state >= offset
        const { dfa, column } = parts[inSecond ? 1 : 0]!
        const local = inSecond ? state - offset : state
        const c = column[symbol]!
        const target = c === NONE ? local : dfa.next(local, c)
        return target === NONE ? none : [inSecond ? target + offset : target]
      },
      epsilon(state) {
        return state < offset && first.accepting[state] ? secondStart : none
      },
    }),
  )
}

/** Concatenates several DFAs left to right (the prerequisite chain of a composed skill). */
export function concatAll(dfas: readonly Dfa[]): Dfa {
  const [head, ...rest] = dfas
  if (!head) throw new Error('concatAll needs at least one DFA')
  return rest.reduce(concat, head)
}
