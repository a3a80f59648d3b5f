// Skills taught by the LLM: the simulated LLM on 127.0.0.1 (bench/simulated-llm.ts) answers a skill's membership
// queries, a learner round per request, lying on 5% of the words; CAPAL learns, execution in the Sim is the
// equivalence oracle and the only gold.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type SimulatedLlm, startSimulatedLlm } from '../bench/simulated-llm.js'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { skillKey } from '../plugin/agent/skills/skill-key.js'
import { learnSkill, SkillLearningError, skillTarget } from '../plugin/agent/skills/skill-learning.js'
import { MemoryLibrary, skillRecord } from '../plugin/agent/skills/skill-manager.js'
import { llmSkillTeacher, skillInstruction } from '../plugin/agent/skills/skill-teaching.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { LlmClient } from '../plugin/llm/llm-client.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
const grounding = offlineGrounding()

describe('skills taught by the simulated LLM', () => {
  let llm: SimulatedLlm
  before(async () => {
    llm = await startSimulatedLlm({ noise: 0.05, seed: 3 })
  })
  after(() => llm.close())
  const client = () => new LlmClient({ baseURL: llm.baseURL, model: 'simulated', backoffMs: 5 })

  test('a stone pickaxe: its milestones learned from a lying model, no lie stored as gold', async () => {
    const key = skillKey('craft', 'stone_pickaxe', rules)
    const { alphabet, target } = skillTarget(key, rules)
    const model = client()
    const { teacher, teacherName } = llmSkillTeacher(model, key, alphabet, grounding.inventory)
    const requestsBefore = llm.counts.prompts
    let rounds = 0
    const skill = await learnSkill(key, rules, {
      teacher: {
        answer: (words, options) => {
          rounds++
          return teacher.answer(words, options)
        },
      },
      teacherName,
    })
    assert.equal(skill.teacher, 'llm:simulated')
    // One request per learner round, however many words it asked.
    assert.equal(llm.counts.prompts - requestsBefore, rounds)
    assert.ok(rounds <= 20, `${rounds} requests`)
    // The milestones are there: cobblestone before the pickaxe.
    assert.ok(skill.dfa.accepts(['mine.stone', 'has.cobblestone.3', 'craft.stone_pickaxe', 'has.stone_pickaxe.1']))
    assert.equal(skill.dfa.accepts(['has.stone_pickaxe.1']), false)
    // The model lied about some of the words the skill keeps, and none of those is gold.
    const instruction = skillInstruction(key)
    const lied = skill.evidence.filter((e) => llm.lies(instruction, e.word) && !e.gold)
    assert.ok(lied.length > 0, 'the model lied on some kept word')
    for (const e of skill.evidence.filter((x) => x.gold)) {
      assert.equal(e.label, target.accepts(e.word), `gold ${e.word.join(' ')} is the world's label`)
    }
  })

  test('a compass from a model lying on 5%: learned where CAPAL used to stop with no progress', async () => {
    // Seed 4's lies sent CAPAL's pool growing round after round until every discriminator was outvoted; the class
    // query's capped pool sample (the paper's E_pool') keeps the compass learnable.
    const lying = await startSimulatedLlm({ noise: 0.05, seed: 4 })
    try {
      const key = skillKey('craft', 'compass', rules)
      const world = { seed: 4 }
      const model = new LlmClient({ baseURL: lying.baseURL, model: 'simulated', backoffMs: 5 })
      const { learning } = skillTarget(key, rules, { world })
      const { teacher, teacherName } = llmSkillTeacher(model, key, learning, grounding.inventory)
      const skill = await learnSkill(key, rules, { world, teacher, teacherName })
      // CEDAR's compass took 29.8 prompting iterations (9 of 25 learned).
      assert.ok(lying.counts.prompts <= 30, `${lying.counts.prompts} requests`)
      assert.equal(skill.dfa.accepts(['has.compass.1']), false)
      // The learned skill, stored, runs in a fresh world of the seed: a compass in hand.
      const library = new MemoryLibrary()
      await library.save(skillRecord(skill, rules, 'learned'))
      const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES })
      const run = new SimWorld({ seed: 4 })
      const report = await agent.do('craft a compass', run)
      assert.deepEqual(
        report.skills.map((s) => s.path),
        ['reused'],
      )
      assert.equal(report.result?.outcome, 'goal', report.result?.message)
      assert.equal(run.observe().inventory.get('compass'), 1)
    } finally {
      await lying.close()
    }
  })

  test('a stone pickaxe whose first hypothesis cannot run is learned on, not stored as equivalent', async () => {
    // Seed 18's lies once made a stone pickaxe that accepted two cobblestone events without the pickaxe; its run
    // in the Sim went nowhere, the run's word taught nothing, and learning ended there after 3 requests — the
    // stored skill, and the iron pickaxe adapted from it, could not reach their goals.
    const lying = await startSimulatedLlm({ noise: 0.05, seed: 18 })
    try {
      const llm = new LlmClient({ baseURL: lying.baseURL, model: 'simulated', backoffMs: 5 })
      const library = new MemoryLibrary()
      const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES, llm, learningWorld: { seed: 18 } })
      const world = new SimWorld({ seed: 18 })
      const report = await agent.do('craft a stone pickaxe', world, { teacher: 'llm' })
      assert.equal(report.result?.outcome, 'goal', report.result?.message)
      assert.equal(world.observe().inventory.get('stone_pickaxe'), 1)
      const stone = report.skills.find((s) => s.name === 'craft.stone_pickaxe')
      assert.equal(stone?.dfa.accepts(['has.cobblestone.3', 'has.cobblestone.3']), false)
    } finally {
      await lying.close()
    }
  })

  test('an agent told to learn skills from the LLM crafts a wooden pickaxe with it, and says who taught it', async () => {
    const agent = new CedarAgent({ rules, grounding, library: new MemoryLibrary(), biomes: SIM_BIOMES, llm: client() })
    const world = new SimWorld({ seed: 4 })
    const report = await agent.do('craft a wooden pickaxe', world, { teacher: 'llm' })
    assert.equal(report.result?.outcome, 'goal', report.result?.message)
    assert.equal(report.skills[0]?.record.provenance.teacher, 'llm:simulated')
    assert.equal(world.observe().inventory.get('wooden_pickaxe'), 1)
  })

  test('asking for the LLM without one configured is a clear error, not a silent recipe book', async () => {
    const agent = new CedarAgent({ rules, grounding, library: new MemoryLibrary(), biomes: SIM_BIOMES })
    await assert.rejects(agent.learn('craft', 'wooden_pickaxe', { teacher: 'llm' }), (error: unknown) => {
      assert.ok(error instanceof SkillLearningError)
      assert.match(error.message, /no LLM is configured to teach skills/)
      return true
    })
  })
})
