// A simulated LLM on 127.0.0.1 for the tests and the bench (`npm run bench -- teachers`): an OpenAI-compatible server
// that answers the plugin's membership prompts (the contract in docs/teachers.md) from an exact teacher — the phrase
// grammar for constraints, the recipe book's milestone language for skills — and lies on a chosen share p of the words, persistently: a seeded hash of the
// instruction and the word decides, so the same word always gets the same wrong answer.
import { milestoneDfa, skillKey, skillTarget } from '../plugin/agent/index.js'
import { uniformHash } from '../plugin/learning/simulated.js'
import { PhraseTeacher } from '../plugin/teachers/phrase-teacher.js'
import { loadRules } from '../plugin/world/rules.js'
import { type ChatRequest, lastUser, type Reply, startFakeOpenAi, wordsIn } from './fake-openai.js'

/** A membership prompt as the plugin's LlmTeacher sends it. */
export interface MembershipPrompt {
  readonly instruction: string
  readonly kind: 'constraint' | 'skill'
  /** The symbols listed under "Symbols:", in order. */
  readonly symbols: string[]
  readonly words: string[][]
}

export interface SimulatedLlmOptions {
  /** The share of words it lies about. Default 0. */
  readonly noise?: number
  readonly seed?: number
  /** The exact judge of a prompt's words; default: the phrase grammar for constraint prompts (undefined: no judge). */
  readonly exact?: (prompt: MembershipPrompt) => ((word: readonly string[]) => boolean) | undefined
  /** The reply to any other request (grounding, critic): default `{}`, which the plugin answers offline instead. */
  readonly other?: (request: ChatRequest) => string
  /** The server's own rules, before any answer: an error reply refuses the request (local-llm-servers.ts). */
  readonly gate?: (request: ChatRequest) => Reply | undefined
  /** The reply text as the server sends it (a server asked for no format may fence its JSON). */
  readonly dress?: (content: string, request: ChatRequest) => string
}

export interface SimulatedLlm {
  readonly baseURL: string
  /** Chat requests received; membership prompts among them; words judged; answers that were lies; the largest prompt. */
  readonly counts: { requests: number; prompts: number; words: number; lies: number; maxBatch: number }
  /** Whether it lies about `word` under `instruction` (whatever it is asked). */
  lies(instruction: string, word: readonly string[]): boolean
  close(): Promise<void>
}

/** Reads a membership prompt (docs/teachers.md); undefined for any other request. */
export function parseMembershipPrompt(request: ChatRequest): MembershipPrompt | undefined {
  if (!/^You judge sequences/.test(request.messages.find((m) => m.role === 'system')?.content ?? '')) return undefined
  const user = lastUser(request)
  const instruction = /^Instruction: (.*)$/m.exec(user)?.[1]
  if (instruction === undefined) return undefined
  const symbolBlock = user.split('\n')
  const start = symbolBlock.indexOf('Symbols:')
  const symbols: string[] = []
  for (let i = start + 1; start >= 0 && i < symbolBlock.length; i++) {
    const match = /^- ([^:\s]+): /.exec(symbolBlock[i] ?? '')
    if (!match) break
    symbols.push(match[1] ?? '')
  }
  const kind = /respect the constraint/.test(user) ? 'constraint' : 'skill'
  return { instruction, kind, symbols, words: wordsIn(request) }
}

const estimateTokens = (text: string) => Math.ceil(text.length / 4)

/**
 * The exact teachers the simulated LLM knows: the phrase grammar for constraints; for a skill (`craft
 * stone_pickaxe`), the recipe book's milestone language over the prompt's symbols. Undefined: no judge.
 */
export function defaultJudge(prompt: MembershipPrompt): ((word: readonly string[]) => boolean) | undefined {
  if (prompt.kind === 'constraint') {
    const teacher = new PhraseTeacher(prompt.instruction, prompt.symbols)
    return (word) => teacher.accepts(word)
  }
  const match = /^(craft|mine|smelt) ([a-z0-9_]+)$/.exec(prompt.instruction)
  if (!match) return undefined
  const rules = loadRules()
  const key = skillKey(match[1] ?? '', match[2] ?? '', rules)
  const { milestones } = skillTarget(key, rules)
  const target = milestoneDfa(prompt.symbols, milestones.events)
  return (word) => target.accepts(word)
}

export async function startSimulatedLlm(options: SimulatedLlmOptions = {}): Promise<SimulatedLlm> {
  const noise = options.noise ?? 0
  const seed = options.seed ?? 0
  const counts = { requests: 0, prompts: 0, words: 0, lies: 0, maxBatch: 0 }
  const lies = (instruction: string, word: readonly string[]) =>
    noise > 0 && uniformHash(seed, `${instruction}\u0002${word.join('\u0001')}`) < noise
  const exact = options.exact ?? defaultJudge
  const judges = new Map<string, ((word: readonly string[]) => boolean) | undefined>()
  const server = await startFakeOpenAi((request) => {
    counts.requests++
    const refusal = options.gate?.(request)
    if (refusal) return refusal
    const prompt = parseMembershipPrompt(request)
    if (!prompt) return options.dress?.(options.other?.(request) ?? '{}', request) ?? options.other?.(request) ?? '{}'
    const key = `${prompt.kind}\u0002${prompt.instruction}\u0002${prompt.symbols.join(' ')}`
    if (!judges.has(key)) {
      try {
        judges.set(key, exact(prompt))
      } catch {
        judges.set(key, undefined)
      }
    }
    const judge = judges.get(key)
    if (!judge) {
      return { status: 400, body: { error: { message: `no exact teacher for "${prompt.instruction}"` } } }
    }
    counts.prompts++
    counts.words += prompt.words.length
    counts.maxBatch = Math.max(counts.maxBatch, prompt.words.length)
    const answers = prompt.words.map((word) => {
      const lie = lies(prompt.instruction, word)
      if (lie) counts.lies++
      return judge(word) !== lie
    })
    const content = options.dress?.(JSON.stringify({ answers }), request) ?? JSON.stringify({ answers })
    const text = request.messages.map((m) => m.content).join('\n')
    return { content, usage: { prompt_tokens: estimateTokens(text), completion_tokens: estimateTokens(content) } }
  })
  return { baseURL: server.baseURL, counts, lies, close: () => server.close() }
}
