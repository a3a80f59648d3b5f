// `!do` and `!constrain` on a real server: a player's instruction grounded, the skill learned in the Sim and run by
// the real bot with progress in chat, and a standing constraint that refuses a conflicting instruction by name.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { type CedarSession, openCedarSession, type TestSession, waitUntil } from './harness/index.js'

describe('skills and constraints over the real protocol', () => {
  let cedar: CedarSession
  let session: TestSession
  let bot: Bot
  const converse = (line: string, last: RegExp, timeoutMs?: number) => cedar.converse(line, last, timeoutMs)

  before(async () => {
    // LogicGuard's behaviour for the critic test below: a law that passes goes in at once, from one run's evidence.
    cedar = await openCedarSession({ cedar: { critic: { autoAccept: true, minEvidence: 1 } } })
    ;({ session, bot } = cedar)
  })
  after(() => cedar?.close())

  const logsHeld = () =>
    bot.inventory
      .items()
      .filter((i) => i.name === 'oak_log')
      .reduce((n, i) => n + i.count, 0)

  test('!do mine oak_log: learned, run, and the log is in the inventory, with progress in chat', async () => {
    const at = new Vec3(4, 5, 0)
    await session.server.setBlock(at, 'oak_log')
    await waitUntil(bot, () => bot.blockAt(at)?.name === 'oak_log', 'the log is there')
    const lines = await converse('!do mine oak_log', /^(done|not done|refused)/)
    assert.match(lines[0] ?? '', /^understood: goal "mine oak_log"/)
    assert.ok(
      lines.some((l) => /^skill mine\.oak_log: learned with \d+ questions/.test(l)),
      lines.join('\n'),
    )
    assert.match(lines.at(-1) ?? '', /^done in 1 action: done: has\.oak_log\.1$/)
    assert.equal(logsHeld(), 1)
    // The skill is in the store for next time.
    const skills = await converse('!skills', /^skills|^no skills/)
    assert.deepEqual(skills, ['skills: mine.oak_log (learned)'])
  })

  test('!constrain never mine oak_log, then !do mine oak_log is refused with the constraint named', async () => {
    const added = await converse('!constrain never mine oak_log', /^constraint/)
    assert.equal(added.length, 1)
    assert.match(
      added[0] ?? '',
      /^constraint never-mine-oak-log: "never mine oak_log" = G !mine\.oak_log \(2 states; phrase: \d+ words\)$/,
    )
    const at = new Vec3(4, 5, 2)
    await session.server.setBlock(at, 'oak_log')
    await waitUntil(bot, () => bot.blockAt(at)?.name === 'oak_log', 'the second log is there')
    const lines = await converse('!do mine oak_log', /^(done|not done|refused)/)
    assert.match(
      lines.at(-1) ?? '',
      /^refused: mine\.oak_log conflicts with "never mine oak_log": no way to do it that keeps it$/,
    )
    assert.ok(
      lines.some((l) => /^skill mine\.oak_log: reused from the store/.test(l)),
      lines.join('\n'),
    )
    assert.equal(bot.blockAt(at)?.name, 'oak_log', 'the log was not touched')
    assert.equal(logsHeld(), 1)
    const listed = await converse('!constraints', /never-mine/)
    assert.deepEqual(listed, ['never-mine-oak-log: "never mine oak_log" = G !mine.oak_log (from this world)'])
    assert.deepEqual(await converse('!unconstrain never-mine-oak-log', /dropped|no constraint/), [
      'dropped never-mine-oak-log',
    ])
  })

  test('the critic from chat: a round over logged runs, the laws with their counts, accept and reject', async () => {
    const failing = {
      state: ['equipped.wooden_pickaxe', 'sees.iron_ore'],
      action: 'mine.iron_ore',
      ok: false,
      error: 'missing_tool: iron_ore needs a stone pickaxe',
    }
    const working = { state: ['equipped.stone_pickaxe', 'sees.iron_ore'], action: 'mine.iron_ore', ok: true }
    await bot.cedar.critic.record('mine iron', [failing, working], true)
    const round = await converse('!critic run', /law accept <id> makes one hard|^critic:.* 0 laws added/).catch(
      (error: Error) => assert.fail(`${error.message}: ${JSON.stringify(bot.cedar.critic.rejected())}`),
    )
    // The !do run above was logged too: it counts as a new trajectory.
    assert.match(round[0] ?? '', /^critic: 2 new trajectories, \d+ proposals, 1 laws added, 0 proposed, 0 rejected$/)
    assert.equal(
      round[1],
      'C1 (soft): G(!equipped.stone_pickaxe & !equipped.iron_pickaxe & !equipped.diamond_pickaxe & !equipped.netherite_pickaxe -> X !mine.iron_ore)',
    )
    const laws = await converse('!laws', /^C1 /)
    assert.deepEqual(laws, [
      `the critic's laws are this world's (${bot.cedar.world()?.label}; ${bot.cedar.world()?.dir})`,
      'C1 soft critic, blocked 0x: G(!equipped.stone_pickaxe & !equipped.iron_pickaxe & !equipped.diamond_pickaxe & !equipped.netherite_pickaxe -> X !mine.iron_ore)',
    ])
    assert.deepEqual(await converse('!law accept C1', /./), [
      'C1 is hard now: G(!equipped.stone_pickaxe & !equipped.iron_pickaxe & !equipped.diamond_pickaxe & !equipped.netherite_pickaxe -> X !mine.iron_ore)',
    ])
    assert.equal(bot.cedar.laws.get('C1')?.kind, 'hard')
    assert.deepEqual(await converse('!law reject C1', /./), [
      'rejected C1: G(!equipped.stone_pickaxe & !equipped.iron_pickaxe & !equipped.diamond_pickaxe & !equipped.netherite_pickaxe -> X !mine.iron_ore); the critic will not propose it again',
    ])
    assert.deepEqual(await converse('!law accept C9', /./), ['no law C9; say !laws'])
  })

  test('bad input gets a clear answer and nothing runs', async () => {
    assert.deepEqual(await converse('!do dance a little', /I cannot do/), [
      'I cannot do "dance a little" yet: nothing in it is an item or block I know how to get; try !do get me some wood or !do craft a stone pickaxe',
    ])
    assert.deepEqual(await converse('!ce reject fly.to_moon', /./), [
      '!ce failed: I know no act or event called "fly.to_moon" (!alphabet <instruction> --verbose shows those an instruction uses)',
    ])
  })
})
