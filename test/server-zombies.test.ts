// Zombies at night on the embedded server (plugin/server/mechanics/hostile-mobs.ts) with unmodified mineflayer:
// none by day; at night one spawns on the surface 24-40 blocks away, walks to the bot and hits it; by day it burns
// until it dies and is gone from the bot's view.
// test-runs-alone: a zombie's speed in blocks per wall-clock second
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import { openSession, serverTicks, type TestSession, waitUntil } from './harness/index.js'

let session: TestSession
let bot: Bot

before(async () => {
  session = await openSession({ mechanics: { hostileMobs: { perPlayer: 1 } } })
  bot = await session.bot('prey')
})
after(() => session?.close())

const zombies = (): Entity[] => Object.values(bot.entities).filter((e) => e.name === 'zombie')

test('no zombie by day; at night one spawns 24-32 blocks away, comes to the bot and hits it', async () => {
  session.server.setTime(1000)
  await serverTicks(session.server.serv, 200, 30_000)
  assert.deepEqual(zombies(), [], 'no zombie by day')

  session.server.setTime(14_000)
  await waitUntil(bot, () => zombies().length > 0, 'a zombie at night', 30_000)
  const first = zombies()[0] as Entity
  const spawnedAt = first.position.distanceTo(bot.entity.position)
  assert.ok(spawnedAt >= 20 && spawnedAt <= 45, `spawned ${spawnedAt.toFixed(1)} blocks away`)
  const where = () => zombies().map((z) => z.position.distanceTo(bot.entity.position).toFixed(1))
  await waitUntil(bot, () => bot.health < 20, 'the zombie hit the bot', 60_000).catch((error: Error) => {
    throw new Error(`${error.message}; zombies at ${where().join(', ')} blocks`)
  })
  assert.ok(first.position.distanceTo(bot.entity.position) < 3, 'the one that hit it is beside the bot')
  assert.equal(zombies().length, 1, 'no more than perPlayer')
})

test('by day the zombie burns until it dies and is gone', async () => {
  // A creative player is no target, so the burning zombie stops hitting.
  session.server.serv.getPlayer(bot.username)?.setGameMode(1)
  session.server.setTime(1000)
  await waitUntil(bot, () => zombies().some((z) => ((z.metadata[0] as number | undefined) ?? 0) & 1), 'on fire')
  await waitUntil(bot, () => zombies().length === 0, 'the zombie burnt away', 60_000)
})

test('at a raised tick rate a zombie still walks at about 2.3 blocks a second of wall time, as the bot does', async () => {
  // The live bench raises the rate to 100 so that days pass faster; the bot's own physics stays at 20 Hz, so a
  // zombie stepping by game ticks would run five times faster than vanilla's and than any player.
  session.server.serv.getPlayer(bot.username)?.setGameMode(0)
  await waitUntil(bot, () => bot.game.gameMode === 'survival', 'back in survival')
  session.server.serv.setTickInterval(100)
  try {
    session.server.setTime(14_000)
    await waitUntil(bot, () => zombies().length > 0, 'a zombie at night', 30_000)
    const zombie = zombies()[0] as Entity
    const distance = () => zombie.position.distanceTo(bot.entity.position)
    const from = { d: distance(), at: performance.now() }
    await waitUntil(bot, () => distance() < 6, 'the zombie came near', 60_000)
    const speed = (from.d - distance()) / ((performance.now() - from.at) / 1000)
    assert.ok(speed < 4.6, `${speed.toFixed(1)} blocks a second: faster than twice vanilla's zombie`)
    assert.ok(speed > 0.5, `${speed.toFixed(1)} blocks a second: hardly moving`)
  } finally {
    session.server.serv.setTickInterval(20)
  }
})
