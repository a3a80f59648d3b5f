import { z } from 'zod'
import {
  type ChatMessage,
  LlmBudgetExhausted,
  type LlmClient,
  LlmRequestError,
  LlmUnavailableError,
} from '../llm/llm-client.js'
import type { SymbolEntry, SymbolInventory } from './inventory.js'
import { type GroundingComponents, offlineGrounding } from './pipeline.js'
import type { PartRole, Pruner } from './pruner.js'
import { type Cancellable, DEFAULT_RETRIEVAL_K, type RetrievedSymbol, type Retriever } from './retrieval.js'
import type { InstructionParts, Splitter } from './splitter.js'

/** What the LLM components had to correct, for logs and the bench. */
export interface LlmGroundingStats {
  /** Symbols the model named that are not candidates of the inventory: dropped, never trusted. */
  rejectedSymbols: string[]
  /** Replies that were not valid JSON of the asked shape, answered instead by the offline component. */
  fallbacks: number
  /** Why the model could not answer at all (unreachable, failing, out of budget), when that happened. */
  unavailable?: string
  /**
   * Where the model's split and the grammar's disagreed on the constraints: `kept` a constraint the model left out
   * (or called a goal), which the grammar's split puts back; `llmOnly` one only the model saw, which stays.
   */
  splitDisagreements: { readonly constraint: string; readonly seenBy: 'grammar' | 'llm' }[]
  /** Symbols a constraint's own words name that the model's pruning left out: kept, and listed here. */
  keptSymbols: { readonly part: string; readonly symbols: readonly string[] }[]
}

const splitSchema = z.object({ goals: z.array(z.string().min(1)), constraints: z.array(z.string().min(1)) })
const alphabetSchema = z.object({ alphabet: z.array(z.string()) })

/** What the model's grounding changed or was overruled in, in words: one note per disagreement, for reports. */
export function groundingNotes(stats: LlmGroundingStats): string[] {
  return [
    ...stats.splitDisagreements.map(({ constraint, seenBy }) =>
      seenBy === 'grammar'
        ? `the LLM left out the constraint "${constraint}"; kept`
        : `only the LLM saw the constraint "${constraint}"`,
    ),
    ...stats.keptSymbols.map(
      ({ part, symbols }) => `the LLM dropped ${symbols.join(' ')} from "${part}", which its words name; kept`,
    ),
  ]
}

/** Splits an instruction with the model: `{"goals": [...], "constraints": [...]}`, else the grammar decides. */
export class LlmSplitter implements Splitter {
  constructor(
    private readonly client: LlmClient,
    private readonly fallback: Splitter,
    private readonly stats: LlmGroundingStats,
  ) {}

  async split(text: string, { signal }: Cancellable = {}): Promise<InstructionParts> {
    const messages: ChatMessage[] = [
      {
        role: 'system',
        content:
          'Split a Minecraft instruction into goal parts (things to obtain or do) and constraint parts (rules to keep ' +
          'while doing them, e.g. "sleep at night", "mine only at night", "stay in the forest"). Copy the wording. ' +
          'Answer only with JSON {"goals": [...], "constraints": [...]}.',
      },
      { role: 'user', content: text },
    ]
    const parsed = await askJson(this.client, 'split', messages, splitSchema, signal, this.stats)
    const grammar = await this.fallback.split(text)
    if (parsed && parsed.goals.length + parsed.constraints.length > 0) return this.reconcile(parsed, grammar)
    this.stats.fallbacks++
    return grammar
  }

  /**
   * The model never removes a constraint the grammar finds: one it left out or took for a goal is put back (the
   * grammar's wording), and the stats name it; a constraint only the model saw stays, and is named too.
   */
  private reconcile(model: InstructionParts, grammar: InstructionParts): InstructionParts {
    const constraints = [...model.constraints]
    let goals = model.goals
    for (const constraint of grammar.constraints) {
      if (constraints.some((c) => samePart(c, constraint))) continue
      goals = goals.filter((g) => !samePart(g, constraint))
      constraints.push(constraint)
      this.stats.splitDisagreements.push({ constraint, seenBy: 'grammar' })
    }
    for (const constraint of model.constraints) {
      if (!grammar.constraints.some((c) => samePart(c, constraint))) {
        this.stats.splitDisagreements.push({ constraint, seenBy: 'llm' })
      }
    }
    return { goals, constraints }
  }
}

/** The words of a part, lowercased, without punctuation or the connectors a split may keep or drop. */
function partWords(part: string): string[] {
  return part
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9_]+/)
    .filter((w) => w !== '' && !['and', 'but', 'then', 'the', 'a', 'please'].includes(w))
}

/** The same part in two splits' wording: one's words contain the other's, or they share most of them. */
function samePart(a: string, b: string): boolean {
  const x = partWords(a)
  const y = new Set(partWords(b))
  if (x.length === 0 || y.size === 0) return false
  const shared = x.filter((w) => y.has(w)).length
  return shared === x.length || shared === y.size || shared / Math.max(x.length, y.size) >= 0.6
}

/**
 * Prunes retrieved candidates with the CEDAR Appendix E prompt. The reply is data: only symbols among the
 * candidates survive (others are recorded as rejected); an empty or invalid reply falls back to the offline pruner.
 */
export class LlmPruner implements Pruner {
  constructor(
    private readonly client: LlmClient,
    private readonly fallback: Pruner,
    private readonly stats: LlmGroundingStats,
    /** The symbols a constraint's own words name (the offline grounding of it), which no model reply removes. */
    private readonly named?: (part: string) => Promise<string[]>,
  ) {}

  async prune(
    part: string,
    role: PartRole,
    candidates: readonly SymbolEntry[],
    { signal }: Cancellable = {},
  ): Promise<string[]> {
    const messages: ChatMessage[] = [
      {
        role: 'system',
        content:
          'Given the specification and the candidate symbols in braces, construct an alphabet for a DFA in Minecraft. ' +
          'Combine verbs with appropriate nouns: mine should be paired with blocks, smelt and place with items, and ' +
          'kill with entities. Event predicates should remain standalone symbols. Omit irrelevant symbols. Return only ' +
          'the selected symbols, as JSON {"alphabet": [...]}, choosing only among the candidates.',
      },
      {
        role: 'user',
        content: [
          `Specification (${role === 'goal' ? 'a task' : 'a constraint'}): ${part}`,
          '{',
          ...candidates.map((c) => `${c.symbol}: ${c.description}`),
          '}',
        ].join('\n'),
      },
    ]
    const parsed = await askJson(this.client, 'prune', messages, alphabetSchema, signal, this.stats)
    const allowed = new Set(candidates.map((c) => c.symbol))
    const chosen = (parsed?.alphabet ?? []).filter((symbol) => {
      if (allowed.has(symbol)) return true
      this.stats.rejectedSymbols.push(symbol)
      return false
    })
    if (chosen.length === 0) {
      this.stats.fallbacks++
      return this.fallback.prune(part, role, candidates)
    }
    if (role !== 'constraint' || !this.named) return [...new Set(chosen)]
    // "mine minerals only at night" needs time.day and time.night whatever the model picked: they are its meaning.
    const named = await this.named(part)
    const dropped = named.filter((symbol) => !chosen.includes(symbol))
    if (dropped.length > 0) this.stats.keptSymbols.push({ part, symbols: dropped })
    return [...new Set([...chosen, ...named])]
  }
}

/**
 * Retrieval by embeddings (each symbol's description, embedded once and cached on disk by the client), fused with
 * the lexical ranking by reciprocal rank, so a word the embedding model misreads is still found by its name.
 */
export class EmbeddingRetriever implements Retriever {
  private vectors: Promise<number[][]> | undefined

  constructor(
    private readonly client: LlmClient,
    private readonly inventory: SymbolInventory,
    private readonly lexical: Retriever,
    private readonly stats?: LlmGroundingStats,
  ) {}

  /** Fused retrieval; when the embeddings cannot be had (down, failing, the wrong shape), the lexical ranking alone. */
  async retrieve(text: string, k = DEFAULT_RETRIEVAL_K, options: Cancellable = {}): Promise<RetrievedSymbol[]> {
    try {
      return await this.fused(text, k, options)
    } catch (error) {
      if (!isLlmFailure(error)) throw error
      if (this.stats) this.stats.unavailable ??= `${error.message}; using lexical retrieval`
      return this.lexical.retrieve(text, k)
    }
  }

  private async fused(text: string, k: number, { signal }: Cancellable): Promise<RetrievedSymbol[]> {
    // A cancelled (or failed) embedding of the inventory is not kept: the next retrieval asks again.
    this.vectors ??= this.client
      .embed(
        this.inventory.entries.map((e) => `${e.symbol}: ${e.description}`),
        { signal },
      )
      .catch((error: unknown) => {
        this.vectors = undefined
        throw error
      })
    const [vectors, [query], lexical] = await Promise.all([
      this.vectors,
      this.client.embed([text], { signal }),
      this.lexical.retrieve(text, k),
    ])
    const semantic = this.inventory.entries
      .map((entry, i) => ({ symbol: entry.symbol, score: cosine(query ?? [], vectors[i] ?? []) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, k)
    const fused = new Map<string, number>()
    for (const ranking of [semantic, lexical]) {
      ranking.forEach(({ symbol }, rank) => {
        fused.set(symbol, (fused.get(symbol) ?? 0) + 1 / (60 + rank))
      })
    }
    return [...fused]
      .map(([symbol, score]) => ({ symbol, score }))
      .sort((a, b) => b.score - a.score)
      .slice(0, k)
  }
}

/**
 * The grounding pipeline with the LLM: its splitter and pruner, and embedding retrieval when an embedding model is
 * configured (`embeddings: true`); every LLM component falls back to its offline twin on a bad reply.
 */
export function llmGrounding(
  client: LlmClient,
  options: { readonly version?: string; readonly embeddings?: boolean } = {},
): GroundingComponents & { readonly stats: LlmGroundingStats } {
  const offline = offlineGrounding(options.version)
  const stats: LlmGroundingStats = { rejectedSymbols: [], fallbacks: 0, splitDisagreements: [], keptSymbols: [] }
  // What the offline grounding finds a constraint names: its lexical candidates, pruned by the grammar.
  const named = async (part: string) => {
    const candidates = (await offline.retriever.retrieve(part, DEFAULT_RETRIEVAL_K)).flatMap(({ symbol }) => {
      const entry = offline.inventory.get(symbol)
      return entry ? [entry] : []
    })
    return offline.pruner.prune(part, 'constraint', candidates)
  }
  return {
    ...offline,
    splitter: new LlmSplitter(client, offline.splitter, stats),
    pruner: new LlmPruner(client, offline.pruner, stats, named),
    retriever: options.embeddings
      ? new EmbeddingRetriever(client, offline.inventory, offline.retriever, stats)
      : offline.retriever,
    stats,
  }
}

async function askJson<T>(
  client: LlmClient,
  role: 'split' | 'prune',
  messages: ChatMessage[],
  schema: z.ZodType<T>,
  signal: AbortSignal | undefined,
  stats: LlmGroundingStats,
): Promise<T | undefined> {
  let text: string
  try {
    text = await client.chat(role, messages, { json: true, signal })
  } catch (error) {
    // A spent budget, an endpoint that cannot be reached or keeps failing: the offline twin answers instead, and
    // the stats say why, so no report claims the model grounded what it never saw.
    if (isLlmFailure(error)) {
      stats.unavailable ??= error.message
      return undefined
    }
    throw error
  }
  try {
    const parsed = schema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** A spent budget, an endpoint that cannot be reached, keeps failing or answers nonsense: the offline twin answers. */
function isLlmFailure(error: unknown): error is Error {
  return error instanceof LlmBudgetExhausted || error instanceof LlmUnavailableError || error instanceof LlmRequestError
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] ?? 0
    const y = b[i] ?? 0
    dot += x * y
    na += x * x
    nb += y * y
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}
