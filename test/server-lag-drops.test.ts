// A loaded machine stalls the server: the next tick comes half a second late or more. flying-squid moves a falling
// item by its velocity times the whole gap in one step and checks only the block where the step ends, so a drop
// that fell through the ground and out of the world (a clean-clone run's sheep wool lay under the bot for 90 s and
// was never picked up). The mechanics plugin steps entity physics in vanilla's ticks (entity-physics.ts): here the
// server really stalls after a drop appears, and the drop still lands on the grass and reaches the bot; a sheep
// on the grass during a stall stays in the world.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Entity } from 'prismarine-entity'
import { Vec3 } from 'vec3'
import { countItem, openSession, serverTicks, waitUntil } from './harness/index.js'

/** Keeps the server's (and this process's) event loop busy, as a loaded machine does. */
function stall(ms: number): void {
  const until = Date.now() + ms
  while (Date.now() < until) {
    // busy: no timer can fire meanwhile
  }
}

test('a drop that appears just before the server stalls still lands on the ground and is picked up', async () => {
  const session = await openSession()
  try {
    const bot = await session.bot('lagged')
    const { serv, registry } = session.server
    const itemEntity = registry.entitiesByName.item?.id ?? assert.fail('no item entity')
    const wool = registry.itemsByName.white_wool?.id ?? assert.fail('no wool')
    const spawnObject = (
      serv as unknown as {
        spawnObject: (t: number, w: unknown, p: Vec3, o: Record<string, unknown>) => { id: number; position: Vec3 }
      }
    ).spawnObject
    // Four blocks east of the bot, a block above the grass (y=4): where a knocked-back animal dies.
    const drops: { id: number; position: Vec3 }[] = []
    for (const gap of [600, 900]) {
      const at = new Vec3(4.5 + drops.length * 2, 6, 0.5)
      drops.push(spawnObject(itemEntity, serv.overworld, at, { itemId: wool, itemCount: 1, pickupTime: 500 }))
      await serverTicks(serv, 1, 10_000)
      stall(gap)
      await serverTicks(serv, 3, 10_000)
    }
    for (const drop of drops) {
      assert.ok(drop.position.y >= 5 - 1e-6, `the drop at y=${drop.position.y.toFixed(2)}, not through the grass`)
    }
    // And the bot sees them there and picks both up by walking over them.
    for (const drop of drops) {
      await waitUntil(bot, () => bot.entities[drop.id] !== undefined, 'the drop in view', 10_000)
      const seen = bot.entities[drop.id] as Entity
      assert.ok(seen.position.y >= 4.9, `the bot sees the drop at y=${seen.position.y.toFixed(2)}`)
    }
    const target = drops[1]?.position ?? assert.fail('no drop')
    bot.setControlState('forward', true)
    await bot.lookAt(new Vec3(target.x, bot.entity.position.y + 1.6, target.z), true)
    await waitUntil(bot, () => countItem(bot, 'white_wool') >= 2, 'both drops picked up on the way east', 30_000)
    bot.clearControlStates()
    assert.equal(countItem(bot, 'white_wool'), 2)
  } finally {
    await session.close()
  }
})

test('a sheep on the grass when the server stalls stays in the world', async () => {
  const session = await openSession()
  try {
    await session.bot('lagged')
    const { serv, registry } = session.server
    const spawnMob = (serv as unknown as { spawnMob: (t: number, w: unknown, p: Vec3) => { position: Vec3 } }).spawnMob
    const sheep = spawnMob(registry.entitiesByName.sheep?.id ?? -1, serv.overworld, new Vec3(3.5, 5, 3.5))
    await serverTicks(serv, 2, 10_000)
    stall(900)
    await serverTicks(serv, 5, 10_000)
    // flying-squid's mobs bob a block or two over the grass (y 5): not under it.
    assert.ok(sheep.position.y >= 5 - 1e-6, `the sheep at y=${sheep.position.y.toFixed(2)}, not through the grass`)
  } finally {
    await session.close()
  }
})
