// Issue 37's chest requests on the real server, from chat, with unmodified mineflayer and the plugin loaded: "put 3
// diamonds in the chest" deposits three (bot.openContainer) and the bot keeps the rest (it used to store them all);
// "put the diamonds in the chest" deposits every diamond, which another player then finds there
// (plugin/server/mechanics/chests.ts keeps the chest's items); "take the iron from the chest" withdraws the iron that
// player put in, though the bot had never looked inside; "take 2 diamonds" takes two.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import type { Vec3 } from 'vec3'
import { type CedarSession, countItem, giveItem, openCedarSession, waitUntil } from './harness/index.js'

const DONE = /^(done|not done|refused|!do failed|I cannot do)/

describe('chest requests over the real protocol', () => {
  let cedar: CedarSession
  let bot: Bot
  let at: Vec3

  before(async () => {
    cedar = await openCedarSession()
    ;({ bot } = cedar)
    at = bot.entity.position.floored().offset(2, 0, 0)
    await cedar.session.server.setBlock(at, 'chest')
    await waitUntil(bot, () => bot.blockAt(at)?.name === 'chest', 'the chest is there')
  })
  after(() => cedar?.close())

  /** What the chest holds, as Alex sees it when he opens it. */
  const alexSees = async (): Promise<Record<string, number>> => {
    const chest = await cedar.alex.openContainer(cedar.alex.blockAt(at) ?? assert.fail('Alex sees no chest'))
    const items = Object.fromEntries(chest.containerItems().map((i) => [i.name, i.count]))
    chest.close()
    return items
  }

  test('"put 3 diamonds in the chest": the chest holds exactly three, as another player sees, and the bot keeps two', async () => {
    await giveItem(cedar.session.server, bot, 'diamond', 5)
    const lines = await cedar.converse('!do put 3 diamonds in the chest', DONE, 120_000)
    assert.match(lines.at(-1) ?? '', /^done in 1 action: done: stored\.diamond\.3$/, lines.join('\n'))
    assert.equal(countItem(bot, 'diamond'), 2)
    assert.deepEqual(await alexSees(), { diamond: 3 })
  })

  test('"put the diamonds in the chest": every diamond is in the chest, as another player sees', async () => {
    await giveItem(cedar.session.server, bot, 'diamond', 3)
    await waitUntil(bot, () => countItem(bot, 'diamond') === 5, 'the diamonds are the bot’s')
    const lines = await cedar.converse('!do put the diamonds in the chest', DONE, 120_000)
    assert.match(lines.at(-1) ?? '', /^done in 1 action: done: stored\.diamond\.8$/, lines.join('\n'))
    assert.equal(countItem(bot, 'diamond'), 0)
    assert.deepEqual(await alexSees(), { diamond: 8 })
  })

  test('"take the iron from the chest": the iron another player put there is the bot’s, the diamonds stay', async () => {
    await giveItem(cedar.session.server, cedar.alex, 'iron_ingot', 12)
    await waitUntil(cedar.alex, () => countItem(cedar.alex, 'iron_ingot') === 12, 'Alex has the iron')
    const chest = await cedar.alex.openContainer(cedar.alex.blockAt(at) ?? assert.fail('Alex sees no chest'))
    await chest.deposit(cedar.alex.registry.itemsByName.iron_ingot!.id, null, 12)
    chest.close()
    const lines = await cedar.converse('!do take the iron from the chest', DONE, 120_000)
    assert.match(lines.at(-1) ?? '', /^done/, lines.join('\n'))
    await waitUntil(bot, () => countItem(bot, 'iron_ingot') === 12, 'the bot holds the twelve ingots')
    assert.deepEqual(await alexSees(), { diamond: 8 })
  })

  test('"take 2 diamonds from the chest": two are the bot’s, six stay', async () => {
    const lines = await cedar.converse('!do take 2 diamonds from the chest', DONE, 120_000)
    assert.match(lines.at(-1) ?? '', /^done/, lines.join('\n'))
    assert.equal(countItem(bot, 'diamond'), 2)
    assert.deepEqual(await alexSees(), { diamond: 6 })
  })

  test('taking with no chest in sight is refused before anything is understood', async () => {
    await cedar.session.server.setBlock(at, 'air')
    await waitUntil(bot, () => bot.blockAt(at)?.name === 'air', 'the chest is gone')
    const lines = await cedar.converse('!do take the diamonds from the chest', DONE)
    assert.equal(lines.length, 1, lines.join('\n'))
    assert.match(lines[0] ?? '', /I see no chest to take diamonds from; stand by one and ask again/)
  })
})
