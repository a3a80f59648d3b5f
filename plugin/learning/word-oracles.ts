import { Alphabet } from '../automata/alphabet.js'
import { Dfa, NONE } from '../automata/dfa.js'
import { randomWord } from '../automata/enumerate.js'
import { equivalent } from '../automata/product.js'
import { type Random, randomInt, seededRandom } from '../automata/random.js'
import type {
  Counterexample,
  CounterexampleSource,
  EquivalenceOracle,
  Membership,
  MembershipTeacher,
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

/** Every word over `symbols` of length at most `n`, shortest first. */
function wordsUpTo(symbols: readonly string[], n: number): SymbolWord[] {
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

export interface StatisticalOracleOptions {
  /** η̄: the error rate the teacher is assumed to stay under. 0 means every disagreement counts. Default 0.1. */
  readonly noiseBound?: number
  /** The chance of calling a right hypothesis wrong because of noise (one-sided). Default 0.05. */
  readonly alpha?: number
  /** Random words drawn once (lengths 3 to maxLength). Default 200. */
  readonly samples?: number
  readonly maxLength?: number
  readonly seed?: number
  /** Asked when learn() gives no membership (standalone use). */
  readonly teacher?: MembershipTeacher
  /**
   * Candidates the learner may overrule in a row (the same hypothesis language comes back) before the oracle
   * accepts the hypothesis as the best the evidence supports, instead of offering words until a budget ends.
   * Default 4.
   */
  readonly patience?: number
}

/**
 * The equivalence oracle for a teacher that can err (an LLM) when no exact grammar is at hand. It judges the
 * hypothesis on every word of length ≤ 2, a fixed random sample and the W-method words of depth 1 (state cover ·
 * Σ^≤2 · characterizing set), asked through the learner's cache. A right hypothesis still disagrees with such a
 * teacher on about η of the words, so only a disagreement rate above what η̄ explains in some length band (a
 * one-sided binomial bound at level α/3 per band), or a disagreement its extensions back up, rejects it. Its counterexamples are candidates — the shortest disagreement not offered before —
 * which the learner weighs as evidence; none is ever gold.
 */
export class StatisticalOracle implements EquivalenceOracle {
  readonly counterexamples = 'candidate'
  private readonly base: SymbolWord[]
  private readonly offered = new Set<string>()
  private readonly noiseBound: number
  /** The one-sided normal quantile at level α/3 (three length bands). */
  private readonly zBand: number
  private lastRate = 0
  private previous: Dfa | undefined
  private overruled = 0

  constructor(
    symbols: readonly string[],
    private readonly options: StatisticalOracleOptions = {},
  ) {
    this.noiseBound = options.noiseBound ?? 0.1
    this.zBand = normalQuantile(1 - (options.alpha ?? 0.05) / 3)
    const alphabet = new Alphabet(symbols)
    const random: Random = seededRandom(options.seed ?? 1)
    const maxLength = options.maxLength ?? 8
    this.base = [
      ...wordsUpTo(alphabet.symbols, 2),
      ...Array.from({ length: options.samples ?? 200 }, () =>
        randomWord(alphabet, 3 + randomInt(random, Math.max(1, maxLength - 2)), random),
      ),
    ]
  }

  /** The share of the last test's words on which the hypothesis and the teacher disagreed. */
  get disagreement(): number {
    return this.lastRate
  }

  async findCounterexample(hypothesis: Dfa, options: OracleOptions = {}): Promise<Counterexample | undefined> {
    const teacher = this.options.teacher
    const signal = options.signal ? { signal: options.signal } : undefined
    const ask =
      options.membership ?? (teacher ? (words: readonly SymbolWord[]) => teacher.answer(words, signal) : undefined)
    if (!ask) throw new Error('the statistical oracle needs the learning run’s membership or a teacher')
    this.overruled = this.previous && equivalent(this.previous, hypothesis).equivalent ? this.overruled + 1 : 0
    this.previous = hypothesis
    if (this.overruled >= (this.options.patience ?? 8)) return undefined
    const words = new Map<string, SymbolWord>()
    for (const w of [...this.base, ...conformanceWords(hypothesis, 1)]) words.set(wordKey(w), w)
    const sample = [...words.values()].sort((x, y) => x.length - y.length)
    const labels = await ask(sample)
    const disagrees = sample.map((w, i) => hypothesis.accepts(w) !== labels[i])
    const wrong = sample.filter((_, i) => disagrees[i])
    this.lastRate = wrong.length / sample.length
    const fresh = wrong.filter((w) => !this.offered.has(wordKey(w)))
    // Too many disagreements for noise alone: the shortest is the candidate. Otherwise only a disagreement its own
    // one-symbol extensions back up (a lie is about one word; a wrong state shows in the words that follow it).
    const word = this.tooMany(sample, disagrees) ? fresh[0] : await this.supported(hypothesis, fresh, ask)
    if (!word) return undefined // nothing the noise does not explain, or the learner overruled it already
    this.offered.add(wordKey(word))
    return { word, label: !hypothesis.accepts(word) }
  }

  /**
   * Whether some length band (≤ 2, 3–4, ≥ 5 symbols) holds more disagreements than noise explains, each band at
   * level α/3. Bands, because where a constraint's states differ is often in short words only: over long words a
   * live state and the dead one both reject almost everything, and a rate over the whole sample hides it.
   */
  private tooMany(sample: readonly SymbolWord[], disagrees: readonly boolean[]): boolean {
    const bands = [0, 0, 0].map(() => ({ n: 0, wrong: 0 }))
    sample.forEach((w, i) => {
      const band = bands[w.length <= 2 ? 0 : w.length <= 4 ? 1 : 2]!
      band.n++
      if (disagrees[i]) band.wrong++
    })
    const eta = this.noiseBound
    const allowed = (n: number) => (eta === 0 ? 0 : n * eta + this.zBand * Math.sqrt(n * eta * (1 - eta)))
    return bands.some(({ n, wrong }) => wrong > allowed(n))
  }

  /**
   * The shortest disagreement w whose extensions w·a disagree with the hypothesis more often than noise would make
   * them, at level α shared among the disagreements tested.
   */
  private async supported(
    hypothesis: Dfa,
    disagreements: readonly SymbolWord[],
    ask: Membership,
  ): Promise<SymbolWord | undefined> {
    if (disagreements.length === 0) return undefined
    if (this.noiseBound === 0) return disagreements[0]
    const symbols = hypothesis.alphabet.symbols
    const extensions = disagreements.flatMap((w) => symbols.map((a) => [...w, a]))
    const labels = await ask(extensions)
    const needed = binomialTail(symbols.length, this.noiseBound, (this.options.alpha ?? 0.05) / disagreements.length)
    return disagreements.find((_, i) => {
      let against = 0
      for (let j = 0; j < symbols.length; j++) {
        const k = i * symbols.length + j
        if (hypothesis.accepts(extensions[k]!) !== labels[k]) against++
      }
      return against >= needed
    })
  }
}

/** The least t with P(Binomial(n, p) ≥ t) ≤ level (n + 1 when even n is too likely). */
function binomialTail(n: number, p: number, level: number): number {
  const pmf = (k: number) => {
    let c = 1
    for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1)
    return c * p ** k * (1 - p) ** (n - k)
  }
  let tail = 0
  for (let t = n; t >= 0; t--) {
    tail += pmf(t)
    if (tail > level) return t + 1
  }
  return 0
}

/** The standard normal quantile, by bisection on the normal distribution function (erf after Abramowitz–Stegun 7.1.26). */
function normalQuantile(p: number): number {
  const cdf = (x: number) => {
    const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2)
    const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    const erf = 1 - poly * Math.exp(-(x * x) / 2)
    return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2
  }
  let low = -8
  let high = 8
  for (let i = 0; i < 60; i++) {
    const middle = (low + high) / 2
    if (cdf(middle) < p) low = middle
    else high = middle
  }
  return (low + high) / 2
}
