// Grounding with an LLM (the real `openai` client against a server on 127.0.0.1): model output is data, checked
// against the inventory before use, and a bad reply falls back to the offline component.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type ChatRequest, type FakeOpenAi, lastUser, startFakeOpenAi } from '../bench/fake-openai.js'
import { llmGrounding } from '../plugin/grounding/llm-grounding.js'
import { groundInstruction } from '../plugin/grounding/pipeline.js'
import { LlmClient } from '../plugin/llm/llm-client.js'

const isSplit = (request: ChatRequest) => /Split a Minecraft instruction/.test(request.messages[0]?.content ?? '')

describe('LLM grounding', () => {
  let server: FakeOpenAi
  let cacheDir: string
  before(async () => {
    server = await startFakeOpenAi()
    cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-ground-'))
  })
  after(async () => {
    await server?.close()
    await rm(cacheDir, { recursive: true, force: true })
  })
  const client = (extra: Partial<ConstructorParameters<typeof LlmClient>[0]> = {}) =>
    new LlmClient({ baseURL: server.baseURL, model: 'm', backoffMs: 1, ...extra })

  test('the model splits and prunes; a symbol it invents is rejected, not trusted', async () => {
    server.onChat = (request) =>
      isSplit(request)
        ? JSON.stringify({ goals: ['collect diamonds'], constraints: ['sleep at night'] })
        : lastUser(request).includes('a task')
          ? JSON.stringify({ alphabet: ['mine.diamond_ore', 'teleport.to_diamonds', 'has.diamond.1'] })
          : JSON.stringify({ alphabet: ['sleep.bed', 'time.night'] })
    const components = llmGrounding(client())
    const grounded = await groundInstruction('collect diamonds but sleep at night', components)
    assert.deepEqual(
      grounded.goals.map((g) => g.text),
      ['collect diamonds'],
    )
    assert.ok(grounded.goals[0]?.alphabet.includes('mine.diamond_ore'))
    assert.ok(!grounded.goals[0]?.alphabet.some((s) => s.startsWith('teleport')))
    assert.deepEqual(components.stats.rejectedSymbols, ['teleport.to_diamonds'])
    assert.deepEqual(
      grounded.constraints.map((c) => [c.text, c.alphabet]),
      [['sleep at night', ['sleep.bed', 'time.day', 'time.night']]],
    )
    // Daybreak ends the night's debt whatever the model picked: the grammar's phase is kept, and the stats say so.
    assert.deepEqual(components.stats.keptSymbols, [{ part: 'sleep at night', symbols: ['time.day'] }])
  })

  test('garbage replies fall back to the grammar and the deterministic pruner', async () => {
    server.onChat = () => 'I think you should mine diamonds!'
    const components = llmGrounding(client())
    const grounded = await groundInstruction('make a wooden pickaxe but never kill pigs', components)
    assert.ok(grounded.goals.length >= 1 && grounded.constraints.length >= 1)
    assert.ok(grounded.goals.flatMap((g) => g.alphabet).includes('craft.wooden_pickaxe'))
    assert.ok(components.stats.fallbacks >= 3, `${components.stats.fallbacks} fallbacks`)
  })

  test('embedding retrieval is fused with lexical retrieval and cached on disk', async () => {
    server.onChat = (request) =>
      isSplit(request)
        ? JSON.stringify({ goals: ['find iron ore'], constraints: [] })
        : JSON.stringify({ alphabet: [] })
    const first = client({ cacheDir, models: { embed: 'embedder' } })
    const grounded = await groundInstruction('find iron ore', llmGrounding(first, { embeddings: true }))
    assert.ok(grounded.goals[0]?.alphabet.some((s) => s.includes('iron_ore')))
    assert.ok(server.embeddings.length > 0)
    const embedded = server.embeddings.length
    const second = client({ cacheDir, models: { embed: 'embedder' } })
    await groundInstruction('find iron ore', llmGrounding(second, { embeddings: true }))
    assert.equal(server.embeddings.length, embedded, 'no embedding request on the rerun')
    assert.equal(second.stats.requests, 0)
  })
})
