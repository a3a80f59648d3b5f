/**
 * A constraint's DFA repaired after a player's counterexample, when learning it again from its teacher cannot do
 * better — the teacher read the phrase differently, and its answers keep contradicting the player (learning makes no
 * progress, or grows a state for each word the player named): one transition along the word is redirected (to a
 * dead state for "not OK", or to a state that accepts for "OK"), the one change that also fixes every other word
 * reaching the same state the same way. A repair must keep every gold label; the result is minimized.
 *
 * Which transition is wrong the word alone does not say: "night, craft, sleep" is not OK because crafting at night
 * is not, yet sending the last step (sleep) to the dead state rejects the word just as well — and then "night,
 * sleep" is rejected too, a wrong that no one redirect can undo once the player says "night, sleep" is OK. So of the
 * redirects that give the word its label and keep the gold, the one that changes the labels of the fewest short
 * words is taken (shortest first: one word of length 2 outweighs any number of length 3), the latest step on a tie.
 */
import { Dfa, NONE } from '../../automata/dfa.js'
import { countAccepted } from '../../automata/enumerate.js'
import { minimize } from '../../automata/minimize.js'
import { symmetricDifference } from '../../automata/product.js'

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
    state = base[state * k + symbol] ?? NONE
    if (state === NONE) break
  }
  // Words up to two symbols longer than the counterexample tell the candidates apart.
  const horizon = word.length + 2
  let best: { dfa: Dfa; changed: number[] } | undefined
  // Latest step first, so that on a tie the step nearest the word's end (where a shortest word shows it) is taken.
  for (let i = path.length - 1; i >= 0; i--) {
    const step = path[i]
    if (!step) continue
    const targets = label ? [step.state, ...range(dfa.stateCount)] : [dead, ...range(dfa.stateCount)]
    for (const to of targets) {
      const table = base.slice()
      table[step.state * k + step.symbol] = to
      const candidate = new Dfa(dfa.alphabet, dfa.initial, accepting, table)
      if (!holds(candidate)) continue
      const changed = changedWordsByLength(dfa, candidate, horizon)
      if (!best || fewerShortChanges(changed, best.changed)) best = { dfa: candidate, changed }
    }
  }
  return best ? minimize(best.dfa) : undefined
}

/** How many words of each length 0..horizon the two DFAs label differently. */
function changedWordsByLength(before: Dfa, after: Dfa, horizon: number): number[] {
  const changes = symmetricDifference(before, after)
  return Array.from({ length: horizon + 1 }, (_, length) => countAccepted(changes, length))
}

/** Does `a` change fewer words than `b` at the shortest length where they differ? */
function fewerShortChanges(a: readonly number[], b: readonly number[]): boolean {
  const length = a.findIndex((count, i) => count !== b[i])
  return length >= 0 && (a[length] ?? 0) < (b[length] ?? 0)
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i)
