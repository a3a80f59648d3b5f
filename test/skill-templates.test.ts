// Which stored skill a new one is adapted from (plugin/agent/skill-templates.ts): a template of the same verb whose
// milestones rename onto the new skill's, the same kind first, any kind when they line up; none when they cannot.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { skillKey } from '../plugin/agent/skill-key.js'
import { learnSkill } from '../plugin/agent/skill-learning.js'
import { MemoryLibrary, sameKind } from '../plugin/agent/skill-manager.js'
import { findTemplate } from '../plugin/agent/skill-templates.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
const grounding = offlineGrounding()

describe('skill templates', () => {
  test('an iron pickaxe is adapted from the stone pickaxe learned before it, asking fewer words, and runs', async () => {
    const library = new MemoryLibrary()
    const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES })
    const skills = await agent.learn('craft', 'iron_pickaxe')
    assert.deepEqual(
      skills.map((s) => [s.name, s.path, s.from ?? '']),
      [
        ['craft.wooden_pickaxe', 'learned', ''],
        ['craft.stone_pickaxe', 'learned', ''],
        ['craft.iron_pickaxe', 'adapted', 'craft.stone_pickaxe'],
      ],
    )
    const fresh = await learnSkill(skillKey('craft', 'iron_pickaxe', rules), rules)
    assert.ok(skills[2]!.membershipQueries < fresh.membershipQueries, `${skills[2]!.membershipQueries} words`)
    const world = new SimWorld({ seed: 5 })
    const report = await agent.do('craft an iron pickaxe', world)
    assert.equal(report.result?.outcome, 'goal', report.result?.message)
    assert.equal(world.observe().inventory.get('iron_pickaxe'), 1)
  })

  test('a bucket takes an iron pickaxe as its template (their milestones line up); a compass takes none', async () => {
    const library = new MemoryLibrary()
    const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES })
    await agent.learn('craft', 'iron_pickaxe')
    const records = await library.list('skill')
    const bucket = await findTemplate(skillKey('craft', 'bucket', rules), records, rules, {}, sameKind)
    // The iron pickaxe, not the stone one: its has.iron_ingot.3 is the bucket's own milestone.
    assert.equal(bucket?.record.name, 'craft.iron_pickaxe')
    assert.equal(bucket?.renaming.get('iron_pickaxe'), 'bucket')
    // The compass passes three milestones (iron ingots, redstone, the compass); no stored skill has three.
    assert.equal(await findTemplate(skillKey('craft', 'compass', rules), records, rules, {}, sameKind), undefined)
    // Another verb is never a template.
    assert.equal(await findTemplate(skillKey('mine', 'coal_ore', rules), records, rules, {}, sameKind), undefined)
  })
})
