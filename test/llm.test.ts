// The LLM path with the real `openai` client against an OpenAI-compatible server on 127.0.0.1.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type ChatRequest, type FakeOpenAi, lastUser, startFakeOpenAi, wordsIn } from '../bench/fake-openai.js'
import { type Dfa, equivalent, randomMinimalDfa, seededRandom } from '../plugin/automata/index.js'
import { ExactOracle, learn } from '../plugin/learning/index.js'
import { LlmClient, LlmUnavailableError } from '../plugin/llm/llm-client.js'
import { LlmResponseError, LlmTeacher } from '../plugin/teachers/llm-teacher.js'

/** A model that knows the target language perfectly. */
const answersFrom = (target: Dfa) => (request: ChatRequest) =>
  JSON.stringify({ answers: wordsIn(request).map((w) => target.accepts(w)) })

describe('LLM teacher and client', () => {
  let server: FakeOpenAi
  let cacheDir: string
  const target = randomMinimalDfa(6, 2, seededRandom(21))
  const symbols = target.alphabet.symbols.map((symbol) => ({ symbol, description: `the ${symbol} symbol` }))
  const client = (options: Partial<ConstructorParameters<typeof LlmClient>[0]> = {}) =>
    new LlmClient({ baseURL: server.baseURL, model: 'test-model', backoffMs: 5, ...options })

  before(async () => {
    server = await startFakeOpenAi()
    cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-llm-cache-'))
  })
  after(async () => {
    await server?.close()
    await rm(cacheDir, { recursive: true, force: true })
  })

  test('answers from the model teach CAPAL the target, one call per batch', async () => {
    server.onChat = answersFrom(target)
    const llm = client()
    const teacher = new LlmTeacher(llm, { instruction: 'the target language', symbols, batchSize: 50 })
    const report = await learn({ alphabet: target.alphabet, teacher, oracle: new ExactOracle(target), algorithm: 'kv' })
    assert.equal(report.outcome, 'equivalent')
    assert.ok(report.dfa && equivalent(report.dfa, target).equivalent)
    assert.equal(teacher.answered, report.queries.distinctWords)
    assert.ok(llm.stats.requests <= report.queries.teacherCalls + Math.ceil(report.queries.distinctWords / 50))
    assert.equal(server.chats[0]?.model, 'test-model')
    // Structured output from the reply's zod schema (response-format.ts).
    assert.equal(server.chats[0]?.response_format?.type, 'json_schema')
    assert.equal(server.chats[0]?.response_format?.json_schema?.name, 'membership_answers')
    assert.ok(server.chats[0]?.response_format?.json_schema?.schema, 'the schema is sent')
  })

  test('a reply that leaves words out is asked again for just those', async () => {
    let calls = 0
    server.onChat = (request) => {
      calls++
      const words = wordsIn(request)
      const answers = words.map((w) => target.accepts(w))
      return JSON.stringify({ answers: calls === 1 ? answers.slice(0, 2) : answers })
    }
    const teacher = new LlmTeacher(client(), { instruction: 't', symbols })
    const words = [['a'], ['b'], ['a', 'b'], ['b', 'a']]
    assert.deepEqual(
      await teacher.answer(words),
      words.map((w) => target.accepts(w)),
    )
    assert.equal(calls, 2)
    assert.equal(wordsIn(server.chats.at(-1) as ChatRequest).length, 2, 'only the two missing words')
  })

  test('garbage JSON is re-asked once, then fails with a clear message', async () => {
    const before = server.chats.length
    server.onChat = () => 'Sure! Here are my answers: yes, no'
    const teacher = new LlmTeacher(client(), { instruction: 't', symbols })
    await assert.rejects(teacher.answer([['a']]), (error: unknown) => {
      assert.ok(error instanceof LlmResponseError)
      assert.match(error.message, /was not \{"answers": \[true\/false, \.\.\.\]\}, twice/)
      return true
    })
    assert.equal(server.chats.length - before, 2)
    assert.match(lastUser(server.chats.at(-1) as ChatRequest), /previous reply was not valid/)
  })

  test('a 429 is retried after the backoff, then the answer is used', async () => {
    let calls = 0
    server.onChat = (request) =>
      ++calls === 1
        ? { status: 429, headers: { 'retry-after': '0' } }
        : JSON.stringify({ answers: wordsIn(request).map(() => true) })
    const llm = client()
    assert.deepEqual(await new LlmTeacher(llm, { instruction: 't', symbols }).answer([['a']]), [true])
    assert.equal(llm.stats.retries, 1)
    assert.equal(llm.stats.requests, 2)
  })

  test('500s until the budget ends: learning stops with a report, not a crash', async () => {
    server.onChat = () => ({ status: 500 })
    const llm = client({ maxRequests: 6, maxRetries: 100 })
    const report = await learn({
      alphabet: target.alphabet,
      teacher: new LlmTeacher(llm, { instruction: 't', symbols }),
      oracle: new ExactOracle(target),
      algorithm: 'kv',
    })
    assert.equal(report.outcome, 'mq-budget')
    assert.equal(llm.stats.requests, 6)
    assert.ok(llm.stats.retries >= 5, 'every 500 was retried until the budget ran out')
  })

  test('a model that keeps answering nonsense ends learning with a report naming it', async () => {
    server.onChat = () => 'no idea'
    const report = await learn({
      alphabet: target.alphabet,
      teacher: new LlmTeacher(client(), { instruction: 't', symbols }),
      oracle: new ExactOracle(target),
    })
    assert.equal(report.outcome, 'teacher-failed')
    assert.match(report.error ?? '', /was not \{"answers"/)
  })

  test('a rerun is answered from the disk cache: zero requests', async () => {
    server.onChat = answersFrom(target)
    const first = client({ cacheDir })
    const words = [['a'], ['a', 'a'], ['b', 'a', 'b']]
    const answers = await new LlmTeacher(first, { instruction: 'cached', symbols }).answer(words)
    assert.equal(first.stats.requests, 1)
    const count = server.chats.length
    const second = client({ cacheDir })
    assert.deepEqual(await new LlmTeacher(second, { instruction: 'cached', symbols }).answer(words), answers)
    assert.equal(second.stats.requests, 0)
    assert.equal(second.stats.cacheHits, 1)
    assert.equal(server.chats.length, count)
  })

  test('tokens are counted and embeddings are cached per text', async () => {
    const llm = client({ cacheDir, models: { embed: 'embedder' } })
    const [a, b] = await llm.embed(['iron ore', 'diamond ore'])
    assert.equal(a?.length, 27)
    assert.notDeepEqual(a, b)
    const again = client({ cacheDir, models: { embed: 'embedder' } })
    await again.embed(['diamond ore', 'iron ore'])
    assert.equal(again.stats.requests, 0)
    assert.ok(llm.stats.promptTokens > 0)
  })
})

test('no endpoint: a clear error naming where it looked', async () => {
  const llm = new LlmClient({
    baseURL: 'http://127.0.0.1:9/v1',
    model: 'm',
    maxRetries: 1,
    backoffMs: 1,
    timeoutMs: 2000,
  })
  await assert.rejects(llm.chat('mq', [{ role: 'user', content: 'hi' }]), (error: unknown) => {
    assert.ok(error instanceof LlmUnavailableError)
    assert.match(error.message, /^cannot reach the LLM at http:\/\/127\.0\.0\.1:9\/v1: /)
    return true
  })
})
