// Kills counted by the world on the Mineflayer adapter over the real protocol: `kill.zombie` through MineflayerWorld.act
// counts a zombie only when the server announces its death (the entity's death status), and the Observation's
// `kills` (the predicate `killed.zombie.n` that "kill 3 zombies" waits for) shows it; a zombie that is merely gone
// (removed by the server while fought) is not counted.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { createCedar } from '../index.js'
import { MineflayerWorld } from '../plugin/world/mineflayer-world.js'
import { giveItem, openSession, type TestSession, waitUntil } from './harness/index.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }

describe('kills counted on the Mineflayer adapter', () => {
  let session: TestSession
  let bot: Bot
  let world: MineflayerWorld

  before(async () => {
    session = await openSession({ mechanics: { hostileMobs: false, hunger: false } })
    bot = await session.bot('cedar', {
      botOptions: { plugins: { cedar: createCedar({ owners: [], logger: quietLogger, shield: { lawSets: [] } }) } },
    })
    world = new MineflayerWorld(bot)
    session.server.setTime(14_000)
  })
  after(() => session?.close())

  const spawnZombie = async (dx: number) => {
    const { serv } = session.server
    const spawnMob = (serv as unknown as { spawnMob: (t: number, w: unknown, p: unknown) => { id: number } }).spawnMob
    const at = bot.entity.position.offset(dx, 0, 0)
    const zombie = spawnMob(serv.registry.entitiesByName.zombie?.id ?? -1, serv.overworld, new Vec3(at.x, at.y, at.z))
    await waitUntil(bot, () => bot.entities[zombie.id] !== undefined, 'the zombie is seen')
    return zombie
  }

  test('a zombie killed by the bot counts once, as the server announced its death', async () => {
    await giveItem(session.server, bot, 'diamond_sword', 1)
    assert.ok((await world.act({ verb: 'equip', object: 'diamond_sword' })).ok)
    await spawnZombie(2)
    const outcome = await world.act({ verb: 'kill', object: 'zombie' })
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.message)
    assert.equal(world.observe().kills?.get('zombie'), 1)
  })

  test('a zombie that is gone without dying is not counted', async () => {
    const zombie = await spawnZombie(6)
    const fight = world.act({ verb: 'kill', object: 'zombie' })
    const entity = zombie as unknown as { destroy?: () => void; _writeOthers?: unknown }
    assert.equal(typeof entity.destroy, 'function', 'flying-squid can remove an entity')
    entity.destroy?.()
    await fight
    assert.equal(world.observe().kills?.get('zombie'), 1, 'still the one killed before')
  })
})
