// A craft whose deadline passes on the walk to its table ends there (plugin/world/mineflayer/workstations.ts): it
// neither places the table the bot carries nor crafts after its failure was told. It used to do both, so the
// controller's retry found the ingredients gone ("not enough ingredients"): what ended a survival-world run not done
// (docs/server.md, "Farming").
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { createCedar } from '../index.js'
import { MineflayerWorld } from '../plugin/world/mineflayer-world.js'
import { countItem, giveItem, openSession, type TestSession, waitUntil } from './harness/index.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }

describe('a craft that runs out of time on the way to its table', () => {
  let session: TestSession
  let bot: Bot
  let world: MineflayerWorld

  before(async () => {
    session = await openSession()
    bot = await session.bot('cedar', {
      botOptions: {
        plugins: { cedar: createCedar({ owners: ['Alex'], logger: quietLogger, shield: { lawSets: [] } }) },
      },
    })
    world = new MineflayerWorld(bot)
  })
  after(() => session?.close())

  test('ends at its deadline: the carried table stays carried and nothing is crafted', async () => {
    const far = new Vec3(16, 5, 0)
    await session.server.setBlock(far, 'crafting_table')
    await waitUntil(bot, () => bot.blockAt(far)?.name === 'crafting_table', 'the far table is seen')
    for (const [item, count] of [
      ['crafting_table', 1],
      ['cobblestone', 3],
      ['stick', 2],
    ] as const) {
      await giveItem(session.server, bot, item, count)
    }
    const outcome = await world.act({ verb: 'craft', object: 'stone_pickaxe' }, undefined, { timeoutMs: 300 })
    assert.equal(outcome.ok ? 'ok' : outcome.failure, 'timeout')
    // Two seconds of game ticks: the old way placed the carried table and crafted within a few of them.
    await bot.waitForTicks(40)
    assert.equal(countItem(bot, 'crafting_table'), 1, 'the carried table is still carried')
    assert.equal(countItem(bot, 'stone_pickaxe'), 0, 'nothing was crafted after the deadline')
    assert.equal(countItem(bot, 'cobblestone'), 3, 'the ingredients are all there for the next try')
    const tables = bot.findBlocks({ matching: bot.registry.blocksByName.crafting_table!.id, maxDistance: 32, count: 9 })
    assert.equal(tables.length, 1, 'no second table was placed')
  })
})
