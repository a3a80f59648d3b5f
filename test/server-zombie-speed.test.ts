// A zombie on the embedded server (plugin/server/mechanics/hostile-mobs.ts) walks at vanilla's speed in wall time
// even when the live bench raises the tick rate, as the bot (whose physics stays at 20 Hz) does.
// test-runs-alone: a zombie's speed in blocks per wall-clock second
// test-kind: server
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Entity } from 'prismarine-entity'
import { waitUntil } from './harness/index.js'
import { zombieWorld } from './support/zombie-world.js'

const world = zombieWorld()
const { zombies } = world

test('at a raised tick rate a zombie still walks at about 2.3 blocks a second of wall time, as the bot does', async () => {
  // The live bench raises the rate to 100 so that days pass faster; the bot's own physics stays at 20 Hz, so a
  // zombie stepping by game ticks would run five times faster than vanilla's and than any player.
  world.session.server.serv.setTickInterval(100)
  try {
    world.session.server.setTime(14_000)
    await waitUntil(world.bot, () => zombies().length > 0, 'a zombie at night', 30_000)
    const zombie = zombies()[0] as Entity
    const distance = () => zombie.position.distanceTo(world.bot.entity.position)
    const from = { d: distance(), at: performance.now() }
    await waitUntil(world.bot, () => distance() < 6, 'the zombie came near', 60_000)
    const speed = (from.d - distance()) / ((performance.now() - from.at) / 1000)
    assert.ok(speed < 4.6, `${speed.toFixed(1)} blocks a second: faster than twice vanilla's zombie`)
    assert.ok(speed > 0.5, `${speed.toFixed(1)} blocks a second: hardly moving`)
  } finally {
    world.session.server.serv.setTickInterval(20)
  }
})
