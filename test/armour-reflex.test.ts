// The armour reflex (issue 37): armour held is worn — a better piece than the one on, a piece for an empty slot —
// during a run and between runs, but the pieces a running plan names stay in the inventory it counts.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { armourReflex } from '../plugin/agent/reflexes/armour-reflex.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import type { Observation } from '../plugin/world/port.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
const grounding = offlineGrounding()

const body = (inventory: Record<string, number>, worn: string[] = []): Observation => ({
  inventory: new Map(Object.entries(inventory)),
  equipped: undefined,
  ...(worn.length > 0 ? { worn: new Set(worn) } : {}),
  timeOfDay: 1_000,
  isNight: false,
  biome: 'forest',
  position: { x: 0, y: 64, z: 0 },
  health: 20,
  food: 20,
  nearest: () => undefined,
})
const free = { skip: () => false, spare: () => true, hunted: () => false, planned: () => undefined }

describe('armour reflex', () => {
  const reflex = armourReflex()

  test('a piece held for a slot with nothing on is put on; a better one replaces a worse; a worse one stays held', () => {
    assert.deepEqual(reflex.next(body({ iron_helmet: 1, oak_log: 3 }), free)?.primitive, {
      verb: 'equip',
      object: 'iron_helmet',
    })
    assert.deepEqual(reflex.next(body({ diamond_boots: 1 }, ['iron_boots']), free)?.primitive, {
      verb: 'equip',
      object: 'diamond_boots',
    })
    assert.equal(reflex.next(body({ leather_chestplate: 1 }, ['iron_chestplate']), free), undefined)
    assert.equal(reflex.next(body({ oak_log: 3 }), free), undefined)
  })

  test('the best of several pieces for one slot, and not a piece the plan names or one that failed lately', () => {
    assert.deepEqual(reflex.next(body({ leather_leggings: 1, iron_leggings: 1 }), free)?.primitive, {
      verb: 'equip',
      object: 'iron_leggings',
    })
    const makingArmour = { ...free, spare: (item: string) => !item.startsWith('iron_') }
    assert.equal(reflex.next(body({ iron_helmet: 1 }), makingArmour), undefined)
    const failed = { ...free, skip: (symbol: string) => symbol === 'equip.iron_helmet' }
    assert.deepEqual(reflex.next(body({ iron_helmet: 1, golden_boots: 1 }), failed)?.primitive, {
      verb: 'equip',
      object: 'golden_boots',
    })
  })

  test('in the Sim, a bot holding an iron chestplate wears it while it collects wood', async () => {
    const agent = new CedarAgent({ rules, grounding, library: new MemoryLibrary(), biomes: SIM_BIOMES })
    const world = new SimWorld({ seed: 0, startInventory: { iron_chestplate: 1 } })
    const report = await agent.do('collect 3 oak logs', world)
    assert.equal(report.result?.outcome, 'goal', report.refusal ?? report.result?.message)
    assert.equal(world.raw.worn.get('torso'), 'iron_chestplate')
    assert.equal(world.state.inventory.iron_chestplate ?? 0, 0)
  })

  test('in the Sim, "make an iron helmet" ends holding the helmet it made: the plan names it', async () => {
    const agent = new CedarAgent({ rules, grounding, library: new MemoryLibrary(), biomes: SIM_BIOMES })
    const world = new SimWorld({ seed: 0, startInventory: { iron_ingot: 5, oak_planks: 8, stick: 2 } })
    const report = await agent.do('make an iron helmet', world)
    assert.equal(report.result?.outcome, 'goal', report.refusal ?? report.result?.message)
    assert.equal(world.state.inventory.iron_helmet, 1)
  })
})
