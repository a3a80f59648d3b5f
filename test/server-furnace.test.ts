// Furnaces over the real protocol with unmodified mineflayer (`bot.openFurnace`): smelting runs on the server
// tick with vanilla's fuel and cook times, the progress bars reach mineflayer, and the furnace refuses what
// vanilla refuses. The server runs at 200 ticks a second here so a 200-tick smelt takes about a second.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot, Furnace } from 'mineflayer'
import { Vec3 } from 'vec3'
import {
  countItem,
  giveItem,
  openSession,
  serverInventory,
  serverTicks,
  type TestSession,
  waitFor,
  waitUntil,
} from './harness/index.js'

const FAST_TICKS_PER_SECOND = 200

describe('furnaces on the embedded server', () => {
  let session: TestSession
  let bot: Bot
  const at = new Vec3(3, 5, 0)

  before(async () => {
    session = await openSession()
    bot = await session.bot('smelter')
    await session.server.setBlock(at, 'furnace')
    await waitUntil(bot, () => bot.blockAt(at)?.name === 'furnace', 'the furnace is seen')
    session.server.serv.setTickInterval(FAST_TICKS_PER_SECOND)
  })
  after(() => session?.close())

  const id = (name: string) => bot.registry.itemsByName[name]!.id

  test('raw iron and coal give iron ingots; progress reaches mineflayer; the output can be taken', async () => {
    await giveItem(session.server, bot, 'raw_iron', 2)
    await giveItem(session.server, bot, 'coal', 1)
    // mineflayer sets these two but its typings leave them out.
    const furnace = (await bot.openFurnace(bot.blockAt(at)!)) as Furnace & {
      totalFuel: number | null
      totalProgress: number | null
    }
    await furnace.putFuel(id('coal'), null, 1)
    await furnace.putInput(id('raw_iron'), null, 2)
    const progress: number[] = []
    furnace.on('update', () => progress.push(furnace.progress ?? 0))
    await waitUntil(bot, () => furnace.outputItem()?.count === 2, 'two ingots in the output', 15_000)
    assert.equal(furnace.totalFuel, 1600, 'coal burns 1600 ticks (8 items)')
    assert.equal(furnace.totalProgress, 200, 'one item cooks in 200 ticks')
    assert.ok(
      progress.some((p) => p > 0.4 && p < 0.6),
      'mineflayer saw the progress bar move',
    )
    assert.equal(furnace.inputItem(), null, 'both raw iron were used')
    assert.equal(furnace.fuelItem(), null, 'the coal is burning')
    assert.ok((furnace.fuel ?? 0) > 0, 'fuel is left for 6 more items')
    await furnace.takeOutput()
    furnace.close()
    assert.equal(countItem(bot, 'iron_ingot'), 2)
    await waitUntil(
      bot,
      () => JSON.stringify(serverInventory(session.server, 'smelter')) === '{"iron_ingot":2}',
      'the server holds the two ingots and nothing else',
    )
    await waitUntil(bot, () => bot.blockAt(at)?.getProperties().lit === true, 'the furnace shows lit')
  })

  test('what does not smelt stays put: dirt in the input burns no fuel and makes nothing', async () => {
    await giveItem(session.server, bot, 'dirt', 1)
    await giveItem(session.server, bot, 'oak_planks', 1)
    // Let the coal from the first test burn out first, so the fuel slot is the only source of heat.
    await waitUntil(bot, () => bot.blockAt(at)?.getProperties().lit === false, 'the furnace goes out', 15_000)
    const furnace = await bot.openFurnace(bot.blockAt(at)!)
    await furnace.putInput(id('dirt'), null, 1)
    await furnace.putFuel(id('oak_planks'), null, 1)
    await serverTicks(session.server.serv, 400, 10_000) // two cook times
    assert.equal(furnace.outputItem(), null)
    assert.equal(furnace.fuelItem()?.name, 'oak_planks', 'the fuel was not lit for nothing')
    assert.equal(furnace.inputItem()?.name, 'dirt')
    await furnace.takeInput()
    await furnace.takeFuel()
    furnace.close()
    assert.equal(countItem(bot, 'dirt'), 1)
  })

  test('only fuels go into the fuel slot, and nothing goes into the output', async () => {
    const furnace = await bot.openFurnace(bot.blockAt(at)!)
    const dirt = furnace.items().find((i) => i.name === 'dirt')!
    await bot.clickWindow(dirt.slot, 0, 0) // dirt on the cursor
    await bot.clickWindow(1, 0, 0) // into the fuel slot: refused
    await bot.clickWindow(2, 0, 0) // into the output: refused
    const player = session.server.serv.getPlayer('smelter')!
    await waitUntil(bot, () => furnace.fuelItem() === null && furnace.outputItem() === null, 'the bot is corrected')
    assert.equal(
      player.inventory.slots.some((i) => i?.name === 'dirt'),
      false,
      'the dirt is on the cursor',
    )
    furnace.close()
    // Closing with an item on the cursor returns it to the inventory.
    await waitUntil(bot, () => countItem(bot, 'dirt') === 1, 'the dirt is back')
    assert.equal(serverInventory(session.server, 'smelter').dirt, 1)
  })

  test('shift-clicks sort: ore to the input, coal to the fuel, dirt stays; the ingot shift-clicks out', async () => {
    await giveItem(session.server, bot, 'raw_copper', 1)
    await giveItem(session.server, bot, 'coal', 1)
    const furnace = await bot.openFurnace(bot.blockAt(at)!)
    const slotOf = (name: string) => furnace.items().find((i) => i.name === name)!.slot
    await bot.clickWindow(slotOf('dirt'), 0, 1)
    await bot.clickWindow(slotOf('raw_copper'), 0, 1)
    await bot.clickWindow(slotOf('coal'), 0, 1)
    // The coal catches fire at once (it leaves the fuel slot), so it is seen as fuel burning.
    await waitUntil(
      bot,
      () => furnace.inputItem()?.name === 'raw_copper' && (furnace.fuel ?? 0) > 0 && countItem(bot, 'coal') === 0,
      'ore in the input, the coal burning',
    )
    assert.ok(
      furnace.items().some((i) => i.name === 'dirt'),
      'the dirt stayed in the inventory',
    )
    await waitUntil(bot, () => furnace.outputItem()?.name === 'copper_ingot', 'a copper ingot', 10_000)
    await bot.clickWindow(2, 0, 1)
    await waitUntil(bot, () => furnace.outputItem() === null, 'the output is empty')
    furnace.close()
    await waitUntil(
      bot,
      () => countItem(bot, 'copper_ingot') === 1 && serverInventory(session.server, 'smelter').copper_ingot === 1,
      'the ingot is in the inventory, for the bot and the server',
    )
  })

  test('a furnace keeps smelting with nobody looking, and the next visitor sees the result', async () => {
    await giveItem(session.server, bot, 'raw_gold', 1)
    await giveItem(session.server, bot, 'coal', 1)
    let furnace = await bot.openFurnace(bot.blockAt(at)!)
    await furnace.putFuel(id('coal'), null, 1)
    await furnace.putInput(id('raw_gold'), null, 1)
    furnace.close()
    await serverTicks(session.server.serv, 220, 10_000)
    furnace = await bot.openFurnace(bot.blockAt(at)!)
    assert.equal(furnace.outputItem()?.name, 'gold_ingot')
    await furnace.takeOutput()
    furnace.close()
    assert.equal(countItem(bot, 'gold_ingot'), 1)
  })

  test('breaking a furnace closes it for whoever looks in, and its contents drop', async () => {
    await giveItem(session.server, bot, 'raw_iron', 1)
    const furnace = await bot.openFurnace(bot.blockAt(at)!)
    await furnace.putInput(id('raw_iron'), null, 1) // no fuel: it just sits there
    const closed = waitFor(bot, 'windowClose')
    const dropped = waitFor(bot, 'itemDrop', (entity) => entity.position.distanceTo(at.offset(0.5, 0.5, 0.5)) < 1.5)
    await session.server.setBlock(at, 'air')
    await closed
    const [item] = await dropped
    assert.equal(item.getDroppedItem()?.name, 'raw_iron')
  })
})
