// JSON that local servers accept (issue 39): the LLM client asks for structured output from the zod schema
// (`json_schema`) first, then `json_object`, then plain text parsed strictly, and remembers per endpoint what was
// refused. Against loopback servers that take `response_format` as LM Studio, Ollama and vLLM do
// (bench/local-llm-servers.ts), a constraint is taught by the LLM on the first try, with no offline fallback.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { startFakeOpenAi } from '../bench/fake-openai.js'
import { ACCEPTS, LOCAL_SERVERS, startLocalServerLike } from '../bench/local-llm-servers.js'
import { learnConstraint, teachConstraint } from '../plugin/agent/index.js'
import { equivalent } from '../plugin/automata/index.js'
import { resolveOptions } from '../plugin/config/options.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { LlmClient } from '../plugin/llm/llm-client.js'

const PHRASE = "don't mine at night"
const ALPHABET = ['time.day', 'time.night', 'mine.stone', 'mine.oak_log', 'craft.torch']
const inventory = offlineGrounding().inventory

describe('local servers', () => {
  for (const kind of LOCAL_SERVERS) {
    test(`${kind}: a constraint is taught by the LLM, every request answered on the first try`, async () => {
      const server = await startLocalServerLike(kind)
      try {
        const llm = new LlmClient({ baseURL: server.baseURL, model: kind, maxRetries: 0, timeoutMs: 600_000 })
        const taught = await teachConstraint(PHRASE, ALPHABET, { llm, inventory })
        assert.equal(taught.fallback, undefined, taught.fallback)
        assert.equal(taught.teacher, `llm:${kind}`)
        const exact = await learnConstraint(PHRASE, ALPHABET)
        assert.ok(equivalent(taught.dfa, exact.dfa).equivalent)
        assert.equal(llm.stats.requests, server.counts.prompts, 'no request was refused')
        assert.ok(ACCEPTS[kind].includes('json_schema'))
      } finally {
        await server.close()
      }
    })
  }

  test('LM Studio refuses json_object: a call without a schema falls back to text once, and remembers it', async () => {
    const chats: { type: string | undefined; status: number }[] = []
    const fake = await startFakeOpenAi((request) => {
      const type = request.response_format?.type
      if (type === 'json_object') {
        chats.push({ type, status: 400 })
        return { status: 400, body: { error: "'response_format.type' must be 'json_schema' or 'text'" } }
      }
      chats.push({ type, status: 200 })
      return '```json\n{"ok": true}\n```'
    })
    try {
      const llm = new LlmClient({ baseURL: fake.baseURL, model: 'm', maxRetries: 0, timeoutMs: 60_000 })
      const first = await llm.chat('critic', [{ role: 'user', content: 'one' }], { json: true })
      assert.deepEqual(JSON.parse(first), { ok: true }, 'the fenced reply is read as its JSON')
      const second = await llm.chat('critic', [{ role: 'user', content: 'two' }], { json: true })
      assert.deepEqual(JSON.parse(second), { ok: true })
      assert.deepEqual(chats, [
        { type: 'json_object', status: 400 },
        { type: undefined, status: 200 },
        { type: undefined, status: 200 },
      ])
    } finally {
      await fake.close()
    }
  })

  test('a server that refuses every format still fails with its own message', async () => {
    const fake = await startFakeOpenAi(() => ({ status: 400, body: { error: { message: 'model not loaded' } } }))
    try {
      const llm = new LlmClient({ baseURL: fake.baseURL, model: 'm', maxRetries: 0, timeoutMs: 60_000 })
      await assert.rejects(
        llm.chat('critic', [{ role: 'user', content: 'x' }], { json: true }),
        /answered 400: .*model not loaded/,
      )
    } finally {
      await fake.close()
    }
  })

  test('a loopback model is loaded at start: a one-token question per model, counted as the server counts it', async () => {
    const fake = await startFakeOpenAi(() => 'OK')
    try {
      const llm = new LlmClient({ baseURL: fake.baseURL, model: 'm', models: { mq: 'teacher' }, timeoutMs: 60_000 })
      await llm.warmUp()
      const warmUps = fake.chats.map((chat) => [chat.model, chat.max_tokens])
      assert.deepEqual(warmUps.sort(), [
        ['m', 1],
        ['teacher', 1],
      ])
      assert.equal(llm.stats.requests, fake.chats.length, 'what the server received is what the bot counts')
      assert.equal(llm.stats.warmUps, 2)
      await llm.warmUp()
      assert.equal(fake.chats.length, 2, 'once: the models are loaded')
    } finally {
      await fake.close()
    }
  })

  test('a warm-up that finds no server says nothing and sends nothing later; the first real call reports it', async () => {
    const told: string[] = []
    const llm = new LlmClient({
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'm',
      timeoutMs: 5000,
      maxRetries: 0,
      onUnavailable: (reason) => told.push(reason),
    })
    await llm.warmUp()
    assert.deepEqual(told, [], 'the outage is told when a call needs the model, with a player there to read it')
    await assert.rejects(
      llm.chat('mq', [{ role: 'user', content: 'x' }]),
      /cannot reach the LLM at http:\/\/127\.0\.0\.1:9/,
    )
    assert.equal(told.length, 1)
  })

  test('a hosted API gets no warm-up: its models are loaded, and every request is billed', async () => {
    const llm = new LlmClient({ baseURL: 'https://api.example.invalid/v1', model: 'm' })
    await llm.warmUp()
    assert.deepEqual([llm.stats.requests, llm.stats.warmUps], [0, 0])
  })

  test("a local model's first call may take 180 s unless the user chose a timeout", () => {
    const local = { OPENAI_BASE_URL: 'http://127.0.0.1:1234/v1' }
    assert.equal(resolveOptions({}, local).llm.firstTimeoutMs, 180_000)
    assert.equal(resolveOptions({}, { ...local, CEDAR_LLM_TIMEOUT_MS: '5000' }).llm.firstTimeoutMs, undefined)
    assert.equal(resolveOptions({ llm: { timeoutMs: 5000 } }, local).llm.firstTimeoutMs, undefined)
  })
})
