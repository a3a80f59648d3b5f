import { Alphabet } from './alphabet.js'
import { Dfa, NONE } from './dfa.js'
import { minimize } from './minimize.js'
import { determinize, type Nfa } from './nfa.js'

/**
 * The same DFA over a larger alphabet (old symbols keep their columns, new ones follow). `ignore` (the default)
 * makes every state loop on the new symbols, which is what the DFA meant already (see `Dfa`): the language is
 * unchanged. `reject` sends them to a missing transition instead: the DFA now forbids those symbols.
 */
export function extendAlphabet(dfa: Dfa, symbols: Iterable<string>, mode: 'ignore' | 'reject' = 'ignore'): Dfa {
  return overAlphabet(dfa, dfa.alphabet.union(symbols), mode)
}

/**
 * Re-expresses `dfa` over `target`, which must contain all its symbols (in any order); symbols new to the DFA
 * loop (`ignore`) or are missing transitions (`reject`).
 */
export function overAlphabet(dfa: Dfa, target: Alphabet, mode: 'ignore' | 'reject' = 'ignore'): Dfa {
  const missing = dfa.alphabet.symbols.filter((s) => !target.has(s))
  if (missing.length > 0) throw new Error(`target alphabet lacks ${missing.map((s) => `"${s}"`).join(', ')}`)
  if (target.equals(dfa.alphabet)) return dfa
  const column = dfa.alphabet.mapTo(target)
  const n = dfa.stateCount
  const k = target.size
  const table = new Int32Array(n * k)
  for (let s = 0; s < n; s++) {
    for (let a = 0; a < k; a++) {
      const c = column[a]!
      table[s * k + a] = c !== NONE ? dfa.next(s, c) : mode === 'ignore' ? s : NONE
    }
  }
  return new Dfa(target, dfa.initial, dfa.accepting, table)
}

/**
 * Drops `symbols` from the alphabet with their transitions: the DFA no longer reads them, and over the remaining
 * symbols it accepts what it accepted before. (Over a larger alphabet the dropped symbols are then ignored,
 * like any unknown symbol.)
 */
export function restrictAlphabet(dfa: Dfa, keep: Iterable<string>): Dfa {
  const wanted = new Set(keep)
  const unknown = [...wanted].filter((s) => !dfa.alphabet.has(s))
  if (unknown.length > 0) throw new Error(`cannot keep unknown symbols ${unknown.map((s) => `"${s}"`).join(', ')}`)
  const target = new Alphabet(dfa.alphabet.symbols.filter((s) => wanted.has(s)))
  const column = dfa.alphabet.mapTo(target)
  const n = dfa.stateCount
  const k = target.size
  const table = new Int32Array(n * k)
  for (let s = 0; s < n; s++) for (let a = 0; a < k; a++) table[s * k + a] = dfa.next(s, column[a]!)
  return new Dfa(target, dfa.initial, dfa.accepting, table)
}

/**
 * Renames symbols, keeping the structure: a skill learned for `mine.iron_ore` becomes one for `mine.gold_ore`.
 * The renaming must stay one-to-one (two symbols cannot become one, and a new name cannot collide with a symbol
 * that keeps its name), because merging symbols would make the automaton nondeterministic.
 */
export function substitute(dfa: Dfa, renaming: Readonly<Record<string, string>> | ReadonlyMap<string, string>): Dfa {
  const map = renaming instanceof Map ? renaming : new Map(Object.entries(renaming))
  for (const from of map.keys()) {
    if (!dfa.alphabet.has(from)) throw new Error(`cannot substitute "${from}": it is not in the alphabet`)
  }
  const renamed = dfa.alphabet.symbols.map((s) => map.get(s) ?? s)
  const seen = new Map<string, string>()
  renamed.forEach((to, i) => {
    const from = dfa.alphabet.symbols[i]!
    const other = seen.get(to)
    if (other !== undefined) throw new Error(`substitution would merge "${other}" and "${from}" into "${to}"`)
    seen.set(to, from)
  })
  return new Dfa(new Alphabet(renamed), dfa.initial, dfa.accepting, dfa.table)
}

/**
 * The language with the events `optional` passed over or not: wherever one of them moves the automaton on, it may
 * also have happened already (an ε-move to the same target), determinized and minimized. A skill run later in a
 * sequence waits for an ingredient count that was already true when the run began: the event fired before and, a
 * count being edge-triggered, never fires again; with it optional the run goes on to its goal.
 */
export function withOptionalEvents(dfa: Dfa, optional: Iterable<string>): Dfa {
  const columns = [...optional].map((s) => dfa.alphabet.indexOf(s)).filter((c) => c !== NONE)
  if (columns.length === 0) return dfa
  const nfa: Nfa = {
    alphabet: dfa.alphabet,
    stateCount: dfa.stateCount,
    initial: [dfa.initial],
    accepting: dfa.accepting,
    next: (q, a) => {
      const t = dfa.next(q, a)
      return t === NONE ? [] : [t]
    },
    epsilon: (q) =>
      columns.flatMap((c) => {
        const t = dfa.next(q, c)
        return t === NONE || t === q ? [] : [t]
      }),
  }
  return minimize(determinize(nfa))
}
