import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { prerequisitesOf, skillKey } from '../plugin/agent/skills/skill-key.js'
import { ChainPlanner } from '../plugin/grounding/chain.js'
import { loadRules } from '../plugin/world/rules.js'
import { analyse } from '../plugin/world/sim/plan-analysis.js'
import { OVERWORLD, TechTree, techTree } from '../plugin/world/tech-tree.js'

const rules = loadRules('1.21.4')

describe('the tech tree', () => {
  const tree = techTree(rules)

  it('orders the pickaxe ladder the way a player climbs it', () => {
    const ladder = ['oak_log', 'oak_planks', 'stick', 'wooden_pickaxe', 'cobblestone', 'stone_pickaxe', 'raw_iron']
    const ranks = ladder.map((item) => tree.rankOf(item))
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => a - b),
      `ranks ${ranks.join(', ')}`,
    )
    assert.ok(tree.rankOf('iron_ingot') > tree.rankOf('raw_iron'), 'ingots come from smelting raw iron')
    assert.ok(tree.rankOf('diamond') > tree.rankOf('iron_pickaxe'), 'diamonds need an iron pickaxe')
    assert.equal(tree.rankOf('planks'), tree.rankOf('oak_planks'), 'a family is had with its soonest member')
  })

  it('takes liquids with a bucket and knows what can never be had', () => {
    assert.equal(tree.leastTool('lava'), 'bucket')
    assert.ok(tree.rankOf('lava_bucket') > tree.rankOf('bucket'))
    assert.equal(tree.leastTool('iron_ore'), 'stone_pickaxe')
    assert.equal(tree.leastTool('dirt'), null)
    assert.equal(tree.canObtain('nether_star'), false)
  })

  it('reads each world by what it offers: the Sim has no skeletons by day for bone meal, the overworld does', () => {
    const sim = analyse('flint', rules, []).tree
    assert.equal(sim.canObtain('gravel'), true)
    // Gravel gives flint 1 in 10 in both.
    assert.equal(sim.canObtain('flint'), true)
    assert.equal(sim.canObtain('bone_meal'), false)
    assert.equal(new TechTree(rules, OVERWORLD).canObtain('bone_meal'), true)
  })

  it('starts from what is held', () => {
    const held = analyse('iron_ingot', rules, ['stone_pickaxe']).tree
    assert.equal(held.rankOf('stone_pickaxe'), 0)
    assert.ok(held.rankOf('raw_iron') < tree.rankOf('raw_iron'))
  })

  it('is the tree the chains and the skill keys ask', () => {
    const planner = new ChainPlanner(rules)
    for (const item of ['iron_pickaxe', 'furnace', 'bucket', 'white_bed'])
      assert.equal(planner.rankOf(item), tree.rankOf(item))
    assert.equal(planner.tool('lava'), 'bucket')
    const needs = (block: string) => prerequisitesOf(skillKey('mine', block, rules), rules).map((key) => key.object)
    assert.deepEqual(needs('diamond_ore'), ['iron_pickaxe'])
    assert.deepEqual(needs('lava'), ['bucket'])
    assert.deepEqual(needs('snow_block'), ['wooden_shovel'], 'snow yields snowballs only to a shovel')
    assert.deepEqual(needs('oak_log'), [])
  })
})
