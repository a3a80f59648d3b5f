import { Dfa } from '../automata/dfa.js'
import { type Random, randomInt, seededRandom } from '../automata/random.js'
import { concatWords, type Learner, type LearnerContext, rivestSchapire } from './learner.js'
import type { SymbolWord } from './ports.js'
import { joinKeys, keyWord, wordKey } from './query-cache.js'

export interface CapalParameters {
  /** η̄: a conservative upper bound on the teacher's error rate (0 means exact comparisons). Default 0.1. */
  readonly noiseBound?: number
  /** α: the confidence parameter of the class query's tolerance. Default 0.05. */
  readonly alpha?: number
  /** τ_max: the largest tolerance added to p0. Default 0.15. */
  readonly tauMax?: number
  /** Random suffixes in the pool (none when noiseBound is 0). Default 24. */
  readonly poolSize?: number
  /** The pool never grows past this many suffixes; then a counterexample that changes nothing ends learning. Default 1024. */
  readonly maxPoolSize?: number
  /** Longest pool suffix. Default 8. */
  readonly poolMaxLength?: number
  /**
   * E_pool′ (Appendix G): the class query uses the core and at most this many pool suffixes, the newest, so a pool
   * grown as the last resort brings fresh suffixes instead of diluting the core's discriminators. Default: all.
   */
  readonly poolSample?: number
  readonly seed?: number
  /**
   * How many disagreements one against a gold label counts for in the class query. Default 3: only the other side
   * can be a lie. A language whose states differ on few suffixes (a skill's milestones) needs more: there a gold
   * cell is often the one difference between two states, and at 3 it was outvoted round after round.
   */
  readonly goldWeight?: number
  /**
   * Runs (gold counterexamples) the class query keeps outvoting are followed: one that comes back pins its prefixes
   * (see `pin`), and the hypothesis follows a gold word's path as it takes its label. Default off: measured to help
   * skills (a compass's ingredients in either order, the teacher knowing one), and to cost a few cells of the
   * teachers bench's constraints taught with systematic errors and no grammar (24/55 right, 27 without).
   */
  readonly followGoldRuns?: boolean
  /**
   * A warm start: rows (with their prefixes) and core columns the table begins with — a template hypothesis's
   * access words and the suffixes that tell its states apart — so its first round asks the teacher about the
   * template's structure at once instead of finding it one counterexample at a time. The teacher still labels
   * every cell.
   */
  readonly prefixes?: readonly SymbolWord[]
  readonly suffixes?: readonly SymbolWord[]
}

interface Row {
  readonly labels: Uint8Array
  readonly gold: Uint8Array
}

interface Partition {
  readonly classes: { rep: string; members: string[] }[]
  readonly classOf: Map<string, number>
}

/**
 * CAPAL (Appendix G of the CEDAR paper): active learning that tolerates a teacher who is persistently wrong on
 * some words. Prefixes are grouped into Myhill–Nerode classes by a statistical class query: u and v are the same
 * class when they disagree on at most p0 + τ of the suffixes E = E_core ∪ E_pool (p0 = 2η̄(1−η̄),
 * τ = min(τ_max, √(ln(2/α)/2m))), stopping early once "different" is certain; two words with conflicting gold labels
 * are always different. Closedness is repaired as the classes are formed, consistency lazily (once per hypothesis,
 * only on strong evidence). The hypothesis takes each class's acceptance and transitions by vote over its members,
 * gold labels outweighing teacher answers. A counterexample's label is gold; its prefixes join the access set, and
 * Rivest–Schapire analysis adds a discriminator to E_core; a counterexample that teaches nothing new twice adds
 * all its suffixes, and as a last resort the pool grows.
 */
export class Capal implements Learner {
  readonly name = 'capal'
  private readonly prefixes = new Map<string, SymbolWord>([['', []]])
  private readonly core: SymbolWord[] = [[]]
  private readonly pool: SymbolWord[] = []
  private readonly labels = new Map<string, boolean>()
  private readonly different = new Map<string, true>()
  private readonly seenCounterexamples = new Set<string>()
  /** Prefixes of gold counterexamples that came back: compared exactly (see `pin`). */
  private readonly pinned = new Set<string>()
  private version = 0
  private partition: Partition | undefined
  private readonly noiseBound: number
  private readonly alpha: number
  private readonly tauMax: number
  private readonly random: Random
  private readonly poolMaxLength: number
  private readonly maxPoolSize: number
  private readonly poolSample: number
  private readonly goldWeight: number
  private readonly followGoldRuns: boolean

  constructor(
    private readonly context: LearnerContext,
    parameters: CapalParameters = {},
  ) {
    this.noiseBound = parameters.noiseBound ?? 0.1
    this.alpha = parameters.alpha ?? 0.05
    this.tauMax = parameters.tauMax ?? 0.15
    this.poolMaxLength = parameters.poolMaxLength ?? 8
    this.maxPoolSize = parameters.maxPoolSize ?? 1024
    this.poolSample = parameters.poolSample ?? Number.POSITIVE_INFINITY
    this.goldWeight = parameters.goldWeight ?? 3
    this.followGoldRuns = parameters.followGoldRuns ?? false
    this.random = seededRandom(parameters.seed ?? 1)
    for (const word of parameters.prefixes ?? []) {
      for (let i = 1; i <= word.length; i++) this.prefixes.set(wordKey(word.slice(0, i)), word.slice(0, i))
    }
    this.addSuffixes((parameters.suffixes ?? []).map((e) => [...e]))
    if (this.noiseBound > 0) this.growPool(parameters.poolSize ?? 24)
  }

  async hypothesis(): Promise<Dfa> {
    let repaired = false
    for (;;) {
      await this.fillRows()
      const { partition, unclosed, rows } = this.cluster()
      if (unclosed.length > 0) {
        for (const word of unclosed) this.prefixes.set(wordKey(word), word)
        continue
      }
      // Consistency is repaired lazily, at most once per hypothesis: noise makes small splits look like defects.
      const discriminator = repaired ? undefined : this.inconsistency(partition, rows)
      if (discriminator && this.addSuffixes([discriminator])) {
        repaired = true
        continue
      }
      this.partition = partition
      return this.build(partition).dfa
    }
  }

  /**
   * A consistency defect with strong support: members of one class whose a-successors fall, at least twice each,
   * into two different classes X and Y. The repair column is a·e for the suffix e on which X's and Y's members
   * disagree most clearly (by majority, so single wrong answers do not choose it) — the statistical stand-in for
   * the discrimination tree's lowest common ancestor.
   */
  private inconsistency(partition: Partition, rows: Map<string, Row>): SymbolWord | undefined {
    const suffixes = this.suffixes
    for (const c of partition.classes) {
      for (const a of this.context.alphabet.symbols) {
        const tally = new Map<number, number>()
        for (const key of c.members) {
          const u = this.prefixes.get(key)
          if (!u) continue
          const target = partition.classOf.get(wordKey(concatWords(u, [a])))
          if (target !== undefined) tally.set(target, (tally.get(target) ?? 0) + 1)
        }
        const strong = [...tally].filter(([, votes]) => votes >= 2).map(([target]) => target)
        if (strong.length < 2) continue
        const [x, y] = strong.map((t) => this.acceptShare(partition.classes[t]!.members, rows, suffixes.length))
        let best = -1
        let gap = 0.5
        for (let i = 0; i < suffixes.length; i++) {
          const g = Math.abs(x![i]! - y![i]!)
          if (g > gap) {
            gap = g
            best = i
          }
        }
        if (best >= 0) return concatWords([a], suffixes[best]!)
      }
    }
    return undefined
  }

  /** For each suffix, the share of the members whose row accepts it. */
  private acceptShare(members: readonly string[], rows: Map<string, Row>, m: number): Float64Array {
    const share = new Float64Array(m)
    for (const key of members) {
      const row = rows.get(key)
      if (row) for (let i = 0; i < m; i++) share[i]! += row.labels[i]! / members.length
    }
    return share
  }

  async refine(word: SymbolWord, label: boolean, gold = true): Promise<boolean> {
    const partition = this.partition ?? this.cluster().partition
    const { dfa, access } = this.build(partition)
    let changed = false
    // A candidate (a teacher's word that may be a lie) first only adds its discriminator: a column costs one word
    // per row, while its prefixes would cost |Σ|+1 rows of |E| words each. They join when it comes back.
    const addPrefixes = () => {
      for (let i = 0; i <= word.length; i++) {
        const prefix = word.slice(0, i)
        if (!this.prefixes.has(wordKey(prefix))) {
          this.prefixes.set(wordKey(prefix), prefix)
          changed = true
        }
      }
    }
    if (gold) addPrefixes()
    if (dfa.accepts(word) !== label) {
      const split = await rivestSchapire(
        word,
        label,
        (prefix) => access[dfa.run(prefix)]!,
        async (w) => (await this.context.cache.ask([w]))[0]!,
      )
      changed = this.addSuffixes([word.slice(split + 1)]) || changed
    }
    const key = wordKey(word)
    if (!gold && !changed) addPrefixes()
    if (!changed && this.seenCounterexamples.has(key)) {
      // A label-only counterexample that came back: separate what it reaches with all of its suffixes.
      changed = this.addSuffixes(word.map((_, i) => word.slice(i)))
    }
    if (!changed && gold && this.followGoldRuns && this.seenCounterexamples.has(key)) changed = this.pin(word)
    this.seenCounterexamples.add(key)
    // Growing the pool is the last resort, and a bounded one: past it, learning reports no progress.
    if (!changed && this.pool.length < this.maxPoolSize) changed = this.growPool(Math.min(8, this.poolSample)) > 0
    this.partition = undefined
    return changed
  }

  /**
   * A gold counterexample back with every discriminator already asked: the class query tolerated the one column
   * that tells its prefixes from their classes (a milestone language's states differ on few suffixes, and one in
   * six is within the noise bound). Its prefixes are compared exactly from now on, so a row that differs at all is a
   * state of its own.
   */
  private pin(word: SymbolWord): boolean {
    let pinned = false
    for (let i = 0; i <= word.length; i++) {
      const key = wordKey(word.slice(0, i))
      if (this.pinned.has(key)) continue
      this.pinned.add(key)
      pinned = true
    }
    if (pinned) this.version++
    return pinned
  }

  private addSuffixes(suffixes: SymbolWord[]): boolean {
    const known = new Set([...this.core, ...this.pool].map(wordKey))
    const fresh = suffixes.filter((e) => !known.has(wordKey(e)))
    for (const e of fresh) this.core.push(e)
    if (fresh.length > 0) this.version++
    return fresh.length > 0
  }

  /** Adds up to `count` new random suffixes to the pool; returns how many were new. */
  private growPool(count: number): number {
    const known = new Set([...this.core, ...this.pool].map(wordKey))
    let added = 0
    for (let tries = 0; tries < count * 10 && added < count; tries++) {
      const length = 1 + randomInt(this.random, this.poolMaxLength)
      const e = Array.from({ length }, () =>
        this.context.alphabet.symbol(randomInt(this.random, this.context.alphabet.size)),
      )
      if (known.has(wordKey(e))) continue
      known.add(wordKey(e))
      this.pool.push(e)
      added++
    }
    if (added > 0) this.version++
    return added
  }

  private get suffixes(): SymbolWord[] {
    const sample = this.pool.length > this.poolSample ? this.pool.slice(this.pool.length - this.poolSample) : this.pool
    return [...this.core, ...sample]
  }

  private extensions(): SymbolWord[] {
    const out: SymbolWord[] = []
    for (const u of this.prefixes.values()) {
      for (const a of this.context.alphabet.symbols) {
        const ua = concatWords(u, [a])
        if (!this.prefixes.has(wordKey(ua))) out.push(ua)
      }
    }
    return out
  }

  /** Asks, in one batch, every cell of (S ∪ S·Σ) × E not yet known. */
  private async fillRows(): Promise<void> {
    const missing: string[] = []
    const suffixKeys = this.suffixes.map(wordKey)
    for (const u of [...this.prefixes.values(), ...this.extensions()]) {
      const uKey = wordKey(u)
      for (const e of suffixKeys) {
        const key = joinKeys(uKey, e)
        if (!this.labels.has(key)) missing.push(key)
      }
    }
    if (missing.length === 0) return
    const answers = await this.context.cache.ask(missing.map(keyWord))
    missing.forEach((key, i) => {
      this.labels.set(key, answers[i]!)
    })
  }

  /** The current label of a word: gold if there is one now, else the first answer. */
  private label(word: SymbolWord): boolean {
    return this.context.cache.known(word) ?? this.labels.get(wordKey(word)) ?? false
  }

  private threshold(m: number): number {
    if (this.noiseBound === 0) return 0
    const p0 = 2 * this.noiseBound * (1 - this.noiseBound)
    return p0 + Math.min(this.tauMax, Math.sqrt(Math.log(2 / this.alpha) / (2 * m)))
  }

  /** Each word's labels over E (gold applied) and which of them are gold, as byte vectors. */
  private rows(words: readonly SymbolWord[], suffixes: readonly SymbolWord[]): Map<string, Row> {
    const suffixKeys = suffixes.map(wordKey)
    const rows = new Map<string, Row>()
    for (const u of words) {
      const uKey = wordKey(u)
      const labels = new Uint8Array(suffixKeys.length)
      const gold = new Uint8Array(suffixKeys.length)
      suffixKeys.forEach((e, i) => {
        const key = joinKeys(uKey, e)
        const g = this.context.cache.goldByKey(key)
        gold[i] = g === undefined ? 0 : 1
        labels[i] = (g ?? this.labels.get(key) ?? false) ? 1 : 0
      })
      rows.set(uKey, { labels, gold })
    }
    return rows
  }

  /**
   * The disagreement rate of two rows, or Infinity once they are certainly different: a gold conflict, or more
   * disagreements than the threshold allows (the early stop). Only "different" is cached, keyed by the pair, the
   * suffix-set version and the threshold, because "same" may change with more evidence.
   */
  private distance(u: string, v: string, ru: Row, rv: Row, threshold: number): number {
    const cacheKey = `${u}\u0002${v}\u0002${this.version}\u0002${threshold}`
    if (this.different.has(cacheKey)) return Number.POSITIVE_INFINITY
    const m = ru.labels.length
    const limit = this.pinned.has(u) || this.pinned.has(v) ? 0 : threshold * m
    let disagreements = 0
    for (let i = 0; i < m; i++) {
      if (ru.labels[i] === rv.labels[i]) continue
      if ((ru.gold[i]! & rv.gold[i]!) === 1) {
        this.different.set(cacheKey, true)
        return Number.POSITIVE_INFINITY
      }
      disagreements += (ru.gold[i]! | rv.gold[i]!) === 1 ? this.goldWeight : 1
      if (disagreements > limit) {
        this.different.set(cacheKey, true)
        return Number.POSITIVE_INFINITY
      }
    }
    return disagreements / m
  }

  /**
   * Groups S ∪ S·Σ into classes, shortest words first: each word joins the nearest class whose representative
   * it is statistically the same as, or founds a class. A founder outside S is a closedness defect.
   */
  private cluster(): { partition: Partition; unclosed: SymbolWord[]; rows: Map<string, Row> } {
    const suffixes = this.suffixes
    const threshold = this.threshold(suffixes.length)
    const all = [...this.prefixes.values(), ...this.extensions()].sort(
      (a, b) => a.length - b.length || wordKey(a).localeCompare(wordKey(b)),
    )
    const rows = this.rows(all, suffixes)
    const classes: { rep: string; members: string[] }[] = []
    const classOf = new Map<string, number>()
    const unclosed: SymbolWord[] = []
    for (const word of all) {
      const key = wordKey(word)
      const row = rows.get(key)!
      let best = -1
      let bestDistance = Number.POSITIVE_INFINITY
      classes.forEach((c, i) => {
        const d = this.distance(key, c.rep, row, rows.get(c.rep)!, threshold)
        if (d < bestDistance) {
          bestDistance = d
          best = i
        }
      })
      if (best < 0) {
        best = classes.length
        classes.push({ rep: key, members: [] })
        if (!this.prefixes.has(key)) unclosed.push(word)
      }
      classes[best]!.members.push(key)
      classOf.set(key, best)
    }
    return { partition: { classes, classOf }, unclosed, rows }
  }

  /** States are classes; acceptance and transitions are votes over members, gold labels counting far more. */
  private build(partition: Partition): { dfa: Dfa; access: SymbolWord[] } {
    const k = this.context.alphabet.size
    const n = partition.classes.length
    const table = new Int32Array(n * k)
    const accepting = new Uint8Array(n)
    const access = partition.classes.map((c) => this.prefixes.get(c.rep) ?? [])
    partition.classes.forEach((c, s) => {
      let votes = 0
      for (const key of c.members) {
        const word = keyWord(key)
        const gold = this.context.cache.goldLabel(word)
        const weight = gold === undefined ? 1 : 1000
        votes += (gold ?? this.label(word)) ? weight : -weight
      }
      accepting[s] = votes > 0 || (votes === 0 && this.label(access[s]!)) ? 1 : 0
      for (let a = 0; a < k; a++) {
        const symbol = this.context.alphabet.symbol(a)
        const tally = new Map<number, number>()
        for (const key of c.members) {
          if (!this.prefixes.has(key)) continue
          const next = concatWords(this.prefixes.get(key)!, [symbol])
          const target = partition.classOf.get(wordKey(next))
          // A gold word's path is followed as its label is taken: else a gold counterexample can be in the right
          // class and still be run into another, and come back round after round.
          const followed = this.followGoldRuns && this.context.cache.goldLabel(next) !== undefined
          const weight = followed ? 1000 : key === c.rep ? 1.5 : 1
          if (target !== undefined) tally.set(target, (tally.get(target) ?? 0) + weight)
        }
        let best = s
        let bestVotes = -1
        for (const [target, count] of tally) {
          if (count > bestVotes) {
            best = target
            bestVotes = count
          }
        }
        table[s * k + a] = best
      }
    })
    const initial = partition.classOf.get('') ?? 0
    return { dfa: new Dfa(this.context.alphabet, initial, accepting, table), access }
  }
}
