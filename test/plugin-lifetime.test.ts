// What a bot keeps across a restart of its script (on the same store), and what it forgets when told: standing
// constraints, the critic's laws and the laws players rejected. And the bot's grounding uses embeddings when
// CEDAR_EMBED_MODEL is set, as `cedar sim do` and `cedar alphabet` do.
import assert from 'node:assert/strict'
import { access, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type FakeOpenAi, startFakeOpenAi } from '../bench/fake-openai.js'
import type { TrajectoryStep } from '../index.js'
import { type CedarSession, openCedarSession } from './harness/index.js'

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

/** A failing and a working try at the same block: the offline critic proposes "not with that tool". */
function tries(weak: string, strong: string, block: string): TrajectoryStep[] {
  return [
    {
      state: [`equipped.${weak}`, `sees.${block}`],
      action: `mine.${block}`,
      ok: false,
      error: `missing_tool: ${block} needs a better pickaxe`,
    },
    { state: [`equipped.${strong}`, `sees.${block}`], action: `mine.${block}`, ok: true },
    // Something else the bot did meanwhile: with it, a law against the mine never leaves a state with nothing to do.
    { state: [`equipped.${strong}`], action: 'mine.stone', ok: true },
  ]
}

describe('a restarted plugin on the same store', () => {
  let cedar: CedarSession
  const converse = (line: string, last: RegExp) => cedar.converse(line, last)

  before(async () => {
    cedar = await openCedarSession({ cedar: { critic: { schedule: false, autoAccept: true, minEvidence: 1 } } })
  })
  after(() => cedar?.close())

  test('still has its standing constraints, critic laws and rejected laws; !unconstrain is for good', async () => {
    assert.deepEqual(await converse('!constrain never mine oak_log', /^constraint/), [
      'constraint never-mine-oak-log: "never mine oak_log" = G !mine.oak_log (2 states; phrase: 8 words)',
    ])
    await cedar.bot.cedar.critic.record('mine iron', tries('wooden_pickaxe', 'stone_pickaxe', 'iron_ore'), true)
    await cedar.bot.cedar.critic.record('mine diamond', tries('stone_pickaxe', 'iron_pickaxe', 'diamond_ore'), true)
    const round = await converse('!critic run', /law accept <id> makes one hard/)
    assert.match(round[0] ?? '', /2 laws added/, round.join('\n'))
    const before = cedar.bot.cedar.laws.list()
    const iron = before.find((l) => l.text.includes('mine.iron_ore'))
    const diamond = before.find((l) => l.text.includes('mine.diamond_ore'))
    assert.ok(iron && diamond, JSON.stringify(before))
    assert.match((await converse(`!law reject ${iron.id}`, /./))[0] ?? '', /^rejected /)
    assert.match((await converse(`!law accept ${diamond.id}`, /./))[0] ?? '', /is hard now/)

    const bot = await cedar.restart()
    assert.deepEqual(await converse('!constraints', /never-mine|no constraints/), [
      'never-mine-oak-log: "never mine oak_log" = G !mine.oak_log (from this world)',
    ])
    assert.deepEqual(
      bot.cedar.laws.list().map((l) => [l.id, l.kind, l.source, l.text]),
      [[diamond.id, 'hard', 'critic', diamond.text]],
    )
    assert.deepEqual(bot.cedar.critic.refusedLaws(), [iron.text])
    // The rejected law is not proposed again, and a new critic law is numbered after the kept one.
    await bot.cedar.critic.record('mine iron', tries('wooden_pickaxe', 'stone_pickaxe', 'iron_ore'), true)
    const again = await bot.cedar.critic.run()
    assert.deepEqual(again.accepted, [])
    assert.ok(again.rejected.some((r) => r.reason === 'a player rejected this law before'))

    assert.deepEqual(await converse('!unconstrain never-mine-oak-log', /dropped|no constraint/), [
      'dropped never-mine-oak-log',
    ])
    assert.equal(await exists(path.join(cedar.store, 'constraints', 'never-mine-oak-log.json')), false)
    assert.deepEqual(await converse(`!ltl rm ${diamond.id}`, /removed|no law/), [`removed ${diamond.id}`])
    assert.deepEqual(await readdir(path.join(cedar.worldDir(), 'laws')), ['rejected'])

    await cedar.restart()
    assert.deepEqual(await converse('!constraints', /never-mine|no constraints/), [
      'no constraints; add one with !constrain <rule>',
    ])
    assert.deepEqual(cedar.bot.cedar.laws.list(), [])
  })
})

describe('the bot with CEDAR_EMBED_MODEL set', () => {
  let cedar: CedarSession
  let server: FakeOpenAi
  let cacheDir: string
  const names = ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'CEDAR_EMBED_MODEL', 'CEDAR_LLM_CACHE'] as const
  const saved = names.map((name) => [name, process.env[name]] as const)

  before(async () => {
    server = await startFakeOpenAi()
    cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-bot-llm-'))
    // As a bot script run with these variables: the plugin reads them when it is created.
    Object.assign(process.env, {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: '',
      CEDAR_EMBED_MODEL: 'embedder',
      CEDAR_LLM_CACHE: cacheDir,
    })
    cedar = await openCedarSession()
  })
  after(async () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    await cedar?.close()
    await server?.close()
    await rm(cacheDir, { recursive: true, force: true })
  })

  test('!alphabet grounds with embedding retrieval: the model is asked for embeddings', async () => {
    const lines = await cedar.converse('!alphabet craft a wooden pickaxe', /^goal/)
    assert.match(lines[0] ?? '', /^goal "craft a wooden pickaxe": .*craft\.wooden_pickaxe/)
    assert.ok(server.embeddings.length > 0, 'no embedding request')
    assert.ok(server.embeddings.every((e) => e.model === 'embedder'))
  })
})
