// The LLM client's failures, each a CedarError a player or a caller can read, and which of them take an endpoint down.
import { CedarError } from '../errors.js'

/** No endpoint answered: the message names the URL and the reason. */
export class LlmUnavailableError extends CedarError {
  override name = 'LlmUnavailableError'
}

/** The request budget is spent. */
export class LlmBudgetExhausted extends CedarError {
  override name = 'LlmBudgetExhausted'
}

/** The endpoint kept answering with errors after every retry. */
export class LlmRequestError extends CedarError {
  override name = 'LlmRequestError'
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message)
  }
}

/** The endpoint answered, but not with an OpenAI response of the asked kind (no `choices`, not JSON, too few vectors). */
export class LlmReplyError extends LlmRequestError {
  override name = 'LlmReplyError'
}

/** Down after a timeout, an unreachable endpoint, retries spent on 429/5xx, or a key or model the endpoint refuses. */
export function goesDown(error: unknown): boolean {
  if (error instanceof LlmUnavailableError) return true
  if (!(error instanceof LlmRequestError) || error instanceof LlmReplyError) return false
  const status = error.status
  return status === undefined || status === 401 || status === 403 || status === 404 || status === 429 || status >= 500
}
