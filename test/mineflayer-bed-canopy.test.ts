// sleep.bed with a carried bed on open grass, the bot caught by nightfall up in a tree's canopy (plugin/world/
// mineflayer/bed.ts). Live (seed 3, issue 34): after a log it could not reach the bot stood two blocks up beside
// the trunk, leaves round its head, and at nightfall sleep.bed failed three times "no room for a bed within 12
// blocks", on open plains. A walk that cannot break a leaf has no way down from there, and mineflayer-pathfinder's
// goto ends without an error when it finds no path at all: every site was skipped unreached, and the message blamed
// the room. A player breaks the leaves, drops down and puts the bed on the grass; so does the bot.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { createCedar } from '../index.js'
import { MineflayerWorld } from '../plugin/world/mineflayer-world.js'
import { giveItem, openSession, sleepThroughTheNight, type TestSession, waitUntil } from './harness/index.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }
/** Where the bot stands: on a two-block pillar over the superflat grass (its top at y 4). */
const STAND = new Vec3(3, 7, 3)

describe('a carried bed, the bot up in a canopy over open grass at nightfall', () => {
  let session: TestSession
  let bot: Bot
  let world: MineflayerWorld

  before(async () => {
    session = await openSession({ mechanics: { sleepTicks: 20 }, spawn: { x: 3.5, y: 7, z: 3.5 } })
    const { server } = session
    // The pillar and the leaves are there before the bot joins on top of them.
    await server.fill({ x: 3, y: 5, z: 3 }, { x: 3, y: 6, z: 3 }, 'dirt')
    await server.fill({ x: 1, y: 8, z: 1 }, { x: 5, y: 9, z: 5 }, 'oak_leaves')
    await server.setBlock({ x: 3, y: 8, z: 3 }, 'air')
    await server.setBlock({ x: 3, y: 9, z: 3 }, 'air')
    bot = await session.bot('cedar', {
      timeoutMs: 60_000,
      botOptions: { plugins: { cedar: createCedar({ owners: ['Alex'], logger: quietLogger }) } },
    })
    await waitUntil(bot, () => bot.entity.position.floored().equals(STAND) && bot.entity.onGround, 'up there', 30_000)
    await giveItem(server, bot, 'white_bed')
    world = new MineflayerWorld(bot)
  })
  after(() => session?.close())

  test('the bot breaks out of the leaves, puts the bed on the grass, sleeps and takes the bed back', {
    timeout: 200_000,
  }, async () => {
    const open = (p: Vec3) =>
      bot.blockAt(p)?.boundingBox === 'empty' && bot.blockAt(p.offset(0, 1, 0))?.boundingBox === 'empty'
    assert.ok(
      ![new Vec3(1, 0, 0), new Vec3(-1, 0, 0), new Vec3(0, 0, 1), new Vec3(0, 0, -1)].some((d) => open(STAND.plus(d))),
      'no step off without breaking a leaf',
    )
    await sleepThroughTheNight(session.server, bot, world)
    assert.equal(bot.entity.position.floored().y, 5, `down on the grass, at ${bot.entity.position}`)
  })
})
