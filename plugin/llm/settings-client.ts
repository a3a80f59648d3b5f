import type { LlmSettings } from '../config/options.js'
import { LlmClient, type LlmClientOptions, type LlmRole } from './llm-client.js'

/** The client the plugin's settings describe (see `resolveOptions`), or undefined when no LLM is configured. */
export function llmClientFor(
  settings: LlmSettings,
  hooks: Pick<LlmClientOptions, 'onUnavailable' | 'onUsage'> = {},
): LlmClient | undefined {
  if (!settings.enabled) return undefined
  const { grounding, teacher, actor, critic } = settings.models ?? {}
  // The options name roles as a user thinks of them; the client's roles are the calls it makes.
  const byRole: Partial<Record<LlmRole | 'embed', string | undefined>> = {
    prune: grounding,
    split: grounding,
    mq: teacher,
    actor,
    critic,
    embed: settings.embeddingModel,
  }
  const models = Object.fromEntries(Object.entries(byRole).filter(([, m]) => m !== undefined)) as Record<string, string>
  return new LlmClient({
    ...hooks,
    apiKey: settings.apiKey,
    baseURL: settings.baseURL,
    model: settings.model,
    ...(Object.keys(models).length > 0 ? { models } : {}),
    timeoutMs: settings.timeoutMs,
    ...(settings.firstTimeoutMs === undefined ? {} : { firstTimeoutMs: settings.firstTimeoutMs }),
    ...(settings.maxRequests === undefined ? {} : { maxRequests: settings.maxRequests }),
    ...(settings.maxTokens === undefined ? {} : { maxTokens: settings.maxTokens }),
    ...(settings.requestsPerMinute === undefined ? {} : { requestsPerMinute: settings.requestsPerMinute }),
    cacheDir: settings.cacheDir,
  })
}
