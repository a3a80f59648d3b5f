import type { Alphabet } from '../automata/alphabet.js'
import type { Dfa } from '../automata/dfa.js'
import type { SymbolWord } from './ports.js'
import type { QueryCache } from './query-cache.js'

/**
 * An active learner: it builds a hypothesis by asking membership queries through the cache, and refines it with
 * a counterexample — gold (already stored as gold in the cache) or a candidate from a teacher that can err, which
 * the learner weighs as evidence. Both may throw BudgetExhausted.
 */
export interface Learner {
  readonly name: string
  hypothesis(): Promise<Dfa>
  /** Returns false when the counterexample taught it nothing (it cannot make progress with it). */
  refine(word: SymbolWord, label: boolean, gold?: boolean): Promise<boolean>
}

export interface LearnerContext {
  readonly alphabet: Alphabet
  readonly cache: QueryCache
}

export const concatWords = (a: SymbolWord, b: SymbolWord): string[] => a.concat(b)

/**
 * Rivest–Schapire counterexample analysis: the hypothesis is right at i = 0 (the counterexample's own label) and
 * wrong at i = |w|; binary search for an index where α(i) = MQ(access(h(w[..i])) · w[i..]) changes, asking one
 * word per step. Returns the split point i with α(i) ≠ α(i+1).
 */
export async function rivestSchapire(
  word: SymbolWord,
  label: boolean,
  accessOf: (prefix: SymbolWord) => SymbolWord,
  ask: (word: SymbolWord) => Promise<boolean>,
): Promise<number> {
  let low = 0 // α(low) = label
  let high = word.length // α(high) = !label (the hypothesis' answer)
  while (high - low > 1) {
    const middle = (low + high) >> 1
    const alpha = await ask(concatWords(accessOf(word.slice(0, middle)), word.slice(middle)))
    if (alpha === label) low = middle
    else high = middle
  }
  return low
}
