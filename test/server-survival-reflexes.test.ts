// The fighting and escape reflexes over the real protocol (agent/reflexes/fight-reflex.ts, agent/reflexes/escape-reflex.ts, with the
// server's zombies and a generated world's sea): during a `!do` at night a zombie that comes at the bot is fought
// with the best weapon it holds, and the bot's health stays high; a bot dropped into deep water swims ashore before
// it goes on with the instruction.
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { TrajectoryLog } from '../plugin/agent/critic/trajectory-log.js'
import { hazardAt } from '../plugin/world/mineflayer/safe-ground.js'
import { type CedarSession, countItem, giveItem, openCedarSession, waitUntil } from './harness/index.js'
import { zombiesComing } from './support/zombie-world.js'

/** One `!do` to its last line; the steps of its logged run (the newest), and a transcript. */
async function runDo(cedar: CedarSession, line: string) {
  const lines = await cedar.converse(line, /^(done|not done|refused|!do failed|I cannot do)/, 300_000)
  const run = (await new TrajectoryLog(path.join(cedar.worldDir(), 'trajectories')).list()).at(-1)
  const steps = run?.steps ?? []
  const transcript = [...lines, ...steps.map((s) => `${s.action} ${s.ok ? 'ok' : `failed: ${s.error ?? ''}`}`)]
  return { last: lines.at(-1) ?? '', steps, transcript: transcript.join('\n') }
}

/** A flat world with `perPlayer` zombies around each survival player at night; the onlooker is no zombie's target. */
async function zombieSession(perPlayer: number): Promise<CedarSession> {
  const cedar = await openCedarSession({ server: { mechanics: { hostileMobs: { perPlayer } } } })
  cedar.session.server.serv.getPlayer('Alex')?.setGameMode(1)
  return cedar
}

describe('fighting a zombie during a !do at night', () => {
  let cedar: CedarSession
  let bot: Bot

  before(async () => {
    cedar = await zombieSession(1)
    bot = cedar.bot
  })
  after(() => cedar?.close())

  test('lava beside the bot: it steps away from it before it goes on with the instruction', async () => {
    const { server } = cedar.session
    // A lava source in the ground beside the bot's feet (flying-squid lets no liquid flow), the log farther off.
    const lava = new Vec3(Math.floor(bot.entity.position.x) + 1, 4, Math.floor(bot.entity.position.z))
    await server.setBlock(lava, 'lava')
    await server.setBlock(new Vec3(-8, 5, -8), 'oak_log')
    await waitUntil(bot, () => hazardAt(bot) === 'lava', 'the bot sees the lava beside it', 20_000)
    const done = await runDo(cedar, '!do collect an oak_log')
    assert.equal(done.steps[0]?.action, 'explore.safe_ground', done.transcript)
    assert.ok(done.steps[0]?.ok, done.transcript)
    assert.match(done.last, /^done/, done.transcript)
    assert.equal(hazardAt(bot), undefined)
    await server.setBlock(lava, 'grass_block')
  })

  test('a zombie that comes at the bot is fought with the best weapon held; health stays at 12 or more', async () => {
    const { server } = cedar.session
    await giveItem(server, bot, 'wooden_sword', 1)
    await giveItem(server, bot, 'iron_sword', 1)
    const logsAt = async (spots: readonly Vec3[]) => {
      for (const at of spots) await server.setBlock(at, 'oak_log')
      const last = spots.at(-1) as Vec3
      await waitUntil(bot, () => bot.blockAt(last)?.name === 'oak_log', 'the logs are there', 20_000)
    }
    // By day the skill is learned (on a loaded machine that takes a while, and nothing acts meanwhile).
    await logsAt([new Vec3(3, 5, 0)])
    const learned = await runDo(cedar, `!do collect ${countItem(bot, 'oak_log') + 1} oak_log`)
    assert.match(learned.last, /^done/, learned.transcript)
    await logsAt([new Vec3(6, 5, 0), new Vec3(-6, 5, 3)])
    const goal = countItem(bot, 'oak_log') + 2
    let lowest = bot.health
    const onHealth = () => {
      lowest = Math.min(lowest, bot.health)
    }
    bot.on('health', onHealth)
    // Late in the night: a zombie met after this one is dug in for (shelter-reflex.ts), and daybreak is near.
    server.setTime(21_000)
    const zombie = () => Object.values(bot.entities).find((e) => e.name === 'zombie')
    const near = () => {
      const z = zombie()
      return z !== undefined && z.position.distanceTo(bot.entity.position) < 4
    }
    // At hand (a zombie farther off is dug in for, not fought).
    await waitUntil(bot, near, 'a zombie within 4 blocks', 90_000)
    const first = zombie()
    const done = await runDo(cedar, `!do collect ${goal} oak_log`)
    bot.off('health', onHealth)
    const actions = done.steps.filter((s) => s.ok).map((s) => s.action)
    assert.match(done.last, /^done/, done.transcript)
    const killed = actions.indexOf('kill.zombie')
    assert.ok(killed >= 0, done.transcript)
    assert.ok(actions.indexOf('equip.iron_sword') >= 0 && actions.indexOf('equip.iron_sword') < killed, done.transcript)
    assert.ok(first !== undefined && bot.entities[first.id] === undefined, 'the zombie that came is gone')
    assert.ok(lowest >= 12, `health fell to ${lowest}\n${done.transcript}`)
  })
})

describe('digging in for the night', () => {
  let cedar: CedarSession
  let bot: Bot

  before(async () => {
    cedar = await zombieSession(2)
    bot = cedar.bot
  })
  after(() => cedar?.close())

  test('zombies coming at night: the bot digs in, is out of their reach until daybreak, then goes on', async () => {
    const { server } = cedar.session
    for (const at of [new Vec3(5, 5, 5), new Vec3(-5, 5, 5)]) await server.setBlock(at, 'oak_log')
    await waitUntil(bot, () => bot.blockAt(new Vec3(-5, 5, 5))?.name === 'oak_log', 'the logs are there', 20_000)
    const learned = await runDo(cedar, '!do collect an oak_log')
    assert.match(learned.last, /^done/, learned.transcript)
    const night = await zombiesComing(server, bot, 20_000)
    const done = await runDo(cedar, '!do collect 2 oak_log')
    night.end()
    assert.match(done.last, /^done/, done.transcript)
    const shelter = done.steps.find((s) => s.action === 'place.shelter')
    assert.ok(shelter?.ok, done.transcript)
    assert.ok(night.deepest <= 2.1, `three blocks down from the grass at y 5: the lowest it stood was ${night.deepest}`)
    assert.ok(night.lowest >= 14, `health fell to ${night.lowest}\n${done.transcript}`)
    assert.ok(bot.time.isDay, 'it came out at daybreak')
  })
})

describe('out of deep water in a generated world', () => {
  let cedar: CedarSession
  let bot: Bot

  // Seed 4's spawn is on a shore: the sea is in sight.
  before(async () => {
    cedar = await openCedarSession({ server: { generation: 'survival', seed: 4 } })
    bot = cedar.bot
    await bot.waitForChunksToLoad()
  })
  after(() => cedar?.close())

  test('a bot dropped into water three blocks deep swims ashore before it goes on with "!do collect a log"', async () => {
    const water = bot.registry.blocksByName.water?.id ?? -1
    const isWater = (p: Vec3, dx: number, dy: number, dz: number) => bot.blockAt(p.offset(dx, dy, dz))?.name === 'water'
    // Open water: the surface block, three deep, with water all around it, but land within the reflex's search.
    const open = bot
      .findBlocks({ matching: water, maxDistance: 40, count: 10_000 })
      .filter((p) => bot.blockAt(p.offset(0, 1, 0))?.name === 'air' && isWater(p, 0, -2, 0))
      .filter((p) => [-2, 2].every((d) => isWater(p, d, 0, 0) && isWater(p, 0, 0, d)))
      .sort((a, b) => a.distanceTo(bot.entity.position) - b.distanceTo(bot.entity.position))
    const spot = open.find((p) => p.distanceTo(bot.entity.position) > 6)
    assert.ok(spot, 'deep open water near spawn')
    const player = cedar.session.server.serv.getPlayer(bot.username) as unknown as { teleport(p: Vec3): void }
    player.teleport(spot.offset(0.5, -1, 0.5))
    await waitUntil(bot, () => hazardAt(bot) === 'water', 'the bot is swimming', 20_000)
    const done = await runDo(cedar, '!do collect a log')
    const first = done.steps[0]
    assert.equal(first?.action, 'explore.safe_ground', done.transcript)
    assert.ok(first?.ok, done.transcript)
    assert.match(done.last, /^done/, done.transcript)
    assert.equal(hazardAt(bot), undefined, 'not in the water at the end')
    assert.ok(bot.entity.onGround)
  })
})
