import { z } from 'zod'
import { CedarError } from '../errors.js'
import type { MembershipTeacher, SymbolWord } from '../learning/ports.js'
import { BudgetExhausted } from '../learning/query-cache.js'
import { type ChatMessage, LlmBudgetExhausted, type LlmClient } from '../llm/llm-client.js'

export interface LlmTeacherOptions {
  /** The instruction (or constraint) the words are judged against. */
  readonly instruction: string
  /** The alphabet with a short description per symbol, so the model knows what each means. */
  readonly symbols: ReadonlyMap<string, string> | readonly { readonly symbol: string; readonly description: string }[]
  /** Words per call. Default 40. */
  readonly batchSize?: number
  /** Whether the instruction is a skill (goal) or a constraint; it changes the question. */
  readonly kind?: 'skill' | 'constraint'
}

/** A reply the model kept getting wrong. */
export class LlmResponseError extends CedarError {
  override name = 'LlmResponseError'
}

const answerSchema = z.union([z.boolean(), z.enum(['yes', 'no', 'true', 'false', 'Yes', 'No', 'YES', 'NO'])])
const replySchema = z.object({ answers: z.array(answerSchema) })
/** The reply's shape, sent as structured output where the endpoint takes it. */
const REPLY = { name: 'membership_answers', schema: replySchema }

/**
 * Membership queries answered by a language model: one call per batch of words, the reply a JSON object
 * `{"answers": [true, false, ...]}` validated before use. Words the reply leaves out are asked again; a reply that
 * is not valid is re-asked once, then reported as an LlmResponseError. The request budget running out ends learning
 * with a report (BudgetExhausted), not a crash.
 */
export class LlmTeacher implements MembershipTeacher {
  private answeredCount = 0
  private readonly batchSize: number
  /** Why learning stopped, when the LLM's request or token budget ran out ("the LLM request budget (5) is spent"). */
  budgetSpent: string | undefined

  constructor(
    private readonly client: LlmClient,
    private readonly options: LlmTeacherOptions,
  ) {
    this.batchSize = options.batchSize ?? 40
  }

  /** How many words this teacher has answered. */
  get answered(): number {
    return this.answeredCount
  }

  async answer(words: readonly SymbolWord[], options: { readonly signal?: AbortSignal } = {}): Promise<boolean[]> {
    const labels: boolean[] = []
    for (let start = 0; start < words.length; start += this.batchSize) {
      labels.push(...(await this.answerBatch(words.slice(start, start + this.batchSize), options.signal)))
    }
    return labels
  }

  private async answerBatch(words: readonly SymbolWord[], signal: AbortSignal | undefined): Promise<boolean[]> {
    const labels: (boolean | undefined)[] = new Array(words.length).fill(undefined)
    let pending = words.map((_, i) => i)
    let failures = 0
    while (pending.length > 0) {
      const reply = await this.ask(
        pending.map((i) => words[i] ?? []),
        failures > 0,
        signal,
      )
      if (!reply || reply.length === 0) {
        if (++failures > 1) {
          throw new LlmResponseError(
            `the LLM's reply to ${pending.length} membership queries was not {"answers": [true/false, ...]}, twice`,
          )
        }
        continue
      }
      failures = 0
      // Take what was answered, in order; ask again for the words it left out.
      reply.slice(0, pending.length).forEach((label, j) => {
        const index = pending[j]
        if (index !== undefined) labels[index] = label
      })
      pending = pending.slice(reply.length)
    }
    this.answeredCount += words.length
    return labels as boolean[]
  }

  /** One call; the parsed answers, or undefined for a reply that is not valid. */
  private async ask(
    words: readonly SymbolWord[],
    repeat: boolean,
    signal: AbortSignal | undefined,
  ): Promise<boolean[] | undefined> {
    let text: string
    try {
      text = await this.client.chat('mq', this.messages(words, repeat), { json: true, schema: REPLY, signal })
    } catch (error) {
      if (error instanceof LlmBudgetExhausted) {
        this.budgetSpent = error.message
        throw new BudgetExhausted('mq')
      }
      throw error
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return undefined
    }
    const reply = replySchema.safeParse(parsed)
    if (!reply.success) return undefined
    return reply.data.answers.map((a) => a === true || (typeof a === 'string' && /^(yes|true)$/i.test(a)))
  }

  private messages(words: readonly SymbolWord[], repeat: boolean): ChatMessage[] {
    const symbols =
      this.options.symbols instanceof Map
        ? [...this.options.symbols]
        : (this.options.symbols as readonly { symbol: string; description: string }[]).map(
            (s) => [s.symbol, s.description] as const,
          )
    const question =
      this.options.kind === 'constraint'
        ? 'Does the sequence respect the constraint (never break it)?'
        : 'Does the sequence accomplish the task, in a way that could really happen in Minecraft?'
    return [
      {
        role: 'system',
        content:
          'You judge sequences of Minecraft actions and events against an instruction. Each sequence is a list of ' +
          'symbols in the order they happen. Answer only with a JSON object {"answers": [...]}: one true or false ' +
          'per sequence, in the order given.',
      },
      {
        role: 'user',
        content: [
          `Instruction: ${this.options.instruction}`,
          'Symbols:',
          ...symbols.map(([symbol, description]) => `- ${symbol}: ${description}`),
          `${question} Sequences:`,
          ...words.map((w, i) => `${i + 1}. ${w.length === 0 ? '(nothing happens)' : w.join(' ')}`),
          `Reply with {"answers": [...]} holding exactly ${words.length} booleans.${repeat ? ' Your previous reply was not valid; follow the format exactly.' : ''}`,
        ].join('\n'),
      },
    ]
  }
}
