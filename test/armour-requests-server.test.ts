// Issue 37's armour requests on the real server, from chat, with unmodified mineflayer and the plugin loaded: a player
// hands the bot iron ingots and asks "make me iron armour" (the four pieces crafted at a table), then "put on your
// armour", and the server (plugin/server/mechanics/armor.ts) sees each piece in its armour slot.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { ARMOR_SLOTS } from '../plugin/server/mechanics/armor.js'
import {
  type CedarSession,
  countItem,
  giveItem,
  openCedarSession,
  type TestSession,
  waitUntil,
} from './harness/index.js'

const IRON_ARMOUR = ['iron_helmet', 'iron_chestplate', 'iron_leggings', 'iron_boots']

describe('armour requests over the real protocol', () => {
  let cedar: CedarSession
  let session: TestSession
  let bot: Bot

  before(async () => {
    cedar = await openCedarSession()
    ;({ session, bot } = cedar)
  })
  after(() => cedar?.close())

  /** What the server has in the bot's armour slots, head to feet. */
  const worn = () => {
    const player = session.server.serv.getPlayer('cedar') ?? assert.fail('cedar left')
    return ARMOR_SLOTS.map((slot) => session.server.registry.items[player.inventory.slots[slot]?.type ?? -1]?.name)
  }

  test('"put on your armour" with none is refused before anything is understood', async () => {
    const lines = await cedar.converse('!do put on your armour', /^(done|not done|refused|!do failed|I cannot do)/)
    assert.equal(lines.length, 1, lines.join('\n'))
    assert.match(lines[0] ?? '', /I have no armour to put on; say "make me iron armour"/)
    assert.doesNotMatch(lines[0] ?? '', /^understood/)
  })

  test('"make me iron armour" from 24 ingots, then "put on your armour": the server sees all four worn', async () => {
    await giveItem(session.server, bot, 'iron_ingot', 24)
    await giveItem(session.server, bot, 'crafting_table', 1)
    await waitUntil(bot, () => countItem(bot, 'iron_ingot') === 24, 'the ingots are the bot’s')
    const made = await cedar.converse(
      '!do make me iron armour',
      /^(done|not done|refused|!do failed|I cannot do)/,
      240_000,
    )
    assert.match(made.at(-1) ?? '', /^done/, made.join('\n'))
    for (const piece of IRON_ARMOUR) assert.equal(countItem(bot, piece), 1, `${piece}: ${made.join('\n')}`)
    assert.equal(countItem(bot, 'iron_ingot'), 0, 'every ingot went into the armour')

    const put = await cedar.converse(
      '!do put on your armour',
      /^(done|not done|refused|!do failed|I cannot do)/,
      120_000,
    )
    assert.match(put.at(-1) ?? '', /^done/, put.join('\n'))
    await waitUntil(bot, () => worn().every((name, i) => name === IRON_ARMOUR[i]), 'the server sees the armour worn')
    for (const piece of IRON_ARMOUR) assert.equal(countItem(bot, piece), 0, `${piece} is worn, not carried`)
  })
})
