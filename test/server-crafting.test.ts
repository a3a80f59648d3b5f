// Crafting over the real protocol with unmodified mineflayer: the embedded server's survival-mechanics plugin
// (plugin/server/mechanics) computes results from minecraft-data's recipes, consumes ingredients and refuses
// what vanilla refuses. The server's own record of the inventory is checked, not only the bot's prediction.
import assert from 'node:assert/strict'
import type { EventEmitter } from 'node:events'
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
  waitFor,
  waitUntil,
} from './harness/index.js'

describe('crafting on the embedded server', () => {
  let session: TestSession
  let bot: Bot
  const serverErrors: Error[] = []

  before(async () => {
    session = await openSession()
    session.server.serv.on('error', (error: Error) => serverErrors.push(error))
    bot = await session.bot('crafter')
  })
  after(() => session?.close())

  const recipeFor = (item: string, table: ReturnType<Bot['blockAt']> = null) => {
    const id = bot.registry.itemsByName[item]!.id
    return bot.recipesFor(id, null, 1, table)[0]
  }

  /** The server's and the bot's views of the inventory agree (nothing lost, nothing duplicated). */
  async function inventoriesAgree(): Promise<void> {
    await waitUntil(
      bot,
      () =>
        JSON.stringify(sorted(serverInventory(session.server, 'crafter'))) ===
        JSON.stringify(sorted(botInventory(bot))),
      'the server and the bot agree on the inventory',
    )
  }

  test('2×2 in the inventory: a log into 4 planks, planks into sticks and a crafting table', async () => {
    await giveItem(session.server, bot, 'oak_log', 2)
    const stateIds: Array<number | undefined> = []
    const onSlot = (packet: { windowId: number; stateId?: number }) => {
      if (packet.windowId === 0) stateIds.push(packet.stateId)
    }
    bot._client.on('set_slot', onSlot)
    const planks = recipeFor('oak_planks')
    assert.ok(planks, 'mineflayer finds the planks recipe for a held log')
    await bot.craft(planks, 2)
    assert.equal(countItem(bot, 'oak_planks'), 8)
    assert.equal(countItem(bot, 'oak_log'), 0)
    await bot.craft(recipeFor('stick')!, 1)
    assert.equal(countItem(bot, 'stick'), 4)
    await bot.craft(recipeFor('crafting_table')!, 1)
    assert.equal(countItem(bot, 'crafting_table'), 1)
    await inventoriesAgree()
    bot._client.off('set_slot', onSlot)
    // 1.17.1+: every slot packet of the inventory window carries a state id, counting up.
    assert.ok(stateIds.length > 10, `${stateIds.length} slot updates`)
    assert.ok(
      stateIds.every((id, i) => typeof id === 'number' && (i === 0 || id > (stateIds[i - 1] ?? 0))),
      `state ids ${stateIds.join(',')}`,
    )
    assert.deepEqual(sorted(serverInventory(session.server, 'crafter')), { crafting_table: 1, oak_planks: 2, stick: 4 })
  })

  test('a wooden pickaxe needs a table: refused without one, crafted at a placed crafting table', async () => {
    await giveItem(session.server, bot, 'oak_planks', 1) // 3 planks with the 2 left over
    const pickaxe = bot.registry.itemsByName.wooden_pickaxe!.id
    assert.equal(bot.recipesFor(pickaxe, null, 1, null).length, 0, 'no 2×2 recipe makes a pickaxe')
    const [anyRecipe] = bot.recipesAll(pickaxe, null, true)
    await assert.rejects(bot.craft(anyRecipe!, 1), /requires craftingTable/)

    const at = new Vec3(3, 5, 0)
    await session.server.setBlock(at, 'crafting_table')
    await waitUntil(bot, () => bot.blockAt(at)?.name === 'crafting_table', 'the table is seen')
    const table = bot.blockAt(at)
    const recipe = bot.recipesFor(pickaxe, null, 1, table)[0]
    assert.ok(recipe, 'with a table the pickaxe recipe is available')
    await bot.craft(recipe, 1, table!)
    assert.equal(countItem(bot, 'wooden_pickaxe'), 1)
    await inventoriesAgree()
    assert.deepEqual(sorted(serverInventory(session.server, 'crafter')), {
      crafting_table: 1,
      stick: 2,
      wooden_pickaxe: 1,
    })
    // mineflayer asks for the window again after a craft (a drag's end outside the window, state id -1): answered,
    // and no error on the server (it said "click mode 5 is not supported" before).
    assert.deepEqual(
      serverErrors.map((e) => e.message),
      [],
    )
  })

  test('the server decides: a grid that is no recipe gives no result, and taking nothing takes nothing', async () => {
    await giveItem(session.server, bot, 'dirt', 1)
    const dirt = bot.inventory.items().find((i) => i.name === 'dirt')!
    await bot.clickWindow(dirt.slot, 0, 0)
    const answered = waitFor(bot.inventory, 'updateSlot:0')
    await bot.clickWindow(1, 0, 0) // dirt into the grid: mineflayer waits for the server's result slot
    await answered
    assert.equal(bot.inventory.slots[0], null, 'dirt makes nothing')
    const player = session.server.serv.getPlayer('crafter')!
    assert.equal(player.inventory.slots[0], null)
    await bot.clickWindow(0, 0, 0) // clicking the empty result
    assert.equal(player.inventory.selectedItem, null, 'the cursor stays empty')
    // Closing the inventory screen gives the grid back, as vanilla does.
    bot._client.write('close_window', { windowId: 0 })
    await waitUntil(bot, () => countItem(bot, 'dirt') === 1, 'the dirt is back in the inventory')
    assert.equal(player.inventory.slots[1], null)
    await inventoriesAgree()
  })

  test('shift-clicking the result crafts as many as the grid holds, straight into the inventory', async () => {
    await giveItem(session.server, bot, 'birch_log', 3)
    const logs = bot.inventory.items().find((i) => i.name === 'birch_log')!
    await bot.clickWindow(logs.slot, 0, 0)
    const answered = waitFor(bot.inventory as unknown as EventEmitter, 'updateSlot:0')
    await bot.clickWindow(2, 0, 0) // the whole stack of 3 logs into one grid slot
    await answered
    assert.equal(bot.inventory.slots[0]?.name, 'birch_planks')
    await bot.clickWindow(0, 0, 1)
    await waitUntil(bot, () => countItem(bot, 'birch_planks') === 12, '12 birch planks')
    const player = session.server.serv.getPlayer('crafter')!
    assert.equal(player.inventory.slots[2], null, 'the grid is empty')
    assert.equal(player.inventory.slots[0], null, 'and so is the result')
    await inventoriesAgree()
  })

  test('closing a crafting table returns what was left in its grid', async () => {
    const table = bot.findBlock({ matching: bot.registry.blocksByName.crafting_table!.id, maxDistance: 6 })!
    const window = await bot.openBlock(table)
    assert.equal(window.type, 'minecraft:crafting')
    const sticks = window.items().find((i) => i.name === 'stick')!
    await bot.clickWindow(sticks.slot, 0, 0)
    const answered = waitFor(window as unknown as EventEmitter, 'updateSlot:0')
    await bot.clickWindow(5, 0, 0) // both sticks into the middle of the grid
    await answered
    assert.equal(window.slots[0], null, 'two sticks alone make nothing')
    const player = session.server.serv.getPlayer('crafter')!
    assert.equal(
      player.inventory.slots.some((i) => i?.name === 'stick'),
      false,
      'the sticks left the player inventory',
    )
    bot.closeWindow(window)
    await waitUntil(
      bot,
      () => player.inventory.slots.some((i) => i?.name === 'stick' && i.count === 2),
      'the server put the sticks back',
    )
    await inventoriesAgree()
  })

  test('crafting with too few ingredients is refused by mineflayer before anything is clicked', async () => {
    const table = bot.findBlock({ matching: bot.registry.blocksByName.crafting_table!.id, maxDistance: 6 })!
    const stoneAxe = bot.registry.itemsByName.stone_axe!.id
    assert.equal(bot.recipesFor(stoneAxe, null, 1, table).length, 0, 'no cobblestone: no recipe to use')
    const [recipe] = bot.recipesAll(stoneAxe, null, true)
    await assert.rejects(bot.craft(recipe!, 1, table), /missing ingredient/)
    await inventoriesAgree()
  })
})

function sorted(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)))
}
