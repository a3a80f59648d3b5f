// Tools wear out on the embedded server (plugin/server/mechanics/tool-wear.ts), seen by unmodified mineflayer: a
// pickaxe's `durabilityUsed` grows with each block dug that is not broken instantly, it breaks at minecraft-data's
// maximum and is gone from the hand and the inventory (the server's record too); a worn tool keeps its wear through
// a crafting table's window; hits that hurt wear a sword by 1 and a pickaxe by 2, hits within the target's
// invulnerability ticks not at all. Runs on the version the suite runs (CEDAR_TEST_MC_VERSION: the damage is a
// 1.20.5+ item component there, NBT `Damage` before).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import { Vec3 } from 'vec3'
import { durabilityUsed } from '../plugin/server/mechanics/tool-wear.js'
import {
  countItem,
  giveWornTool,
  openSession,
  serverInventory,
  serverTicks,
  type TestSession,
  waitUntil,
} from './harness/index.js'

describe('tools wear out on the embedded server', () => {
  let session: TestSession
  let bot: Bot
  /** minecraft-protocol's "partial packet" lines (console.log): a slot with a damage it cannot parse would log one. */
  const partial: string[] = []
  const log = console.log

  before(async () => {
    console.log = (...args: unknown[]) => {
      const line = args.map(String).join(' ')
      if (line.includes('partial packet')) partial.push(line.slice(0, 300))
      else log(...args)
    }
    session = await openSession()
    bot = await session.bot('miner')
  })
  after(async () => {
    await session?.close()
    console.log = log
  })

  /** The uses the server has on record for the item in the player's hand (undefined: the hand is empty). */
  const serverWear = (): number | undefined => {
    const player = session.server.serv.getPlayer('miner')
    const held = player?.inventory.slots[36 + (player?.heldItemSlot ?? 0)]
    return held ? durabilityUsed(session.server.serv, held) : undefined
  }

  async function holdWorn(tool: string, used: number): Promise<void> {
    await giveWornTool(session.server, bot, tool, used)
    const item = bot.inventory.items().find((i) => i.name === tool) ?? assert.fail(`no ${tool}`)
    await bot.equip(item, 'hand')
    await waitUntil(bot, () => serverWear() === used, `the server has the ${tool} in hand`)
    assert.equal(bot.heldItem?.durabilityUsed, used, 'mineflayer reads the wear the server gave')
  }

  async function dig(at: Vec3): Promise<void> {
    const block = bot.blockAt(at) ?? assert.fail(`nothing loaded at ${at}`)
    await bot.dig(block, true)
    await waitUntil(bot, () => bot.blockAt(at)?.name === 'air', `${at} dug out`)
  }

  test('a wooden pickaxe with 3 uses left wears by 1 a block, not on a flower, and breaks on the third block', async () => {
    const max = bot.registry.itemsByName.wooden_pickaxe?.maxDurability
    assert.equal(max, 59)
    await holdWorn('wooden_pickaxe', 56)
    // The superflat ground (grass and dirt) is what is dug: a pickaxe wears on any block that takes time to break.
    await dig(new Vec3(1, 4, 0))
    await waitUntil(bot, () => bot.heldItem?.durabilityUsed === 57, 'the pickaxe shows 57 uses')
    assert.equal(serverWear(), 57)
    // A flower breaks at once (hardness 0): no wear.
    await session.server.setBlock({ x: 0, y: 5, z: 2 }, 'dandelion')
    await waitUntil(bot, () => bot.blockAt(new Vec3(0, 5, 2))?.name === 'dandelion', 'the flower in view')
    await dig(new Vec3(0, 5, 2))
    await serverTicks(session.server.serv, 5)
    assert.equal(bot.heldItem?.durabilityUsed, 57, 'a flower does not wear a pickaxe')
    await dig(new Vec3(-1, 4, 0))
    await waitUntil(bot, () => bot.heldItem?.durabilityUsed === 58, 'the pickaxe shows 58 uses')
    await dig(new Vec3(0, 4, -1))
    await waitUntil(bot, () => bot.heldItem === null, 'the pickaxe broke out of the hand')
    assert.equal(countItem(bot, 'wooden_pickaxe'), 0, 'no wooden pickaxe left in the inventory')
    assert.equal(serverInventory(session.server, 'miner').wooden_pickaxe, undefined, 'the server has none either')
  })

  test('a worn tool keeps its wear through a crafting table window', async () => {
    await holdWorn('stone_pickaxe', 100)
    await session.server.setBlock({ x: 2, y: 5, z: 0 }, 'crafting_table')
    await waitUntil(bot, () => bot.blockAt(new Vec3(2, 5, 0))?.name === 'crafting_table', 'the table in view')
    const window = await bot.openBlock(bot.blockAt(new Vec3(2, 5, 0)) ?? assert.fail('no table'))
    const inTable = window.slots.find((slot) => slot?.name === 'stone_pickaxe')
    assert.equal(inTable?.durabilityUsed, 100, 'the table window shows the worn pickaxe')
    bot.closeWindow(window)
    await dig(new Vec3(1, 4, 1))
    await waitUntil(bot, () => bot.heldItem?.durabilityUsed === 101, 'the pickaxe wears on from 100')
    assert.equal(serverWear(), 101)
  })

  test('hits that hurt wear a sword by 1 and a pickaxe by 2; a hit within the invulnerability ticks does not', async () => {
    const { serv, registry } = session.server
    const spawnMob = (serv as unknown as { spawnMob: (t: number, w: unknown, p: unknown) => { id: number } }).spawnMob
    const cow = spawnMob(registry.entitiesByName.cow?.id ?? -1, serv.overworld, new Vec3(1.5, 5, 1.5))
    await waitUntil(bot, () => bot.entities[cow.id] !== undefined, 'the cow in view', 10_000)
    const target = bot.entities[cow.id] as Entity
    await holdWorn('iron_sword', 10)
    bot.attack(target)
    await waitUntil(bot, () => bot.heldItem?.durabilityUsed === 11, 'the sword shows 11 uses')
    bot.attack(target) // the same tick or the next: the cow cannot be hurt again yet
    await serverTicks(serv, 12)
    assert.equal(bot.heldItem?.durabilityUsed, 11, 'a hit that cannot hurt does not wear the sword')
    await holdWorn('iron_pickaxe', 20)
    bot.attack(target)
    await waitUntil(bot, () => bot.heldItem?.durabilityUsed === 22, 'the pickaxe used as a weapon shows 22 uses')
  })

  test('every worn slot and broken tool the server sent parsed whole on the client', () => {
    assert.deepEqual(partial, [])
  })
})
