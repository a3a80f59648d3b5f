import { setTimeout } from 'node:timers/promises'
import type OpenAI from 'openai'
import type { z } from 'zod'
import { LlmBudget } from './llm-budget.js'
import { LlmDiskCache } from './llm-cache.js'
import { completionSchema, embeddingsSchema, isLoopback } from './llm-envelopes.js'
import { goesDown, LlmBudgetExhausted, LlmReplyError, LlmRequestError, LlmUnavailableError } from './llm-errors.js'
import {
  type ReplySchema,
  type ResponseMode,
  rememberRefusal,
  responseFormat,
  responseModes,
  unfenced,
} from './response-format.js'

/** What a call is for; each role may use its own model. */
export type LlmRole = 'mq' | 'prune' | 'split' | 'critic' | 'actor'

export interface LlmClientOptions {
  readonly apiKey?: string | undefined
  /** Any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio). */
  readonly baseURL?: string | undefined
  /** The model for roles without their own. */
  readonly model: string
  readonly models?: Partial<Record<LlmRole | 'embed', string>>
  /**
   * How long one call may take, every retry and backoff included (default 30 s). When it passes, or the endpoint
   * cannot be reached or keeps failing, the endpoint counts as down for `downForMs` and calls fail at once.
   */
  readonly timeoutMs?: number
  /** The first call's limit on a loopback endpoint (a local model loading its weights); default: `timeoutMs`. */
  readonly firstTimeoutMs?: number
  /** How long an endpoint that failed is not asked again (default 60 s): one wait per command, not one per call. */
  readonly downForMs?: number
  /** Told once each time the endpoint goes down, with the reason (the plugin says it in chat and the log). */
  readonly onUnavailable?: (reason: string) => void
  /** Retries after a 429, a 5xx or a dropped connection, with exponential backoff. Default 4. */
  readonly maxRetries?: number
  /** The first backoff, doubled on each retry (a Retry-After header wins). Default 500 ms. */
  readonly backoffMs?: number
  /** Requests that may reach the endpoint (retries included); cache hits are free. Default unlimited. */
  readonly maxRequests?: number
  /** Prompt and completion tokens together; requests per minute (throttled, see llm-budget.ts). */
  readonly maxTokens?: number
  readonly requestsPerMinute?: number
  /** Told after each request what has been spent so far (the plugin's `cedarLlmUsage` event). */
  readonly onUsage?: (spent: LlmStats) => void
  /** Directory of the disk cache keyed by (model, prompt); none when undefined. */
  readonly cacheDir?: string | undefined
}

export { LlmBudgetExhausted, LlmReplyError, LlmRequestError, LlmUnavailableError }

export interface LlmStats {
  readonly requests: number
  readonly cacheHits: number
  readonly retries: number
  readonly promptTokens: number
  readonly completionTokens: number
  /** One-token requests that loaded a local model's weights at start (see `warmUp`); outside the budget. */
  readonly warmUps: number
}

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant'
  readonly content: string
}

/**
 * The one way the plugin talks to a language model: the `openai` client pointed at any compatible endpoint, a model
 * per role, a timeout, retries with backoff on 429 and 5xx, a request budget, token counts, and a disk cache keyed
 * by (model, prompt), so a rerun costs nothing. Replies are returned as text; callers validate them (model output
 * is data, never code).
 */
/**
 * The `openai` SDK, imported the first time a client asks a model: a bot without an LLM never loads it (it is a
 * large module graph). Until then no error can be one of its errors, so `sdk` undefined answers "not an API error".
 */
let sdk: typeof OpenAI | undefined
async function loadSdk(): Promise<typeof OpenAI> {
  sdk ??= (await import('openai')).default
  return sdk
}

export class LlmClient {
  private client: Promise<OpenAI> | undefined
  private counters = { requests: 0, cacheHits: 0, retries: 0, promptTokens: 0, completionTokens: 0, warmUps: 0 }
  /** Why the endpoint is not asked until `until` (a wall-clock time), after it failed. */
  private down: { readonly reason: string; readonly until: number } | undefined
  /** Whether the endpoint has answered once (a loopback endpoint's first call gets the longer timeout). */
  private answered = false

  private readonly budget: LlmBudget
  private readonly cache: LlmDiskCache

  constructor(private readonly options: LlmClientOptions) {
    this.budget = new LlmBudget(options)
    this.cache = new LlmDiskCache(options.cacheDir)
  }

  private openai(): Promise<OpenAI> {
    this.client ??= loadSdk().then(
      (OpenAISdk) =>
        // The SDK's own retries are off: this class retries, so it can count and budget every attempt.
        new OpenAISdk({
          apiKey: this.options.apiKey ?? 'not-needed',
          ...(this.options.baseURL ? { baseURL: this.options.baseURL } : {}),
          timeout: this.timeoutMs,
          maxRetries: 0,
        }),
    )
    return this.client
  }

  /** A local server's first call may load the model's weights: it gets `firstTimeoutMs` when that is longer. */
  private get timeoutMs(): number {
    const timeout = this.options.timeoutMs ?? 30_000
    if (this.answered || !isLoopback(this.endpoint)) return timeout
    return Math.max(timeout, this.options.firstTimeoutMs ?? 0)
  }

  /** Why the endpoint is not being asked now (it failed recently), or undefined when it is. */
  get unavailable(): string | undefined {
    if (this.down && Date.now() >= this.down.until) this.down = undefined
    return this.down?.reason
  }

  get stats(): LlmStats {
    return { ...this.counters }
  }

  get endpoint(): string {
    return this.options.baseURL ?? 'https://api.openai.com/v1'
  }

  modelFor(role: LlmRole | 'embed'): string {
    return this.options.models?.[role] ?? this.options.model
  }

  /**
   * Asks each model the client uses a one-token question, so a local server loads the weights while the bot logs in
   * and the player types, not during the first instruction (Ollama and LM Studio load a model at its first request,
   * which can take a minute). Only loopback endpoints: a hosted API has its models loaded. Each is a request like
   * any other in the counts and the budget (what the server received is what `stats` says), but it is not cached
   * nor retried, and its failure is left for the first real call to find and report: the outage is then told when a
   * player is there to read it. Never rejects.
   */
  async warmUp(): Promise<void> {
    if (this.answered || !isLoopback(this.endpoint)) return
    const roles: readonly LlmRole[] = ['mq', 'prune', 'split', 'critic', 'actor']
    const models = [...new Set(roles.map((role) => this.modelFor(role)))]
    await Promise.all(models.map((model) => this.warmUpModel(model)))
  }

  private async warmUpModel(model: string): Promise<void> {
    const prompt = 'Say OK.'
    try {
      if (this.unavailable !== undefined) return
      this.budget.check(this.counters)
      this.counters.requests++
      this.counters.warmUps++
      const reply = await (await this.openai()).chat.completions.create(
        { model, messages: [{ role: 'user', content: prompt }], max_tokens: 1 },
        { signal: AbortSignal.timeout(this.timeoutMs) },
      )
      this.answered = true
      const parsed = completionSchema.safeParse(reply)
      this.count(parsed.success ? (parsed.data.usage ?? undefined) : undefined, prompt, '')
    } catch (error) {
      // Any HTTP answer means the server is up, whatever it thought of the question.
      if (sdk && error instanceof sdk.APIError && error.status !== undefined) this.answered = true
    }
  }

  /**
   * One chat completion; `json` asks for a JSON reply (structured by `schema` where the endpoint takes it, see
   * response-format.ts); `signal` cancels the request and any retry.
   */
  async chat(
    role: LlmRole,
    messages: readonly ChatMessage[],
    {
      json = false,
      schema,
      signal,
    }: { readonly json?: boolean; readonly schema?: ReplySchema; readonly signal?: AbortSignal | undefined } = {},
  ): Promise<string> {
    const model = this.modelFor(role)
    const key = LlmDiskCache.key('chat', model, { messages, json })
    const cached = await this.fromCache<{ text: string }>(key)
    if (cached) return cached.text
    const modes: ResponseMode[] = json ? responseModes(this.endpoint, schema) : ['text']
    let completion: z.infer<typeof completionSchema> | undefined
    let mode: ResponseMode = 'text'
    for (const [i, tried] of modes.entries()) {
      mode = tried
      const format = responseFormat(mode, schema)
      const request = { model, messages: messages.map((m) => ({ role: m.role, content: m.content })) }
      try {
        completion = await this.withRetries(async (attemptSignal) => {
          const body = { ...request, ...(format ? { response_format: format } : {}) }
          // The format is one of the three the API defines, built in response-format.ts.
          const reply = await (await this.openai()).chat.completions.create(body as typeof request, {
            signal: attemptSignal,
          })
          return this.checked(completionSchema, reply, 'a chat completion')
        }, signal)
        // Remembered only once another format worked: a 400 for another reason refuses them all.
        for (const refusedMode of modes.slice(0, i)) rememberRefusal(this.endpoint, refusedMode)
        break
      } catch (error) {
        // A server that refuses the format itself (400, 422) is asked again in the next one.
        const status = error instanceof LlmRequestError ? error.status : undefined
        if (i === modes.length - 1 || (status !== 400 && status !== 422)) throw error
      }
    }
    const content = completion?.choices[0]?.message.content ?? ''
    const text = mode === 'text' && json ? unfenced(content) : content
    this.count(completion?.usage ?? undefined, messages.map((m) => m.content).join('\n'), text)
    await this.cache.set(key, { text })
    return text
  }

  /** Embedding vectors, one per text; each text is cached on its own. */
  async embed(
    texts: readonly string[],
    { signal }: { readonly signal?: AbortSignal | undefined } = {},
  ): Promise<number[][]> {
    const model = this.modelFor('embed')
    const vectors: (number[] | undefined)[] = await Promise.all(
      texts.map(
        async (text) => (await this.fromCache<{ vector: number[] }>(LlmDiskCache.key('embed', model, text)))?.vector,
      ),
    )
    const missing = texts.flatMap((_, i) => (vectors[i] ? [] : [i]))
    for (let start = 0; start < missing.length; start += 256) {
      const batch = missing.slice(start, start + 256)
      const response = await this.withRetries(
        async (attemptSignal) =>
          this.checked(
            embeddingsSchema,
            // float, not the SDK's default base64: some compatible servers only speak float.
            await (await this.openai()).embeddings.create(
              { model, input: batch.map((i) => texts[i] ?? ''), encoding_format: 'float' },
              { signal: attemptSignal },
            ),
            'embeddings',
          ),
        signal,
      )
      this.count(response.usage ?? undefined, batch.map((i) => texts[i]).join('\n'), '')
      const width = response.data[0]?.embedding.length ?? 0
      if (
        response.data.length !== batch.length ||
        width === 0 ||
        response.data.some((d) => d.embedding.length !== width)
      ) {
        throw this.unusable(
          `${response.data.length} vectors for ${batch.length} texts, of lengths ${[...new Set(response.data.map((d) => d.embedding.length))].slice(0, 3).join(', ') || 'none'}`,
        )
      }
      for (const [j, i] of batch.entries()) {
        const vector = response.data[j]?.embedding ?? []
        vectors[i] = vector
      }
      // Thousands of vectors at the first retrieval (one per symbol): written side by side, and without an fsync
      // each, or a loaded disk takes tens of seconds; a vector lost to a crash is only asked again.
      await Promise.all(
        batch.map((i) =>
          this.cache.set(LlmDiskCache.key('embed', model, texts[i] ?? ''), { vector: vectors[i] }, false),
        ),
      )
    }
    return vectors as number[][]
  }

  /**
   * One request with its retries, all within the timeout. An endpoint that is down fails at once; one that cannot
   * be reached, does not answer in time or keeps failing goes down, so the next calls do not wait again.
   */
  private async withRetries<T>(
    request: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    signal?.throwIfAborted()
    const down = this.unavailable
    if (down !== undefined) throw new LlmUnavailableError(down)
    const deadline = AbortSignal.timeout(this.timeoutMs)
    const attemptSignal = signal ? AbortSignal.any([signal, deadline]) : deadline
    try {
      return await this.attempts(request, attemptSignal, signal)
    } catch (error) {
      const failure =
        deadline.aborted && !signal?.aborted && !(error instanceof LlmUnavailableError) ? this.timedOut() : error
      if (goesDown(failure)) this.goDown((failure as Error).message)
      throw failure
    }
  }

  private async attempts<T>(
    request: (signal: AbortSignal) => Promise<T>,
    attemptSignal: AbortSignal,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const maxRetries = this.options.maxRetries ?? 4
    let last: unknown
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted()
      if (attemptSignal.aborted) throw this.timedOut(last)
      this.budget.check(this.counters)
      this.counters.requests++
      try {
        const reply = await this.budget.run(() => request(attemptSignal), attemptSignal)
        this.answered = true
        return reply
      } catch (error) {
        // Cancelled by the caller: its reason, not the SDK's abort error, and no retry.
        if (signal?.aborted) throw signal.reason
        if (attemptSignal.aborted) throw this.timedOut(last)
        if (error instanceof LlmRequestError) throw error
        last = error
        const retryable = isRetryable(error)
        if (!retryable || attempt >= maxRetries) throw this.explain(error)
        this.counters.retries++
        await delay(retryAfterMs(error) ?? (this.options.backoffMs ?? 500) * 2 ** attempt, attemptSignal).catch(
          (cause: unknown) => {
            throw signal?.aborted ? signal.reason : attemptSignal.aborted ? this.timedOut(last) : cause
          },
        )
      }
    }
  }

  /** The timeout passed: after failed attempts, the last failure's reason; else the endpoint was silent. */
  private timedOut(last?: unknown): LlmUnavailableError {
    const limit = `${formatMs(this.timeoutMs)} (CEDAR_LLM_TIMEOUT_MS)`
    if (last !== undefined) return new LlmUnavailableError(`${this.explain(last).message}, for ${limit}`)
    return new LlmUnavailableError(`the LLM at ${this.endpoint} did not answer within ${limit}`)
  }

  private goDown(reason: string): void {
    const fresh = this.down === undefined
    this.down = { reason, until: Date.now() + (this.options.downForMs ?? 60_000) }
    if (fresh) this.options.onUnavailable?.(reason)
  }

  private unusable(what: string): LlmReplyError {
    return new LlmReplyError(`the LLM at ${this.endpoint} answered something unusable (${what})`, undefined)
  }

  private checked<S extends z.ZodType>(schema: S, reply: unknown, what: string): z.infer<S> {
    const parsed = schema.safeParse(reply)
    if (parsed.success) return parsed.data
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''
    const shape = typeof reply === 'string' ? 'text, not JSON' : `not ${what}${where}`
    throw this.unusable(shape)
  }

  private explain(error: unknown): Error {
    if (sdk && error instanceof sdk.APIConnectionError) {
      const cause = (error.cause as { code?: string; message?: string } | undefined) ?? {}
      return new LlmUnavailableError(
        `cannot reach the LLM at ${this.endpoint}: ${cause.code ?? cause.message ?? error.message}`,
      )
    }
    if (sdk && error instanceof sdk.APIError && error.status !== undefined) {
      return new LlmRequestError(`the LLM at ${this.endpoint} answered ${error.status}: ${error.message}`, error.status)
    }
    // A body the SDK could not read (not JSON) and the like: the endpoint answered, with nothing usable.
    return this.unusable(
      error instanceof SyntaxError ? 'not JSON' : error instanceof Error ? error.message.slice(0, 120) : 'no response',
    )
  }

  private async fromCache<T>(key: string): Promise<T | undefined> {
    const value = await this.cache.get<T>(key)
    if (value !== undefined) this.counters.cacheHits++
    return value
  }

  private count(
    usage: { prompt_tokens?: number | undefined; completion_tokens?: number | undefined } | undefined,
    prompt: string,
    reply: string,
  ): void {
    // Without usage figures, about four characters a token is the usual estimate.
    this.counters.promptTokens += usage?.prompt_tokens ?? Math.ceil(prompt.length / 4)
    this.counters.completionTokens += usage?.completion_tokens ?? Math.ceil(reply.length / 4)
    this.options.onUsage?.(this.stats)
  }
}

function isRetryable(error: unknown): boolean {
  if (!sdk) return false
  if (error instanceof sdk.APIConnectionError) return true
  if (!(error instanceof sdk.APIError)) return false
  return error.status === 429 || error.status === 408 || (error.status !== undefined && error.status >= 500)
}

function retryAfterMs(error: unknown): number | undefined {
  if (!(sdk && error instanceof sdk.APIError)) return undefined
  const header = error.headers?.get('retry-after')
  const seconds = header === null || header === undefined ? Number.NaN : Number(header)
  return Number.isFinite(seconds) ? Math.min(seconds * 1000, 60_000) : undefined
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`
}

/** Backoff between retries is real waiting, by design: the server asked for it. A cancelled caller stops waiting. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return setTimeout(ms, undefined, { signal })
}
