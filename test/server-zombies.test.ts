// Zombies at night on the embedded server (plugin/server/mechanics/hostile-mobs.ts) with unmodified mineflayer:
// none by day; at night one spawns on the surface 24-40 blocks away, walks to the bot and hits it; by day it burns
// until it dies and is gone from the bot's view. (Its speed in wall time: server-zombie-speed.test.ts, run alone.)
// test-kind: server
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Entity } from 'prismarine-entity'
import { serverTicks, waitUntil } from './harness/index.js'
import { zombieWorld } from './support/zombie-world.js'

const world = zombieWorld()
const { zombies } = world

test('no zombie by day; at night one spawns 24-32 blocks away, comes to the bot and hits it', async () => {
  world.session.server.setTime(1000)
  await serverTicks(world.session.server.serv, 200, 30_000)
  assert.deepEqual(zombies(), [], 'no zombie by day')

  world.session.server.setTime(14_000)
  await waitUntil(world.bot, () => zombies().length > 0, 'a zombie at night', 30_000)
  const first = zombies()[0] as Entity
  const spawnedAt = first.position.distanceTo(world.bot.entity.position)
  assert.ok(spawnedAt >= 20 && spawnedAt <= 45, `spawned ${spawnedAt.toFixed(1)} blocks away`)
  const where = () => zombies().map((z) => z.position.distanceTo(world.bot.entity.position).toFixed(1))
  await waitUntil(world.bot, () => world.bot.health < 20, 'the zombie hit the bot', 60_000).catch((error: Error) => {
    throw new Error(`${error.message}; zombies at ${where().join(', ')} blocks`)
  })
  assert.ok(first.position.distanceTo(world.bot.entity.position) < 3, 'the one that hit it is beside the bot')
  assert.equal(zombies().length, 1, 'no more than perPlayer')
})

test('by day the zombie burns until it dies and is gone', async () => {
  // A creative player is no target, so the burning zombie stops hitting.
  world.session.server.serv.getPlayer(world.bot.username)?.setGameMode(1)
  world.session.server.setTime(1000)
  await waitUntil(world.bot, () => zombies().some((z) => ((z.metadata[0] as number | undefined) ?? 0) & 1), 'on fire')
  await waitUntil(world.bot, () => zombies().length === 0, 'the zombie burnt away', 60_000)
})
