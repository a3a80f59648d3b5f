// Farming's click and loot handlers (plugin/server/mechanics/farming.ts: soil and liquids claim clicks, seeds and
// buckets claim placements, the `dug` hook replaces some drops) leave the rest of survival alone, over the real
// protocol with unmodified mineflayer and the server's default mechanics (farming on): a crafting table placed on
// grass beside water, opened, and crafted at after the bot broke grass and leaves beside it; a table placed on a
// block with water beside it; cobblestone placed against the water's floor. This is what the generated survival
// world asks of a bot that crafts its stone pickaxe and furnace at a table near a pond.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import {
  countItem,
  giveItem,
  holdItem,
  openSession,
  putBlock,
  type TestSession,
  waitUntil,
  withTimeout,
} from './harness/index.js'

describe('farming on: tables, crafting and placement beside water and grass', () => {
  let session: TestSession
  let bot: Bot

  before(async () => {
    session = await openSession()
    bot = await session.bot('crafter')
  })
  after(() => session?.close())

  const place = (at: Vec3, name: string) => putBlock(session.server, bot, at, name)
  const hold = (name: string, count = 1) => holdItem(session.server, bot, name, count)
  /** One craft of `item` at `table`, within a deadline: a window that never opens or a click never answered fails. */
  const craftAt = async (item: string, table: Vec3) => {
    const block = bot.blockAt(table)!
    const [recipe] = bot.recipesFor(bot.registry.itemsByName[item]!.id, null, 1, block)
    assert.ok(recipe, `a recipe for ${item} from the inventory`)
    await withTimeout(bot.craft(recipe, 1, block), 20_000, `crafting ${item} at the table`)
  }

  test('the farming mechanic is on by default: a hoe tills grass', async () => {
    const soil = new Vec3(-2, 4, -2)
    await hold('wooden_hoe')
    await bot.activateBlock(bot.blockAt(soil)!)
    await waitUntil(bot, () => bot.blockAt(soil)?.name === 'farmland', 'the grass is farmland', 10_000)
  })

  test('a table placed on grass beside water opens, and crafts after grass and leaves were broken', async () => {
    await place(new Vec3(2, 4, 0), 'water')
    await place(new Vec3(2, 4, 1), 'water')
    // Broken beside the table-to-be: the `dug` hook replaces their drops.
    await place(new Vec3(-1, 5, 1), 'short_grass')
    await bot.dig(bot.blockAt(new Vec3(-1, 5, 1))!)
    await place(new Vec3(-1, 5, -1), 'oak_leaves')
    await bot.dig(bot.blockAt(new Vec3(-1, 5, -1))!)
    await hold('crafting_table')
    const table = new Vec3(1, 5, 1)
    await bot.placeBlock(bot.blockAt(new Vec3(1, 4, 1))!, new Vec3(0, 1, 0))
    await waitUntil(bot, () => bot.blockAt(table)?.name === 'crafting_table', 'the table stands beside the water')
    await giveItem(session.server, bot, 'cobblestone', 3)
    await giveItem(session.server, bot, 'stick', 2)
    await craftAt('stone_pickaxe', table)
    assert.equal(countItem(bot, 'stone_pickaxe'), 1)
    assert.equal(countItem(bot, 'cobblestone'), 0, 'the ingredients are used')
    await giveItem(session.server, bot, 'cobblestone', 8)
    await craftAt('furnace', table)
    assert.equal(countItem(bot, 'furnace'), 1)
  })

  test('a table placed on stone with water on two sides opens and crafts with wheat seeds in hand', async () => {
    const floor = new Vec3(-3, 5, 2)
    await place(floor, 'stone')
    await place(new Vec3(-4, 5, 2), 'water')
    await place(new Vec3(-3, 5, 3), 'water')
    await hold('crafting_table')
    await bot.placeBlock(bot.blockAt(floor)!, new Vec3(0, 1, 0))
    const table = floor.offset(0, 1, 0)
    await waitUntil(bot, () => bot.blockAt(table)?.name === 'crafting_table', 'the table stands on the stone')
    // Opened with wheat seeds in hand (a seed's own placement handler must not take the click from the table).
    await hold('wheat_seeds')
    await giveItem(session.server, bot, 'oak_planks', 4)
    await craftAt('crafting_table', table)
    assert.equal(countItem(bot, 'crafting_table'), 1)
  })

  test('cobblestone placed on the floor of a pond fills the water above it', async () => {
    const bed = new Vec3(2, 3, 1)
    assert.equal(bot.blockAt(bed.offset(0, 1, 0))?.name, 'water')
    await hold('cobblestone')
    await bot.placeBlock(bot.blockAt(bed)!, new Vec3(0, 1, 0))
    await waitUntil(bot, () => bot.blockAt(bed.offset(0, 1, 0))?.name === 'cobblestone', 'the cobblestone is placed')
  })
})
