// Issue 25 on a real server (flying-squid on 127.0.0.1, real mineflayer bots): a count no inventory holds is refused
// in one reply; a log taken from the bot by someone else while it digs for dirt leaves the stored skills as they
// were. (`!stop` within a second: server-stop.test.ts, run alone.)
import assert from 'node:assert/strict'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { SkillStore } from '../plugin/store/skill-store.js'
import {
  type CedarSession,
  countItem,
  openCedarSession,
  type TestSession,
  takeItem,
  waitUntil,
} from './harness/index.js'

describe('hostile instructions and a changing world, over the real protocol', () => {
  let cedar: CedarSession
  let session: TestSession
  let bot: Bot
  const converse = (line: string, last: RegExp, timeoutMs?: number) => cedar.converse(line, last, timeoutMs)
  const connected = () => !(bot._client as { ended?: boolean }).ended && bot.entity !== undefined

  before(async () => {
    cedar = await openCedarSession()
    ;({ session, bot } = cedar)
  })
  after(() => cedar?.close())

  test('!do collect 1000000 coal is refused in one reply that says the limit, and nothing runs', async () => {
    const lines = await converse('!do collect 1000000 coal', /^(refused|done|not done|!do failed|I cannot do)/, 30_000)
    assert.equal(
      lines.at(-1),
      'refused: "1000000" in "collect 1000000 coal" is more than one goal may ask for: at most 2,304 (a full inventory); ask for fewer',
    )
    assert.equal(bot.cedar.status().task, undefined)
    assert.ok(connected())
  })

  test('a log taken from the bot while it digs for dirt: not done, the world at fault, the stored skills unchanged', async () => {
    const store = new SkillStore(cedar.store)
    const log = new Vec3(4, 5, 0)
    const plant = async () => {
      await session.server.setBlock(log, 'oak_log')
      await waitUntil(bot, () => bot.blockAt(log)?.name === 'oak_log', 'the log is there')
    }
    const instruction = '!do mine oak_log and dirt'
    const ended = /^(done|not done|refused|!do failed|I cannot do)/
    await plant()
    const learned = await converse(instruction, ended, 180_000)
    assert.match(learned.at(-1) ?? '', /^done/, learned.join('\n'))
    const stored = async () => [await store.get('skill', 'mine.oak_log'), await store.get('skill', 'mine.dirt')]
    const before = await stored()
    assert.ok(before.every(Boolean), 'both skills are stored')

    // Again from empty hands. Whichever the bot gets second, the first is taken from its inventory while it digs:
    // the plan was right, the world changed under it. The run ends with both milestones passed and the goal false
    // (accepted without the goal), which CEDAR takes as a counterexample against the last skill, unless the Sim,
    // replaying the same actions, gets the item: then the world is named and nothing is learned.
    await takeItem(session.server, bot, 'oak_log')
    await takeItem(session.server, bot, 'dirt')
    await plant()
    const outcome = converse(instruction, ended, 180_000)
    const digging = () => bot.targetDigBlock?.name
    const digsSecond = () =>
      (/^(grass_block|dirt)$/.test(digging() ?? '') && countItem(bot, 'oak_log') > 0) ||
      (digging() === 'oak_log' && countItem(bot, 'dirt') > 0)
    await waitUntil(bot, digsSecond, 'the bot digs for the second item', 120_000)
    await takeItem(session.server, bot, countItem(bot, 'oak_log') > 0 ? 'oak_log' : 'dirt')
    const lines = await outcome
    assert.match(
      lines.at(-1) ?? '',
      /^not done \(accepted-without-goal\): .*the world got in the way.*is kept as it is/,
      lines.join('\n'),
    )
    assert.deepEqual(await stored(), before, 'the stored skills are unchanged: version, DFA and evidence')
    assert.ok(connected())
  })

  test('a log broken by someone else mid-dig: not done, the world named at fault, the stored skill unchanged', async () => {
    const store = new SkillStore(cedar.store)
    const before = await store.get('skill', 'mine.oak_log')
    assert.ok(before, 'the skill is stored (the test above learned it)')
    await takeItem(session.server, bot, 'oak_log')
    // Not where the bot stands (the test above leaves it wherever its last dig was): a log set into the bot's body
    // is one collectblock cannot walk to.
    const spots = [new Vec3(4, 5, 2), new Vec3(-4, 5, 2), new Vec3(2, 5, -4)]
    const log = spots.find((p) => bot.entity.position.distanceTo(p.offset(0.5, 0, 0.5)) > 2.5) ?? new Vec3(4, 5, 2)
    await session.server.setBlock(log, 'oak_log')
    await waitUntil(bot, () => bot.blockAt(log)?.name === 'oak_log', 'the log is there')
    const outcome = converse('!do mine oak_log', /^(done|not done|refused|!do failed|I cannot do)/, 180_000)
    // Someone else breaks it the moment the bot starts digging it: the dig brings nothing, the plan was right.
    const digs = waitUntil(
      bot,
      () => bot.targetDigBlock?.position.equals(log) === true,
      'the bot digs the log',
      120_000,
    )
    digs.catch(() => undefined) // an instruction that ends first settles the race; the wait's timeout is nobody's
    const first = await Promise.race([digs.then(() => undefined), outcome])
    assert.equal(first, undefined, `the instruction ended before the bot dug the log:\n${first?.join('\n')}`)
    await session.server.setBlock(log, 'air')
    const lines = await outcome
    // The world's doing, said as such (the log it was digging vanished, and no other is in reach), not a
    // counterexample against the skill.
    assert.match(lines.at(-1) ?? '', /^not done \(no-path\): I found no oak_log/, lines.join('\n'))
    assert.ok(lines.some((line) => /mine\.oak_log failed: mined oak_log, but nothing was picked up/.test(line)))
    assert.deepEqual(await store.get('skill', 'mine.oak_log'), before, 'the stored skill is unchanged')
    assert.ok(connected())
  })
})

describe('an LLM that cannot be reached, on a live bot', () => {
  let cedar: CedarSession
  before(async () => {
    cedar = await openCedarSession({
      // Nothing listens on port 9: every request is refused.
      cedar: {
        llm: { baseURL: 'http://127.0.0.1:9/v1', timeoutMs: 2000, cacheDir: path.join(tmpdir(), 'cedar-no-llm') },
      },
    })
  })
  after(() => cedar?.close())

  test('!constrain falls back to the offline grounding and teachers, and says so once in chat', async () => {
    const heard: string[] = []
    cedar.alex.on('chat', (u: string, m: string) => {
      if (u === 'cedar') heard.push(m)
    })
    const added = await cedar.converse('!constrain sleep at night', /^(constraint|!constrain failed)/, 120_000)
    assert.match(added.at(-1) ?? '', /^constraint sleep-at-night: "sleep at night"/)
    const again = await cedar.converse('!constrain never mine oak_log', /^(constraint|!constrain failed)/, 120_000)
    assert.match(again.at(-1) ?? '', /^constraint never-mine-oak-log/)
    // Said once as news of the outage; the replies name it as the reason of each fallback, as reports do.
    const told = heard.filter((l) =>
      /^cannot reach the LLM at http:\/\/127\.0\.0\.1:9\/v1: .*; using the offline teachers and grounding$/.test(l),
    )
    assert.equal(told.length, 1, heard.join('\n'))
  })
})
