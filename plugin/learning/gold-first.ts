import type { Dfa } from '../automata/dfa.js'
import type { Counterexample, CounterexampleSource, EquivalenceOracle, OracleOptions, SymbolWord } from './ports.js'

/**
 * An oracle that first holds the hypothesis to the gold labels it is given (a player's counterexamples, a run's
 * word), then asks `inner`. A sampling oracle may never draw the one word a player corrected; this one always
 * checks it, so a relearned DFA keeps every gold label.
 */
export class GoldFirstOracle implements EquivalenceOracle {
  /** What the last counterexample was: a gold label is handed to the learner as gold, whatever `inner` gives. */
  private source: CounterexampleSource

  constructor(
    private readonly inner: EquivalenceOracle,
    private readonly gold: readonly { readonly word: SymbolWord; readonly label: boolean }[],
  ) {
    this.source = inner.counterexamples
  }

  get counterexamples(): CounterexampleSource {
    return this.source
  }

  findCounterexample(hypothesis: Dfa, options?: OracleOptions): Promise<Counterexample | undefined> {
    const broken = this.gold.find((e) => hypothesis.accepts(e.word) !== e.label)
    this.source = broken ? 'gold' : this.inner.counterexamples
    if (broken) return Promise.resolve({ word: broken.word, label: broken.label })
    return this.inner.findCounterexample(hypothesis, options)
  }
}
