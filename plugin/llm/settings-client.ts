import type { LlmSettings } from '../config/options.js'
import { LlmClient, type LlmClientOptions } from './llm-client.js'

/** The client the plugin's settings describe (see `resolveOptions`), or undefined when no LLM is configured. */
export function llmClientFor(
  settings: LlmSettings,
  hooks: Pick<LlmClientOptions, 'onUnavailable'> = {},
): LlmClient | undefined {
  if (!settings.enabled) return undefined
  return new LlmClient({
    ...hooks,
    apiKey: settings.apiKey,
    baseURL: settings.baseURL,
    model: settings.model,
    ...(settings.embeddingModel ? { models: { embed: settings.embeddingModel } } : {}),
    timeoutMs: settings.timeoutMs,
    ...(settings.firstTimeoutMs === undefined ? {} : { firstTimeoutMs: settings.firstTimeoutMs }),
    cacheDir: settings.cacheDir,
  })
}
