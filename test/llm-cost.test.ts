// LLM cost in the open (issue 39): a request or token budget ends learning with the reason said, a per-minute limit
// queues requests (p-queue), each role may have its own model, and every answered request reports what was spent.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { startFakeOpenAi } from '../bench/fake-openai.js'
import { startSimulatedLlm } from '../bench/simulated-llm.js'
import { teachConstraint } from '../plugin/agent/index.js'
import { resolveOptions } from '../plugin/config/options.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { LlmClient, type LlmClientOptions, type LlmStats } from '../plugin/llm/llm-client.js'
import { llmClientFor } from '../plugin/llm/settings-client.js'

const PHRASE = 'sleep at night'
const ALPHABET = ['time.night', 'time.day', 'sleep.bed', 'mine.oak_log', 'craft.crafting_table', 'mine.iron_ore']
const inventory = offlineGrounding().inventory

/** A client of `baseURL` with `limits`, no retries, and no clock deciding anything. */
const clientOf = (baseURL: string, limits: Partial<LlmClientOptions>) =>
  new LlmClient({ baseURL, model: 'm', maxRetries: 0, timeoutMs: 600_000, ...limits })

/** Teaches "sleep at night" through a client with `limits`, from a simulated LLM on loopback. */
async function teachWithin(limits: { maxRequests?: number; maxTokens?: number }) {
  const server = await startSimulatedLlm({ noise: 0.05, seed: 1 })
  try {
    const llm = clientOf(server.baseURL, limits)
    const taught = await teachConstraint(PHRASE, ALPHABET, { llm, inventory })
    return { taught, stats: llm.stats, sent: server.counts.requests }
  } finally {
    await server.close()
  }
}

describe('LLM budgets', () => {
  test('maxRequests 5: learning stops after the fifth request and says so; the grammar teaches the rule', async () => {
    const { taught, stats, sent } = await teachWithin({ maxRequests: 5 })
    assert.equal(sent, 5)
    assert.equal(stats.requests, 5)
    assert.equal(taught.fallback, 'the LLM request budget (5) is spent')
    assert.match(taught.teacher, /^phrase \(the LLM could not: .*budget/)
    assert.equal(taught.costs[0]?.llmRequests, 5)
  })

  test('maxTokens: no request is sent once the tokens are spent', async () => {
    const { taught, stats, sent } = await teachWithin({ maxTokens: 3000 })
    assert.ok(stats.promptTokens + stats.completionTokens >= 3000, JSON.stringify(stats))
    assert.equal(sent, stats.requests)
    assert.equal(taught.fallback, 'the LLM token budget (3,000) is spent')
  })

  test('requestsPerMinute 2: a third request waits its turn (and a cancelled one is never sent)', async () => {
    let arrived: () => void = () => {}
    const two = new Promise<void>((resolve) => {
      arrived = resolve
    })
    const fake = await startFakeOpenAi((_request, index) => {
      if (index === 1) arrived()
      return '{"ok": true}'
    })
    try {
      const llm = clientOf(fake.baseURL, { requestsPerMinute: 2 })
      const ask = (content: string, signal?: AbortSignal) =>
        llm.chat('critic', [{ role: 'user', content }], { json: true, signal })
      const first = ask('one')
      const second = ask('two')
      const cancel = new AbortController()
      const third = ask('three', cancel.signal)
      await Promise.all([first, second, two])
      cancel.abort(new Error('no longer needed'))
      await assert.rejects(third, /no longer needed|abort/i)
      assert.equal(fake.chats.length, 2, 'the third request never reached the server')
    } finally {
      await fake.close()
    }
  })
})

describe('models per role and usage', () => {
  test('grounding, teacher, actor and critic may each name a model; usage is told after each request', async () => {
    const fake = await startFakeOpenAi(() => '{}')
    // Its own cache: never the user's.
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-llm-cost-'))
    try {
      const models = { grounding: 'g', teacher: 't', critic: 'c' }
      const settings = resolveOptions({ llm: { baseURL: fake.baseURL, model: 'base', models, cacheDir } }, {}).llm
      const seen: LlmStats[] = []
      const llm = llmClientFor(settings, { onUsage: (spent) => seen.push(spent) })
      assert.ok(llm)
      assert.deepEqual(
        (['split', 'prune', 'mq', 'actor', 'critic'] as const).map((role) => llm.modelFor(role)),
        ['g', 'g', 't', 'base', 'c'],
      )
      await llm.chat('mq', [{ role: 'user', content: 'x' }])
      await llm.chat('split', [{ role: 'user', content: 'y' }])
      assert.deepEqual(
        fake.chats.map((c) => c.model),
        ['t', 'g'],
      )
      assert.deepEqual(
        seen.map((s) => [s.requests, s.promptTokens, s.completionTokens]),
        [
          [1, 10, 5],
          [2, 20, 10],
        ],
      )
    } finally {
      await fake.close()
      await rm(cacheDir, { recursive: true, force: true })
    }
  })
})
