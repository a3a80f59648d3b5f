// Farm animals over the real protocol: the survival world spawns herds around spawn by its seed; killing a sheep
// drops its wool (mechanics/animal-drops.ts), and three sheep's wool with planks make a bed at a crafting table.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import { Vec3 } from 'vec3'
import {
  closeAll,
  connectBot,
  countItem,
  giveItem,
  openSession,
  startTestServer,
  waitFor,
  waitUntil,
} from './harness/index.js'

const near = (bot: Bot, name: string, distance: number): Entity[] =>
  Object.values(bot.entities).filter((e) => e.name === name && e.position.distanceTo(bot.entity.position) < distance)

test('the survival world has sheep and a food animal within 64 blocks of spawn, on every seed tried', async () => {
  for (const seed of [1, 2, 3]) {
    const server = await startTestServer({ generation: 'survival', seed })
    let bot: Bot | undefined
    try {
      bot = await connectBot(server, `herd${seed}`, { timeoutMs: 60_000 })
      const probe = bot
      await waitUntil(probe, () => near(probe, 'sheep', 64).length > 0, `seed ${seed}: a sheep in view`, 15_000)
      const food = ['cow', 'pig', 'chicken'].filter((name) => near(probe, name, 64).length > 0)
      assert.ok(food.length > 0, `seed ${seed}: no cow, pig or chicken within 64 blocks`)
    } finally {
      await closeAll(server, [bot])
    }
  }
})

test('killing three sheep drops three wool; with planks they make a bed at a crafting table', async () => {
  const session = await openSession()
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
      await waitUntil(bot, () => countItem(bot, 'white_wool') === i + 1, `${i + 1} wool picked up`, 15_000)
    }
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
  } finally {
    await session.close()
  }
})
