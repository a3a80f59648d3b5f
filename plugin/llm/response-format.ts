/**
 * Which `response_format` a JSON call sends, per endpoint. Servers differ: LM Studio accepts only `json_schema` or
 * `text` and answers 400 to `json_object` (its bug tracker #189); Ollama and vLLM take `json_object`. So a call with
 * a zod schema asks for structured output first (`json_schema`, the schema from `z.toJSONSchema`), then
 * `json_object`, then plain text that the caller parses strictly; a format an endpoint refused is remembered for
 * that endpoint (for the process), so only the first call pays for finding out.
 */
import { z } from 'zod'

export type ResponseMode = 'json_schema' | 'json_object' | 'text'

/** A reply's shape: its name (letters, digits, _ and -) and the zod schema the caller validates it with. */
export interface ReplySchema {
  readonly name: string
  readonly schema: z.ZodType
}

const refused = new Map<string, Set<ResponseMode>>()

/** The formats to try for a JSON call to `endpoint`, best first, without those it refused before. */
export function responseModes(endpoint: string, schema: ReplySchema | undefined): ResponseMode[] {
  const modes: ResponseMode[] = schema ? ['json_schema', 'json_object', 'text'] : ['json_object', 'text']
  const no = refused.get(endpoint)
  const left = modes.filter((m) => !no?.has(m))
  return left.length > 0 ? left : ['text']
}

/** `endpoint` answered a request in `mode` with a refusal of the request itself: not that mode again. */
export function rememberRefusal(endpoint: string, mode: ResponseMode): void {
  const no = refused.get(endpoint) ?? new Set<ResponseMode>()
  no.add(mode)
  refused.set(endpoint, no)
}

/** What the request carries for `mode` (nothing for text). */
export function responseFormat(mode: ResponseMode, schema: ReplySchema | undefined): object | undefined {
  if (mode === 'json_object') return { type: 'json_object' }
  if (mode === 'json_schema' && schema) {
    return {
      type: 'json_schema',
      json_schema: { name: schema.name, schema: z.toJSONSchema(schema.schema) },
    }
  }
  return undefined
}

/**
 * A plain-text reply as the JSON it should hold: the text itself, or the body of the one ```json fence it is (models
 * asked without a response format often fence their JSON). Anything else is left for the caller's strict parse to
 * reject.
 */
export function unfenced(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/.exec(text)
  return fenced?.[1] ?? text
}
