// Farm animals over the real protocol: killing a sheep drops its wool (mechanics/animal-drops.ts); three sheep's
// wool with planks make a bed at a crafting table, which the bot places (bed-placement.ts) and sleeps in at night.
// (That the survival world has herds near spawn is checked on ten seeds in survival-world-server.test.ts.)
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import { Vec3 } from 'vec3'
import { countItem, giveItem, openSession, waitFor, waitUntil } from './harness/index.js'

/** Walks straight (on the flat grass) until within `range` blocks of `target`, horizontally. */
async function walkTo(bot: Bot, target: Vec3, range = 0.3): Promise<void> {
  const away = () => Math.hypot(bot.entity.position.x - target.x, bot.entity.position.z - target.z)
  await waitUntil(
    bot,
    () => {
      const arrived = away() <= range
      if (!arrived) void bot.lookAt(new Vec3(target.x, bot.entity.position.y + 1.6, target.z), true)
      bot.setControlState('forward', !arrived)
      return arrived
    },
    `at ${target}`,
    15_000,
  )
  bot.clearControlStates()
}

/**
 * Waits until the bot holds `count` of `item`, walking onto dropped items meanwhile: a hit knocks the animal back,
 * and the server hands a drop only to a player within ~1.75 blocks of it.
 */
async function pickUp(bot: Bot, item: string, count: number): Promise<void> {
  const nearestDrop = () => bot.nearestEntity((e) => e.name === 'item')
  // Generous limits: on a loaded machine the server's pick-up tick and the bot's walk both lag.
  for (let tries = 0; countItem(bot, item) < count && tries < 10; tries++) {
    await waitUntil(bot, () => countItem(bot, item) >= count || nearestDrop() !== null, `a drop in view`, 30_000)
    const drop = nearestDrop()
    if (drop && countItem(bot, item) < count) await walkTo(bot, drop.position, 0.5).catch(() => undefined)
  }
  await waitUntil(bot, () => countItem(bot, item) >= count, `${count} ${item} picked up`, 30_000)
  assert.equal(countItem(bot, item), count, `one ${item} per animal`)
}

const isNight = (bot: Bot): boolean => bot.time.timeOfDay >= 12_541 && bot.time.timeOfDay <= 23_458

test('killing three sheep drops three wool; with planks they make a bed, placed whole and slept in at night', async () => {
  const session = await openSession({ mechanics: { sleepTicks: 20 } })
  try {
    const bot = await session.bot('shepherd')
    const { serv, registry } = session.server
    const spawnMob = (serv as unknown as { spawnMob: (t: number, w: unknown, p: unknown) => { id: number } }).spawnMob
    for (let i = 0; i < 3; i++) {
      const sheep = spawnMob(registry.entitiesByName.sheep?.id ?? -1, serv.overworld, new Vec3(1.5, 5, 0.5))
      await waitUntil(bot, () => bot.entities[sheep.id] !== undefined, 'the sheep in view', 10_000)
      const entity = bot.entities[sheep.id] as Entity
      const died = waitFor(bot, 'entityDead', (e: Entity) => e.id === sheep.id, 20_000)
      // A fist does 1 damage and a sheep has 8 HP.
      for (let hit = 0; hit < 8; hit++) bot.attack(entity)
      await died
      await pickUp(bot, 'white_wool', i + 1)
    }
    // Back to the spawn point, where the bed is placed from.
    await walkTo(bot, new Vec3(0.5, 5, 0.5))
    assert.ok(countItem(bot, 'mutton') >= 3, 'each sheep dropped mutton too')
    await giveItem(session.server, bot, 'oak_planks', 3)
    await session.server.setBlock({ x: 2, y: 5, z: 2 }, 'crafting_table')
    const findTable = () => bot.findBlock({ matching: registry.blocksByName.crafting_table?.id ?? -1, maxDistance: 5 })
    await waitUntil(bot, () => findTable() !== null, 'the crafting table', 5_000)
    const table = findTable() ?? assert.fail('no crafting table')
    const recipe = bot.recipesFor(registry.itemsByName.white_bed?.id ?? -1, null, 1, table)[0]
    assert.ok(recipe, 'a bed recipe from wool and planks')
    await bot.craft(recipe, 1, table)
    await waitUntil(bot, () => countItem(bot, 'white_bed') === 1, 'a white bed', 10_000)
    assert.equal(countItem(bot, 'white_wool'), 0)

    // The bot stands at (0.5, 5, 0.5) on the grass at y=4: the bed goes on the grass two blocks north, facing
    // away from the bot, so the foot is at z=-2 and the head at z=-3.
    await bot.equip(registry.itemsByName.white_bed?.id ?? -1, 'hand')
    const ground = bot.blockAt(new Vec3(0, 4, -2)) ?? assert.fail('no ground to place on')
    await bot.placeBlock(ground, new Vec3(0, 1, 0))
    const half = (z: number) => {
      const block = bot.blockAt(new Vec3(0, 5, z))
      return [block?.name, block?.getProperties().part, block?.getProperties().facing]
    }
    assert.deepEqual(half(-2), ['white_bed', 'foot', 'north'])
    await waitUntil(bot, () => half(-3)[0] === 'white_bed', 'the head half of the bed')
    assert.deepEqual(half(-3), ['white_bed', 'head', 'north'])
    assert.equal(countItem(bot, 'white_bed'), 0, 'the bed item was used up')

    session.server.setTime(14_000)
    await waitUntil(bot, () => isNight(bot), 'night')
    const woke = waitFor(bot, 'wake', undefined, 20_000)
    await bot.sleep(bot.blockAt(new Vec3(0, 5, -2)) ?? assert.fail('the bed is gone'))
    assert.equal(bot.isSleeping, true)
    await woke
    assert.ok(bot.time.timeOfDay < 1_000, `slept through to morning, got timeOfDay ${bot.time.timeOfDay}`)
  } finally {
    await session.close()
  }
})
