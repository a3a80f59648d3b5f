import { CedarError } from '../errors.js'
import type { MembershipTeacher, SymbolWord } from './ports.js'

/** Thrown inside learning when a new teacher answer is needed but the budget is spent; `learn` turns it into a report. */
export class BudgetExhausted extends CedarError {
  override name = 'BudgetExhausted'
  constructor(readonly budget: 'mq' | 'eq') {
    super(`the ${budget === 'mq' ? 'membership-query' : 'equivalence-query'} budget is spent`)
  }
}

export interface QueryCounters {
  /** Distinct words the teacher answered (each counts once, ever). */
  readonly distinctWords: number
  /** Calls to the teacher (batches). */
  readonly teacherCalls: number
  /** Lookups answered from the cache or gold labels without a teacher call. */
  readonly cacheHits: number
  /** Lookups a gold label answered. */
  readonly goldHits: number
}

/** Words are keyed by their symbols joined with a separator no symbol contains. */
const SEPARATOR = '\u0001'
export const wordKey = (word: SymbolWord): string => word.join(SEPARATOR)
/** The key of the concatenation of two words, from their keys (no arrays built). */
export const joinKeys = (a: string, b: string): string => (a === '' ? b : b === '' ? a : a + SEPARATOR + b)
export const keyWord = (key: string): string[] => (key === '' ? [] : key.split(SEPARATOR))

/**
 * The persistent membership cache of CEDAR's Algorithm 1: the first answer to a word is kept and returned ever
 * after (a noisy teacher is not re-sampled), and a gold label — one that came with a counterexample — replaces
 * it and wins everywhere from then on. Only words the teacher has never answered cost budget.
 */
export class QueryCache {
  private readonly answers = new Map<string, boolean>()
  private readonly gold = new Map<string, boolean>()
  private distinct = 0
  private calls = 0
  private hits = 0
  private goldHits = 0

  constructor(
    private readonly teacher: MembershipTeacher,
    private readonly budget = Number.POSITIVE_INFINITY,
    private readonly onAsk?: (words: number, newWords: number, teacherCalls: number) => void,
    /** Cancels the learning: checked before every batch, and handed to the teacher for its I/O. */
    private readonly signal?: AbortSignal,
  ) {}

  /** Labels for a batch of words: gold first, then cached answers, then one teacher call for the rest. */
  async ask(words: readonly SymbolWord[]): Promise<boolean[]> {
    this.signal?.throwIfAborted()
    const keys = words.map(wordKey)
    const missing = new Map<string, SymbolWord>()
    keys.forEach((key, i) => {
      if (!this.gold.has(key) && !this.answers.has(key) && !missing.has(key)) missing.set(key, words[i]!)
    })
    if (missing.size > 0) {
      const room = this.budget - this.distinct
      if (missing.size > room) {
        // The budget counts words, not batches: ask what it still allows, keep the answers, then stop.
        if (room >= 1) await this.fetch(new Map([...missing].slice(0, Math.floor(room))))
        throw new BudgetExhausted('mq')
      }
      await this.fetch(missing)
    }
    this.onAsk?.(words.length, missing.size, this.calls)
    return keys.map((key) => {
      const gold = this.gold.get(key)
      if (gold !== undefined) {
        this.goldHits++
        return gold
      }
      if (!missing.has(key)) this.hits++
      return this.answers.get(key)!
    })
  }

  private async fetch(missing: ReadonlyMap<string, SymbolWord>): Promise<void> {
    const batch = [...missing.values()]
    const labels = await this.teacher.answer(batch, this.signal ? { signal: this.signal } : undefined)
    this.signal?.throwIfAborted()
    if (labels.length !== batch.length) {
      throw new Error(`the teacher answered ${labels.length} of ${batch.length} words`)
    }
    let i = 0
    for (const key of missing.keys()) this.answers.set(key, labels[i++] === true)
    this.distinct += missing.size
    this.calls++
  }

  /** A label that is known to be right (from a counterexample); it overrides the teacher everywhere. */
  setGold(word: SymbolWord, label: boolean): void {
    this.gold.set(wordKey(word), label)
  }

  goldLabel(word: SymbolWord): boolean | undefined {
    return this.gold.get(wordKey(word))
  }

  /** The gold label of a word given by its key. */
  goldByKey(key: string): boolean | undefined {
    return this.gold.get(key)
  }

  /** The label the cache would give without asking: gold, then cached; undefined when unknown. */
  known(word: SymbolWord): boolean | undefined {
    const key = wordKey(word)
    return this.gold.get(key) ?? this.answers.get(key)
  }

  get counters(): QueryCounters {
    return { distinctWords: this.distinct, teacherCalls: this.calls, cacheHits: this.hits, goldHits: this.goldHits }
  }

  /** Every label known (gold winning), to replay into a learner over a larger alphabet. */
  entries(): { word: string[]; label: boolean; gold: boolean }[] {
    const all = new Map<string, { label: boolean; gold: boolean }>()
    for (const [key, label] of this.answers) all.set(key, { label, gold: false })
    for (const [key, label] of this.gold) all.set(key, { label, gold: true })
    return [...all].map(([key, value]) => ({ word: keyWord(key), ...value }))
  }

  /** A cache that knows the labelled evidence of a stored skill (its teacher is never asked). */
  static fromEvidence(evidence: Iterable<{ word: readonly string[]; label: boolean; gold: boolean }>): QueryCache {
    const cache = new QueryCache({
      answer: async () => {
        throw new Error('evidence-only cache')
      },
    })
    for (const e of evidence) (e.gold ? cache.gold : cache.answers).set(wordKey(e.word), e.label)
    return cache
  }

  /**
   * Copies the answers and gold labels of another cache whose words are all valid here (same symbols), so a
   * restart on a larger alphabet keeps what was learned; imported answers cost no budget again.
   */
  replay(from: QueryCache, isValid: (word: readonly string[]) => boolean = () => true): number {
    let replayed = 0
    for (const entry of from.entries()) {
      if (!isValid(entry.word)) continue
      if (entry.gold) this.gold.set(wordKey(entry.word), entry.label)
      else this.answers.set(wordKey(entry.word), entry.label)
      replayed++
    }
    return replayed
  }
}
