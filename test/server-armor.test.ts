// Armour on the embedded server (plugin/server/mechanics/armor.ts) with unmodified mineflayer: the bot puts on iron
// armour by `bot.equip` (the server sees it in the armour slots), and a zombie's hit then takes what vanilla's
// formula leaves of it, not the whole hit; each hit wears every piece, as the bot's own items show.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { ARMOR_SLOTS, damageAfterArmor } from '../plugin/server/mechanics/armor.js'
import { giveItem, openSession, type TestSession, waitFor, waitUntil } from './harness/index.js'

describe("vanilla's damage after armour", () => {
  test('matches the wiki’s worked figures', () => {
    // minecraft.wiki/w/Armor#Damage_protection: full diamond (20 points, toughness 8) against 10 damage leaves 3.
    assert.ok(Math.abs(damageAfterArmor(10, 20, 8) - 3) < 1e-9)
    // Full iron (15 points) against a zombie's 2 on easy: 15 − 8/8 = 14 points count, 2 × (1 − 14/25).
    assert.ok(Math.abs(damageAfterArmor(2, 15, 0) - 0.88) < 1e-9)
    // Armour never absorbs less than a fifth of its points, nor more than 20 (80%).
    assert.ok(Math.abs(damageAfterArmor(100, 5, 0) - 100 * (1 - 1 / 25)) < 1e-9)
    assert.ok(Math.abs(damageAfterArmor(1, 30, 12) - 0.2) < 1e-9)
  })
})

describe('armour on the real server', () => {
  let session: TestSession
  let bot: Bot
  const pieces = [
    ['iron_helmet', 'head'],
    ['iron_chestplate', 'torso'],
    ['iron_leggings', 'legs'],
    ['iron_boots', 'feet'],
  ] as const

  before(async () => {
    session = await openSession({ mechanics: { hostileMobs: { perPlayer: 1 }, hunger: false } })
    bot = await session.bot('knight')
  })
  after(() => session?.close())

  /** The first hit the bot takes after now: how much health it cost. */
  const nextHit = async (): Promise<number> => {
    const before = bot.health
    await waitFor(bot, 'health', () => bot.health < before, 90_000)
    return before - bot.health
  }
  /** Creative until the zombie has burnt away by day (a creative player is no target), then survival again. */
  const daybreak = async () => {
    session.server.serv.getPlayer(bot.username)?.setGameMode(1)
    await waitUntil(bot, () => bot.game.gameMode === 'creative', 'creative')
    session.server.setTime(1000)
    await waitUntil(bot, () => !Object.values(bot.entities).some((e) => e.name === 'zombie'), 'the zombie gone', 90_000)
    session.server.serv.getPlayer(bot.username)?.setGameMode(0)
    await waitUntil(bot, () => bot.game.gameMode === 'survival', 'survival again')
  }

  test('a zombie hits an unarmoured bot for 2 (easy), and an armoured one for vanilla’s 0.88', async () => {
    session.server.setTime(14_000)
    const bare = await nextHit()
    assert.equal(bare, 2, 'a whole zombie hit on easy')
    // Day again: the zombie burns, and the bot dresses.
    await daybreak()
    for (const [item, destination] of pieces) {
      await giveItem(session.server, bot, item)
      const held = bot.inventory.items().find((i) => i.name === item) ?? assert.fail(`no ${item}`)
      await bot.equip(held, destination)
    }
    const player = session.server.serv.getPlayer('knight') ?? assert.fail('knight left')
    const worn = () =>
      ARMOR_SLOTS.map((slot) => session.server.registry.items[player.inventory.slots[slot]?.type ?? -1]?.name)
    // bot.equip resolves on the client's own window; the server has the last click a moment later.
    await waitUntil(bot, () => worn().every((name, i) => name === pieces[i]?.[0]), 'the server sees the armour worn')
    session.server.setTime(14_000)
    const armoured = await nextHit()
    assert.ok(Math.abs(armoured - damageAfterArmor(2, 15, 0)) < 1e-3, `took ${armoured}`)
    // The hit wore every piece by one use (⌊2/4⌋ rounds up to 1), as the bot's own inventory shows.
    await waitUntil(
      bot,
      () => ARMOR_SLOTS.every((slot) => bot.inventory.slots[slot]?.durabilityUsed === 1),
      'every piece worn once',
    )
    await daybreak()
  })
})
