/**
 * Retrieval: from an instruction part to candidate symbols of the global inventory (CEDAR's RAG step, Appendix
 * B). `LexicalRetriever` is BM25 over each symbol's own words and description, with the lemmatizer and the
 * Minecraft synonym table of `lexicon.ts` ("diamonds" → diamond, diamond_ore; "wood" → logs). An embedding
 * retriever implements the same interface.
 */
import type { SymbolInventory } from './inventory.js'

export interface RetrievedSymbol {
  readonly symbol: string
  readonly score: number
}

export interface Retriever {
  /** The `k` best candidates for `text`, best first. */
  retrieve(text: string, k?: number, options?: Cancellable): Promise<RetrievedSymbol[]>
}

/** A grounding step that may do I/O (an LLM or embedding request) takes the task's signal. */
export interface Cancellable {
  readonly signal?: AbortSignal | undefined
}

export const DEFAULT_RETRIEVAL_K = 100
/** At most this many event predicates of one object (its actions are never cut: there are at most nine verbs). */
const PER_OBJECT = 6

export class LexicalRetriever implements Retriever {
  constructor(private readonly inventory: SymbolInventory) {}

  async retrieve(text: string, k = DEFAULT_RETRIEVAL_K): Promise<RetrievedSymbol[]> {
    return this.retrieveSync(text, k)
  }

  /**
   * The best `k` symbols, at most `perObject` event predicates of any one object, so that the many has-thresholds,
   * near and sees of one object cannot crowd out the other objects a part names — nor push out the object's own
   * actions ("get some iron" needs `mine.iron_ore` even though `has.iron_ore.*` match as well).
   */
  retrieveSync(text: string, k = DEFAULT_RETRIEVAL_K, perObject = PER_OBJECT): RetrievedSymbol[] {
    const taken = new Map<string, number>()
    const out: RetrievedSymbol[] = []
    for (const { entry, score } of this.inventory.search(text, Math.max(1000, k * 20))) {
      if (entry.kind !== 'action') {
        const n = taken.get(entry.object) ?? 0
        if (n >= perObject) continue
        taken.set(entry.object, n + 1)
      }
      out.push({ symbol: entry.symbol, score })
      if (out.length >= k) break
    }
    return out
  }
}
