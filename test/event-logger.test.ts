// The word extractor φ on hand-made observations: edge-triggered events, watched thresholds, the LogicGuard trace.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { EventLogger } from '../plugin/world/event-logger.js'
import type { Observation } from '../plugin/world/port.js'
import { holdsIn } from '../plugin/world/predicates.js'

function observation(
  parts: Partial<Omit<Observation, 'nearest'>> & { blocks?: Record<string, number> } = {},
): Observation {
  const blocks = parts.blocks ?? {}
  return {
    inventory: parts.inventory ?? new Map(),
    equipped: parts.equipped,
    timeOfDay: parts.timeOfDay ?? 1000,
    isNight: parts.isNight ?? false,
    biome: parts.biome ?? 'plains',
    position: { x: 0, y: 64, z: 0 },
    health: parts.health ?? 20,
    food: parts.food ?? 20,
    nearest: (object, radius = 32) => {
      const d = blocks[object]
      return d !== undefined && d <= radius ? d : undefined
    },
  }
}

test('events fire when predicates become true, not while they stay true', () => {
  const logger = new EventLogger(['has.cobblestone.3'])
  assert.deepEqual(logger.start(observation()), ['biome.plains', 'time.day'])
  const mined = observation({ inventory: new Map([['cobblestone', 2]]) })
  assert.deepEqual(logger.record({ verb: 'mine', object: 'stone' }, { ok: true }, mined), [
    'mine.stone',
    'has.cobblestone.1',
    'has.stone_crafting_materials.1', // the family stone tools are made of
  ])
  const three = observation({ inventory: new Map([['cobblestone', 3]]) })
  assert.deepEqual(logger.record({ verb: 'mine', object: 'stone' }, { ok: true }, three), [
    'mine.stone',
    'has.cobblestone.3',
  ])
  const night = observation({ inventory: new Map([['cobblestone', 3]]), isNight: true, timeOfDay: 14000 })
  assert.deepEqual(logger.observe(night), ['time.night'])
  assert.deepEqual(logger.word, [
    'biome.plains',
    'time.day',
    'mine.stone',
    'has.cobblestone.1',
    'has.stone_crafting_materials.1',
    'mine.stone',
    'has.cobblestone.3',
    'time.night',
  ])
})

test('families, equipment, sights, workstations, biome changes and low health', () => {
  const logger = new EventLogger()
  logger.start(observation())
  const later = observation({
    inventory: new Map([['spruce_log', 1]]),
    equipped: 'iron_pickaxe',
    biome: 'windswept_forest',
    health: 5,
    blocks: { diamond_ore: 20, crafting_table: 3 },
  })
  assert.deepEqual(logger.observe(later), [
    'biome.windswept_forest',
    'equipped.iron_pickaxe',
    'has.logs.1',
    'has.spruce_log.1',
    'health.low',
    'near.crafting_table',
    'sees.crafting_table',
    'sees.diamond_ore',
  ])
})

test('the LogicGuard trace pairs each action with the predicates true before it', () => {
  const logger = new EventLogger()
  logger.start(observation({ equipped: 'wooden_pickaxe' }))
  logger.record({ verb: 'mine', object: 'stone' }, { ok: false, failure: 'not_found', message: 'none' }, observation())
  const [step] = logger.trace
  assert.equal(step?.action, 'mine.stone')
  assert.ok(step?.state.has('equipped.wooden_pickaxe'))
  assert.equal(step?.outcome.ok, false)
})

test('one definition of each predicate', () => {
  const o = observation({
    inventory: new Map([
      ['oak_planks', 2],
      ['birch_planks', 2],
    ]),
    blocks: { deepslate_iron_ore: 10 },
  })
  assert.equal(holdsIn(o, 'has.planks.4'), true, 'families add up')
  assert.equal(holdsIn(o, 'has.planks.5'), false)
  assert.equal(holdsIn(o, 'near.deepslate_iron_ore'), false, 'near is 6 blocks')
  assert.equal(holdsIn(o, 'mine.stone'), false, 'actions are false at a state position')
  assert.equal(holdsIn(o, 'time.day'), true)
})
