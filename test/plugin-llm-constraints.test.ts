// A `!do` whose constraint a noisy LLM teaches, over the real protocol: the simulated LLM (bench/simulated-llm.ts, on
// 127.0.0.1, lying persistently on 5% of the words) answers the membership queries, and the player reads in chat
// which teacher taught the constraint and what it cost — words, LLM requests and tokens — before the run ends.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Vec3 } from 'vec3'
import { type SimulatedLlm, startSimulatedLlm } from '../bench/simulated-llm.js'
import { type CedarSession, giveItem, openCedarSession, waitUntil } from './harness/index.js'

describe('a constraint taught by a noisy LLM during !do', () => {
  let cedar: CedarSession
  let llm: SimulatedLlm
  let cacheDir: string

  before(async () => {
    llm = await startSimulatedLlm({ noise: 0.05, seed: 3 })
    cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-llm-constraints-'))
    cedar = await openCedarSession({
      cedar: { llm: { baseURL: llm.baseURL, apiKey: 'not-needed', model: 'simulated', cacheDir } },
    })
  })
  after(async () => {
    await cedar?.close()
    await llm?.close()
    await rm(cacheDir, { recursive: true, force: true })
  })

  test('the progress names the LLM as the teacher with its requests, words and tokens, and the run keeps it', async () => {
    const at = new Vec3(3, 5, 1)
    await cedar.session.server.setBlock(at, 'oak_log')
    await waitUntil(cedar.bot, () => cedar.bot.blockAt(at)?.name === 'oak_log', 'the log is there')
    // A bed in hand: without one, "sleep at night" would first send the bot to make one (a hunt for sheep this flat
    // test world has none of), which is constraint-needs.test.ts's matter, not this test's.
    await giveItem(cedar.session.server, cedar.bot, 'white_bed')
    const lines = await cedar.converse('!do mine oak_log but sleep at night', /^(done|not done|refused)/, 120_000)
    const line = lines.find((l) => l.startsWith('constraint "sleep at night"'))
    assert.ok(line, lines.join('\n'))
    const cost =
      /^constraint "sleep at night": \d+ states \(llm:simulated; llm:simulated: (\d+) words, (\d+) LLM requests, (\d+) tokens\)$/.exec(
        line,
      )
    assert.ok(cost, line)
    const [words, requests, tokens] = cost.slice(1).map(Number) as [number, number, number]
    assert.ok(
      requests > 0 && requests <= llm.counts.prompts,
      `${requests} requests, ${llm.counts.prompts} prompts seen`,
    )
    assert.ok(words > 0 && words <= llm.counts.words, `${words} words, ${llm.counts.words} judged`)
    assert.ok(tokens > 0)
    // By day, "sleep at night" forbids nothing: the log is mined.
    assert.match(lines.at(-1) ?? '', /^done in \d+ actions?/)
  })
})
