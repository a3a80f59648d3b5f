// kill.zombie over the real protocol reaches a zombie the bot cannot simply walk up to (issue 37): one standing a
// block below a ledge, and one across a one-block-wide gap too deep to step through. Live, two bots died because the
// fight "found no way" to such a zombie and gave up after 20 s while it hit them. The zombies here stand still
// (spawned without the night's AI), so only the bot's approach and its strikes decide. It also needs the server to
// take a dead zombie off the clients (flying-squid left its body there, and a kill waited on it for ever) and to push
// a hit zombie back as vanilla does, not three blocks into the air.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { createCedar } from '../index.js'
import { MineflayerWorld } from '../plugin/world/mineflayer-world.js'
import { openSession, type TestSession, waitUntil } from './harness/index.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }

describe('a fight reaches its zombie', () => {
  let session: TestSession
  let bot: Bot
  let world: MineflayerWorld

  before(async () => {
    session = await openSession()
    bot = await session.bot('fighter', {
      botOptions: {
        plugins: { cedar: createCedar({ owners: ['Alex'], logger: quietLogger, shield: { lawSets: [] } }) },
      },
    })
    world = new MineflayerWorld(bot)
  })
  after(() => session?.close())

  async function put(at: Vec3, name: string): Promise<void> {
    await session.server.setBlock(at, name)
    await waitUntil(bot, () => bot.blockAt(at)?.name === name, `${name} at ${at}`)
  }

  /** A zombie standing still at `at` (feet), seen by the bot. */
  async function zombieAt(at: Vec3): Promise<number> {
    const { serv, registry } = session.server
    const spawnMob = (serv as unknown as { spawnMob: (t: number, w: unknown, p: unknown) => { id: number } }).spawnMob
    const zombie = spawnMob(registry.entitiesByName.zombie?.id ?? -1, serv.overworld, at)
    await waitUntil(bot, () => bot.entities[zombie.id] !== undefined, 'the zombie is seen')
    return zombie.id
  }

  test('a zombie a block below a ledge is killed', async () => {
    const ground = bot.entity.position.floored().y - 1
    // A pit one block deep, three wide, four blocks out: the zombie stands in it.
    for (let x = 3; x <= 5; x++) for (let z = -1; z <= 1; z++) await put(new Vec3(x, ground, z), 'air')
    const id = await zombieAt(new Vec3(4.5, ground, 0.5))
    const outcome = await world.act({ verb: 'kill', object: 'zombie' }, undefined, { timeoutMs: 60_000 })
    assert.ok(outcome.ok, JSON.stringify(outcome))
    assert.equal(bot.entities[id], undefined, 'the zombie is gone')
  })

  test('a zombie across a one-block gap three deep is killed', async () => {
    const ground = bot.entity.position.floored().y - 1
    const x0 = Math.floor(bot.entity.position.x)
    // A trench one block wide, three deep, across the bot's way along -x; the zombie stands three blocks beyond it.
    for (let z = -4; z <= 4; z++) for (let dy = 0; dy < 3; dy++) await put(new Vec3(x0 - 2, ground - dy, z), 'air')
    const id = await zombieAt(new Vec3(x0 - 4.5, ground + 1, 0.5))
    const outcome = await world.act({ verb: 'kill', object: 'zombie' }, undefined, { timeoutMs: 60_000 })
    assert.ok(outcome.ok, JSON.stringify(outcome))
    assert.equal(bot.entities[id], undefined, 'the zombie is gone')
  })
})
