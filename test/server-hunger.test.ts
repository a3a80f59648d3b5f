// Hunger on the embedded server (plugin/server/mechanics/hunger.ts) with unmodified mineflayer: a bot that eats
// nothing loses food, then health (down to easy's 10 HP); bot.consume of raw and cooked food restores food, and a
// fed bot heals. The metabolism is raised and the server ticks at 400/s so that days of hunger take seconds.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { giveItem, openSession, serverTicks, type TestSession, waitUntil } from './harness/index.js'

let session: TestSession
let bot: Bot

before(async () => {
  // 0.05 exhaustion a tick: food and saturation (25 points, 100 exhaustion) are gone in 2,000 ticks.
  session = await openSession({ mechanics: { hunger: { metabolismPerTick: 0.05 } } })
  bot = await session.bot('hungry')
  session.server.serv.setTickInterval(400)
})

after(() => session?.close())

async function eat(item: string): Promise<number> {
  const before = bot.food
  await giveItem(session.server, bot, item, 1)
  await bot.equip(bot.registry.itemsByName[item]?.id ?? 0, 'hand')
  await bot.consume()
  await waitUntil(bot, () => bot.food > before, `${item} raised food above ${before}`, 10_000)
  return bot.food - before
}

test('a bot that never eats loses food first, then health down to 10 HP (easy), and no further', async () => {
  assert.equal(bot.food, 20)
  assert.equal(bot.health, 20)
  await waitUntil(bot, () => bot.food < 20, 'food dropping', 30_000)
  assert.equal(bot.health, 20, 'health holds while there is food')
  await waitUntil(bot, () => bot.food === 0, 'food at 0', 60_000)
  await waitUntil(bot, () => bot.health < 20, 'starvation damage', 30_000)
  await waitUntil(bot, () => bot.health === 10, 'health down to 10', 60_000)
  await serverTicks(session.server.serv, 400, 30_000)
  assert.equal(bot.health, 10, 'easy difficulty starves no further than 10 HP')
})

test('raw and cooked food restore food points (bot.consume), and a fed bot heals', async () => {
  // Points from minecraft-data (raw beef 3, bread 5, cooked beef 8), less what the raised metabolism burns meanwhile.
  const raw = await eat('beef')
  assert.ok(raw >= 2 && raw <= 3, `raw beef gave ${raw}`)
  const bread = await eat('bread')
  assert.ok(bread >= 4 && bread <= 5, `bread gave ${bread}`)
  const cooked = await eat('cooked_beef')
  assert.ok(cooked >= 7 && cooked <= 8, `cooked beef gave ${cooked}`)
  await eat('cooked_beef')
  await waitUntil(bot, () => bot.health > 10, 'healing once fed', 30_000)
  assert.equal(bot.inventory.items().length, 0, 'every food item was eaten')
})
