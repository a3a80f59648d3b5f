/**
 * When a constraint cannot be learned again from its teacher after a player's counterexample — the teacher read
 * the phrase differently, and its answers keep contradicting the player (learning makes no progress) — the DFA
 * itself is repaired: a shortest counterexample's last transition goes wrong, so that one transition is redirected
 * (to a dead state for "not OK", or to a state that accepts for "OK"), the one change that also fixes every other
 * word reaching the same state the same way. A repair must keep every gold label; the result is minimized.
 */
import { Dfa, NONE } from '../../automata/dfa.js'
import { minimize } from '../../automata/minimize.js'

export interface GoldLabel {
  readonly word: readonly string[]
  readonly label: boolean
}

/** The DFA with one transition redirected so `word` gets `label` and every gold label holds; undefined if none does. */
export function repairTransition(dfa: Dfa, word: readonly string[], label: boolean, gold: readonly GoldLabel[]) {
  const k = dfa.alphabet.size
  // A dead state to send "not OK" words to (a copy with one more state).
  const n = dfa.stateCount + 1
  const dead = n - 1
  const base = new Int32Array(n * k)
  base.set(dfa.table)
  for (let a = 0; a < k; a++) base[dead * k + a] = dead
  const accepting = new Uint8Array(n)
  accepting.set(dfa.accepting)
  const holds = (candidate: Dfa) =>
    candidate.accepts(word) === label && gold.every((g) => candidate.accepts(g.word) === g.label)
  // The states along the word (symbols outside the alphabet leave the state where it is).
  const path: { state: number; symbol: number }[] = []
  let state = dfa.initial
  for (const s of word) {
    const symbol = dfa.alphabet.indexOf(s)
    if (symbol < 0) continue
    path.push({ state, symbol })
    state = state === NONE ? NONE : (base[state * k + symbol] ?? NONE)
    if (state === NONE) break
  }
  // Latest first: a shortest counterexample goes wrong at its end.
  for (let i = path.length - 1; i >= 0; i--) {
    const step = path[i]
    if (!step || step.state === NONE) continue
    const targets = label ? [step.state, ...range(dfa.stateCount)] : [dead, ...range(dfa.stateCount)]
    for (const to of targets) {
      const table = base.slice()
      table[step.state * k + step.symbol] = to
      const candidate = new Dfa(dfa.alphabet, dfa.initial, accepting, table)
      if (holds(candidate)) return minimize(candidate)
    }
  }
  return undefined
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i)
