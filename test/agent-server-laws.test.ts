// The bot's laws during `!do` on a real server, with the default options (vanilla-hard loaded: LogicGuard's hard laws with vanilla's pickaxes): the
// plugin's own plan for a wooden pickaxe keeps them, the crafting table placed as a step the shield sees; and a
// soft law that keeps refusing the plan is dropped by the soft-block limit, counted by the controller's own gate.
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { TrajectoryLog } from '../plugin/agent/critic/trajectory-log.js'
import { type CedarSession, countItem, morningWithTwoTrees, openCedarSession, waitFor } from './harness/index.js'

const RUN_TIMEOUT_MS = 300_000
const END = /^(done|not done|refused|!do failed|I cannot do)/

describe('the default laws during !do on a real server', () => {
  let cedar: CedarSession
  let bot: Bot
  const actions: string[] = []
  /** Everything cedar said, for the failure messages (a run that never ends shows where it stuck). */
  const said: string[] = []

  before(async () => {
    cedar = await openCedarSession({
      // The default shield (vanilla-hard), only the soft-block limit lowered so the test needs two blocked runs.
      cedar: { shield: { softBlockLimit: 1 } },
      scene: morningWithTwoTrees,
    })
    bot = cedar.bot
    bot.on('cedarAction', (action) => actions.push(action))
    cedar.alex.on('chat', (username, message) => {
      if (username === 'cedar') said.push(message)
    })
  })
  after(() => cedar?.close())

  test('a soft law refusing the plan is dropped after the limit, during !do, and the next !do runs', {
    timeout: RUN_TIMEOUT_MS,
  }, async () => {
    const added = await cedar.converse('!ltl add soft G !mine.oak_log', /./)
    assert.match(added[0] ?? '', /^added (L\d+)/, added.join(' | '))
    const id = /^added (L\d+)/.exec(added[0] ?? '')?.[1] as string
    const logs = () => countItem(bot, 'oak_log')
    const before = logs()
    assert.equal(before, 0, 'the bot starts with nothing')
    const first = await cedar.converse('!do mine oak_log', END, RUN_TIMEOUT_MS)
    assert.match(first.at(-1) ?? '', /^not done/, first.join(' | '))
    assert.match(first.join(' '), new RegExp(`${id} \\(soft\\)`), 'the soft law refused it')
    assert.ok(bot.cedar.laws.get(id), 'one block is within the limit of 1')
    const dropped = waitFor(bot, 'cedarLawDropped', (lawId: string) => lawId === id, RUN_TIMEOUT_MS)
    const second = await cedar.converse('!do mine oak_log', END, RUN_TIMEOUT_MS)
    assert.match(second.at(-1) ?? '', /^not done/, second.join(' | '))
    await dropped
    assert.equal(bot.cedar.laws.get(id), undefined, 'dropped after its second block')
    assert.equal(logs(), before, 'nothing was mined while the law held')
    const third = await cedar.converse('!do mine oak_log', END, RUN_TIMEOUT_MS)
    assert.match(third.at(-1) ?? '', /^done in \d+ actions?/, third.join(' | '))
    assert.equal(logs(), before + 1)
  })

  test('logs in reach and no table: !do get a wooden pickaxe succeeds under vanilla-hard', {
    timeout: RUN_TIMEOUT_MS,
  }, async (t) => {
    assert.ok(bot.cedar.laws.get('V6')?.text.includes('craft.wooden_pickaxe'), 'the default laws are loaded')
    assert.equal(bot.findBlock({ matching: bot.registry.blocksByName.crafting_table!.id, maxDistance: 32 }), null)
    const lines = await cedar
      .converse('!do get a wooden pickaxe', END, RUN_TIMEOUT_MS - 10_000)
      .catch((error: Error) =>
        assert.fail(`${error.message}; cedar said: ${said.join(' | ')}; acts: ${actions.join(' ')}`),
      )
    t.diagnostic(lines.join(' | '))
    const [run] = await new TrajectoryLog(path.join(cedar.worldDir(), 'trajectories')).list()
    const steps = (run?.steps ?? []).map((s) => `${s.action} ${s.ok ? 'ok' : `failed: ${s.error ?? ''}`}`)
    assert.match(
      lines.at(-1) ?? '',
      /^done in \d+ actions?: done: has\.wooden_pickaxe\.1$/,
      [...lines, ...steps].join('\n'),
    )
    assert.equal(countItem(bot, 'wooden_pickaxe'), 1)
    // The critic reads the run by what it was for: one wooden pickaxe.
    const last = (await new TrajectoryLog(path.join(cedar.worldDir(), 'trajectories')).list()).at(-1)
    assert.deepEqual([last?.task, last?.goal, last?.goalCount], ['get a wooden pickaxe', 'wooden_pickaxe', 1])
    assert.ok(!lines.some((l) => /blocked/.test(l)), `no law refused the plan: ${lines.join(' | ')}`)
    // The table went down as its own gated act, before the pickaxe was crafted at it.
    const placed = actions.indexOf('place.crafting_table')
    assert.ok(placed >= 0, `the shield saw the table placed: ${actions.join(' ')}`)
    assert.ok(placed < actions.lastIndexOf('craft.wooden_pickaxe'), actions.join(' '))
    assert.ok(bot.findBlock({ matching: bot.registry.blocksByName.crafting_table!.id, maxDistance: 16 }))
  })
})
