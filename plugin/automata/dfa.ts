import { Alphabet } from './alphabet.js'

/** The "no transition" entry of a partial DFA's table: the word is rejected from here on. */
export const NONE = -1

export interface DfaParts {
  readonly alphabet: Alphabet | readonly string[]
  readonly initial: number
  readonly accepting: Iterable<number>
  /** Row per state, column per alphabet symbol; `null` or -1 for a missing transition (a partial DFA). */
  readonly transitions: readonly (readonly (number | null)[])[]
}

/**
 * A deterministic finite automaton over an `Alphabet` of symbol names, with a dense transition table
 * (`table[state * alphabet.size + symbol]`, `NONE` where the DFA is partial). Immutable: every operation returns a
 * new DFA.
 *
 * The alphabet is what the DFA *looks at*. A symbol outside it is ignored (the state stays put), both by `run` and
 * when DFAs over different alphabets are combined: a constraint about sleeping says nothing about mining. So
 * L(A) over a larger alphabet is { w : w with A's unknown symbols erased is in L(A) }. A missing transition on a
 * known symbol, by contrast, rejects.
 */
export class Dfa {
  readonly alphabet: Alphabet
  readonly stateCount: number
  readonly initial: number
  /** 1 where the state accepts. */
  readonly accepting: Uint8Array
  readonly table: Int32Array

  constructor(alphabet: Alphabet, initial: number, accepting: Uint8Array, table: Int32Array) {
    const k = alphabet.size
    const n = accepting.length
    if (n === 0) throw new Error('a DFA needs at least one state')
    if (table.length !== n * k) throw new Error(`transition table has ${table.length} entries, expected ${n} x ${k}`)
    if (!Number.isInteger(initial) || initial < 0 || initial >= n)
      throw new Error(`initial state ${initial} out of range`)
    for (let i = 0; i < table.length; i++) {
      const target = table[i]!
      if (target < NONE || target >= n) throw new Error(`transition to state ${target} out of range (${n} states)`)
    }
    this.alphabet = alphabet
    this.stateCount = n
    this.initial = initial
    this.accepting = accepting
    this.table = table
  }

  /** Builds a DFA from plain rows (the JSON interchange shape). */
  static from(parts: DfaParts): Dfa {
    const alphabet = parts.alphabet instanceof Alphabet ? parts.alphabet : new Alphabet(parts.alphabet)
    const n = parts.transitions.length
    const k = alphabet.size
    const table = new Int32Array(n * k)
    parts.transitions.forEach((row, state) => {
      if (row.length !== k) throw new Error(`state ${state} has ${row.length} transitions, expected ${k}`)
      row.forEach((target, symbol) => {
        table[state * k + symbol] = target ?? NONE
      })
    })
    const accepting = new Uint8Array(n)
    for (const state of parts.accepting) {
      if (!Number.isInteger(state) || state < 0 || state >= n) throw new Error(`accepting state ${state} out of range`)
      accepting[state] = 1
    }
    return new Dfa(alphabet, parts.initial, accepting, table)
  }

  /** The DFA accepting nothing (complete: one rejecting state looping on every symbol). */
  static empty(alphabet: Alphabet | readonly string[]): Dfa {
    return Dfa.universal(alphabet, false)
  }

  /** The DFA accepting every word (or none, with `accept` false). */
  static universal(alphabet: Alphabet | readonly string[], accept = true): Dfa {
    const a = alphabet instanceof Alphabet ? alphabet : new Alphabet(alphabet)
    return new Dfa(a, 0, Uint8Array.of(accept ? 1 : 0), new Int32Array(a.size))
  }

  get isComplete(): boolean {
    return !this.table.includes(NONE)
  }

  isAccepting(state: number): boolean {
    return this.accepting[state] === 1
  }

  /** The target of one transition by symbol index; `NONE` when missing. */
  next(state: number, symbolIndex: number): number {
    return this.table[state * this.alphabet.size + symbolIndex]!
  }

  /** One step by symbol name: unknown symbols leave the state unchanged (see the class comment). */
  step(state: number, symbol: string): number {
    if (state === NONE) return NONE
    const index = this.alphabet.indexOf(symbol)
    return index === NONE ? state : this.next(state, index)
  }

  /** The state after reading `word` from `from` (default: initial), or `NONE` once a missing transition is hit. */
  run(word: Iterable<string>, from = this.initial): number {
    let state = from
    for (const symbol of word) {
      state = this.step(state, symbol)
      if (state === NONE) return NONE
    }
    return state
  }

  accepts(word: Iterable<string>): boolean {
    const state = this.run(word)
    return state !== NONE && this.accepting[state] === 1
  }

  /** Rows as plain arrays (`null` for missing transitions). */
  rows(): (number | null)[][] {
    const k = this.alphabet.size
    return Array.from({ length: this.stateCount }, (_, s) =>
      Array.from(this.table.subarray(s * k, s * k + k), (t) => (t === NONE ? null : t)),
    )
  }

  acceptingStates(): number[] {
    const states: number[] = []
    this.accepting.forEach((flag, state) => {
      if (flag) states.push(state)
    })
    return states
  }
}
