import type { Alphabet } from './alphabet.js'
import { Dfa, NONE } from './dfa.js'
import { checkStates, stateLimit } from './size-limit.js'

/** A nondeterministic automaton with ε-moves, as far as the subset construction needs one. */
export interface Nfa {
  readonly alphabet: Alphabet
  readonly stateCount: number
  readonly initial: readonly number[]
  readonly accepting: Uint8Array
  /** Targets on symbol index `symbol`. */
  next(state: number, symbol: number): readonly number[]
  epsilon(state: number): readonly number[]
}

/** The subset construction over the reachable subsets only. The empty subset becomes a missing transition. */
export function determinize(nfa: Nfa, options: { readonly maxStates?: number; readonly building?: string } = {}): Dfa {
  const limit = stateLimit(options.maxStates)
  const k = nfa.alphabet.size
  const ids = new Map<string, number>()
  const subsets: number[][] = []
  const rows: number[] = []
  const accepting: number[] = []

  const closure = (states: Iterable<number>): number[] => {
    const seen = new Set<number>()
    const stack = [...states]
    while (stack.length > 0) {
      const s = stack.pop()!
      if (seen.has(s)) continue
      seen.add(s)
      for (const t of nfa.epsilon(s)) if (!seen.has(t)) stack.push(t)
    }
    return [...seen].sort((a, b) => a - b)
  }
  const idOf = (subset: number[]): number => {
    if (subset.length === 0) return NONE
    const key = subset.join(',')
    let id = ids.get(key)
    if (id === undefined) {
      id = subsets.length
      checkStates(id + 1, limit, options.building ?? 'the subset construction')
      ids.set(key, id)
      subsets.push(subset)
      accepting.push(subset.some((s) => nfa.accepting[s] === 1) ? 1 : 0)
    }
    return id
  }

  const initial = idOf(closure(nfa.initial))
  if (initial === NONE) return Dfa.empty(nfa.alphabet)
  for (let id = 0; id < subsets.length; id++) {
    const subset = subsets[id]!
    for (let a = 0; a < k; a++) {
      const targets = new Set<number>()
      for (const s of subset) for (const t of nfa.next(s, a)) targets.add(t)
      rows.push(idOf(closure(targets)))
    }
  }
  return new Dfa(nfa.alphabet, initial, Uint8Array.from(accepting), Int32Array.from(rows))
}
