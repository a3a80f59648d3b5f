// The shield as the controller's gate, shared by the bot and `cedar sim do`: an act is judged where its atomic act
// happens (at the workstation the primitive walks to or places, with the fuel it picks), and names the law.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createLaws } from '../plugin/agent/assembly.js'
import { controllerGate } from '../plugin/agent/controller-gate.js'
import { SimWorld } from '../plugin/world/sim/index.js'

const H2 = 'H2 (hard) G(!near.crafting_table -> X(!craft.wooden_pickaxe & !craft.stone_pickaxe & !craft.iron_pickaxe))'

describe('the shield gate of an assembled agent', () => {
  const gateWith = (inventory: Record<string, number>) => {
    const world = new SimWorld({ seed: 0, startInventory: inventory })
    const laws = createLaws({ lawSets: ['saycan-hard'] })
    return { gate: controllerGate(laws.shield, { commits: true }), observation: world.observe(), laws }
  }

  test('a craft that brings its own crafting table is allowed by H2; one with no table anywhere is blocked by it', () => {
    const parts = { oak_planks: 3, stick: 2 }
    const held = gateWith({ ...parts, crafting_table: 1 })
    assert.equal(held.gate.check('craft.wooden_pickaxe', held.observation), undefined)
    const none = gateWith(parts)
    assert.equal(none.gate.check('craft.wooden_pickaxe', none.observation), H2)
  })

  test('a smelt burns wood when there is no coal (H15 allows it); with nothing to burn it is blocked', () => {
    const burnable = gateWith({ furnace: 1, raw_iron: 1, oak_planks: 2 })
    assert.equal(burnable.gate.check('smelt.raw_iron', burnable.observation), undefined)
    const cold = gateWith({ furnace: 1, raw_iron: 1 })
    assert.match(cold.gate.check('smelt.raw_iron', cold.observation) ?? '', /^H15 \(hard\) /)
  })

  test('a gate that commits advances the laws: a law over what ran (one log, never a second) holds the next act', () => {
    const { gate, observation, laws } = gateWith({})
    laws.add('G(mine.oak_log -> X G !mine.oak_log)')
    assert.equal(gate.check('mine.oak_log', observation), undefined)
    gate.commit?.('mine.oak_log', observation)
    assert.equal(gate.check('mine.oak_log', observation), 'L1 (hard) G(mine.oak_log -> X G !mine.oak_log)')
  })

  test('each decision of the gate counts toward the soft-block limit: a soft law refusing it past the limit is dropped', () => {
    const dropped: string[] = []
    const world = new SimWorld({ seed: 0, startInventory: { oak_log: 1 } })
    const laws = createLaws({ lawSets: [], softBlockLimit: 2, onDrop: (monitor) => dropped.push(monitor.id) })
    laws.add('G !craft.planks', 'soft', 'user')
    laws.shield.addActions(['mine.logs'])
    const gate = controllerGate(laws.shield, { commits: true })
    for (let i = 0; i < 3; i++) assert.equal(gate.check('craft.planks', world.observe()), 'L1 (soft) G !craft.planks')
    assert.deepEqual(dropped, ['L1'], 'three blocks, limit 2')
    assert.equal(laws.blockCount('L1'), 0, 'a dropped law has no count left')
    assert.equal(gate.check('craft.planks', world.observe()), undefined)
  })

  test('one vocabulary at both levels: laws in the gate’s names hold for the controller’s acts', () => {
    const { gate, observation, laws } = gateWith({ furnace: 1, raw_iron: 1, coal: 1 })
    laws.add('G(has.raw_iron -> X !smelt.iron_ingot)')
    assert.equal(gate.check('smelt.raw_iron', observation), 'L1 (hard) G(has.raw_iron -> X !smelt.iron_ingot)')
    laws.add('G(has.raw_iron -> X !activate.furnace)')
    assert.match(
      gate.check('smelt.raw_iron', observation) ?? '',
      /L2 \(hard\) G\(has\.raw_iron -> X !activate\.furnace\)/,
    )
    laws.add('G(has.coal -> X !goto.position)')
    assert.equal(gate.check('explore.iron_ore', observation), 'L3 (hard) G(has.coal -> X !goto.position)')
    laws.add('G(has.coal -> X !attack.zombie)')
    assert.equal(gate.check('kill.zombie', observation), 'L4 (hard) G(has.coal -> X !attack.zombie)')
    assert.equal(gate.check('kill.cow', observation), undefined, 'another kill is not that law’s')
  })
})
