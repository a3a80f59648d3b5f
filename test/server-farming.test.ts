// Farming, chance drops, buckets and a smelted block over the real protocol, with unmodified mineflayer
// (plugin/server/mechanics/farming.ts, furnace.ts): a hoe tills grass into farmland, seeds planted on it grow on
// random ticks to a ripe crop whose harvest gives wheat, oak leaves, short grass and gravel give their chance drops,
// a bucket takes a water source and pours it again, a cow fills a bucket with milk, shears shear a sheep once,
// bot.fish() catches a fish, and sand smelts into glass. Chance is pinned (random 0: every roll succeeds) and the
// gamerule randomTickSpeed raised to 4096 (every crop gets a random tick each game tick) so growth takes seconds; the
// vanilla figures themselves are in farming.ts and docs/server.md.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { countItem, giveItem, holdItem, openSession, putBlock, type TestSession, waitUntil } from './harness/index.js'

describe('farming and buckets on the embedded server', () => {
  let session: TestSession
  let bot: Bot

  before(async () => {
    session = await openSession({ mechanics: { farming: { randomTickSpeed: 4096, random: () => 0 } } })
    bot = await session.bot('farmer')
    session.server.serv.setTickInterval(100)
  })
  after(() => session?.close())

  const place = (at: Vec3, name: string) => putBlock(session.server, bot, at, name)
  const hold = (name: string, count = 1) => holdItem(session.server, bot, name, count)

  test('a hoe tills grass into farmland; seeds planted there grow ripe; the harvest gives wheat', async () => {
    // Beside the bot: the server hands a drop only to a player within about 1.75 blocks.
    const soil = new Vec3(1, 4, 1)
    await place(soil, 'grass_block')
    await hold('wooden_hoe')
    await bot.activateBlock(bot.blockAt(soil)!)
    await waitUntil(bot, () => bot.blockAt(soil)?.name === 'farmland', 'the grass is farmland', 10_000)
    await hold('wheat_seeds')
    await bot.placeBlock(bot.blockAt(soil)!, new Vec3(0, 1, 0))
    const crop = soil.offset(0, 1, 0)
    await waitUntil(bot, () => bot.blockAt(crop)?.name === 'wheat', 'wheat is planted', 10_000)
    await waitUntil(bot, () => Number(bot.blockAt(crop)?.getProperties().age) === 7, 'the wheat ripens', 30_000)
    await bot.dig(bot.blockAt(crop)!)
    await waitUntil(bot, () => countItem(bot, 'wheat') === 1, 'the harvest gives one wheat', 10_000)
  })

  test('seeds do not take on grass: only farmland grows a crop', async () => {
    const grass = new Vec3(-2, 4, 1)
    await place(grass, 'grass_block')
    await hold('wheat_seeds')
    await bot.placeBlock(bot.blockAt(grass)!, new Vec3(0, 1, 0)).catch(() => undefined)
    assert.equal(bot.blockAt(grass.offset(0, 1, 0))?.name, 'air')
  })

  test('oak leaves drop an apple and short grass wheat seeds (their chance pinned to happen)', async () => {
    const leaves = new Vec3(1, 5, -1)
    await place(leaves, 'oak_leaves')
    const apples = countItem(bot, 'apple')
    await bot.dig(bot.blockAt(leaves)!)
    await waitUntil(bot, () => countItem(bot, 'apple') === apples + 1, 'an apple is picked up', 10_000)
    const grass = new Vec3(-1, 5, -1)
    await place(grass, 'short_grass')
    const seeds = countItem(bot, 'wheat_seeds')
    await bot.dig(bot.blockAt(grass)!)
    await waitUntil(bot, () => countItem(bot, 'wheat_seeds') === seeds + 1, 'a seed is picked up', 10_000)
  })

  test('gravel drops flint (its chance pinned to happen) and not the gravel too', async () => {
    const gravel = new Vec3(1, 5, 0)
    await place(gravel, 'gravel')
    const flint = countItem(bot, 'flint')
    await bot.dig(bot.blockAt(gravel)!)
    await waitUntil(bot, () => countItem(bot, 'flint') === flint + 1, 'a flint is picked up', 10_000)
    assert.equal(countItem(bot, 'gravel'), 0, 'the gravel itself is not dropped with the flint')
  })

  test('a bucket takes a water source and pours it again', async () => {
    const pond = new Vec3(-2, 4, -2)
    await place(pond, 'water')
    await hold('bucket')
    await bot.activateBlock(bot.blockAt(pond)!)
    await waitUntil(bot, () => countItem(bot, 'water_bucket') === 1, 'the bucket is full of water', 10_000)
    await waitUntil(bot, () => bot.blockAt(pond)?.name === 'air', 'the source is taken')
    await bot.equip(bot.registry.itemsByName.water_bucket!.id, 'hand')
    const floor = new Vec3(2, 4, -2)
    await place(floor, 'stone')
    await bot.placeBlock(bot.blockAt(floor)!, new Vec3(0, 1, 0)).catch(() => undefined)
    await waitUntil(bot, () => bot.blockAt(floor.offset(0, 1, 0))?.name === 'water', 'the water is poured', 10_000)
    await waitUntil(bot, () => countItem(bot, 'bucket') === 1, 'the bucket is empty again', 10_000)
  })

  test('a bucket used on a cow is a milk bucket', async () => {
    const { serv } = session.server
    const spawnMob = (serv as unknown as { spawnMob: (t: number, w: unknown, p: unknown) => { id: number } }).spawnMob
    const cow = spawnMob(serv.registry.entitiesByName.cow?.id ?? -1, serv.overworld, new Vec3(0.5, 5, 2.5))
    await waitUntil(bot, () => bot.entities[cow.id] !== undefined, 'the cow is seen')
    await hold('bucket')
    await bot.activateEntity(bot.entities[cow.id]!)
    await waitUntil(bot, () => countItem(bot, 'milk_bucket') === 1, 'the bucket is full of milk', 10_000)
  })

  test('shears on a sheep give white wool, once', async () => {
    const { serv } = session.server
    const spawnMob = (serv as unknown as { spawnMob: (t: number, w: unknown, p: unknown) => { id: number } }).spawnMob
    const sheep = spawnMob(serv.registry.entitiesByName.sheep?.id ?? -1, serv.overworld, new Vec3(-0.5, 5, 1.5))
    await waitUntil(bot, () => bot.entities[sheep.id] !== undefined, 'the sheep is seen')
    await hold('shears')
    await bot.activateEntity(bot.entities[sheep.id]!)
    // random 0: the fewest, one wool.
    await waitUntil(bot, () => countItem(bot, 'white_wool') === 1, 'one white wool picked up', 10_000)
    await bot.activateEntity(bot.entities[sheep.id]!)
    await bot.waitForTicks(20)
    assert.equal(countItem(bot, 'white_wool'), 1, 'a shorn sheep gives no more')
  })

  test('a rod cast into water: bot.fish() resolves with a catch (a cod, chance pinned)', async () => {
    await place(new Vec3(-2, 4, 2), 'water')
    await hold('fishing_rod')
    await bot.lookAt(new Vec3(-1.5, 5, 2.5), true)
    await bot.fish()
    await waitUntil(bot, () => countItem(bot, 'cod') === 1, 'a cod is caught', 10_000)
  })

  test('sand smelts into glass', async () => {
    const at = new Vec3(-3, 5, 0)
    await place(at, 'furnace')
    await giveItem(session.server, bot, 'sand', 1)
    await giveItem(session.server, bot, 'coal', 1)
    const furnace = await bot.openFurnace(bot.blockAt(at)!)
    await furnace.putFuel(bot.registry.itemsByName.coal!.id, null, 1)
    await furnace.putInput(bot.registry.itemsByName.sand!.id, null, 1)
    await waitUntil(bot, () => furnace.outputItem()?.name === 'glass', 'glass in the output', 30_000)
    await furnace.takeOutput()
    furnace.close()
    assert.equal(countItem(bot, 'glass'), 1)
  })
})
