/**
 * Okapi BM25 over the symbol inventory: a document is a symbol's own words (verb, object parts, count; counted
 * twice) and its description's lemmas; a query is an instruction's lemmas plus their Minecraft synonyms (at a
 * lower weight). Stopwords are dropped on both sides.
 */
import { PRIMITIVE_VERBS } from '../vocabulary/symbols.js'
import { lemma, lemmas, OBJECT_SYNONYMS, STOPWORDS, SYNONYMS } from './lexicon.js'

export interface Scored {
  readonly index: number
  readonly score: number
}

/** Weight of a synonym's term beside the instruction's own words. */
const SYNONYM_WEIGHT = 0.6
/** Weight of a verb (and its synonyms) beside the objects. */
const VERB_WEIGHT = 0.4
/** Lemmas of the verbs instructions use (the primitive verbs, have and see, and their everyday synonyms). */
const QUERY_VERBS = new Set<string>([
  ...PRIMITIVE_VERBS,
  ...['have', 'see'],
  ...['get', 'obtain', 'collect', 'gather', 'acquire', 'keep', 'make', 'build', 'create', 'forge', 'assemble'],
  ...['dig', 'chop', 'break', 'harvest', 'quarry', 'cook', 'roast', 'melt', 'find', 'locate', 'search', 'seek'],
  ...['look', 'wander', 'roam', 'hunt', 'slay', 'fight', 'attack', 'murder', 'defeat', 'wield', 'hold', 'consume'],
])

/**
 * A symbol and its description as BM25 terms: the symbol's own words twice, the bigrams of its object's words
 * (`craft~table` for crafting_table, so a query naming the phrase finds it among the many descriptions that only
 * mention a crafting table), and the description's lemmas.
 */
export function documentTerms(symbol: string, description: string): string[] {
  const own = symbol
    .split(/[._]/)
    .filter((w) => w.length > 0)
    .map(lemma)
  const object = (symbol.split('.')[1] ?? '').split('_').map(lemma)
  const name = `=${object.join('_')}`
  return [...own, ...own, name, ...bigrams(object), ...lemmas(description).filter((w) => !STOPWORDS.has(w))]
}

const bigrams = (ws: readonly string[]): string[] => ws.slice(1).map((w, i) => `${ws[i]}~${w}`)

/**
 * An instruction as weighted BM25 terms: its lemmas (weight 1; verbs less, since objects carry what a part is
 * about) and their synonyms.
 */
export function queryTerms(text: string): Map<string, number> {
  const terms = new Map<string, number>()
  const own = lemmas(text).filter((w) => !STOPWORDS.has(w))
  const weight = (word: string, base: number) => (QUERY_VERBS.has(word) ? base * VERB_WEIGHT : base)
  for (const word of own) terms.set(word, weight(word, 1))
  for (const pair of bigrams(own)) terms.set(pair, 1)
  // Whole object names: "diamond" names the item diamond, "diamond ore" the block; and the names a word stands for.
  for (let n = 1; n <= 3; n++) {
    for (let i = 0; i + n <= own.length; i++) terms.set(`=${own.slice(i, i + n).join('_')}`, 1)
  }
  for (const word of own) {
    for (const object of OBJECT_SYNONYMS[word] ?? []) {
      const term = `=${object.split('_').map(lemma).join('_')}`
      if (!terms.has(term)) terms.set(term, SYNONYM_WEIGHT)
    }
  }
  for (const word of own) {
    for (const synonym of SYNONYMS[word] ?? []) {
      if (!terms.has(synonym)) terms.set(synonym, weight(word, SYNONYM_WEIGHT))
    }
  }
  return terms
}

export class Bm25Index {
  private readonly postings = new Map<string, { doc: number; tf: number }[]>()
  private readonly lengths: number[]
  private readonly averageLength: number

  constructor(
    documents: readonly (readonly string[])[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.lengths = documents.map((terms) => terms.length)
    this.averageLength = this.lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, documents.length)
    documents.forEach((terms, doc) => {
      const counts = new Map<string, number>()
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1)
      for (const [term, tf] of counts) {
        let list = this.postings.get(term)
        if (!list) {
          list = []
          this.postings.set(term, list)
        }
        list.push({ doc, tf })
      }
    })
  }

  get size(): number {
    return this.lengths.length
  }

  /** The `k` best documents for weighted query terms, best first (ties by document order); only scores > 0. */
  search(query: ReadonlyMap<string, number>, k: number): Scored[] {
    const n = this.lengths.length
    const scores = new Map<number, number>()
    for (const [term, weight] of query) {
      const list = this.postings.get(term)
      if (!list) continue
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5))
      for (const { doc, tf } of list) {
        const norm = tf + this.k1 * (1 - this.b + (this.b * (this.lengths[doc] ?? 0)) / this.averageLength)
        const score = weight * idf * ((tf * (this.k1 + 1)) / norm)
        scores.set(doc, (scores.get(doc) ?? 0) + score)
      }
    }
    return [...scores]
      .map(([index, score]) => ({ index, score }))
      .sort((x, y) => y.score - x.score || x.index - y.index)
      .slice(0, k)
  }
}
