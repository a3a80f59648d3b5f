// The controller's memory of workstations out of reach (plugin/agent/controller/stations-away.ts): what the milestone
// pursuit sees after a smelt or a craft found no path to its station, and after one that worked.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { StationsAway } from '../plugin/agent/controller/stations-away.js'
import { failure, type Observation } from '../plugin/world/port.js'

const observation: Observation = {
  inventory: new Map([['raw_iron', 3]]),
  equipped: undefined,
  timeOfDay: 1000,
  isNight: false,
  biome: 'forest',
  position: { x: 0, y: 40, z: 0 },
  health: 20,
  food: 20,
  nearest: (object) => ({ furnace: 24, crafting_table: 24, iron_ore: 3 })[object],
}
const smelt = { verb: 'smelt', object: 'raw_iron' } as const
const craft = { verb: 'craft', object: 'iron_boots' } as const

test('a smelt with no path hides the furnace from the pursuit, the rest of what it sees unchanged', () => {
  const stations = new StationsAway()
  assert.equal(stations.view(observation), observation, 'nothing away: the observation itself')
  stations.settle(smelt, failure('path_failed', 'no path to the furnace 24 blocks up, on another level'))
  const seen = stations.view(observation)
  assert.equal(seen.nearest('furnace'), undefined)
  assert.equal(seen.nearest('crafting_table'), 24)
  assert.equal(seen.nearest('iron_ore'), 3)
  assert.equal(seen.inventory.get('raw_iron'), 3)
  assert.equal(observation.nearest('furnace'), 24, "the world's own observation is not changed")
})

test('a smelt that works brings the furnace back; a failure of another kind hides nothing; a craft is the table', () => {
  const stations = new StationsAway()
  stations.settle(smelt, failure('missing_ingredients', 'no fuel to burn'))
  assert.equal(stations.view(observation).nearest('furnace'), 24)
  stations.settle(smelt, failure('path_failed', 'no path'))
  stations.settle(craft, failure('path_failed', 'no path to the crafting_table'))
  assert.equal(stations.view(observation).nearest('crafting_table'), undefined)
  stations.settle(smelt, { ok: true, detail: 'smelted raw_iron into iron_ingot' })
  assert.equal(stations.view(observation).nearest('furnace'), 24)
  assert.equal(stations.view(observation).nearest('crafting_table'), undefined)
  stations.settle({ verb: 'mine', object: 'iron_ore' }, failure('path_failed', 'no path'))
  assert.equal(stations.view(observation).nearest('iron_ore'), 3, 'a mine is no station act')
})
