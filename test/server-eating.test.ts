// The eating reflex over the real protocol (agent/reflexes/eating-reflex.ts, with the server's hunger mechanics): a hungry
// bot eats the food it holds during a `!do`, and one with nothing to eat kills a cow in sight, picks up the beef and
// eats it, before it goes on with the instruction.
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { TrajectoryLog } from '../plugin/agent/critic/trajectory-log.js'
import type { HungryPlayer } from '../plugin/server/mechanics/hunger.js'
import { type CedarSession, countItem, giveItem, openCedarSession, waitUntil } from './harness/index.js'

describe('eating during a !do on a real server', () => {
  let cedar: CedarSession
  let bot: Bot

  before(async () => {
    cedar = await openCedarSession()
    bot = cedar.bot
  })
  after(() => cedar?.close())

  /** Sets the bot's food on the server and waits until the bot has heard of it. */
  async function starve(food: number): Promise<void> {
    const player = cedar.session.server.serv.getPlayer(bot.username) as HungryPlayer
    player.foodSaturation = 0
    player.updateFood(food)
    await waitUntil(bot, () => bot.food === food, `the bot's food at ${food}`, 20_000)
  }

  /** One `!do` to its last line; the acts that worked in its logged run (the newest), and a transcript. */
  async function runDo(line: string): Promise<{ last: string; actions: string[]; transcript: string }> {
    const lines = await cedar.converse(line, /^(done|not done|refused|!do failed|I cannot do)/, 240_000)
    const run = (await new TrajectoryLog(path.join(cedar.worldDir(), 'trajectories')).list()).at(-1)
    const steps = (run?.steps ?? []).map((s) => `${s.action} ${s.ok ? 'ok' : `failed: ${s.error ?? ''}`}`)
    const actions = (run?.steps ?? []).filter((s) => s.ok).map((s) => s.action)
    return { last: lines.at(-1) ?? '', actions, transcript: [...lines, ...steps].join('\n') }
  }

  async function logAt(at: Vec3): Promise<void> {
    await cedar.session.server.setBlock(at, 'oak_log')
    await waitUntil(bot, () => bot.blockAt(at)?.name === 'oak_log', 'the log is there', 20_000)
  }

  test('a hungry bot holding cooked beef eats it during "!do mine oak_log", then mines the log', async () => {
    await giveItem(cedar.session.server, bot, 'cooked_beef', 2)
    await starve(10)
    await logAt(new Vec3(4, 5, 0))
    const done = await runDo('!do mine oak_log')
    assert.match(done.last, /^done/, done.transcript)
    assert.deepEqual(done.actions, ['eat.cooked_beef', 'mine.oak_log'], done.transcript)
    assert.equal(countItem(bot, 'cooked_beef'), 1)
    assert.equal(bot.food, 18)
  })

  test('with nothing to eat it kills a cow in sight, picks up the beef and eats it', async () => {
    const { serv, registry } = cedar.session.server
    const spawnMob = (serv as unknown as { spawnMob: (t: number, w: unknown, p: unknown) => { id: number } }).spawnMob
    // The first test's leftover beef is taken away, so the cow is the only food there is.
    // Taken on the server (a tossed stack would lie about to be picked up again).
    const inventory = (serv.getPlayer(bot.username) as HungryPlayer).inventory
    const beefId = registry.itemsByName.cooked_beef?.id
    inventory.slots.forEach((item, slot) => {
      if (item && (item as { type: number }).type === beefId) inventory.updateSlot(slot, null)
    })
    await waitUntil(bot, () => countItem(bot, 'cooked_beef') === 0, 'the beef tossed', 20_000)
    const cow = spawnMob(registry.entitiesByName.cow?.id ?? -1, serv.overworld, new Vec3(-3.5, 5, 2.5))
    await waitUntil(bot, () => bot.entities[cow.id] !== undefined, 'the cow in view', 20_000)
    await starve(9)
    await logAt(new Vec3(4, 5, 2))
    // It holds the first test's log: two are the goal now.
    const done = await runDo('!do collect 2 oak_log')
    assert.match(done.last, /^done/, done.transcript)
    const { actions } = done
    const killed = actions.indexOf('kill.cow')
    assert.ok(killed >= 0 && actions.indexOf('eat.beef') > killed, done.transcript)
    assert.ok(actions.includes('mine.oak_log'), done.transcript)
    // A cow drops 1-3 beef; raw beef is 3 food points, eaten while food is 14 or less.
    assert.ok(bot.food >= 12 && (bot.food - 9) % 3 === 0, `food ${bot.food}\n${done.transcript}`)
    assert.ok(bot.food > 14 || countItem(bot, 'beef') === 0, `food ${bot.food} with beef left`)
    assert.equal(bot.entities[cow.id], undefined, 'the cow is gone')
  })
})
