// Farming in `npm start`'s generated survival world over the real protocol (plugin/world/mineflayer/field.ts against
// the server's farming.ts): live, 'make bread' sowed its seeds on lone plots of dry farmland far from water, where
// vanilla's growth rule gives a crop a stage 1 random tick in 13 (a ripe wheat in about five game days), and the
// episode ended first. A player tills a field: with farmland around it, the crop grows 1 tick in 7. The server's
// chance is pinned between the two (0.09: under 1/11, over 1/13) and the gamerule randomTickSpeed raised to 4096 (a
// random tick every game tick), so the crop in a field ripens in seconds and a lone one never would.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { createCedar } from '../index.js'
import { MineflayerWorld } from '../plugin/world/mineflayer-world.js'
import { giveItem, openSession, type TestSession, waitUntil } from './harness/index.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }
/** Plains at spawn, no water within 36 blocks: every plot is dry farmland. */
const SEED = 2

describe('sowing in the generated survival world', () => {
  let session: TestSession
  let bot: Bot
  let world: MineflayerWorld

  before(async () => {
    session = await openSession({
      generation: 'survival',
      seed: SEED,
      mechanics: { farming: { randomTickSpeed: 4096, random: () => 0.09 } },
    })
    bot = await session.bot('cedar', {
      botOptions: { plugins: { cedar: createCedar({ owners: [], logger: quietLogger, shield: { lawSets: [] } }) } },
    })
    world = new MineflayerWorld(bot)
    session.server.serv.setTickInterval(100)
  })
  after(() => session?.close())

  test('tilled, sown in a field of farmland and ripe: far from water the wheat grows all the same', async () => {
    await giveItem(session.server, bot, 'wooden_hoe', 1)
    await giveItem(session.server, bot, 'wheat_seeds', 1)
    for (const [verb, object] of [
      ['equip', 'wooden_hoe'],
      ['use', 'grass_block'],
    ] as const) {
      const outcome = await world.act({ verb, object })
      assert.ok(outcome.ok, `${verb}.${object}: ${outcome.ok ? '' : outcome.message}`)
    }
    const sown = await world.act({ verb: 'plant', object: 'wheat_seeds' })
    assert.ok(sown.ok, sown.ok ? '' : sown.message)
    assert.match(sown.detail ?? '', /^planted wheat_seeds on dry farmland .*, \d more tilled around it$/)
    const crop = () => bot.findBlock({ matching: bot.registry.blocksByName.wheat!.id })
    await waitUntil(bot, () => crop() !== null, 'the wheat is sown')
    await waitUntil(bot, () => Number(crop()?.getProperties().age) === 7, 'the wheat ripens', 20_000)
  })
})
