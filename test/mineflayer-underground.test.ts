// Going underground on the Mineflayer adapter (plugin/world/mineflayer/underground.ts) over the real protocol: an
// ore walled in by stone is reached by a dug tunnel that goes round lava (nothing beside the lava is dug), an ore
// against lava is refused rather than dug, and an ore out of range is prospected for: a staircase down, then a strip.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { createCedar } from '../index.js'
import { BotMemory } from '../plugin/world/mineflayer/bot-memory.js'
import { explore } from '../plugin/world/mineflayer/explore.js'
import { findNearestBlock } from '../plugin/world/mineflayer/gather.js'
import { prospect, turnProspect } from '../plugin/world/mineflayer/underground.js'
import { MineflayerWorld } from '../plugin/world/mineflayer-world.js'
import { countItem, giveItem, openSession, type TestSession, waitUntil } from './harness/index.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }

/** A superflat server and a bot with the plugin (for pathfinder and collectblock), holding a stone pickaxe. */
async function openWithMiner(): Promise<{ session: TestSession; bot: Bot }> {
  const session = await openSession()
  const bot = await session.bot('cedar', {
    botOptions: {
      plugins: { cedar: createCedar({ owners: ['Alex'], logger: quietLogger, shield: { lawSets: [] } }) },
    },
  })
  await giveItem(session.server, bot, 'stone_pickaxe')
  await bot.equip(bot.registry.itemsByName.stone_pickaxe?.id ?? -1, 'hand')
  return { session, bot }
}

describe('tunnelling to a buried ore', () => {
  let session: TestSession
  let bot: Bot
  let world: MineflayerWorld

  before(async () => {
    ;({ session, bot } = await openWithMiner())
    world = new MineflayerWorld(bot)
    // A stone mound east of the spawn point (0.5, 5, 0.5) on the superflat grass (y=4); in it, straight east at
    // the bot's height, lava two blocks short of an iron ore.
    const { server } = session
    await server.fill({ x: 3, y: 5, z: -4 }, { x: 10, y: 8, z: 4 }, 'stone')
    await server.setBlock({ x: 8, y: 5, z: 0 }, 'iron_ore')
    await server.setBlock({ x: 6, y: 5, z: 0 }, 'lava')
    await server.setBlock({ x: 6, y: 6, z: 0 }, 'lava')
    await waitUntil(bot, () => bot.blockAt(new Vec3(6, 6, 0))?.name === 'lava', 'the scene')
  })
  after(() => session?.close())

  const besideLava = [
    [5, 5, 0],
    [7, 5, 0],
    [6, 5, 1],
    [6, 5, -1],
    [6, 6, 1],
    [6, 6, -1],
    [5, 6, 0],
    [7, 6, 0],
    [6, 7, 0],
  ].map(([x, y, z]) => new Vec3(x ?? 0, y ?? 0, z ?? 0))

  test('mine.iron_ore digs a tunnel round the lava to the ore and collects it', { timeout: 170_000 }, async () => {
    const outcome = await world.act({ verb: 'mine', object: 'iron_ore' })
    assert.ok(outcome.ok, JSON.stringify(outcome))
    await waitUntil(bot, () => countItem(bot, 'raw_iron') === 1, 'the raw iron', 10_000)
    for (const pos of besideLava) assert.equal(bot.blockAt(pos)?.name, 'stone', `the stone beside the lava at ${pos}`)
    assert.ok(bot.entity.position.x > 3, 'the bot went into the mound')
    assert.equal(bot.heldItem?.name, 'stone_pickaxe', 'the pickaxe is back in hand')
  })

  test('an ore against lava is not dug: mine finds none it can reach (so the agent explores) and says why', async () => {
    await session.server.setBlock({ x: 9, y: 6, z: 2 }, 'iron_ore')
    await session.server.setBlock({ x: 9, y: 7, z: 2 }, 'lava')
    await waitUntil(bot, () => bot.blockAt(new Vec3(9, 7, 2))?.name === 'lava', 'the second ore')
    const outcome = await world.act({ verb: 'mine', object: 'iron_ore' })
    assert.deepEqual([outcome.ok, !outcome.ok && outcome.failure], [false, 'not_found'], JSON.stringify(outcome))
    assert.match(outcome.ok ? '' : outcome.message, /no iron_ore in sight that I can safely reach \(.*against lava\)/)
    assert.equal(bot.blockAt(new Vec3(9, 6, 2))?.name, 'iron_ore')
  })
})

describe('prospecting for an ore out of range', () => {
  let session: TestSession
  let bot: Bot
  /** What the bot remembers from one act to the next (the prospect's heading). */
  let memory: BotMemory

  before(async () => {
    ;({ session, bot } = await openWithMiner())
    memory = new BotMemory(bot)
    // Iron in the dirt 40 blocks east, at y=2: out of the 32 blocks the bot knows of from where it stands.
    await session.server.setBlock({ x: 40, y: 2, z: 0 }, 'iron_ore')
  })
  after(() => session?.close())

  test('digs a staircase down to the depth, then strip-mines straight on until the ore is known', {
    timeout: 170_000,
  }, async () => {
    await bot.look(-Math.PI / 2, 0, true) // east
    const start = bot.entity.position.floored()
    const found = await prospect(
      bot,
      memory,
      2,
      () => findNearestBlock(bot, memory, 'iron_ore') !== null,
      new AbortController().signal,
    )
    assert.equal(found, true)
    const at = bot.entity.position.floored()
    assert.equal(at.y, 2, 'at the depth asked for')
    assert.ok(at.x > start.x + 5 && at.z === start.z, `straight on east, at ${at}`)
    assert.equal(bot.blockAt(start.offset(0, -1, 0))?.name, 'grass_block', 'never dug under its own feet')
    // Past the three steps down, the strip is two blocks high: its roof is still there.
    for (let x = start.x + 4; x <= at.x; x++)
      assert.notEqual(bot.blockAt(new Vec3(x, at.y + 2, 0))?.name, 'air', `the roof at x=${x}`)
  })
})

describe('a prospect blocked where the bot stands', () => {
  let session: TestSession
  let bot: Bot
  /** What the bot remembers from one act to the next (the prospect's heading). */
  let memory: BotMemory

  before(async () => {
    ;({ session, bot } = await openWithMiner())
    memory = new BotMemory(bot)
    // Water all round the bot at its feet (a lake's edge): no step down or on is safe from here. Iron 45 blocks
    // south, out of the 32 blocks the bot knows of.
    for (const [x, z] of [
      [-1, -1],
      [0, -1],
      [1, -1],
      [-1, 0],
      [1, 0],
      [-1, 1],
      [0, 1],
      [1, 1],
    ] as const)
      await session.server.setBlock({ x, y: 5, z }, 'water')
    await session.server.setBlock({ x: 0, y: 4, z: 45 }, 'iron_ore')
    await waitUntil(bot, () => bot.blockAt(new Vec3(1, 5, 0))?.name === 'water', 'the water is seen')
  })
  after(() => session?.close())

  test('explore turns a quarter, walks on and prospects from there until the ore is known', {
    timeout: 170_000,
  }, async () => {
    await bot.look(-Math.PI / 2, 0, true) // east: every way from here is by the water
    const found = await explore(bot, memory, 'iron_ore', new AbortController().signal)
    assert.ok(found.ok, JSON.stringify(found))
    assert.ok(findNearestBlock(bot, memory, 'iron_ore') !== null, 'the ore is known')
    assert.ok(bot.entity.position.z > 5, `it went south, to ${bot.entity.position.floored()}`)
  })
})

describe('a prospect turned underground', () => {
  let session: TestSession
  let bot: Bot
  /** What the bot remembers from one act to the next (the prospect's heading). */
  let memory: BotMemory

  before(async () => {
    ;({ session, bot } = await openWithMiner())
    memory = new BotMemory(bot)
    // The bot walled in by a stone mound laid round where it stands (a pocket of two blocks), as a live bot stood
    // at y 42 with every way down refused: the walk a turn makes on the surface goes nowhere here.
    await session.server.fill({ x: -3, y: 5, z: -3 }, { x: 3, y: 12, z: 14 }, 'stone')
    await session.server.setBlock({ x: 0, y: 5, z: 0 }, 'air')
    await session.server.setBlock({ x: 0, y: 6, z: 0 }, 'air')
    await waitUntil(bot, () => bot.blockAt(new Vec3(0, 7, 0))?.name === 'stone', 'the mound is seen')
    await waitUntil(bot, () => bot.entity.position.floored().equals(new Vec3(0, 5, 0)), 'the bot in its pocket')
  })
  after(() => session?.close())

  test('a turn underground digs its few blocks level along the new heading, where its walk went nowhere', {
    timeout: 120_000,
  }, async () => {
    const start = bot.entity.position.floored()
    await turnProspect(bot, memory, new AbortController().signal)
    const at = bot.entity.position.floored()
    assert.equal(at.y, start.y, 'level')
    assert.ok(at.x === start.x && at.z >= start.z + 7, `a quarter turn from east is south: at ${at}`)
  })
})
