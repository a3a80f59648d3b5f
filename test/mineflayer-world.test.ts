// The World port on a real server: primitives, the event logger, deadlines and !stop, crafting, smelting and
// sleeping (the embedded server's survival-mechanics plugin hosts what flying-squid lacks).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import pathfinder from 'mineflayer-pathfinder'
import { Vec3 } from 'vec3'
import { createCedar } from '../index.js'
import { runScript, WOODEN_PICKAXE_SCRIPT } from '../plugin/agent/script.js'
import { fuelValue } from '../plugin/vocabulary/smelting.js'
import { EventLogger } from '../plugin/world/event-logger.js'
import { collectWithin } from '../plugin/world/mineflayer/gather.js'
import { PrimitiveFailure } from '../plugin/world/mineflayer/limits.js'
import { hazardAt } from '../plugin/world/mineflayer/safe-ground.js'
import { MineflayerWorld } from '../plugin/world/mineflayer-world.js'
import type { Outcome } from '../plugin/world/port.js'
import { nextChat, openSession, type TestSession, waitFor, waitUntil } from './harness/index.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }

describe('MineflayerWorld over the real protocol', () => {
  let session: TestSession
  let bot: Bot
  let alex: Bot
  let world: MineflayerWorld

  before(async () => {
    session = await openSession({ mechanics: { sleepTicks: 20 } })
    bot = await session.bot('cedar', {
      botOptions: {
        plugins: {
          cedar: createCedar({
            owners: ['Alex'],
            logger: quietLogger,
            shield: { lawSets: [] },
            rateLimit: { commands: 100, perSeconds: 10 },
          }),
        },
      },
    })
    alex = await session.bot('Alex')
    world = new MineflayerWorld(bot)
    await waitUntil(bot, () => Boolean(bot.players.Alex), 'cedar sees Alex')
  })
  after(() => session?.close())

  /**
   * Sets a block at a place in the scene and waits until the bot sees it. The scene stays 3+ blocks from the spawn
   * point where Alex stands: the server hands a drop to any player within ~1.75 blocks, and he must not take it.
   */
  async function put(x: number, y: number, z: number, name: string): Promise<void> {
    const at = new Vec3(x, y, z)
    await session.server.setBlock(at, name)
    await waitUntil(bot, () => bot.blockAt(at)?.name === name, `${name} at ${at}`)
  }

  async function give(item: string, count = 1): Promise<void> {
    const before = bot.inventory
      .items()
      .filter((i) => i.name === item)
      .reduce((n, i) => n + i.count, 0)
    alex.chat(`/give cedar ${item} ${count}`)
    await waitUntil(
      bot,
      () =>
        bot.inventory
          .items()
          .filter((i) => i.name === item)
          .reduce((n, i) => n + i.count, 0) >=
        before + count,
      `${count} ${item} to arrive`,
    )
  }

  /** Items' worth of smelting the bot's fuel would do. */
  const fuelHeld = () => [...world.observe().inventory].reduce((sum, [name, n]) => sum + n * fuelValue(name), 0)

  const ok = (outcome: Outcome) => assert.ok(outcome.ok, outcome.ok ? '' : `${outcome.failure}: ${outcome.message}`)

  test('mine oak_log gives the item, and the logger emits has.oak_log.1', async () => {
    await put(4, 5, 0, 'oak_log')
    const logger = new EventLogger()
    logger.start(world.observe())
    const outcome = await world.act({ verb: 'mine', object: 'oak_log' })
    ok(outcome)
    const events = logger.record({ verb: 'mine', object: 'oak_log' }, outcome, world.observe())
    assert.ok(bot.inventory.items().some((i) => i.name === 'oak_log'))
    assert.deepEqual(events.slice(0, 1), ['mine.oak_log'])
    assert.ok(events.includes('has.oak_log.1'), events.join(' '))
    assert.ok(events.includes('has.logs.1'), 'the family too')
  })

  test('mine.logs takes the rest of the trunk within reach; a log asked for by name is one log', async () => {
    for (let y = 5; y <= 8; y++) await put(5, y, -5, 'acacia_log')
    const count = (name: string) =>
      bot.inventory
        .items()
        .filter((i) => i.name === name)
        .reduce((n, i) => n + i.count, 0)
    const outcome = await world.act({ verb: 'mine', object: 'logs' })
    ok(outcome)
    await waitUntil(bot, () => count('acacia_log') === 4, 'the four logs of the trunk', 10_000)
    for (let y = 5; y <= 8; y++) assert.equal(bot.blockAt(new Vec3(5, y, -5))?.name, 'air', `the log at y=${y}`)
    assert.match(outcome.ok ? (outcome.detail ?? '') : '', /got 4 acacia_log/, 'the act says what it got')

    await put(-5, 5, 3, 'jungle_log')
    await put(-5, 6, 3, 'jungle_log')
    const named = await world.act({ verb: 'mine', object: 'jungle_log' })
    ok(named)
    // Which of the two, and whether collectblock's walk onto the drop digs through the other, is collectblock's;
    // the act itself takes no trunk.
    assert.match(named.ok ? (named.detail ?? '') : '', /^got 1 jungle_log$/)
    assert.equal(count('jungle_log'), 1)
  })

  test('a log collectblock never reaches is given up after its time, and the next mine takes another', async () => {
    await put(-4, 5, 4, 'birch_log')
    await put(-6, 5, -6, 'birch_log')
    const near = bot.blockAt(new Vec3(-4, 5, 4))!
    // collectblock walking for ever (as it did live, 180 s twice on one log): a collect that never ends.
    const collect = bot.collectBlock.collect
    bot.collectBlock.collect = () => new Promise<void>(() => {})
    try {
      await assert.rejects(
        collectWithin(bot, world.memory, near, 2000),
        (e: unknown) => e instanceof PrimitiveFailure && /could not reach the birch_log at/.test(e.message),
      )
    } finally {
      bot.collectBlock.collect = collect
    }
    const outcome = await world.act({ verb: 'mine', object: 'birch_log' })
    ok(outcome)
    assert.equal(bot.blockAt(near.position)?.name, 'birch_log', 'the given-up log is left standing')
    assert.equal(bot.blockAt(new Vec3(-6, 5, -6))?.name, 'air', 'the other one was mined')
  })

  test('stone needs a pickaxe in hand: missing_tool, then equip, then cobblestone', async () => {
    await put(4, 5, 4, 'stone')
    const bare = await world.act({ verb: 'mine', object: 'stone' })
    assert.deepEqual(bare.ok ? 'ok' : bare.failure, 'missing_tool')
    await give('wooden_pickaxe')
    ok(await world.act({ verb: 'equip', object: 'wooden_pickaxe' }))
    assert.equal(bot.heldItem?.name, 'wooden_pickaxe')
    const mined = await world.act({ verb: 'mine', object: 'stone' })
    ok(mined)
    await waitUntil(
      bot,
      () => bot.inventory.items().some((i) => i.name === 'cobblestone'),
      'cobblestone in the inventory',
    )
  })

  test('place puts the block next to the bot', async () => {
    const placed = await world.act({ verb: 'place', object: 'cobblestone' })
    ok(placed)
    assert.ok(world.observe().nearest('cobblestone', 3) !== undefined)
  })

  test('explore walks until a placed block is seen', async () => {
    const start = bot.entity.position.clone()
    await session.server.setBlock(start.floored().offset(40, 0, 0), 'gold_block')
    assert.equal(world.observe().nearest('gold_block'), undefined, 'out of sight at first')
    ok(await world.act({ verb: 'explore', object: 'gold_block' }))
    assert.ok(world.observe().nearest('gold_block') !== undefined)
    assert.ok(bot.entity.position.distanceTo(start) > 5, 'it walked')
  })

  test('explore walks until an animal is in sight (a sheep for wool: the bed from an empty inventory)', async () => {
    const { serv, registry } = session.server
    const spawnMob = (serv as unknown as { spawnMob: (t: number, w: unknown, p: unknown) => { id: number } }).spawnMob
    const start = bot.entity.position.clone()
    const sheep = spawnMob(registry.entitiesByName.sheep?.id ?? -1, serv.overworld, start.offset(0, 0, 45))
    const distance = () => (bot.entities[sheep.id]?.position ?? start.offset(0, 0, 45)).distanceTo(bot.entity.position)
    assert.ok(distance() > 32, 'out of sight at first')
    ok(await world.act({ verb: 'explore', object: 'sheep' }))
    assert.ok(distance() <= 32, `the sheep ${distance().toFixed(1)} blocks away`)
    const unknown = await world.act({ verb: 'explore', object: 'no_such_thing' })
    assert.ok(!unknown.ok && /no block or animal called no_such_thing/.test(unknown.message), JSON.stringify(unknown))
  })

  test('kill leaves an animal standing in water (the chase would end in the lake, again and again)', async () => {
    const { serv, registry } = session.server
    const spawnMob = (serv as unknown as { spawnMob: (t: number, w: unknown, p: unknown) => { id: number } }).spawnMob
    const pool = bot.entity.position.floored().offset(4, 0, 4)
    await put(pool.x, pool.y, pool.z, 'water')
    const cow = spawnMob(registry.entitiesByName.cow?.id ?? -1, serv.overworld, pool.offset(0.5, 0, 0.5))
    await waitUntil(bot, () => bot.entities[cow.id] !== undefined, 'the cow in the water is seen')
    const outcome = await world.act({ verb: 'kill', object: 'cow' })
    assert.deepEqual([outcome.ok, !outcome.ok && outcome.failure], [false, 'not_found'], JSON.stringify(outcome))
    assert.match(outcome.ok ? '' : outcome.message, /none out of the water/)
    assert.ok(bot.entities[cow.id]?.isValid, 'the cow is still there')
    assert.notEqual(bot.blockAt(bot.entity.position.floored())?.name, 'water', 'the bot stayed out of the water')
  })

  test('wading through water a block deep is not swimming (the escape reflex stays quiet)', async () => {
    // Live, a chase for a sheep on a lake shore stepped into water a block deep: pathfinder jumps while in water, the
    // bot bobbed off the bottom, was "swimming", was taken ashore, and chased in again, 45 acts in 50 s.
    for (let x = 9; x <= 13; x++) for (let z = -12; z <= -10; z++) await put(x, 4, z, 'water')
    const seen: string[] = []
    const watch = () => {
      if (hazardAt(bot) === 'water') seen.push(bot.entity.position.toString())
    }
    bot.on('physicsTick', watch)
    try {
      bot.pathfinder.setMovements(new pathfinder.Movements(bot))
      await bot.pathfinder.goto(new pathfinder.goals.GoalBlock(11, 4, -11))
      await bot.pathfinder.goto(new pathfinder.goals.GoalBlock(15, 5, -11))
    } finally {
      bot.off('physicsTick', watch)
    }
    assert.equal(bot.entity.position.floored().x, 15, 'the bot waded across')
    assert.deepEqual(seen, [], 'never swimming')
    // Water over the head is swimming.
    await put(15, 5, -11, 'water')
    await put(15, 6, -11, 'water')
    await waitUntil(bot, () => hazardAt(bot) === 'water', 'the bot under water is swimming')
  })

  test('a deadline ends a long act and stops the bot', async () => {
    const outcome = await world.act({ verb: 'explore', object: 'emerald_block' }, undefined, { timeoutMs: 1500 })
    assert.deepEqual(outcome.ok ? 'ok' : outcome.failure, 'timeout')
    assert.equal(bot.pathfinder.goal, null, 'no goal is left running')
  })

  test('!stop cancels a long act run as the bot’s task', async () => {
    // The task ends as cancelled (the runner rethrows TaskCancelledError); catch it at once so it is never unhandled.
    const acting = bot.cedar.tasks
      .run('explore', 'Alex', (signal) => world.act({ verb: 'explore', object: 'emerald_block' }, signal))
      .then(
        () => 'finished',
        (error: Error) => error.name,
      )
    await waitUntil(bot, () => bot.pathfinder.isMoving(), 'the bot to start walking', 10_000)
    const reply = nextChat(alex, 'cedar')
    alex.chat('!stop')
    assert.equal((await reply).message, 'stopped explore')
    assert.equal(await acting, 'TaskCancelledError')
    assert.equal(bot.pathfinder.goal, null)
  })

  test('the logger emits time.night when the server sets night', async () => {
    const logger = new EventLogger()
    session.server.setTime(1000)
    await waitUntil(bot, () => bot.time.isDay, 'day')
    logger.start(world.observe())
    session.server.setTime(13500)
    await waitUntil(bot, () => !bot.time.isDay, 'night')
    assert.deepEqual(logger.observe(world.observe()), ['time.night'])
  })

  test('the biome under the bot is read by id and named as the server names it', async () => {
    const feet = bot.entity.position.floored()
    const serverBiomeId = await session.server.serv.overworld.getBiome(feet)
    const serverName = session.server.registry.biomes[serverBiomeId]?.name
    assert.ok(serverName, `the server's biome id ${serverBiomeId} has a name`)
    assert.equal(world.observe().biome, serverName)
  })

  test('the wooden-pickaxe script, from logs to a pickaxe at a placed crafting table', async () => {
    // Beside wherever exploring left the bot (it walked away from the spawn point, so Alex is far).
    const here = bot.entity.position.floored()
    for (const dz of [-3, -4, -5]) await put(here.x + 2, 5, here.z + dz, 'birch_log')
    // An axe only makes the logs quicker to cut; the script is the same one the Sim runs.
    await give('diamond_axe')
    ok(await world.act({ verb: 'equip', object: 'diamond_axe' }))
    const pickaxesBefore = world.observe().inventory.get('wooden_pickaxe') ?? 0 // one from the stone test
    const result = await runScript(world, WOODEN_PICKAXE_SCRIPT, { timeoutMs: 15_000 })
    assert.deepEqual(
      result.steps.map((s) => [s.symbol, s.outcome.ok ? 'ok' : `${s.outcome.failure}: ${s.outcome.message}`]),
      WOODEN_PICKAXE_SCRIPT.map((symbol) => [symbol, 'ok']),
    )
    assert.equal(result.completed, true)
    assert.equal(world.observe().inventory.get('wooden_pickaxe'), pickaxesBefore + 1, 'one more wooden pickaxe')
    assert.ok(bot.findBlock({ matching: bot.registry.blocksByName.crafting_table!.id, maxDistance: 6 }), 'table placed')
  })

  test('smelting raw iron in a furnace placed nearby, with the coal it holds', async () => {
    const here = bot.entity.position.floored()
    await put(here.x + 2, 5, here.z + 2, 'furnace')
    await give('raw_iron')
    await give('coal')
    const outcome = await world.act({ verb: 'smelt', object: 'raw_iron' }, undefined, { timeoutMs: 30_000 })
    ok(outcome)
    assert.equal(world.observe().inventory.get('iron_ingot'), 1)
    assert.equal(world.observe().inventory.get('raw_iron') ?? 0, 0, 'the raw iron went in')
    // The second finds the same furnace, lit now (its block state changed), and smelts on the coal burning in it.
    await give('raw_iron')
    ok(await world.act({ verb: 'smelt', object: 'raw_iron' }, undefined, { timeoutMs: 30_000 }))
    assert.equal(world.observe().inventory.get('iron_ingot'), 2)
  })

  test('two raw iron on planks: the fire one plank leaves cannot smelt the second, so another plank goes in', async () => {
    // A fresh furnace, so no fire is left from the coal above (it held nothing else: breaking it drops nothing).
    const furnaceId = bot.registry.blocksByName.furnace!.id
    const old = bot.findBlock({ matching: furnaceId, maxDistance: 16 })
    if (old) await put(old.position.x, old.position.y, old.position.z, 'air')
    const here = bot.entity.position.floored()
    const at = new Vec3(here.x - 2, 5, here.z + 2)
    await put(at.x, at.y, at.z, 'furnace')
    const ingots = world.observe().inventory.get('iron_ingot') ?? 0
    await give('raw_iron', 2)
    await give('oak_planks', 2)
    ok(await world.act({ verb: 'smelt', object: 'raw_iron' }, undefined, { timeoutMs: 30_000 }))
    // A plank burns 300 ticks, an item takes 200: the fire still burns, for about 5 s, with half an item left.
    assert.equal(bot.blockAt(at)?.getProperties().lit, true, 'the furnace is still lit')
    const fuelBefore = fuelHeld()
    ok(await world.act({ verb: 'smelt', object: 'raw_iron' }, undefined, { timeoutMs: 30_000 }))
    assert.ok(
      fuelHeld() < fuelBefore,
      `fuel went in for the second (${fuelBefore} items' worth before, ${fuelHeld()} after)`,
    )
    assert.equal(world.observe().inventory.get('iron_ingot'), ingots + 2)
    assert.equal(world.observe().inventory.get('raw_iron') ?? 0, 0)
  })

  test('smelting what does not smelt is refused before the furnace opens', async () => {
    await give('dirt')
    const outcome = await world.act({ verb: 'smelt', object: 'dirt' }, undefined, { timeoutMs: 6_000 })
    assert.ok(!outcome.ok)
    assert.ok(
      bot.inventory.items().some((i) => i.name === 'dirt'),
      'nothing was lost',
    )
  })

  test('sleeping: refused by day by the adapter itself; at night the bot sleeps in a bed nearby and wakes at morning', async () => {
    const here = bot.entity.position.floored()
    const foot = new Vec3(here.x - 2, 5, here.z - 2)
    await session.server.setBlock(foot, 'red_bed', { part: 'foot', facing: 'south' })
    await session.server.setBlock(foot.offset(0, 0, 1), 'red_bed', { part: 'head', facing: 'south' })
    await waitUntil(bot, () => bot.blockAt(foot.offset(0, 0, 1))?.name === 'red_bed', 'the bed is seen')
    session.server.setTime(1000)
    await waitUntil(bot, () => bot.time.isDay, 'day')
    const byDay = await world.act({ verb: 'sleep', object: 'bed' })
    assert.equal(byDay.ok ? 'ok' : byDay.failure, 'not_now')
    session.server.setTime(14_000)
    await waitUntil(bot, () => !bot.time.isDay, 'night')
    // Alex must sleep too before the night is skipped; he only needs to stay out of it for this test.
    alex.chat('/gamemode spectator')
    await waitUntil(bot, () => session.server.serv.getPlayer('Alex')?.gameMode === 3, 'Alex is a spectator')
    const slept = waitFor(bot, 'sleep', undefined, 20_000)
    const woke = waitFor(bot, 'wake', undefined, 20_000)
    const outcome = await world.act({ verb: 'sleep', object: 'bed' }, undefined, { timeoutMs: 20_000 })
    ok(outcome)
    await slept
    await woke
    // The act lasts the night: nothing after it is done awake in the dark.
    assert.ok(bot.time.isDay, 'the act ends in the morning')
    assert.equal(outcome.ok && outcome.detail, 'slept until morning', 'a bed it found is not taken')
    assert.equal(bot.blockAt(foot)?.name, 'red_bed', 'and is left standing')
  })

  test('a bot knocked out of its shelter, or hurt in it, does not wait there for daybreak', async () => {
    await give('dirt', 2) // what goes over its head
    const squid = session.server.serv.getPlayer('cedar') as unknown as {
      teleport(at: Vec3): Promise<void>
      takeDamage(options: Record<string, unknown>): void
    }
    session.server.setTime(14_000)
    await waitUntil(bot, () => !bot.time.isDay, 'night')
    const digIn = async () => {
      const top = bot.entity.position.floored()
      const acting = world.act({ verb: 'place', object: 'shelter' }, undefined, { timeoutMs: 120_000 })
      await waitUntil(bot, () => bot.entity.position.y < top.y - 2.5, 'the bot three blocks down', 30_000)
      await waitUntil(bot, () => bot.blockAt(top.offset(0, -1, 0))?.name === 'dirt', 'a block over its head', 20_000)
      return { acting, top }
    }
    const first = await digIn()
    // Out, onto the very edge of a block (x a whole number): the next hole is dug where the bot will fall into it.
    await squid.teleport(first.top.offset(4, 0.5, 0.5))
    const knocked = await first.acting
    assert.deepEqual([knocked.ok, !knocked.ok && knocked.failure], [false, 'path_failed'], JSON.stringify(knocked))
    assert.match(knocked.ok ? '' : knocked.message, /knocked out of the shelter/)
    assert.ok(!bot.time.isDay, 'ended at night, not at daybreak')

    await waitUntil(bot, () => bot.entity.onGround, 'the bot on the ground again')
    const second = await digIn()
    squid.takeDamage({ damage: 2, velocity: new Vec3(0, 0, 0), animation: true })
    const hurt = await second.acting
    assert.match(hurt.ok ? '' : hurt.message, /hurt in the shelter \(health \d+\)/, JSON.stringify(hurt))
    assert.ok(!bot.time.isDay, 'ended at night, not at daybreak')
    session.server.setTime(1000)
  })

  test('with work to go on with from the hole, the bot digs in, covers it and the act ends: no wait for daybreak', async () => {
    await give('dirt', 2) // what goes over its head
    const squid = session.server.serv.getPlayer('cedar') as unknown as { teleport(at: Vec3): Promise<void> }
    await squid.teleport(new Vec3(12.5, 5, -12.5)) // out of the last test's hole, onto the grass
    await waitUntil(bot, () => bot.entity.onGround && bot.entity.position.y > 4.5, 'the bot stands on the grass')
    session.server.setTime(14_000)
    await waitUntil(bot, () => !bot.time.isDay, 'night')
    const top = bot.entity.position.floored()
    // Waiting for daybreak would run into the timeout: the rest of the night is minutes.
    const options = { timeoutMs: 60_000, toWorkFrom: true }
    ok(await world.act({ verb: 'place', object: 'shelter' }, undefined, options))
    assert.ok(!bot.time.isDay, 'ended at night')
    // Where it stood, or the nearest ground beside it fit for a hole (shelter.ts, holeSite).
    assert.ok(bot.entity.position.y < top.y - 2.5, `three blocks down from ${top}, at ${bot.entity.position}`)
    assert.equal(bot.blockAt(bot.entity.position.floored().offset(0, 2, 0))?.name, 'dirt', 'a block over its head')
    // Under cover the shelter reflex does not fire again: the plan's work goes on from here.
    assert.equal(world.observe().underSky, false)
    session.server.setTime(1000)
  })

  test('on leaves with air under them, the bot digs in on the ground beside, not "no ground to dig into"', async () => {
    // A tree's canopy, as a live bot stood on it when the zombies came: leaves two blocks over the grass.
    for (let x = -11; x <= -9; x++) for (let z = 9; z <= 11; z++) await put(x, 6, z, 'oak_leaves')
    const squid = session.server.serv.getPlayer('cedar') as unknown as { teleport(at: Vec3): Promise<void> }
    await squid.teleport(new Vec3(-9.5, 7, 10.5))
    await waitUntil(bot, () => bot.entity.onGround && bot.entity.position.y > 6.5, 'the bot stands on the leaves')
    session.server.setTime(14_000)
    await waitUntil(bot, () => !bot.time.isDay, 'night')
    const acting = world.act({ verb: 'place', object: 'shelter' }, undefined, { timeoutMs: 120_000 })
    const dug = waitUntil(bot, () => bot.entity.position.y < 2.5, 'the bot three blocks down', 60_000)
    dug.catch(() => undefined) // a failed act settles the race first; the wait's own timeout is then nobody's
    const early = await Promise.race([acting, dug])
    assert.equal(early, undefined, `the act ended before the bot dug in: ${JSON.stringify(early)}`)
    const hole = bot.entity.position.floored()
    assert.equal(bot.blockAt(hole.offset(0, -1, 0))?.name, 'dirt', 'three down from the grass, on the dirt')
    await squid.teleport(hole.offset(0.5, 4, 3.5)) // out, to end the act before daybreak
    const outcome = await acting
    assert.match(outcome.ok ? '' : outcome.message, /knocked out of the shelter/, JSON.stringify(outcome))
    session.server.setTime(1000)
  })
})
