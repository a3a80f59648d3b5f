// The tech tree in a generated world over the real protocol, from one chat line: in the survival world (seed 1) the
// plugin bot starts empty-handed and gets an iron pickaxe — logs from the trees near spawn, stone and ores from
// under the surface — with no block placed by the test. The server ticks faster (furnaces smelt sooner); digging
// and walking are the client's and take their real time.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { runDo } from './harness/do-run.js'
import { type CedarSession, countItem, openCedarSession } from './harness/index.js'

const RUN_TIMEOUT_MS = 600_000
const SEED = 1

describe('from nothing to an iron pickaxe in a generated survival world, from chat', () => {
  let cedar: CedarSession
  let bot: Bot

  before(async () => {
    cedar = await openCedarSession({
      server: { generation: 'survival', seed: SEED },
      scene: async ({ server }) => {
        // Daylight all along (nights are issue 22's live bench), five times the tick rate for the smelting.
        server.serv.doDaylightCycle = false
        server.setTime(1000)
        server.serv.setTickInterval(100)
      },
    })
    ;({ bot } = cedar)
  })
  after(() => cedar?.close())

  test('!do get an iron pickaxe, starting empty-handed', { timeout: RUN_TIMEOUT_MS }, async (t) => {
    assert.equal(bot.inventory.items().length, 0, 'the bot starts with nothing')
    const { lines, transcript } = await runDo(cedar, '!do get an iron pickaxe', RUN_TIMEOUT_MS - 10_000)
    t.diagnostic(lines.join(' | '))
    assert.match(lines.at(-1) ?? '', /^done in \d+ actions?: done: has\.iron_pickaxe\.1$/, transcript)
    assert.equal(countItem(bot, 'iron_pickaxe'), 1)
  })
})
