// What the LLM has cost, as `!status`, the console and the `cedarLlmUsage` event report it.

/** What the LLM has cost: requests sent (retries included) and the tokens the endpoint reported. */
export interface LlmUsage {
  readonly requests: number
  readonly promptTokens: number
  readonly completionTokens: number
}

/** `cedarLlmUsage`'s report: since the bot started, and since the current (or last) instruction started. */
export interface LlmUsageReport {
  readonly total: LlmUsage
  readonly instruction: LlmUsage
}

export const NO_LLM_USAGE: LlmUsage = { requests: 0, promptTokens: 0, completionTokens: 0 }

/** What was spent between `before` and `now`. */
export function usageSince(now: LlmUsage, before: LlmUsage): LlmUsage {
  return {
    requests: now.requests - before.requests,
    promptTokens: now.promptTokens - before.promptTokens,
    completionTokens: now.completionTokens - before.completionTokens,
  }
}
