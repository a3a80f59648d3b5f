// A pickaxe that breaks mid-run on the real server (the embedded server's tool wear) is replaced by the skill chain:
// `!do collect 3 cobblestone` starting with a wooden pickaxe of 1 use left, planks, sticks and a crafting table
// (given through the server's inventory). The first block wears the pickaxe out; the run that misses its goal for
// it is planned anew from the inventory, which crafts a wooden pickaxe at the table, and mining goes on to the goal
// — no crash, no endless retry, and the new pickaxe has the uses the server counted.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { durabilityUsed } from '../plugin/server/mechanics/tool-wear.js'
import { runDo } from './harness/do-run.js'
import {
  type CedarSession,
  countItem,
  giveItem,
  giveWornTool,
  openCedarSession,
  type TestSession,
} from './harness/index.js'

const RUN_TIMEOUT_MS = 240_000

describe('a pickaxe that breaks mid-run on the real server', () => {
  let cedar: CedarSession
  let session: TestSession
  let bot: Bot

  before(async () => {
    cedar = await openCedarSession({ scene: stoneOutcrop })
    ;({ session, bot } = cedar)
    await giveWornTool(session.server, bot, 'wooden_pickaxe', 58)
    await giveItem(session.server, bot, 'oak_planks', 3)
    await giveItem(session.server, bot, 'stick', 2)
    await giveItem(session.server, bot, 'crafting_table', 1)
  })
  after(() => cedar?.close())

  test('!do collect 3 cobblestone: the worn pickaxe breaks on the first block, a new one is crafted', {
    timeout: RUN_TIMEOUT_MS,
  }, async (t) => {
    assert.equal(bot.inventory.items().find((i) => i.name === 'wooden_pickaxe')?.durabilityUsed, 58)
    const { lines, run, transcript } = await runDo(cedar, '!do collect 3 cobblestone', RUN_TIMEOUT_MS - 10_000)
    t.diagnostic(transcript.replaceAll('\n', ' | '))
    assert.match(lines.at(-1) ?? '', /^done in \d+ actions?/, transcript)
    assert.ok(countItem(bot, 'cobblestone') >= 3, transcript)
    const steps = run?.steps ?? assert.fail('no trajectory logged')
    const crafted = steps.filter((s) => s.ok && s.action === 'craft.wooden_pickaxe').length
    assert.equal(crafted, 1, `one pickaxe crafted in place of the broken one:\n${transcript}`)
    const firstMine = steps.findIndex((s) => s.ok && s.action === 'mine.stone')
    const craft = steps.findIndex((s) => s.ok && s.action === 'craft.wooden_pickaxe')
    assert.ok(firstMine >= 0 && firstMine < craft, `mined with the old pickaxe before the new one:\n${transcript}`)
    const mined = steps.filter((s) => s.ok && s.action === 'mine.stone').length
    assert.ok(mined >= 3, transcript)
    // The first mine wore the old pickaxe out; the ones after it were the new pickaxe's, as the server counts.
    const player = session.server.serv.getPlayer('cedar') ?? assert.fail('cedar left')
    const pickaxes = player.inventory.slots.filter((item) => item?.name === 'wooden_pickaxe')
    assert.equal(pickaxes.length, 1, 'one wooden pickaxe: the new one')
    const pickaxe = pickaxes[0] ?? assert.fail('no pickaxe')
    assert.equal(durabilityUsed(session.server.serv, pickaxe), mined - 1, transcript)
  })
})

/**
 * Stone to mine beside the spawn point: the superflat world has none (grass on dirt on bedrock), so one `fill` puts
 * a 3×2 outcrop 4 blocks away; everything the bot holds comes from the server's inventory, not from the scene.
 */
async function stoneOutcrop({ server }: TestSession): Promise<void> {
  server.serv.doDaylightCycle = false
  server.setTime(1000)
  await server.fill({ x: 4, y: 5, z: 3 }, { x: 6, y: 5, z: 4 }, 'stone')
}
