import { Dfa, NONE } from './dfa.js'
import { minimize } from './minimize.js'
import { determinize } from './nfa.js'
import { checkStates, stateLimit } from './size-limit.js'

export interface SequenceOptions {
  /** States past which the build stops with a `TooManyStatesError` (default `DEFAULT_MAX_STATES`). */
  readonly maxStates?: number
  /** What is being built, for that error's message (default: `the sequence`). */
  readonly building?: string
}

/**
 * L(A)·L(B): words that split into an A-word followed by a B-word — "do the prerequisite skill, then this one".
 * Built as an NFA (an ε-move from every accepting state of A to B's initial state), determinized and minimized.
 * Over the union alphabet, each side ignores the symbols it does not know (see `Dfa`) in its own part.
 */
export function concat(first: Dfa, second: Dfa, options: SequenceOptions = {}): Dfa {
  const alphabet = first.alphabet.union(second.alphabet)
  const parts = [first, second].map((dfa) => ({ dfa, column: dfa.alphabet.mapTo(alphabet) }))
  const offset = first.stateCount
  const n = offset + second.stateCount
  const accepting = new Uint8Array(n)
  accepting.set(second.accepting, offset)
  const none: readonly number[] = []
  const secondStart = [offset + second.initial]
  return minimize(
    determinize(
      {
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
      },
      { ...options, building: options.building ?? 'the concatenation' },
    ),
  )
}

/** Concatenates several DFAs left to right (the prerequisite chain of a composed skill). */
export function concatAll(dfas: readonly Dfa[], options: SequenceOptions = {}): Dfa {
  const [head, ...rest] = dfas
  if (!head) throw new Error('concatAll needs at least one DFA')
  return rest.reduce((a, b) => concat(a, b, options), head)
}

/**
 * First-acceptance sequencing: words u·v where u is in L(A) and no proper prefix of u is, and v is in L(B) — "run the
 * prerequisite skill until it first succeeds, then this one". A sublanguage of L(A)·L(B) with at most |A| + |B|
 * states, because the moment of the switch is fixed instead of guessed: the full concatenation of four skills
 * with a constraint took ~1,300 states where this takes a few dozen. It is what a controller following the skills
 * one after the other needs. Over the union alphabet each side ignores the symbols it does not know.
 */
export function sequence(first: Dfa, second: Dfa, options: SequenceOptions = {}): Dfa {
  // The construction has exactly |A| + |B| states before minimizing: checked before its table is allocated.
  checkStates(first.stateCount + second.stateCount, stateLimit(options.maxStates), options.building ?? 'the sequence')
  const alphabet = first.alphabet.union(second.alphabet)
  const k = alphabet.size
  const firstColumn = first.alphabet.mapTo(alphabet)
  const secondColumn = second.alphabet.mapTo(alphabet)
  const offset = first.stateCount
  const n = offset + second.stateCount
  const accepting = new Uint8Array(n)
  accepting.set(second.accepting, offset)
  const table = new Int32Array(n * k).fill(NONE)
  for (let q = 0; q < first.stateCount; q++) {
    if (first.accepting[q]) continue // never entered: acceptance hands over to the second
    for (let a = 0; a < k; a++) {
      const c = firstColumn[a]!
      const target = c === NONE ? q : first.next(q, c)
      if (target === NONE) continue
      table[q * k + a] = first.accepting[target] ? offset + second.initial : target
    }
  }
  for (let p = 0; p < second.stateCount; p++) {
    for (let a = 0; a < k; a++) {
      const c = secondColumn[a]!
      const target = c === NONE ? p : second.next(p, c)
      table[(offset + p) * k + a] = target === NONE ? NONE : offset + target
    }
  }
  const initial = first.accepting[first.initial] ? offset + second.initial : first.initial
  return minimize(new Dfa(alphabet, initial, accepting, table))
}

/**
 * Sequences several DFAs left to right (a skill's prerequisite chain, each run until it first succeeds). Sequencing
 * is associative, so neighbours are paired level by level: n copies of a skill ("collect 3000 coal") cost
 * O(N log n) in the total states N, where folding from the left minimized a growing prefix n times (48 s for 3,000).
 */
export function sequenceAll(dfas: readonly Dfa[], options: SequenceOptions = {}): Dfa {
  if (dfas.length === 0) throw new Error('sequenceAll needs at least one DFA')
  let level = [...dfas]
  while (level.length > 1) {
    const paired: Dfa[] = []
    for (let i = 0; i < level.length; i += 2) {
      const [left, right] = [level[i]!, level[i + 1]]
      paired.push(right ? sequence(left, right, options) : left)
    }
    level = paired
  }
  return level[0]!
}
