// Loopback servers that take `response_format` the way three local model servers do (issue 39), in front of the
// simulated LLM (simulated-llm.ts). As modelled here — from their documentation and bug trackers, not from running
// them: LM Studio takes `json_schema` (with a schema) or no format, fences JSON it is not asked to structure, and
// answers 400 to `json_object` (lmstudio-bug-tracker #189); Ollama takes `json_object`, `json_schema` or none;
// vLLM takes all three but answers 400 to a `json_schema` without a schema, in its own error body.
import type { ChatRequest, Reply } from './fake-openai.js'
import { type SimulatedLlm, type SimulatedLlmOptions, startSimulatedLlm } from './simulated-llm.js'

export const LOCAL_SERVERS = ['lm-studio', 'ollama', 'vllm'] as const
export type LocalServer = (typeof LOCAL_SERVERS)[number]

/** Which `response_format.type` each takes (`none`: the field left out). */
export const ACCEPTS: Record<LocalServer, readonly string[]> = {
  'lm-studio': ['json_schema', 'text', 'none'],
  ollama: ['json_object', 'json_schema', 'none'],
  vllm: ['json_object', 'json_schema', 'text', 'none'],
}

const hasSchema = (request: ChatRequest) => typeof request.response_format?.json_schema?.schema === 'object'

function gate(kind: LocalServer): (request: ChatRequest) => Reply | undefined {
  return (request) => {
    const type = request.response_format?.type ?? 'none'
    const ok = ACCEPTS[kind].includes(type) && (type !== 'json_schema' || hasSchema(request))
    if (ok) return undefined
    if (kind === 'lm-studio')
      return { status: 400, body: { error: "'response_format.type' must be 'json_schema' or 'text'" } }
    if (kind === 'vllm') {
      const message = `invalid response_format: ${type}`
      return { status: 400, body: { object: 'error', message, type: 'BadRequestError', param: null, code: 400 } }
    }
    const message = `invalid response_format type: ${type}`
    return { status: 400, body: { error: { message, type: 'invalid_request_error', param: null, code: null } } }
  }
}

/** LM Studio fences the JSON of a reply it was not asked to structure, as chat models do. */
function dress(kind: LocalServer): (content: string, request: ChatRequest) => string {
  return (content, request) =>
    kind === 'lm-studio' && request.response_format === undefined ? `\`\`\`json\n${content}\n\`\`\`` : content
}

export function startLocalServerLike(
  kind: LocalServer,
  options: Omit<SimulatedLlmOptions, 'gate' | 'dress'> = {},
): Promise<SimulatedLlm> {
  return startSimulatedLlm({ ...options, gate: gate(kind), dress: dress(kind) })
}
