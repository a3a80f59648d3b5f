/**
 * A DFA made to give some words exact labels: L' = (L ∪ {accepted words}) \ {rejected words}, every other word as
 * before. It is the language an exact learner converges to when its teacher answers as `dfa` except on labelled
 * words, whose labels override (a cache of gold labels over a recipe teacher): so a gold label that the learner's
 * alphabet cannot express (a skill learned over milestones, corrected at one of its actions) still holds, and
 * nothing else moves. Built directly as the product of `dfa` with the labelled words' prefix tree, then minimized.
 */
import { extendAlphabet } from './alphabet-ops.js'
import { Dfa, NONE } from './dfa.js'
import { minimize } from './minimize.js'

export interface ExactLabel {
  readonly word: readonly string[]
  readonly label: boolean
}

/** `dfa` with every label holding; `dfa` itself when they all hold already over its alphabet. */
export function withExactLabels(dfa: Dfa, labels: readonly ExactLabel[]): Dfa {
  const base = extendAlphabet(
    dfa,
    labels.flatMap((l) => l.word),
  )
  const wrong = labels.filter((l) => base.accepts(l.word) !== l.label)
  if (wrong.length === 0) return base === dfa ? dfa : base
  const k = base.alphabet.size
  // The prefix tree of the words that need a new label: child[t * k + a], and the label a node's word gets.
  const child: number[] = []
  const label: (boolean | undefined)[] = [undefined]
  for (let a = 0; a < k; a++) child.push(NONE)
  for (const { word, label: wanted } of wrong) {
    let t = 0
    for (const symbol of word) {
      const a = base.alphabet.indexOf(symbol)
      let next = child[t * k + a] ?? NONE
      if (next === NONE) {
        next = label.length
        label.push(undefined)
        for (let b = 0; b < k; b++) child.push(NONE)
        child[t * k + a] = next
      }
      t = next
    }
    label[t] = wanted
  }
  // Pairs (state of `dfa` or NONE, node of the tree or NONE), reached breadth-first from (initial, root).
  const ids = new Map<string, number>()
  const pairs: [number, number][] = []
  const id = (q: number, t: number): number => {
    if (q === NONE && t === NONE) return NONE
    const key = `${q},${t}`
    let i = ids.get(key)
    if (i === undefined) {
      i = pairs.length
      ids.set(key, i)
      pairs.push([q, t])
    }
    return i
  }
  id(base.initial, 0)
  const table: number[] = []
  const accepting: number[] = []
  for (let i = 0; i < pairs.length; i++) {
    const [q, t] = pairs[i] as [number, number]
    const own = t === NONE ? undefined : label[t]
    accepting.push((own ?? (q !== NONE && base.isAccepting(q))) ? 1 : 0)
    for (let a = 0; a < k; a++) {
      const nq = q === NONE ? NONE : base.next(q, a)
      const nt = t === NONE ? NONE : (child[t * k + a] ?? NONE)
      table.push(id(nq, nt))
    }
  }
  const patched = new Dfa(base.alphabet, 0, Uint8Array.from(accepting), Int32Array.from(table))
  return minimize(patched, { complete: dfa.isComplete })
}
