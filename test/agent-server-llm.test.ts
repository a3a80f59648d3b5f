// A skill taught by the LLM on a real server: `!learn craft crafting_table --llm` asks the simulated LLM
// (bench/simulated-llm.ts on 127.0.0.1, lying on 5% of the words), execution in the Sim checks the hypothesis, and
// the real bot then crafts a crafting table with the stored skill.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Vec3 } from 'vec3'
import { type SimulatedLlm, startSimulatedLlm } from '../bench/simulated-llm.js'
import { type CedarSession, openCedarSession, waitUntil } from './harness/index.js'

describe('a skill taught by the LLM over the real protocol', () => {
  let llm: SimulatedLlm
  let cedar: CedarSession
  let cacheDir: string
  before(async () => {
    llm = await startSimulatedLlm({ noise: 0.05, seed: 5 })
    cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-server-llm-'))
    cedar = await openCedarSession({ cedar: { llm: { baseURL: llm.baseURL, model: 'simulated', cacheDir } } })
  })
  after(async () => {
    await cedar?.close()
    await llm?.close()
    await rm(cacheDir, { recursive: true, force: true })
  })

  test('!learn craft crafting_table --llm, then !do craft a crafting table runs it', async () => {
    const { bot, session } = cedar
    const before = llm.counts.prompts
    const learned = await cedar.converse(
      '!learn craft crafting_table --llm',
      /^craft\.crafting_table: |failed/,
      120_000,
    )
    assert.match(
      learned.at(-1) ?? '',
      /^craft\.crafting_table: learned \(\d+ questions from llm:simulated, \d+ states\)$/,
      learned.join('\n'),
    )
    assert.ok(llm.counts.prompts > before, 'the model was asked')
    const skill = await cedar.converse('!skill craft.crafting_table', /craft\.crafting_table/)
    assert.match(skill.join('\n'), /has\.crafting_table\.1/, 'the skill speaks in its milestone')
    // One log is all a crafting table takes.
    const at = new Vec3(3, 5, 1)
    await session.server.setBlock(at, 'oak_log')
    await waitUntil(bot, () => bot.blockAt(at)?.name === 'oak_log', 'the log is there')
    const prompts = llm.counts.prompts
    const lines = await cedar.converse('!do craft a crafting table', /^(done|not done|refused)/, 180_000)
    assert.match(lines.at(-1) ?? '', /^done in \d+ actions?: done: has\.crafting_table\.1$/, lines.join('\n'))
    assert.ok(
      lines.some((l) => /^skill craft\.crafting_table: reused from the store/.test(l)),
      lines.join('\n'),
    )
    assert.equal(llm.counts.prompts, prompts, 'a stored skill asks the model nothing')
    assert.ok(bot.inventory.items().some((i) => i.name === 'crafting_table'))
  })
})
