// Giving a player items from the server side (as /give would), and reading what the server thinks they hold.
import type { Bot } from 'mineflayer'
import type { EmbeddedServer } from '../../plugin/server/embedded-server.js'
import { itemClass } from '../../plugin/server/mechanics/prismarine.js'
import { setDurabilityUsed } from '../../plugin/server/mechanics/tool-wear.js'
import { insertStack } from '../../plugin/server/mechanics/window-session.js'
import { waitUntil } from './wait.js'

/** Adds `count` of an item to a connected player's inventory (as a pick-up would) and waits until the bot has it. */
export function giveItem(server: EmbeddedServer, bot: Bot, item: string, count = 1): Promise<void> {
  return insertFor(server, bot, item, count)
}

/** Gives a connected player `count` of an item and puts it in the bot's hand. */
export async function holdItem(server: EmbeddedServer, bot: Bot, item: string, count = 1): Promise<void> {
  await giveItem(server, bot, item, count)
  const id = bot.registry.itemsByName[item]?.id
  if (id === undefined) throw new Error(`unknown item ${item}`)
  await bot.equip(id, 'hand')
}

/** Gives a connected player one `tool` with `used` uses already spent (as a worn tool picked up would be). */
export function giveWornTool(server: EmbeddedServer, bot: Bot, tool: string, used: number): Promise<void> {
  return insertFor(server, bot, tool, 1, (stack) => setDurabilityUsed(server.serv, stack, used))
}

async function insertFor(
  server: EmbeddedServer,
  bot: Bot,
  item: string,
  count: number,
  prepare: (stack: InstanceType<ReturnType<typeof itemClass>>) => void = () => {},
): Promise<void> {
  const { player, id } = playerAndItem(server, bot, item)
  const before = countItem(bot, item)
  const Item = itemClass(server.serv)
  const stack = new Item(id, count)
  prepare(stack)
  const left = insertStack(player.inventory, stack, Item)
  if (left > 0) throw new Error(`no room for ${left} ${item}`)
  // At least: a drop of the same item picked up meanwhile (a harvest's seeds on a loaded machine) adds to it.
  await waitUntil(bot, () => countItem(bot, item) >= before + count, `${bot.username} holds ${before + count} ${item}`)
}

function playerAndItem(server: EmbeddedServer, bot: Bot, item: string) {
  const player = server.serv.getPlayer(bot.username)
  if (!player) throw new Error(`${bot.username} is not on the server`)
  const id = server.registry.itemsByName[item]?.id
  if (id === undefined) throw new Error(`unknown item ${item}`)
  return { player, id }
}

/** Takes every `item` out of a connected player's inventory (as /clear would) and waits until the bot sees it gone. */
export async function takeItem(server: EmbeddedServer, bot: Bot, item: string): Promise<void> {
  const { player, id } = playerAndItem(server, bot, item)
  player.inventory.slots.forEach((held, slot) => {
    if (held?.type === id) player.inventory.updateSlot(slot, null)
  })
  await waitUntil(bot, () => countItem(bot, item) === 0, `${bot.username} holds no ${item}`)
}

/** How many of an item the bot's own inventory window shows (mineflayer's view). */
export function countItem(bot: Bot, item: string): number {
  return bot.inventory
    .items()
    .filter((i) => i.name === item)
    .reduce((n, i) => n + i.count, 0)
}

/** What the server holds for the player: item name → count over slots 0-45 (grid and result included). */
export function serverInventory(server: EmbeddedServer, username: string): Record<string, number> {
  const player = server.serv.getPlayer(username)
  if (!player) throw new Error(`${username} is not on the server`)
  const counts: Record<string, number> = {}
  for (const item of player.inventory.slots) {
    if (!item) continue
    const name = server.registry.items[item.type]?.name ?? String(item.type)
    counts[name] = (counts[name] ?? 0) + item.count
  }
  return counts
}

/** The bot's inventory as item name → count (slots 9-44 and the off hand), to compare with the server's. */
export function botInventory(bot: Bot): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const item of bot.inventory.items()) counts[item.name] = (counts[item.name] ?? 0) + item.count
  return counts
}
