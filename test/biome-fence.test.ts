// "Stay in this biome" on a real server: with avoidBiomes, the Mineflayer adapter neither walks into nor mines in
// a fenced-off biome. The scene: superflat plains with a desert strip 4 blocks wide across the whole loaded world.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { createCedar } from '../index.js'
import { biomeAt } from '../plugin/world/mineflayer-observation.js'
import { MineflayerWorld } from '../plugin/world/mineflayer-world.js'
import { converse, giveItem, openSession, type TestSession, waitUntil } from './harness/index.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }
const DESERT_X = [4, 7] as const // one 4-block biome cell wide; the spawn point (x 0.5) is in plains
const DESERT_LOG = new Vec3(5, 5, 0)
const PLAINS_LOG = new Vec3(-7, 5, 0)
const BEYOND_LOG = new Vec3(10, 5, 2)

describe('avoidBiomes on the Mineflayer adapter', () => {
  let session: TestSession
  let bot: Bot
  let alex: Bot
  let store: string
  let world: MineflayerWorld
  const visited = new Set<string>()

  before(async () => {
    session = await openSession()
    const { serv, registry } = session.server
    const desert = registry.biomesByName.desert?.id
    assert.ok(desert !== undefined)
    const overworld = serv.overworld as typeof serv.overworld & {
      setBiome(pos: unknown, biome: number): Promise<void>
    }
    // Biomes are kept per 4×4×4 cell; chunks are sent (with their biomes) when the bot joins, so this comes first.
    for (let z = -64; z < 80; z += 4) {
      for (let y = 0; y <= 16; y += 4) await overworld.setBiome(new Vec3(DESERT_X[0], y, z), desert)
    }
    for (const log of [DESERT_LOG, PLAINS_LOG, BEYOND_LOG]) await session.server.setBlock(log, 'oak_log')
    store = await mkdtemp(path.join(tmpdir(), 'cedar-biome-store-'))
    bot = await session.bot('cedar', {
      botOptions: {
        plugins: {
          cedar: createCedar({ owners: ['Alex'], storePath: store, logger: quietLogger, shield: { lawSets: [] } }),
        },
      },
    })
    alex = await session.bot('Alex')
    world = new MineflayerWorld(bot)
    await waitUntil(bot, () => bot.blockAt(BEYOND_LOG)?.name === 'oak_log', 'the scene is loaded')
    bot.on('move', () => {
      const biome = biomeAt(bot, bot.entity.position)
      if (biome) visited.add(biome)
    })
  })
  after(async () => {
    await session?.close()
    await rm(store, { recursive: true, force: true })
  })

  test('the strip reads as desert and the spawn as plains', () => {
    assert.equal(biomeAt(bot, DESERT_LOG), 'desert')
    assert.equal(biomeAt(bot, bot.entity.position), 'plains')
    assert.equal(biomeAt(bot, BEYOND_LOG), 'plains')
  })

  test('mining a log while avoiding the desert takes the farther one in the plains', async () => {
    const outcome = await world.act({ verb: 'mine', object: 'oak_log' }, undefined, { avoidBiomes: ['desert'] })
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.message)
    assert.equal(bot.blockAt(PLAINS_LOG)?.name, 'air', 'the plains log was mined')
    assert.equal(bot.blockAt(DESERT_LOG)?.name, 'oak_log', 'the nearer desert log was left')
    assert.deepEqual([...visited], ['plains'], 'the bot never stepped into the desert')
  })

  test('a log beyond the strip cannot be reached without crossing it: refused, and the bot stays out', async () => {
    await session.server.setBlock(DESERT_LOG, 'air')
    await waitUntil(bot, () => bot.blockAt(DESERT_LOG)?.name === 'air', 'the desert log is gone')
    const outcome = await world.act({ verb: 'mine', object: 'oak_log' }, undefined, {
      avoidBiomes: ['desert'],
      timeoutMs: 20_000,
    })
    assert.ok(!outcome.ok, 'no way there')
    assert.equal(bot.blockAt(BEYOND_LOG)?.name, 'oak_log')
    assert.deepEqual([...visited], ['plains'])
  })

  test('without the fence the same act crosses the desert and gets the log', async () => {
    const outcome = await world.act({ verb: 'mine', object: 'oak_log' }, undefined, { timeoutMs: 30_000 })
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.message)
    assert.equal(bot.blockAt(BEYOND_LOG)?.name, 'air')
    assert.ok(visited.has('desert'), 'this time it walked through the desert')
  })

  test('from chat: "stay in the plains" keeps the bot out of the desert while it fetches a log', async () => {
    // The bot stands past the strip now: a desert log nearer than the plains one.
    const desertLog = new Vec3(5, 5, 2)
    const plainsLog = new Vec3(16, 5, -4)
    await session.server.setBlock(desertLog, 'oak_log')
    await session.server.setBlock(plainsLog, 'oak_log')
    await waitUntil(bot, () => bot.blockAt(plainsLog)?.name === 'oak_log', 'the logs are there')
    assert.ok(bot.entity.position.distanceTo(desertLog) < bot.entity.position.distanceTo(plainsLog))
    visited.clear()
    const said = await converse(alex, 'cedar', '!constrain stay in the plains', /^(constraint|I will keep)/)
    // In a player's words: the rule read as a sentence, not its formula.
    assert.match(said[0] ?? '', /^I will keep "stay in the plains" \(.*the desert.*\) in every run from now on/)
    // Two logs are held from the tests above: one more is wanted.
    const held = bot.inventory.items().reduce((n, i) => n + (i.name === 'oak_log' ? i.count : 0), 0)
    const lines = await converse(alex, 'cedar', `!do collect ${held + 1} oak_log`, /^(done|not done|refused)/)
    assert.match(lines.at(-1) ?? '', /^done in 1 action: I have \d+ oak logs$/, lines.join('\n'))
    assert.equal(bot.blockAt(plainsLog)?.name, 'air', 'the plains log was mined')
    assert.equal(bot.blockAt(desertLog)?.name, 'oak_log', 'the desert log was left')
    assert.deepEqual([...visited], ['plains'])
  })

  test('a tunnel to an ore across the strip is not dug: none is planned through the desert', async () => {
    // The bot is past the strip (x > 8); an iron ore lies buried on the spawn side, under the plains.
    const ore = new Vec3(0, 2, -4)
    await session.server.setBlock(ore, 'iron_ore')
    await giveItem(session.server, bot, 'stone_pickaxe')
    await bot.equip(bot.registry.itemsByName.stone_pickaxe?.id ?? -1, 'hand')
    await waitUntil(bot, () => bot.blockAt(ore)?.name === 'iron_ore', 'the ore is there')
    assert.ok(bot.entity.position.x > DESERT_X[1] + 1, `the bot at ${bot.entity.position.floored()}`)
    visited.clear()
    const outcome = await world.act({ verb: 'mine', object: 'iron_ore' }, undefined, {
      avoidBiomes: ['desert'],
      timeoutMs: 30_000,
    })
    assert.ok(!outcome.ok, 'no way there without crossing the desert')
    assert.match(outcome.message, /no safe way to dig to \(0, 2, -4\)/)
    assert.equal(bot.blockAt(ore)?.name, 'iron_ore')
    assert.ok(!visited.has('desert'), 'the bot never came into the desert')
  })
})
