// Issue 37 ("Everyday Minecraft II") in the Sim: requests a player types that the bot used to refuse or misread,
// run as the bot runs them (grounding, skills learned or reused, the controller), one world per conversation, and
// judged by what the world shows afterwards: the armour worn, the chest's contents, the kills.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
const grounding = offlineGrounding()
const newAgent = () => new CedarAgent({ rules, grounding, library: new MemoryLibrary(), biomes: SIM_BIOMES })
const IRON_ARMOUR = ['iron_helmet', 'iron_chestplate', 'iron_leggings', 'iron_boots']

describe('armour in the Sim', () => {
  test('"make me iron armour" makes the four pieces, and "put on your armour" then wears them (seeds 0–4)', async () => {
    for (const seed of [0, 1, 2, 3, 4]) {
      const agent = newAgent()
      const world = new SimWorld({ seed, startInventory: { white_bed: 1 } })
      const made = await agent.do('make me iron armour', world, { clock: () => world.ticks })
      assert.equal(made.result?.outcome, 'goal', `seed ${seed}: ${made.refusal ?? made.result?.message}`)
      for (const piece of IRON_ARMOUR) assert.equal(world.observe().inventory.get(piece), 1, `seed ${seed}: ${piece}`)
      const worn = await agent.do('put on your armour', world, { clock: () => world.ticks })
      assert.equal(worn.result?.outcome, 'goal', `seed ${seed}: ${worn.refusal ?? worn.result?.message}`)
      assert.deepEqual([...(world.observe().worn ?? [])].sort(), [...IRON_ARMOUR].sort(), `seed ${seed}`)
      for (const piece of IRON_ARMOUR) assert.equal(world.observe().inventory.has(piece), false, `${piece} is worn`)
    }
  })

  test('the best piece held goes on: a diamond helmet over an iron one, which stays in the inventory', async () => {
    const world = new SimWorld({ seed: 0, startInventory: { iron_helmet: 1, diamond_helmet: 1, leather_boots: 1 } })
    const report = await newAgent().do('put on your armour', world)
    assert.equal(report.result?.outcome, 'goal', report.refusal ?? report.result?.message)
    assert.deepEqual([...(world.observe().worn ?? [])].sort(), ['diamond_helmet', 'leather_boots'])
    assert.equal(world.observe().inventory.get('iron_helmet'), 1)
  })

  test('with no armour, "put on your armour" is refused saying so and what to ask; "make me armour" asks which', async () => {
    const world = new SimWorld({ seed: 0 })
    await assert.rejects(newAgent().do('put on your armour', world), {
      name: 'UnknownGoalError',
      message: 'I have no armour to put on; say "make me iron armour" and I will make some first',
    })
    await assert.rejects(newAgent().do('make me armour', world), {
      name: 'UnknownGoalError',
      message: 'say which armour: leather, iron, golden or diamond ("make me iron armour")',
    })
    assert.equal(world.ticks, 0, 'nothing ran')
  })
})
