// Which stored skill a new one is adapted from (plugin/agent/skills/skill-templates.ts): a template of the same verb whose
// milestones rename onto the new skill's, the same kind first, any kind when they line up; else one a milestone
// short, extended (plugin/agent/skills/template-extension.ts); none when neither fits.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { startSimulatedLlm } from '../bench/simulated-llm.js'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { milestoneDfa } from '../plugin/agent/skills/milestones.js'
import { skillKey } from '../plugin/agent/skills/skill-key.js'
import { learnSkill, skillTarget } from '../plugin/agent/skills/skill-learning.js'
import { MemoryLibrary, type ObtainedSkill, sameKind } from '../plugin/agent/skills/skill-manager.js'
import { llmSkillTeacher } from '../plugin/agent/skills/skill-teaching.js'
import { findTemplate } from '../plugin/agent/skills/skill-templates.js'
import { extendedHypothesis, milestoneExtension } from '../plugin/agent/skills/template-extension.js'
import { equivalent } from '../plugin/automata/index.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { LlmClient } from '../plugin/llm/llm-client.js'
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

  test('a bucket takes an iron pickaxe as its template (their milestones line up); a compass extends one', async () => {
    const library = new MemoryLibrary()
    const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES })
    await agent.learn('craft', 'iron_pickaxe')
    const records = await library.list('skill')
    const bucket = await findTemplate(skillKey('craft', 'bucket', rules), records, rules, {}, sameKind)
    // The iron pickaxe, not the stone one: its has.iron_ingot.3 is the bucket's own milestone.
    assert.equal(bucket?.record.name, 'craft.iron_pickaxe')
    assert.equal(bucket?.renaming.get('iron_pickaxe'), 'bucket')
    assert.equal(bucket?.extension, undefined)
    // The compass passes three milestones (iron ingots, redstone, the compass); no stored skill has three, so the
    // iron pickaxe, whose iron ingots are the compass's, is a template one milestone short: redstone is the extra.
    const compass = await findTemplate(skillKey('craft', 'compass', rules), records, rules, {}, sameKind)
    assert.equal(compass?.record.name, 'craft.iron_pickaxe')
    assert.equal(compass?.extension?.extra, 'has.redstone.1')
    assert.deepEqual(
      [...(compass?.extension?.milestones ?? [])],
      [
        ['has.iron_ingot.3', 'has.iron_ingot.4'],
        ['has.iron_pickaxe.1', 'has.compass.1'],
      ],
    )
    // Another verb is never a template.
    assert.equal(await findTemplate(skillKey('mine', 'coal_ore', rules), records, rules, {}, sameKind), undefined)
  })

  test('a template one milestone short, extended by the extra milestone, has the new skill’s milestone shape', async () => {
    const bucketKey = skillKey('craft', 'bucket', rules)
    const compassKey = skillKey('craft', 'compass', rules)
    const bucket = await learnSkill(bucketKey, rules)
    const from = skillTarget(bucketKey, rules).milestones.events
    const { milestones, learning } = skillTarget(compassKey, rules)
    const extension = milestoneExtension(from, milestones.events)
    assert.ok(extension)
    const extended = extendedHypothesis(bucket.dfa, extension, milestones.events, learning)
    // The recipe book's compass language: ingots, then redstone, then the compass (repeats of passed ones loop).
    assert.ok(equivalent(extended, milestoneDfa(learning, milestones.events)).equivalent)
    // A goal alone is no template to extend (a wooden pickaxe's for a stone one).
    const wooden = skillTarget(skillKey('craft', 'wooden_pickaxe', rules), rules).milestones.events
    const stone = skillTarget(skillKey('craft', 'stone_pickaxe', rules), rules).milestones.events
    assert.equal(milestoneExtension(wooden, stone), undefined)
    // Two milestones cannot be extended to four, nor to as many.
    assert.equal(milestoneExtension(from, [...milestones.events, 'has.stick.2']), undefined)
    assert.equal(milestoneExtension(from, from), undefined)
  })

  test('a compass taught by a lying LLM, extended from the stored iron pickaxe, asks fewer requests and runs', async () => {
    const lying = await startSimulatedLlm({ noise: 0.05, seed: 0 })
    try {
      const llm = new LlmClient({ baseURL: lying.baseURL, model: 'simulated', backoffMs: 5 })
      const key = skillKey('craft', 'compass', rules)
      const requestsOf = async (learning: () => Promise<unknown>) => {
        const before = lying.counts.prompts
        await learning()
        return lying.counts.prompts - before
      }
      const { learning } = skillTarget(key, rules)
      const fresh = await requestsOf(() =>
        learnSkill(key, rules, llmSkillTeacher(llm, key, learning, grounding.inventory)),
      )
      const library = new MemoryLibrary()
      const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES, llm })
      await agent.learn('craft', 'iron_pickaxe', { teacher: 'llm' })
      let compass: ObtainedSkill | undefined
      const extended = await requestsOf(async () => {
        compass = (await agent.learn('craft', 'compass', { teacher: 'llm' })).at(-1)
      })
      assert.deepEqual([compass?.path, compass?.from], ['adapted', 'craft.iron_pickaxe'])
      assert.ok(extended < fresh, `${extended} requests extended, ${fresh} afresh`)
      // The learned compass, reused, crafts one in a world of its own.
      const world = new SimWorld({ seed: 0 })
      const report = await agent.do('craft a compass', world)
      assert.deepEqual(
        report.skills.map((s) => s.path),
        ['reused'],
      )
      assert.equal(report.result?.outcome, 'goal', report.result?.message)
      assert.equal(world.observe().inventory.get('compass'), 1)
    } finally {
      await lying.close()
    }
  })
})
