// Scenes more than one real-server test builds.
import assert from 'node:assert/strict'
import type { Bot } from 'mineflayer'
import type { Vec3 } from 'vec3'
import type { EmbeddedServer } from '../../plugin/server/embedded-server.js'
import type { MineflayerWorld } from '../../plugin/world/mineflayer-world.js'
import { countItem } from './inventory.js'
import type { TestSession } from './server.js'
import { waitUntil } from './wait.js'

/** Sets one block from the server side and waits until the bot sees it. */
export async function putBlock(server: EmbeddedServer, bot: Bot, at: Vec3, name: string): Promise<void> {
  await server.setBlock(at, name)
  await waitUntil(bot, () => bot.blockAt(at)?.name === name, `${name} is seen at ${at}`)
}

/** A fixed morning and two oak trunks of four logs a few blocks from the spawn: wood for a wooden pickaxe. */
export async function morningWithTwoTrees({ server }: TestSession): Promise<void> {
  server.serv.doDaylightCycle = false
  server.setTime(1000)
  for (const [x, z] of [
    [5, 3],
    [-5, 4],
  ] as const) {
    await server.fill({ x, y: 5, z }, { x, y: 8, z }, 'oak_log')
  }
}

/**
 * Night falls; the bot sleeps through it where it is (sleep.bed, placing its bed), and the bed is back in its
 * inventory. A generous deadline: on a loaded machine the walk, the night's skip and the bed's pick-up took over
 * 60 s once.
 */
export async function sleepThroughTheNight(server: EmbeddedServer, bot: Bot, world: MineflayerWorld): Promise<void> {
  server.setTime(14_000)
  await waitUntil(bot, () => !bot.time.isDay, 'night has fallen')
  const outcome = await world.act({ verb: 'sleep', object: 'bed' }, undefined, { timeoutMs: 150_000 })
  assert.ok(outcome.ok, JSON.stringify(outcome))
  assert.match(outcome.detail ?? '', /took the bed back/)
  assert.ok(bot.time.isDay, 'the night was skipped')
  assert.equal(countItem(bot, 'white_bed'), 1, 'the bed is back in the inventory')
}
