import { Alphabet } from '../automata/alphabet.js'
import { Dfa, NONE } from '../automata/dfa.js'
import { randomWord } from '../automata/enumerate.js'
import { equivalent } from '../automata/product.js'
import { randomInt, seededRandom } from '../automata/random.js'
import type {
  Counterexample,
  CounterexampleSource,
  EquivalenceOracle,
  Membership,
  OracleOptions,
  SymbolWord,
} from './ports.js'
import { wordKey } from './query-cache.js'

/**
 * Runs words and says which were accepted: the Sim or the live game executing them (gold), or a teacher judging
 * them (candidate). Oracles built on it declare which it is.
 */
export interface WordExecutor {
  readonly source: CounterexampleSource
  run(words: readonly SymbolWord[]): Promise<boolean[]>
}

/** The learner's cache when learn() offers it (the teacher is paid once per word), else the executor itself. */
function judge(executor: WordExecutor | undefined, membership: Membership | undefined): Membership {
  if (executor) return (words) => executor.run(words)
  if (membership) return membership
  throw new Error('this oracle has no word executor and was not given the learning run’s membership')
}

/** The first of `words` (in order) on which the hypothesis and the judged labels disagree. */
async function firstDisagreement(
  hypothesis: Dfa,
  words: readonly SymbolWord[],
  ask: Membership,
): Promise<Counterexample | undefined> {
  const labels = await ask(words)
  const i = words.findIndex((w, j) => hypothesis.accepts(w) !== labels[j])
  return i < 0 ? undefined : { word: words[i]!, label: labels[i]! }
}

/** A shortest access word per reachable state, breadth first in symbol order: a state cover. */
export function stateCover(dfa: Dfa): SymbolWord[] {
  const access: (SymbolWord | undefined)[] = new Array(dfa.stateCount).fill(undefined)
  access[dfa.initial] = []
  const queue = [dfa.initial]
  for (let head = 0; head < queue.length; head++) {
    const q = queue[head]!
    for (let a = 0; a < dfa.alphabet.size; a++) {
      const t = dfa.next(q, a)
      if (t === NONE || access[t]) continue
      access[t] = [...access[q]!, dfa.alphabet.symbol(a)]
      queue.push(t)
    }
  }
  return access.filter((w): w is SymbolWord => w !== undefined)
}

/** A characterizing set: for every pair of distinguishable states, a shortest suffix that tells them apart. */
export function characterizingSet(dfa: Dfa): SymbolWord[] {
  const from = (q: number) => new Dfa(dfa.alphabet, q, dfa.accepting, dfa.table)
  const suffixes = new Map<string, SymbolWord>([['', []]])
  for (let p = 0; p < dfa.stateCount; p++) {
    for (let q = p + 1; q < dfa.stateCount; q++) {
      const { counterexample } = equivalent(from(p), from(q))
      if (counterexample) suffixes.set(wordKey(counterexample), counterexample)
    }
  }
  return [...suffixes.values()]
}

/**
 * Suffixes that tell the states apart, several per pair: for every two states (a missing transition counting as a
 * state that rejects everything), the `perPair` shortest words up to `maxLength` that one accepts and the other
 * not. A learner that cannot trust single answers (CAPAL) needs a pair to differ on more than one column.
 */
export function distinguishingSuffixes(dfa: Dfa, perPair = 3, maxLength = 4): SymbolWord[] {
  const candidates = wordsUpTo(dfa.alphabet.symbols, maxLength)
  const acceptsFrom = (q: number) =>
    candidates.map((w) => {
      const t = q === NONE ? NONE : dfa.run(w, q)
      return t !== NONE && dfa.accepting[t] === 1
    })
  const rows = [NONE, ...Array.from({ length: dfa.stateCount }, (_, q) => q)].map(acceptsFrom)
  const suffixes = new Map<string, SymbolWord>()
  for (let p = 0; p < rows.length; p++) {
    for (let q = p + 1; q < rows.length; q++) addSeparatingWords(candidates, rows[p]!, rows[q]!, perPair, suffixes)
  }
  return [...suffixes.values()]
}

/** Adds to `out` the first `count` of `candidates` on which two states' acceptance rows (one per candidate) differ. */
export function addSeparatingWords(
  candidates: readonly SymbolWord[],
  a: readonly boolean[],
  b: readonly boolean[],
  count: number,
  out: Map<string, SymbolWord>,
): void {
  let found = 0
  for (let i = 0; i < candidates.length && found < count; i++) {
    if (a[i] === b[i]) continue
    out.set(wordKey(candidates[i]!), candidates[i]!)
    found++
  }
}

/** Every word over `symbols` of length at most `n`, shortest first. */
export function wordsUpTo(symbols: readonly string[], n: number): SymbolWord[] {
  const out: SymbolWord[] = [[]]
  let layer: SymbolWord[] = [[]]
  for (let length = 1; length <= n; length++) {
    layer = layer.flatMap((w) => symbols.map((a) => [...w, a]))
    out.push(...layer)
  }
  return out
}

/**
 * AALpy's random-word oracle: `words` random words with lengths from `minLength` to `maxLength`, drawn once (so a
 * teacher answers each once), shortest first; the first the hypothesis gets wrong is the counterexample.
 */
export class RandomWordOracle implements EquivalenceOracle {
  readonly counterexamples: CounterexampleSource
  private readonly words: SymbolWord[]

  constructor(
    symbols: readonly string[],
    private readonly executor?: WordExecutor,
    { words = 200, minLength = 1, maxLength = 10, seed = 1 } = {},
  ) {
    this.counterexamples = executor?.source ?? 'candidate'
    const alphabet = new Alphabet(symbols)
    const random = seededRandom(seed)
    const span = Math.max(1, maxLength - minLength + 1)
    this.words = Array.from({ length: words }, () => randomWord(alphabet, minLength + randomInt(random, span), random))
    this.words.sort((x, y) => x.length - y.length)
  }

  findCounterexample(hypothesis: Dfa, options: OracleOptions = {}): Promise<Counterexample | undefined> {
    return firstDisagreement(hypothesis, this.words, judge(this.executor, options.membership))
  }
}

/**
 * AALpy's W-method oracle: access(q) · middle · w for every state q of the hypothesis, every middle word of length
 * at most `depth` and every w of the hypothesis's characterizing set — complete for targets with at most
 * `depth` more states than the hypothesis.
 */
export class WMethodOracle implements EquivalenceOracle {
  readonly counterexamples: CounterexampleSource

  constructor(
    private readonly executor?: WordExecutor,
    private readonly depth = 1,
  ) {
    this.counterexamples = executor?.source ?? 'candidate'
  }

  findCounterexample(hypothesis: Dfa, options: OracleOptions = {}): Promise<Counterexample | undefined> {
    const words = conformanceWords(hypothesis, this.depth)
    return firstDisagreement(hypothesis, words, judge(this.executor, options.membership))
  }
}

/** The W-method's test words for a hypothesis, shortest first, without repeats. */
export function conformanceWords(hypothesis: Dfa, depth: number): SymbolWord[] {
  const middles = wordsUpTo(hypothesis.alphabet.symbols, depth + 1)
  const suffixes = characterizingSet(hypothesis)
  const words = new Map<string, SymbolWord>()
  for (const u of stateCover(hypothesis)) {
    for (const m of middles) {
      for (const w of suffixes) {
        const word = [...u, ...m, ...w]
        words.set(wordKey(word), word)
      }
    }
  }
  return [...words.values()].sort((x, y) => x.length - y.length)
}
