// What one world teaches stays in that world (issue 42): the same user's store, two servers. A standing constraint
// and a critic law taught on the first are not applied on the second; `!constraints` and the start-up lines say what
// was loaded and from where (a law kept for every world before worlds were apart is named, not applied); `!share`
// makes the constraint the second world's too. Skills stay shared.
import assert from 'node:assert/strict'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { TrajectoryStep } from '../index.js'
import { type CedarSession, openCedarSession } from './harness/index.js'

/** A failing and a working try at iron: the offline critic proposes "not without a stone pickaxe". */
const ironTries: TrajectoryStep[] = [
  {
    state: ['equipped.wooden_pickaxe', 'sees.iron_ore'],
    action: 'mine.iron_ore',
    ok: false,
    error: 'missing_tool: iron_ore needs a stone pickaxe',
  },
  { state: ['equipped.stone_pickaxe', 'sees.iron_ore'], action: 'mine.iron_ore', ok: true },
  // Something else the bot did: with it, the law never leaves a recorded state with nothing to do.
  { state: ['equipped.stone_pickaxe'], action: 'mine.stone', ok: true },
]

describe('standing constraints and critic laws belong to the world they were taught in', () => {
  let first: CedarSession
  let second: CedarSession | undefined
  const startup: string[] = []
  const logger = { info: (line: string) => startup.push(line), warn: () => {}, error: () => {} }
  // Laws that pass go in at once here, from one run: the test is about where they apply.
  const critic = { schedule: false as const, autoAccept: true, minEvidence: 1 }

  before(async () => {
    first = await openCedarSession({ cedar: { critic } })
  })
  after(async () => {
    await second?.close()
    await first?.close()
  })

  test('a constraint taught on one server is not applied on another unless shared', async () => {
    const taught = await first.converse('!constrain never mine oak_log', /^constraint/)
    assert.match(taught[0] ?? '', /^constraint never-mine-oak-log/)
    assert.deepEqual(await first.converse('!constraints', /never-mine/), [
      'never-mine-oak-log: "never mine oak_log" = G !mine.oak_log (from this world)',
    ])
    await first.bot.cedar.critic.record('mine iron', ironTries, true)
    const round = await first.converse('!critic run', /^critic:/)
    assert.match(round[0] ?? '', /1 laws added/, JSON.stringify(first.bot.cedar.critic.rejected()))
    const law = first.bot.cedar.laws.list().find((l) => l.source === 'critic')
    assert.ok(law)

    // A law kept for every world, as before worlds were apart (issue 42's C1): named at start-up, not loaded.
    const c1 = {
      schema: 1,
      id: 'C1',
      text: 'G(has.planks.1 -> X !craft.planks)',
      kind: 'soft',
      source: 'critic',
      explanation: 'craft.planks was repeated while has.planks.1 already held (offline:repetition)',
    }
    await mkdir(path.join(first.store, 'laws'), { recursive: true })
    await writeFile(path.join(first.store, 'laws', 'C1.json'), JSON.stringify(c1))
    // The same store (the same user) on another server: another world.
    second = await openCedarSession({ store: first.store, cedar: { critic, logger } })
    const bot = second.bot
    assert.notEqual(bot.cedar.world()?.key, first.bot.cedar.world()?.key)
    assert.deepEqual(await bot.cedar.agent.constraints(), [], 'the first world’s constraint does not apply here')
    assert.deepEqual(
      bot.cedar.laws.list().filter((l) => l.source === 'critic'),
      [],
      'nor does its critic law',
    )
    assert.deepEqual(await second.converse('!constraints', /not applied here/), [
      'no constraints; add one with !constrain <rule>',
      'not applied here, taught in other worlds: never-mine-oak-log; !share <id> applies one in every world',
    ])
    const said = startup.join('\n')
    assert.match(
      said,
      /0 critic law\(s\) in force and 0 proposed, 0 trajectories, this world's \(127\.0\.0\.1:\d+, seed/,
    )
    assert.match(said, /0 standing constraint\(s\) from this world/)
    assert.match(said, /1 standing constraint\(s\) of other worlds not applied here: never-mine-oak-log/)
    assert.match(said, /1 critic law\(s\) kept for every world, not loaded .*: C1/)
    assert.ok(!bot.cedar.laws.list().some((l) => l.text.includes('!craft.planks')), 'the old C1 does not apply')
    // Skills are shared: the store's skills are the same on both.
    assert.deepEqual(
      (await second.bot.cedar.agent.skills()).map((s) => s.name),
      (await first.bot.cedar.agent.skills()).map((s) => s.name),
    )

    // The owner's choice: shared, it stands here too, and says so.
    assert.deepEqual(await second.converse('!share never-mine-oak-log', /./), [
      'never-mine-oak-log now stands in every world: "never mine oak_log"',
    ])
    assert.deepEqual(await second.converse('!constraints', /never-mine/), [
      'never-mine-oak-log: "never mine oak_log" = G !mine.oak_log (from every world (shared))',
    ])
    // Back on the first world nothing was lost: its law and constraint are where they were.
    assert.equal(first.bot.cedar.laws.get(law.id)?.text, law.text)
    assert.equal((await first.bot.cedar.agent.constraints()).length, 1)
  })
})
