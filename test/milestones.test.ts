// Milestone alphabets (CEDAR §5): skills speak in thresholded events, the controller pursues them, products stay
// as small as the paper's Table 13.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { causalMonitor, milestoneDfa, withRepeatedMilestones } from '../plugin/agent/skills/milestones.js'
import { skillKey } from '../plugin/agent/skills/skill-key.js'
import { learnSkill, startInventoryOf } from '../plugin/agent/skills/skill-learning.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { Dfa, equivalent, parseDfaJson } from '../plugin/automata/index.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { pursueMilestone } from '../plugin/world/milestone-pursuit.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()

describe('milestone skills', () => {
  test('a stone pickaxe is learned over cobblestone ×3 then the pickaxe, with its actions in between', async () => {
    const skill = await learnSkill(skillKey('craft', 'stone_pickaxe', rules), rules)
    const events = skill.alphabet.filter((s) => s.startsWith('has.'))
    assert.deepEqual(events, ['has.cobblestone.3', 'has.stone_pickaxe.1'])
    assert.ok(equivalent(skill.dfa, milestoneDfa(skill.alphabet, events)).equivalent)
    assert.ok(skill.dfa.accepts(['mine.stone', 'mine.stone', 'mine.stone', 'has.cobblestone.3', 'has.stone_pickaxe.1']))
    assert.equal(skill.dfa.accepts(['has.stone_pickaxe.1']), false, 'the cobblestone milestone is not skipped')
    assert.equal(skill.dfa.accepts(['has.stone_pickaxe.1', 'has.cobblestone.3']), false, 'nor taken out of order')
    // 3 states and a sink, where the action-level skill took 13.
    assert.equal(skill.dfa.stateCount, 4)
  })

  test('a passed milestone firing again (a count dropped and came back) keeps a learned DFA where it was', () => {
    // What a noisy teacher taught for the compass: iron ×4, redstone, compass, with a repeat of the iron sent to
    // the sink. A run that crafts the iron pickaxe from three of the four ingots and smelts more was stuck there.
    const learned = Dfa.from({
      alphabet: ['has.compass.1', 'has.iron_ingot.4', 'has.redstone.1'],
      initial: 0,
      accepting: [3],
      transitions: [
        [4, 1, 4],
        [4, 4, 2],
        [3, 4, 4],
        [3, 4, 4],
        [4, 4, 4],
      ],
    })
    const repeated = ['has.iron_ingot.4', 'has.iron_ingot.4', 'has.redstone.1', 'has.compass.1']
    assert.equal(learned.accepts(repeated), false)
    const fixed = withRepeatedMilestones(learned, ['has.iron_ingot.4', 'has.redstone.1', 'has.compass.1'])
    assert.ok(fixed.accepts(repeated))
    assert.ok(fixed.accepts(['has.iron_ingot.4', 'has.redstone.1', 'has.iron_ingot.4', 'has.compass.1']))
    // Nothing it rejected for another reason is let through: skipping or reordering milestones still fails.
    assert.equal(fixed.accepts(['has.redstone.1', 'has.compass.1']), false)
    assert.equal(fixed.accepts(['has.iron_ingot.4', 'has.compass.1']), false)
    assert.equal(fixed.accepts(['has.iron_ingot.4', 'has.redstone.1', 'has.compass.1', 'has.redstone.1']), true)
    for (const word of [['has.iron_ingot.4', 'has.redstone.1', 'has.compass.1'], ['has.iron_ingot.4']]) {
      assert.equal(fixed.accepts(word), learned.accepts(word), word.join(' '))
    }
    // Learned in the Sim from the lying model, seed 5: the repeat goes back to the start instead of the sink.
    const restarting = Dfa.from({
      alphabet: ['has.compass.1', 'has.iron_ingot.4', 'has.redstone.1'],
      initial: 0,
      accepting: [3],
      transitions: [
        [0, 1, 0],
        [0, 1, 2],
        [3, 0, 2],
        [3, 3, 3],
      ],
    })
    assert.equal(restarting.accepts(repeated.slice(0, 2).concat(['has.redstone.1', 'has.iron_ingot.4'])), false)
    const kept = withRepeatedMilestones(restarting, ['has.iron_ingot.4', 'has.redstone.1', 'has.compass.1'])
    assert.ok(kept.accepts(['has.iron_ingot.4', 'has.redstone.1', 'has.iron_ingot.4', 'has.compass.1']))
    assert.equal(kept.accepts(['has.redstone.1', 'has.compass.1']), false, 'a milestone not yet passed is not skipped')
  })

  test('a player accepting a word that never reaches the goal is told the milestone to add; the skill is kept', async () => {
    const library = new MemoryLibrary()
    const agent = new CedarAgent({ rules, grounding: offlineGrounding(), library, biomes: SIM_BIOMES })
    const run = await agent.do('mine 1 oak_log', new SimWorld({ seed: 0, pathFailureRate: 0 }))
    assert.equal(run.result?.outcome, 'goal', run.result?.message)
    const before = await library.get('skill', 'mine.oak_log')
    assert.ok(before)
    await assert.rejects(
      agent.counterexample(['mine.oak_log', 'mine.oak_log'], true, 'mine.oak_log'),
      (e: unknown) =>
        e instanceof Error &&
        e.message ===
          'mine.oak_log speaks in milestones: a word it accepts reaches has.oak_log.1 (try "!ce accept mine.oak_log mine.oak_log mine.oak_log has.oak_log.1")',
    )
    assert.deepEqual(await library.get('skill', 'mine.oak_log'), before)
    const fixed = await agent.counterexample(['mine.oak_log', 'mine.oak_log', 'has.oak_log.1'], true, 'mine.oak_log')
    assert.ok(parseDfaJson(fixed.dfa).accepts(['mine.oak_log', 'mine.oak_log', 'has.oak_log.1']))
  })

  test('pursuit chains back from the milestone to the first action that helps', () => {
    const world = new SimWorld({ seed: 0, startInventory: { wooden_pickaxe: 1 } })
    const actions = ['mine.logs', 'craft.planks', 'craft.stick', 'mine.stone', 'equip.wooden_pickaxe']
    const all = () => true
    assert.equal(pursueMilestone('has.cobblestone.3', world.observe(), rules, actions, all), 'equip.wooden_pickaxe')
    world.actNow({ verb: 'equip', object: 'wooden_pickaxe' })
    assert.equal(pursueMilestone('has.cobblestone.3', world.observe(), rules, actions, all), 'mine.stone')
    // Sticks need planks, planks need logs: the first step is the log.
    assert.equal(pursueMilestone('has.stick.2', world.observe(), rules, actions, all), 'mine.logs')
    // Nothing allowed makes it: no step (the controller then waits or gives up).
    assert.equal(
      pursueMilestone('has.cobblestone.3', world.observe(), rules, actions, (a) => a !== 'mine.stone'),
      undefined,
    )
  })

  test('a goal event counts only after an action that makes it', () => {
    const monitor = causalMonitor(['has.coal.1'], ['mine.coal_ore'])
    assert.equal(monitor.accepts(['has.coal.1']), false)
    assert.ok(monitor.accepts(['mine.coal_ore', 'has.coal.1']))
  })

  test('a lava bucket: planned from what the bucket skill leaves, learned, and filled in the Sim', async () => {
    const key = skillKey('mine', 'lava', rules)
    // The bucket's own plan made pickaxes on the way, and a bot still holds them: lava lies deep.
    assert.deepEqual(startInventoryOf(key, rules), { bucket: 1, stone_pickaxe: 1, wooden_pickaxe: 1 })
    const skill = await learnSkill(key, rules)
    assert.ok(skill.alphabet.includes('has.lava_bucket.1') && skill.alphabet.includes('mine.lava'))
    const agent = new CedarAgent({
      rules,
      grounding: offlineGrounding(),
      library: new MemoryLibrary(),
      biomes: SIM_BIOMES,
    })
    const world = new SimWorld({ seed: 1 })
    const report = await agent.do('get a lava bucket', world, { clock: () => world.ticks })
    assert.equal(report.result?.outcome, 'goal', report.result?.message)
    assert.deepEqual(
      report.skills.map((s) => s.name),
      ['craft.bucket', 'mine.lava'],
    )
    assert.equal(world.observe().inventory.get('lava_bucket'), 1)
  })

  test('Table 13: the diamond chain ∩ "sleep at night" keeps at most 17 reachable product states, and runs', async () => {
    const agent = new CedarAgent({
      rules,
      grounding: offlineGrounding(),
      library: new MemoryLibrary(),
      biomes: SIM_BIOMES,
    })
    const world = new SimWorld({ seed: 3, startInventory: { white_bed: 1 }, startTime: 11_000 })
    const report = await agent.do('collect a diamond but sleep at night', world, { clock: () => world.ticks })
    assert.equal(report.result?.outcome, 'goal', report.result?.message)
    const composition = report.composition
    assert.ok(composition)
    assert.ok(composition.reachableStates <= 17, `${composition.reachableStates} reachable states`)
    assert.ok(report.result?.steps.some((s) => s.action === 'sleep.bed' && s.ok))
  })
})
