import type { Dfa } from '../automata/dfa.js'
import { equivalent } from '../automata/product.js'
import type { Counterexample, EquivalenceOracle, MembershipTeacher, SymbolWord } from './ports.js'

/**
 * A teacher that answers from a known target DFA, wrong on a fixed set of words: each distinct word's label is
 * flipped with probability `noise`, decided by a hash of the seed and the word, so the same word always gets the
 * same answer whatever order it is asked in (persistent noise).
 */
export class SimulatedTeacher implements MembershipTeacher {
  constructor(
    private readonly target: Dfa,
    private readonly noise = 0,
    private readonly seed = 0,
  ) {
    if (noise < 0 || noise > 0.5) throw new RangeError(`noise must be between 0 and 0.5, not ${noise}`)
  }

  async answer(words: readonly SymbolWord[]): Promise<boolean[]> {
    return words.map((word) => this.target.accepts(word) !== (this.noise > 0 && this.flipped(word)))
  }

  /** Whether this teacher lies about `word`. */
  flipped(word: SymbolWord): boolean {
    return uniformHash(this.seed, word.join('\u0001')) < this.noise
  }
}

/** The exact equivalence oracle of the benchmarks: a shortest counterexample with its true label. */
export class ExactOracle implements EquivalenceOracle {
  readonly counterexamples = 'gold'
  constructor(private readonly target: Dfa) {}

  async findCounterexample(hypothesis: Dfa): Promise<Counterexample | undefined> {
    const result = equivalent(hypothesis, this.target)
    if (result.equivalent || !result.counterexample) return undefined
    return { word: result.counterexample, label: this.target.accepts(result.counterexample) }
  }
}

/**
 * A number in [0, 1) from FNV-1a over the seed and the text, mixed by murmur3's finalizer: the persistent coin of
 * simulated noise (the same seed and text always give the same number).
 */
export function uniformHash(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296
}
