// Exploring for something on the surface from underground, in `npm start`'s generated survival world over the real
// protocol (plugin/world/mineflayer/explore.ts, underground.ts's climbOut): live, 'get me a bucket of water' mined
// iron at y 59, then explore.water walked its legs toward points on the surface from the tunnel and got nowhere (0
// blocks, "no water in sight after 8 legs"), again and again until the episode's time ran out. Now the bot climbs
// back out first: up its own staircase when it can walk it, else up a staircase it digs. Here its staircase is filled
// in behind it: without the climb its legs walk 0 blocks, as live. A pond is put 36 blocks east of spawn (seed 3 has
// no water near spawn): out of sight from the tunnel, in sight from the surface once the first leg east is walked.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import pathfinderModule from 'mineflayer-pathfinder'
import { createCedar } from '../index.js'
import { BotMemory } from '../plugin/world/mineflayer/bot-memory.js'
import { explore } from '../plugin/world/mineflayer/explore.js'
import { PrimitiveFailure } from '../plugin/world/mineflayer/limits.js'
import { climbOut, prospect, underOpenSky } from '../plugin/world/mineflayer/underground.js'
import { MineflayerWorld } from '../plugin/world/mineflayer-world.js'
import { gentleMovements } from '../plugin/world/pathfinding.js'
import { countItem, giveItem, openSession, type TestSession, waitUntil } from './harness/index.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }
/** Hills with no water near spawn, and solid rock under it to the depth the tests dig. */
const SEED = 3
const RUN_TIMEOUT_MS = 180_000

describe('exploring for water from underground in the generated survival world', () => {
  let session: TestSession
  let bot: Bot
  let world: MineflayerWorld
  let memory: BotMemory
  let spawn: { x: number; y: number; z: number }
  const signal = new AbortController().signal

  before(async () => {
    session = await openSession({ generation: 'survival', seed: SEED })
    bot = await session.bot('cedar', {
      botOptions: { plugins: { cedar: createCedar({ owners: [], logger: quietLogger, shield: { lawSets: [] } }) } },
    })
    world = new MineflayerWorld(bot)
    memory = new BotMemory(bot)
    await bot.waitForChunksToLoad()
    const feet = bot.entity.position.floored()
    spawn = feet
    const pond = { x: feet.x + 36, y: feet.y - 1, z: feet.z }
    await session.server.fill({ ...pond, z: pond.z - 1 }, { x: pond.x + 2, y: pond.y, z: pond.z + 1 }, 'water')
    await giveItem(session.server, bot, 'stone_pickaxe', 1)
    await giveItem(session.server, bot, 'bucket', 1)
    await bot.equip(bot.registry.itemsByName.stone_pickaxe!.id, 'hand')
  })
  after(() => session?.close())

  /** A staircase down ten blocks and a few level, heading [dx, dz]: the bot ends under the rock, as after iron. */
  async function digDown(heading: readonly [number, number]): Promise<void> {
    memory.prospectHeading = heading
    const depth = bot.entity.position.floored().y - 10
    await prospect(bot, memory, depth, () => false, signal, 14)
    assert.ok(!underOpenSky(bot), `the bot is under the rock at ${bot.entity.position.floored()}`)
    const water = bot.findBlock({ matching: bot.registry.blocksByName.water!.id, maxDistance: 32 })
    assert.equal(water?.position ?? null, null, `no water in sight from the tunnel at ${bot.entity.position.floored()}`)
  }

  test('its staircase blocked behind it: it digs up and out, sees water, fills a bucket', {
    timeout: RUN_TIMEOUT_MS,
  }, async () => {
    await digDown([-1, 0])
    const feet = bot.entity.position.floored()
    // The way back (east of the bot, where the staircase came down from) filled in with stone.
    await session.server.fill(
      { x: feet.x + 1, y: feet.y, z: feet.z - 1 },
      { x: feet.x + 3, y: feet.y + 4, z: feet.z + 1 },
      'stone',
    )
    await waitUntil(bot, () => bot.blockAt(feet.offset(1, 0, 0))?.name === 'stone', 'the way back is stone')
    const found = await explore(bot, memory, 'water', signal)
    assert.ok(found.ok, found.ok ? '' : found.message)
    assert.ok(underOpenSky(bot), `out on the ground at ${bot.entity.position.floored()}`)
    await bot.equip(bot.registry.itemsByName.bucket!.id, 'hand')
    const filled = await world.act({ verb: 'mine', object: 'water' })
    assert.ok(filled.ok, filled.ok ? '' : filled.message)
    await waitUntil(bot, () => countItem(bot, 'water_bucket') === 1, 'a bucket of water')
  })

  /** A rejection with this failure kind and message (a PrimitiveFailure, as the act reports it). */
  const failed = (failure: string, message: RegExp) => (error: unknown) => {
    assert.ok(error instanceof PrimitiveFailure, String(error))
    assert.equal(error.outcome.failure, failure, error.message)
    assert.match(error.message, message)
    return true
  }

  test('a search that saw nothing is not walked again from the same ground, until its five minutes are up', {
    timeout: RUN_TIMEOUT_MS,
  }, async () => {
    // No sponge lies on a generated surface: every search for one walks and sees none.
    const small = { legs: 2, legLength: 3 }
    await assert.rejects(explore(bot, memory, 'sponge', signal, small), failed('not_found', /after 2 legs/))
    const searched = memory.lookedOver.get('sponge')
    assert.ok(searched !== undefined && searched.walked > 0, 'the walked ground is remembered')
    const standing = bot.entity.position.clone()
    await assert.rejects(
      explore(bot, memory, 'sponge', signal, small),
      failed('not_found', /no sponge in sight: just now I walked about \d+ blocks around here looking for one/),
    )
    assert.ok(bot.entity.position.distanceTo(standing) < 0.5, 'the second search walked nowhere')
    // Six minutes later (the machine's clock, as the memory reads it) the same ground is searched again.
    memory.lookedOver.set('sponge', { ...searched, at: Date.now() - 360_000 })
    await assert.rejects(explore(bot, memory, 'sponge', signal, small), failed('not_found', /after 2 legs/))
  })

  test('a climb out is bounded: a cancel ends it before the next step, and it stops after its steps, saying where it began', {
    timeout: RUN_TIMEOUT_MS,
  }, async () => {
    // Back at spawn, away from the pond: a step beside water is never dug, and the climb would stop for that.
    bot.pathfinder.setMovements(gentleMovements(bot))
    await bot.pathfinder.goto(new pathfinderModule.goals.GoalNear(spawn.x, spawn.y, spawn.z, 1))
    memory.prospectHeading = [0, 1]
    await prospect(bot, memory, bot.entity.position.floored().y - 10, () => false, signal, 14)
    const feet = bot.entity.position.floored()
    // The way back (north, where the staircase came down from) filled in with stone: the walk finds no way up.
    await session.server.fill(
      { x: feet.x - 1, y: feet.y, z: feet.z - 3 },
      { x: feet.x + 1, y: feet.y + 4, z: feet.z - 1 },
      'stone',
    )
    await waitUntil(bot, () => bot.blockAt(feet.offset(0, 0, -1))?.name === 'stone', 'the way back is stone')
    const before = bot.entity.position.y
    const cancel = new AbortController()
    bot.once('diggingCompleted', () => cancel.abort())
    await assert.rejects(climbOut(bot, memory, cancel.signal), failed('cancelled', /cancelled/))
    assert.ok(!underOpenSky(bot), `the cancelled climb stopped under the rock, at ${bot.entity.position.floored()}`)
    assert.ok(
      bot.entity.position.y - before <= 1.5,
      `one step up at most after the cancel (${before} → ${bot.entity.position.y})`,
    )
    const from = bot.entity.position.floored()
    await assert.rejects(
      climbOut(bot, memory, signal, 2),
      failed(
        'path_failed',
        new RegExp(`not out under the open sky after 2 steps up from \\(${from.x}, ${from.y}, ${from.z}\\)`),
      ),
    )
    assert.ok(!underOpenSky(bot), `still under the rock at ${bot.entity.position.floored()}`)
  })
})
