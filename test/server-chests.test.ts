// Chests on the embedded server (plugin/server/mechanics/chests.ts) with unmodified mineflayer: what a bot puts in a
// chest is there when it (or another player) opens it again, every item taken back out is the bot's again, nothing
// is lost or made on the way, and a broken chest drops what it held.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import {
  botInventory,
  countItem,
  giveItem,
  openSession,
  serverInventory,
  type TestSession,
  waitUntil,
} from './harness/index.js'

/** The same item counts, whatever the order the slots list them in. */
const sameCounts = (a: Record<string, number>, b: Record<string, number>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort())

describe('chests on the embedded server', () => {
  let session: TestSession
  let bot: Bot
  let other: Bot
  const at = new Vec3(2, 5, 0)

  before(async () => {
    session = await openSession()
    bot = await session.bot('keeper')
    other = await session.bot('visitor')
    await session.server.setBlock(at, 'chest')
    await waitUntil(bot, () => bot.blockAt(at)?.name === 'chest', 'the chest is there')
  })
  after(() => session?.close())

  const chestItems = (window: { containerItems(): { name: string; count: number }[] }) =>
    Object.fromEntries(window.containerItems().map((i) => [i.name, i.count]))

  test('a round trip keeps every item: deposited, seen by another player, withdrawn', async () => {
    await giveItem(session.server, bot, 'diamond', 5)
    await giveItem(session.server, bot, 'iron_ingot', 12)
    await giveItem(session.server, bot, 'oak_log', 64)
    const chest = await bot.openContainer(bot.blockAt(at) ?? assert.fail('no chest'))
    await chest.deposit(bot.registry.itemsByName.diamond!.id, null, 5)
    await chest.deposit(bot.registry.itemsByName.iron_ingot!.id, null, 12)
    await chest.deposit(bot.registry.itemsByName.oak_log!.id, null, 40)
    assert.deepEqual(chestItems(chest), { diamond: 5, iron_ingot: 12, oak_log: 40 })
    chest.close()
    await waitUntil(bot, () => serverInventory(session.server, 'keeper').diamond === undefined, 'the server agrees')
    assert.deepEqual(serverInventory(session.server, 'keeper'), { oak_log: 24 })

    // Another player opening it sees the same items: they are the chest's, not the window's.
    const seen = await other.openContainer(other.blockAt(at) ?? assert.fail('no chest for the visitor'))
    assert.deepEqual(chestItems(seen), { diamond: 5, iron_ingot: 12, oak_log: 40 })
    seen.close()

    const again = await bot.openContainer(bot.blockAt(at) ?? assert.fail('no chest'))
    await again.withdraw(bot.registry.itemsByName.diamond!.id, null, 5)
    await again.withdraw(bot.registry.itemsByName.iron_ingot!.id, null, 12)
    await again.withdraw(bot.registry.itemsByName.oak_log!.id, null, 40)
    assert.deepEqual(chestItems(again), {})
    again.close()
    await waitUntil(bot, () => countItem(bot, 'diamond') === 5, 'the bot holds its diamonds again')
    const expected = { diamond: 5, iron_ingot: 12, oak_log: 64 }
    await waitUntil(
      bot,
      () => sameCounts(serverInventory(session.server, 'keeper'), expected),
      'the server holds the same',
    ).catch((error: Error) => {
      throw new Error(`${error.message}: it holds ${JSON.stringify(serverInventory(session.server, 'keeper'))}`)
    })
    assert.ok(sameCounts(botInventory(bot), expected), JSON.stringify(botInventory(bot)))
  })

  test('a broken chest drops what it held', async () => {
    const chest = await bot.openContainer(bot.blockAt(at) ?? assert.fail('no chest'))
    await chest.deposit(bot.registry.itemsByName.diamond!.id, null, 3)
    chest.close()
    await session.server.setBlock(at, 'air')
    await waitUntil(
      bot,
      () => Object.values(bot.entities).some((e) => e.name === 'item' && e.position.distanceTo(at) < 2),
      'the diamonds on the ground where the chest was',
      30_000,
    )
  })
})
