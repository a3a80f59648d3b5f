/**
 * What the LLM may cost, and how fast it may be asked: a cap on requests and on tokens (a spent one ends the call
 * with LlmBudgetExhausted, which learning turns into a report, not a crash) and requests per minute, throttled by
 * p-queue (a queue that starts at most that many requests in any minute; the rest wait their turn).
 */
import PQueue from 'p-queue'
import { LlmBudgetExhausted } from './llm-errors.js'

export interface LlmLimits {
  /** Requests that may reach the endpoint (retries included); cache hits are free. Default unlimited. */
  readonly maxRequests?: number | undefined
  /** Prompt and completion tokens together. Default unlimited. */
  readonly maxTokens?: number | undefined
  /** Requests started in any minute. Default unlimited. */
  readonly requestsPerMinute?: number | undefined
}

export class LlmBudget {
  private readonly queue: PQueue | undefined

  constructor(private readonly limits: LlmLimits) {
    const perMinute = limits.requestsPerMinute
    this.queue = perMinute ? new PQueue({ intervalCap: perMinute, interval: 60_000 }) : undefined
  }

  /** Throws when the next request would be over the budget. */
  check(spent: { readonly requests: number; readonly promptTokens: number; readonly completionTokens: number }): void {
    const { maxRequests, maxTokens } = this.limits
    if (maxRequests !== undefined && spent.requests >= maxRequests) {
      throw new LlmBudgetExhausted(`the LLM request budget (${maxRequests}) is spent`)
    }
    if (maxTokens !== undefined && spent.promptTokens + spent.completionTokens >= maxTokens) {
      throw new LlmBudgetExhausted(`the LLM token budget (${maxTokens.toLocaleString('en')}) is spent`)
    }
  }

  /** Runs one request in its turn (at once without a per-minute limit); `signal` gives up the wait. */
  run<T>(request: () => Promise<T>, signal: AbortSignal): Promise<T> {
    if (!this.queue) return request()
    return this.queue.add(request, { signal }) as Promise<T>
  }
}
