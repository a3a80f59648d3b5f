// A player's correction of one act, on a real server (issue 34): after `!do get a wooden pickaxe`, Alex reads the
// run's acts (`!wrong list`), says `!wrong 5` — the fifth act should not have happened there — and the bot's next run of
// the same instruction does the same first four acts and another fifth, and still gets its pickaxe.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { type CedarSession, countItem, morningWithTwoTrees, openCedarSession, takeItem } from './harness/index.js'

const RUN_TIMEOUT_MS = 300_000
const END = /^(done|not done|refused|!do failed|I cannot do)/

/** The acts `!wrong list` lists: "the last run's acts: 1 mine.logs, 2 craft.planks, ...". */
function listedActs(lines: readonly string[]): string[] {
  const line = lines.join(' ')
  const listed = /^the last run's acts: (.+)$/.exec(line)?.[1]
  assert.ok(listed, line)
  return listed.split(', ').map((item, i) => {
    const [n, act] = item.split(' ')
    assert.equal(Number(n), i + 1, item)
    return act as string
  })
}

describe('!wrong N on a real server', () => {
  let cedar: CedarSession
  let bot: Bot
  const said: string[] = []
  const actions: string[] = []
  /** A run that never ends shows where it stuck: what cedar said and the acts the shield saw. */
  const run = (line: string) =>
    cedar
      .converse(line, END, RUN_TIMEOUT_MS)
      .catch((error: Error) =>
        assert.fail(`${error.message}; cedar said: ${said.join(' | ')}; acts: ${actions.join(' ')}`),
      )

  before(async () => {
    cedar = await openCedarSession({ scene: morningWithTwoTrees })
    bot = cedar.bot
    bot.on('cedarAction', (action) => actions.push(action))
    cedar.alex.on('chat', (username, message) => {
      if (username === 'cedar') said.push(message)
    })
  })
  after(() => cedar?.close())

  test('!wrong 5 after a run changes the next run at its fifth act', { timeout: 2 * RUN_TIMEOUT_MS }, async () => {
    const first = await run('!do get a wooden pickaxe')
    assert.match(first.at(-1) ?? '', /^done in \d+ actions/, `${said.join(' | ')}; acts: ${actions.join(' ')}`)
    const before = listedActs(await cedar.converse('!wrong list', /^the last run's acts: /))
    assert.ok(before.length >= 5, before.join(' '))

    const reply = await cedar.converse('!wrong 5', /^(noted|craft\.wooden_pickaxe|the last run|act )/, RUN_TIMEOUT_MS)
    assert.match(
      reply.at(-1) ?? '',
      new RegExp(
        `^noted: act 5 \\(${before[4]?.replace('.', '\\.')}\\) should not have happened there — craft\\.wooden_pickaxe v2 learned again \\(\\d+ states\\)$`,
      ),
      reply.join(' | '),
    )

    // The same start again: no pickaxe, no wood, no table in hand.
    for (const item of ['wooden_pickaxe', 'oak_planks', 'stick', 'crafting_table', 'oak_log']) {
      if (countItem(bot, item) > 0) await takeItem(cedar.session.server, bot, item)
    }
    const second = await run('!do get a wooden pickaxe')
    assert.match(second.at(-1) ?? '', /^done in \d+ actions/, `${said.join(' | ')}; acts: ${actions.join(' ')}`)
    assert.equal(countItem(bot, 'wooden_pickaxe'), 1)
    const afterwards = listedActs(await cedar.converse('!wrong list', /^the last run's acts: /))
    assert.deepEqual(afterwards.slice(0, 4), before.slice(0, 4), `before: ${before.join(' ')}`)
    assert.notEqual(afterwards[4], before[4], `before: ${before.join(' ')}; after: ${afterwards.join(' ')}`)
  })
})
