// The everyday verbs on the Mineflayer adapter over the real protocol (plugin/world/mineflayer/using.ts against the
// embedded server's farming mechanic): `use.grass_block` with a hoe in hand tills it, `plant.wheat_seeds` sows the
// farmland, `mine.wheat` harvests the ripe crop, `mine.water` with a bucket fills it, `use.cow` with a bucket milks,
// each through MineflayerWorld.act (the same acts the controller runs; the bot loads the plugin, so its own calls
// pass the bot-method guard). Crops are sped up with the gamerule randomTickSpeed and pinned chance.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { createCedar } from '../index.js'
import { MineflayerWorld } from '../plugin/world/mineflayer-world.js'
import { countItem, giveItem, openSession, type TestSession, waitUntil } from './harness/index.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }

describe('the everyday verbs on the Mineflayer adapter', () => {
  let session: TestSession
  let bot: Bot
  let world: MineflayerWorld
  /** The server's chance rolls: 0 makes every chance happen (a drop, a catch). */
  let roll = 0

  before(async () => {
    session = await openSession({ mechanics: { farming: { randomTickSpeed: 4096, random: () => roll } } })
    bot = await session.bot('cedar', {
      botOptions: { plugins: { cedar: createCedar({ owners: [], logger: quietLogger, shield: { lawSets: [] } }) } },
    })
    world = new MineflayerWorld(bot)
    session.server.serv.setTickInterval(100)
  })
  after(() => session?.close())

  const place = async (at: Vec3, name: string) => {
    await session.server.setBlock(at, name)
    await waitUntil(bot, () => bot.blockAt(at)?.name === name, `${name} is seen at ${at}`)
  }
  const act = async (verb: 'use' | 'plant' | 'mine' | 'equip', object: string) => {
    const outcome = await world.act({ verb, object })
    assert.ok(outcome.ok, `${verb}.${object}: ${outcome.ok ? '' : outcome.message}`)
  }

  test('till, plant, harvest', async () => {
    const soil = new Vec3(1, 4, 1)
    // The superflat ground is grass everywhere: the nearest grass with air above is tilled, so keep it this one.
    await place(soil, 'grass_block')
    await giveItem(session.server, bot, 'wooden_hoe', 1)
    await giveItem(session.server, bot, 'wheat_seeds', 1)
    await act('equip', 'wooden_hoe')
    await act('use', 'grass_block')
    await waitUntil(bot, () => bot.findBlock({ matching: bot.registry.blocksByName.farmland!.id }) !== null, 'farmland')
    await act('plant', 'wheat_seeds')
    const crop = () => bot.findBlock({ matching: bot.registry.blocksByName.wheat!.id })
    await waitUntil(bot, () => Number(crop()?.getProperties().age) === 7, 'the wheat ripens', 30_000)
    await act('mine', 'wheat')
    await waitUntil(bot, () => countItem(bot, 'wheat') === 1, 'one wheat', 10_000)
  })

  test('mine.short_grass a few blocks away: the bot walks to it and gets its seeds', async () => {
    const at = bot.entity.position.floored().offset(5, 0, 3)
    await place(at.offset(0, -1, 0), 'grass_block')
    await place(at, 'short_grass')
    const seeds = countItem(bot, 'wheat_seeds')
    await act('mine', 'short_grass')
    assert.equal(countItem(bot, 'wheat_seeds'), seeds + 1)
  })

  test('short grass that drops nothing (7 in 8) is broken all the same: the act is done, not failed', async () => {
    roll = 0.99
    const at = bot.entity.position.floored().offset(-4, 0, 3)
    await place(at.offset(0, -1, 0), 'grass_block')
    await place(at, 'short_grass')
    const outcome = await world.act({ verb: 'mine', object: 'short_grass' }).finally(() => {
      roll = 0
    })
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.message)
    assert.match(outcome.detail ?? '', /^broke short_grass; nothing dropped \(1 in 8 does\)/)
    assert.equal(bot.blockAt(at)?.name, 'air')
  })

  test('a hoe tills grass with air above, not grass under a plant; a use that changes nothing says so', async () => {
    const feet = bot.entity.position.floored()
    const around = [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dz) => feet.offset(dx, 0, dz)))
    const covered = around.filter((p) => !p.equals(feet))
    for (const at of covered) {
      await place(at.offset(0, -1, 0), 'grass_block')
      await place(at, 'short_grass')
    }
    await giveItem(session.server, bot, 'wooden_hoe', 1)
    await act('equip', 'wooden_hoe')
    const tilled = await world.act({ verb: 'use', object: 'grass_block' })
    assert.ok(tilled.ok && /now farmland/.test(tilled.detail ?? ''), JSON.stringify(tilled))
    for (const at of covered) assert.equal(bot.blockAt(at.offset(0, -1, 0))?.name, 'grass_block', `under ${at}`)
    await giveItem(session.server, bot, 'stick', 1)
    await act('equip', 'stick')
    const nothing = await world.act({ verb: 'use', object: 'grass_block' })
    assert.ok(!nothing.ok && nothing.failure === 'no_effect', JSON.stringify(nothing))
    assert.match(nothing.message, /^used stick on the grass_block at .*, but it did not change$/)
  })

  test('seeds with every farmland sown and a hoe at hand: the bot tills the next plot and sows it', async () => {
    roll = 0.99 // nothing grows meanwhile
    try {
      for (let sown = 0; sown < 2; sown++) {
        await giveItem(session.server, bot, 'wheat_seeds', 1)
        const outcome = await world.act({ verb: 'plant', object: 'wheat_seeds' })
        assert.ok(outcome.ok, JSON.stringify(outcome))
      }
      const crops = bot.findBlocks({ matching: bot.registry.blocksByName.wheat!.id, maxDistance: 16, count: 10 })
      assert.ok(crops.length >= 2, `${crops.length} crops`)
    } finally {
      roll = 0
    }
  })

  test('an unripe crop is left to grow: mine.wheat waits (not now) rather than take back its seed', async () => {
    roll = 0.99 // no growth meanwhile: the crop stays young
    const at = bot.entity.position.floored().offset(3, 0, -3)
    await place(at.offset(0, -1, 0), 'farmland')
    await session.server.setBlock(at, 'wheat')
    await waitUntil(bot, () => bot.blockAt(at)?.name === 'wheat', 'the young wheat is seen')
    const outcome = await world.act({ verb: 'mine', object: 'wheat' }).finally(() => {
      roll = 0
    })
    assert.ok(!outcome.ok && outcome.failure === 'not_now', JSON.stringify(outcome))
    assert.match(outcome.message, /^no wheat in sight is ripe yet \(the nearest: stage \d of 7\)$/)
    assert.equal(bot.blockAt(at)?.name, 'wheat', 'still growing')
  })

  test('a bucket of water, then one of milk', async () => {
    await place(new Vec3(-2, 4, -2), 'water')
    await giveItem(session.server, bot, 'bucket', 1)
    await act('equip', 'bucket')
    await act('mine', 'water')
    await waitUntil(bot, () => countItem(bot, 'water_bucket') === 1, 'a water bucket', 10_000)
    const { serv } = session.server
    const spawnMob = (serv as unknown as { spawnMob: (t: number, w: unknown, p: unknown) => { id: number } }).spawnMob
    const cow = spawnMob(serv.registry.entitiesByName.cow?.id ?? -1, serv.overworld, new Vec3(2.5, 5, -1.5))
    await waitUntil(bot, () => bot.entities[cow.id] !== undefined, 'the cow is seen')
    await giveItem(session.server, bot, 'bucket', 1)
    await act('equip', 'bucket')
    await act('use', 'cow')
    await waitUntil(bot, () => countItem(bot, 'milk_bucket') === 1, 'a milk bucket', 10_000)
  })
  test('fish.fish with a rod in hand catches a fish', async () => {
    await place(new Vec3(-2, 4, 2), 'water')
    await giveItem(session.server, bot, 'fishing_rod', 1)
    await act('equip', 'fishing_rod')
    const outcome = await world.act({ verb: 'fish', object: 'fish' })
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.message)
    assert.equal(countItem(bot, 'cod'), 1, 'the pinned chance catches a cod')
  })
})
