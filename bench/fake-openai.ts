// A small OpenAI-compatible server on 127.0.0.1 for the LLM-path tests: the real `openai` client talks HTTP to it.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ChatRequest {
  readonly model: string
  readonly messages: { role: string; content: string }[]
  readonly response_format?: { type: string; json_schema?: { name?: string; schema?: unknown } }
  readonly max_tokens?: number
}

/** What the server does with one request: a reply text (with its token usage), or an HTTP error (with optional headers). */
export type Reply =
  | string
  | { content: string; usage: { prompt_tokens: number; completion_tokens: number } }
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** A body sent as it is (not JSON-encoded), e.g. an HTML error page. */
  | { status: number; raw: string; contentType?: string }

export interface FakeOpenAi {
  readonly baseURL: string
  /** Chat requests received so far (every attempt, retries included). */
  readonly chats: ChatRequest[]
  readonly embeddings: { model: string; input: string[] }[]
  onChat: (request: ChatRequest, index: number) => Reply
  onEmbed: (texts: string[]) => number[][]
  close(): Promise<void>
}

export async function startFakeOpenAi(onChat: FakeOpenAi['onChat'] = () => '{}'): Promise<FakeOpenAi> {
  const chats: ChatRequest[] = []
  const embeddings: FakeOpenAi['embeddings'] = []
  let server: Server
  const fake: FakeOpenAi = {
    baseURL: '',
    chats,
    embeddings,
    onChat,
    onEmbed: (texts) => texts.map(bagOfLetters),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as Record<string, unknown>
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers })
      response.end(JSON.stringify(payload))
    }
    if (request.url?.endsWith('/chat/completions')) {
      const chat = body as unknown as ChatRequest
      chats.push(chat)
      const reply = fake.onChat(chat, chats.length - 1)
      if (typeof reply !== 'string' && 'raw' in reply) {
        response.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' })
        response.end(reply.raw)
        return
      }
      if (typeof reply !== 'string' && 'status' in reply) {
        send(
          reply.status,
          reply.body ?? { error: { message: `status ${reply.status}`, type: 'server_error' } },
          reply.headers,
        )
        return
      }
      const { content, usage } =
        typeof reply === 'string' ? { content: reply, usage: { prompt_tokens: 10, completion_tokens: 5 } } : reply
      send(200, {
        id: `chatcmpl-${chats.length}`,
        object: 'chat.completion',
        created: 0,
        model: chat.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      })
      return
    }
    if (request.url?.endsWith('/embeddings')) {
      const input = ([] as string[]).concat(body.input as string | string[])
      embeddings.push({ model: String(body.model), input })
      send(200, {
        object: 'list',
        model: body.model,
        data: fake.onEmbed(input).map((embedding, index) => ({ object: 'embedding', index, embedding })),
        usage: { prompt_tokens: input.length, total_tokens: input.length },
      })
      return
    }
    send(404, { error: { message: `no route ${request.url}` } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  ;(fake as { baseURL: string }).baseURL = `http://127.0.0.1:${port}/v1`
  return fake
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** A crude but deterministic embedding: letter frequencies, so similar words have similar vectors. */
function bagOfLetters(text: string): number[] {
  const vector = new Array<number>(27).fill(0)
  for (const ch of text.toLowerCase()) {
    const i = ch.charCodeAt(0) - 97
    vector[i >= 0 && i < 26 ? i : 26]! += 1
  }
  return vector
}

/** The last user message of a chat request. */
export function lastUser(request: ChatRequest): string {
  return [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? ''
}

/** The numbered sequences of a membership-query prompt (the LLM teacher's), as words. */
export function wordsIn(request: ChatRequest): string[][] {
  return lastUser(request)
    .split('\n')
    .flatMap((line) => {
      const match = /^\d+\. (.*)$/.exec(line)
      if (!match) return []
      return [match[1] === '(nothing happens)' ? [] : (match[1] ?? '').split(' ')]
    })
}
