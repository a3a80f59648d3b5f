// Issue 25: an LLM endpoint that answers garbage, nothing, or never is outside input like any other. Every case ends
// with the offline teachers and grounding doing the work, the reason said in one line, in bounded time and memory.
// (An endpoint that cannot be reached or never answers: hostile-llm-timeouts.test.ts, run alone.)
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type FakeOpenAi, type Reply, startFakeOpenAi } from '../bench/fake-openai.js'
import { LlmClient, LlmReplyError } from '../plugin/llm/llm-client.js'
import { assertCleanFailure, assertOneClearLine, boundedCedar } from './support/hostile.js'

const INSTRUCTION = 'collect some coal but mine minerals only at night'

describe('an LLM that answers something unusable', () => {
  let server: FakeOpenAi
  let cacheDir: string
  before(async () => {
    server = await startFakeOpenAi()
    cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-hostile-llm-'))
  })
  after(async () => {
    await server.close()
    await rm(cacheDir, { recursive: true, force: true })
  })
  let runs = 0
  const env = (extra: Record<string, string> = {}) => ({
    OPENAI_BASE_URL: server.baseURL,
    CEDAR_MODEL: 'hostile',
    // A fresh cache per run: every reply is really asked.
    CEDAR_LLM_CACHE: path.join(cacheDir, String(runs++)),
    ...extra,
  })

  const unusable: [string, Reply][] = [
    ['a response without choices (the wrong envelope)', { status: 200, body: { result: 'ok' } }],
    ['an empty choices list', { status: 200, body: { choices: [] } }],
    ['a body that is not JSON', { status: 200, raw: '{"choices": [' }],
    ['an HTML page', { status: 200, raw: '<html><body>gateway</body></html>', contentType: 'text/html' }],
  ]
  for (const [name, reply] of unusable) {
    test(`cedar alphabet, ${name}: grounded offline, and the reason in one line`, async () => {
      server.onChat = () => reply
      const result = await boundedCedar(['alphabet', 'mine minerals only at night'], env())
      assert.equal(result.code, 0, result.stderr)
      assert.match(result.stdout, /constraint: mine minerals only at night\n {2}.*time\.day.*time\.night/)
      const note = result.stdout.trimEnd().split('\n').at(-1) ?? ''
      assert.match(note, /^\(grounded offline: the LLM at http:\/\/127\.0\.0\.1:\d+\/v1 answered something unusable/)
      assertOneClearLine(note)
      assert.equal(result.stderr, '')
    })
  }

  test('cedar sim do, a response without choices: the offline teachers run it and the report says why', async () => {
    server.onChat = () => ({ status: 200, body: { object: 'error' } })
    const result = await boundedCedar(['sim', 'do', INSTRUCTION, '--seed', '2', '--json'], env())
    assert.equal(result.code, 0, result.stderr)
    const run = JSON.parse(result.stdout) as { goal: boolean; constraints: { teacher: string; fallback: string }[] }
    assert.equal(run.goal, true)
    const [constraint] = run.constraints
    assert.match(constraint?.fallback ?? '', /answered something unusable \(not a chat completion at choices\)/)
    assert.match(constraint?.teacher ?? '', /^phrase/)
  })

  const badEmbeddings: [string, (texts: string[]) => number[][]][] = [
    ['0 vectors for the texts', () => []],
    ['vectors of different lengths', (texts) => texts.map((_, i) => new Array(1 + (i % 3)).fill(0.5))],
    ['empty vectors', (texts) => texts.map(() => [])],
  ]
  for (const [name, onEmbed] of badEmbeddings) {
    test(`embeddings with ${name}: lexical retrieval instead, the same alphabet as offline`, async () => {
      server.onChat = () => '{}' // the pruner and splitter fall back too; retrieval is what is under test
      server.onEmbed = onEmbed
      const withLlm = await boundedCedar(
        ['alphabet', '--json', 'mine minerals only at night'],
        env({ CEDAR_EMBED_MODEL: 'embedder' }),
      )
      assert.equal(withLlm.code, 0, withLlm.stderr)
      const offline = await boundedCedar(['alphabet', '--json', '--offline', 'mine minerals only at night'])
      const parts = (stdout: string) => (JSON.parse(stdout) as { constraints: unknown }).constraints
      assert.deepEqual(parts(withLlm.stdout), parts(offline.stdout))
      const grounding = (JSON.parse(withLlm.stdout) as { grounding: { unavailable?: string } }).grounding
      assert.match(grounding.unavailable ?? '', /answered something unusable .*; using lexical retrieval/)
    })
  }

  test('cedar alphabet, a split that leaves out the constraint: the grammar puts it back and the report says so', async () => {
    server.onChat = (request) =>
      request.messages[0]?.content.startsWith('Split')
        ? JSON.stringify({ goals: ['collect some coal', 'mine minerals only at night'], constraints: [] })
        : '{}'
    const result = await boundedCedar(['alphabet', 'collect some coal but mine minerals only at night'], env())
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stdout, /^constraint: mine minerals only at night\n {2}.*time\.day time\.night$/m)
    assert.doesNotMatch(result.stdout, /^goal: mine minerals/m)
    assert.match(result.stdout, /^\(the LLM left out the constraint "mine minerals only at night"; kept\)$/m)
  })

  test('the client itself: an unusable envelope is an LlmReplyError naming the endpoint, never a TypeError', async () => {
    server.onChat = () => ({ status: 200, body: { choices: [{ message: { content: 42 } }] } })
    const client = new LlmClient({ baseURL: server.baseURL, model: 'm', backoffMs: 1 })
    await assert.rejects(client.chat('mq', [{ role: 'user', content: 'x' }]), (error: unknown) => {
      assert.ok(error instanceof LlmReplyError, String(error))
      assert.match(error.message, /^the LLM at http:\/\/127\.0\.0\.1:\d+\/v1 answered something unusable/)
      return true
    })
  })
})

describe('LLM settings', () => {
  test('--offline ignores the LLM settings entirely, even malformed ones', async () => {
    const env = { OPENAI_BASE_URL: 'not a url', CEDAR_LLM_TIMEOUT_MS: 'soon', CEDAR_EMBED_MODEL: 'x' }
    const alphabet = await boundedCedar(['alphabet', '--offline', 'mine minerals only at night'], env)
    assert.equal(alphabet.code, 0, alphabet.stderr)
    assert.match(alphabet.stdout, /time\.day/)
    const sim = await boundedCedar(['sim', 'do', '--offline', 'collect some coal', '--json'], env)
    assert.equal(sim.code, 0, sim.stderr)
    assert.equal((JSON.parse(sim.stdout) as { goal: boolean }).goal, true)
  })

  test('without --offline, a malformed CEDAR_LLM_TIMEOUT_MS is one clear line', async () => {
    const result = await boundedCedar(['alphabet', 'collect coal'], {
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      CEDAR_LLM_TIMEOUT_MS: 'soon',
    })
    assertCleanFailure(result, /^cedar: invalid environment: CEDAR_LLM_TIMEOUT_MS: /)
  })
})
