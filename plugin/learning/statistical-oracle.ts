import { Alphabet } from '../automata/alphabet.js'
import { Dfa } from '../automata/dfa.js'
import { randomWord } from '../automata/enumerate.js'
import { equivalent } from '../automata/product.js'
import { type Random, randomInt, seededRandom } from '../automata/random.js'
import type {
  Counterexample,
  EquivalenceOracle,
  Membership,
  MembershipTeacher,
  OracleOptions,
  SymbolWord,
} from './ports.js'
import { wordKey } from './query-cache.js'
import { addSeparatingWords, conformanceWords, stateCover, wordsUpTo } from './word-oracles.js'

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
   * Default 8.
   */
  readonly patience?: number
  /** Test every transition of the hypothesis on the words that tell its target from the other states. Default on. */
  readonly transitionTests?: boolean
}

/**
 * The equivalence oracle for a teacher that can err (an LLM) when no exact grammar is at hand. It judges the
 * hypothesis on every word of length ≤ 2, a fixed random sample, the W-method words of depth 1 (state cover ·
 * Σ^≤2 · characterizing set) and one group of words per transition (see transitionGroups), asked through the
 * learner's cache. A right hypothesis still disagrees with such a teacher on about η of the words, so it is rejected
 * only by a disagreement rate above what η̄ explains in some length band (a one-sided binomial bound at level α/3
 * per band), a transition whose own words disagree more than the noise seen elsewhere explains, or a disagreement its
 * extensions back up. Its counterexamples are candidates — the shortest disagreement not offered before — which the
 * learner weighs as evidence; none is ever gold.
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
    const groups = this.options.transitionTests === false ? [] : transitionGroups(hypothesis)
    const words = new Map<string, SymbolWord>()
    for (const w of [...this.base, ...conformanceWords(hypothesis, 1), ...groups.flat()]) words.set(wordKey(w), w)
    const sample = [...words.values()].sort((x, y) => x.length - y.length)
    const labels = await ask(sample)
    const disagreeing = new Set<string>()
    sample.forEach((w, i) => {
      if (hypothesis.accepts(w) !== labels[i]) disagreeing.add(wordKey(w))
    })
    const disagrees = sample.map((w) => disagreeing.has(wordKey(w)))
    const wrong = sample.filter((_, i) => disagrees[i])
    this.lastRate = wrong.length / sample.length
    const fresh = wrong.filter((w) => !this.offered.has(wordKey(w)))
    // Too many disagreements for noise alone: the shortest is the candidate. Then a transition whose test words
    // disagree more than noise explains; otherwise only a disagreement its own one-symbol extensions back up (a lie
    // is about one word; a wrong state shows in the words that follow it).
    const word = this.tooMany(sample, disagrees)
      ? fresh[0]
      : (this.wrongTransition(groups, disagreeing, sample.length, wrong.length) ??
        (await this.supported(hypothesis, fresh, ask)))
    if (!word) return undefined // nothing the noise does not explain, or the learner overruled it already
    this.offered.add(wordKey(word))
    return { word, label: !hypothesis.accepts(word) }
  }

  /**
   * The shortest fresh disagreement in the first transition group (see transitionGroups) that holds more
   * disagreements than noise explains: a binomial tail at level α over the number of groups, with the noise rate
   * estimated from the words outside the group (at most η̄) — the estimate, not the bound, because a wrong
   * transition of a small constraint shows in a handful of words, which η̄ = 0.1 would explain away.
   */
  private wrongTransition(
    groups: readonly SymbolWord[][],
    disagreeing: ReadonlySet<string>,
    total: number,
    wrong: number,
  ): SymbolWord | undefined {
    if (groups.length === 0) return undefined
    const level = (this.options.alpha ?? 0.05) / groups.length
    for (const group of groups) {
      const keys = [...new Set(group.map(wordKey))]
      const against = keys.filter((k) => disagreeing.has(k)).length
      if (against === 0) continue
      const outside = Math.max(1, total - keys.length)
      const eta = this.noiseBound === 0 ? 0 : Math.min(this.noiseBound, Math.max(0.01, (wrong - against) / outside))
      if (eta > 0 && against < binomialTail(keys.length, eta, level)) continue
      const word = group
        .filter((w) => disagreeing.has(wordKey(w)) && !this.offered.has(wordKey(w)))
        .sort((x, y) => x.length - y.length)[0]
      if (word) return word
    }
    return undefined
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

/**
 * One group of test words per state and per transition of the hypothesis: for the state q reached by access word u,
 * u·x, and for each symbol a, u·a·x, where x runs over ε and the shortest words (up to length 3, a few per pair)
 * on which the hypothesis's target state and each other state differ. If the hypothesis sends u·a to the wrong
 * state, these are exactly the words where that shows, so a handful of them disagreeing is evidence that the same
 * number scattered over a random sample is not.
 */
export function transitionGroups(hypothesis: Dfa, perPair = 4, maxLength = 3): SymbolWord[][] {
  const symbols = hypothesis.alphabet.symbols
  const candidates = wordsUpTo(symbols, maxLength)
  const from = (q: number) => new Dfa(hypothesis.alphabet, q, hypothesis.accepting, hypothesis.table)
  const accepts = Array.from({ length: hypothesis.stateCount }, (_, q) => {
    const dfa = from(q)
    return candidates.map((w) => dfa.accepts(w))
  })
  const tells = (t: number): SymbolWord[] => {
    const out = new Map<string, SymbolWord>([['', []]])
    for (let r = 0; r < hypothesis.stateCount; r++) {
      if (r !== t) addSeparatingWords(candidates, accepts[t]!, accepts[r]!, perPair, out)
    }
    return [...out.values()]
  }
  const groups: SymbolWord[][] = []
  for (const u of stateCover(hypothesis)) {
    for (const prefix of [u, ...symbols.map((a) => [...u, a])]) {
      const t = hypothesis.run(prefix)
      if (t < 0) continue
      groups.push(tells(t).map((x) => [...prefix, ...x]))
    }
  }
  return groups
}
