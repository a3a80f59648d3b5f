// The whole tech tree over the real protocol, driven from chat: from an empty inventory in a built scene (trees,
// stone, iron and coal ores) to an iron pickaxe — mining, 2×2 and crafting-table recipes, a furnace — with the
// embedded server's survival-mechanics plugin doing what flying-squid alone cannot.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { runDo } from './harness/do-run.js'
import { type CedarSession, countItem, openCedarSession, serverInventory, type TestSession } from './harness/index.js'

const RUN_TIMEOUT_MS = 400_000

describe('from nothing to an iron pickaxe, from chat', () => {
  let cedar: CedarSession
  let session: TestSession
  let bot: Bot

  before(async () => {
    // Under the bot's default laws (LogicGuard's saycan-hard), as a user runs it: "no pickaxe craft away from a
    // crafting table" (H2) must be judged at the table the craft walks to, not where the bot stood.
    cedar = await openCedarSession({ scene: buildScene, cedar: { shield: { lawSets: ['saycan-hard'] } } })
    ;({ session, bot } = cedar)
  })
  after(() => cedar?.close())

  test('!do get an iron pickaxe, starting empty-handed', { timeout: RUN_TIMEOUT_MS }, async (t) => {
    assert.equal(bot.inventory.items().length, 0, 'the bot starts with nothing')
    const { lines, run, transcript } = await runDo(cedar, '!do get an iron pickaxe', RUN_TIMEOUT_MS - 10_000)
    t.diagnostic(lines.join(' | '))
    // The way there went through the mechanics the server could not host before: the run's logged trajectory,
    // every step of it in the message when the run fails (chat reports only every tenth step and the failures).
    assert.match(lines.at(-1) ?? '', /^done in \d+ actions?: done: has\.iron_pickaxe\.1$/, transcript)
    assert.equal(countItem(bot, 'iron_pickaxe'), 1)
    assert.equal(serverInventory(session.server, 'cedar').iron_pickaxe, 1, 'the server agrees')
    assert.ok(run?.success, 'the run is logged as a success')
    const done = run.steps.filter((s) => s.ok).map((s) => s.action)
    for (const action of ['craft.planks', 'craft.crafting_table', 'craft.wooden_pickaxe', 'craft.stone_pickaxe']) {
      assert.ok(done.includes(action), `${action} in ${done.join(' ')}`)
    }
    assert.ok(done.includes('craft.furnace'), 'a furnace was crafted')
    assert.equal(done.filter((a) => a === 'smelt.raw_iron').length, 3, 'three iron smelted')
    assert.equal(done.at(-1), 'craft.iron_pickaxe')
    const table = bot.findBlock({ matching: bot.registry.blocksByName.crafting_table!.id, maxDistance: 16 })
    const furnace = bot.findBlock({ matching: bot.registry.blocksByName.furnace!.id, maxDistance: 16 })
    assert.ok(table, 'a crafting table was placed')
    assert.ok(furnace, 'a furnace was placed')
  })
})

/**
 * A small survival start on the superflat grass (y=4), 3+ blocks from the spawn point (0.5, 5, 0.5) where Alex
 * stands (the server hands drops to any player within ~1.75 blocks): three oak trunks, a stone outcrop and ores.
 */
async function buildScene(session: TestSession): Promise<void> {
  const { server } = session
  // Daylight all along: the run is about the tech tree, not the night. Server ticks at 5× speed so each of the
  // three smelts takes 2 s instead of 10 (digging is timed by the client, so it is unchanged).
  server.serv.doDaylightCycle = false
  server.setTime(1000)
  server.serv.setTickInterval(100)
  for (const [x, z] of [
    [6, 4],
    [7, -5],
    [-6, 5],
  ] as const) {
    await server.fill({ x, y: 5, z }, { x, y: 8, z }, 'oak_log')
  }
  await server.fill({ x: -4, y: 5, z: -4 }, { x: -8, y: 5, z: -7 }, 'stone')
  await server.fill({ x: 4, y: 5, z: -9 }, { x: 6, y: 5, z: -9 }, 'iron_ore')
  await server.fill({ x: 7, y: 5, z: -9 }, { x: 8, y: 5, z: -9 }, 'coal_ore')
}
