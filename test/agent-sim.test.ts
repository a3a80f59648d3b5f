// Skills and constraints end to end in the Sim: grounding, learning or reuse, composition, shielded execution.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import type { ControllerStep } from '../plugin/agent/controller/index.js'
import { skillKey } from '../plugin/agent/skills/skill-key.js'
import { adaptationRenaming, learnSkill, renameEvidence } from '../plugin/agent/skills/skill-learning.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { parseDfaJson } from '../plugin/automata/index.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'
import { wrongPickaxeSkill } from './support/skill-records.js'

const rules = loadRules()
const grounding = offlineGrounding()
const newAgent = () => new CedarAgent({ rules, grounding, library: new MemoryLibrary(), biomes: SIM_BIOMES })
const ORE = /^mine\.(deepslate_)?[a-z]+_ore$/

/** Actions taken awake after nightfall: after a step whose events include time.night, until sleep.bed. */
function awakeAtNight(steps: readonly ControllerStep[]): string[] {
  const bad: string[] = []
  let night = false
  for (const step of steps) {
    if (night && step.action !== 'sleep.bed') bad.push(`${step.tick}: ${step.action}`)
    if (step.action === 'sleep.bed' && step.ok) night = false
    if (step.events.includes('time.night')) night = true
    if (step.events.includes('time.day')) night = false
  }
  return bad
}

describe('agent in the Sim', () => {
  test('"collect a diamond but sleep at night": 20 seeded episodes reach a diamond and never act awake at night', async () => {
    const agent = newAgent()
    let nights = 0
    for (let seed = 0; seed < 20; seed++) {
      // Starting late in the day, every episode meets a night on the way.
      const world = new SimWorld({ seed, startInventory: { white_bed: 1 }, startTime: 10_000 + 200 * seed })
      const report = await agent.do('collect a diamond but sleep at night', world, { clock: () => world.ticks })
      assert.equal(report.result?.outcome, 'goal', `seed ${seed}: ${report.result?.message}`)
      assert.ok(world.observe().inventory.get('diamond'), `seed ${seed}: no diamond`)
      const steps = report.result?.steps ?? []
      assert.deepEqual(awakeAtNight(steps), [], `seed ${seed}`)
      if (steps.some((s) => s.action === 'sleep.bed' && s.ok)) nights++
    }
    assert.equal(nights, 20, 'every episode slept through its night')
  })

  test('"mine minerals only at night": zero daytime mineral mining, and the goal is still reached', async () => {
    const agent = newAgent()
    for (let seed = 0; seed < 5; seed++) {
      const world = new SimWorld({ seed })
      const report = await agent.do('collect 3 coal but mine minerals only at night', world, {
        clock: () => world.ticks,
      })
      assert.equal(report.result?.outcome, 'goal', `seed ${seed}: ${report.result?.message}`)
      const steps = report.result?.steps ?? []
      const daytime = steps.filter((s) => s.ok && ORE.test(s.action) && !s.night)
      assert.deepEqual(daytime, [], `seed ${seed}`)
      assert.ok(
        steps.some((s) => s.ok && ORE.test(s.action) && s.night),
        `seed ${seed}: mined at night`,
      )
    }
  })

  test('"stay in the windswept forest": never leaves it, with the constraint; leaves it without', async () => {
    const agent = newAgent()
    let leftWithout = 0
    for (let seed = 0; seed < 8; seed++) {
      const start = { seed, startBiome: 'windswept_forest', pathFailureRate: 0 }
      const kept = new SimWorld(start)
      const report = await agent.do('collect a diamond but stay in the windswept forest', kept)
      assert.equal(report.result?.outcome, 'goal', `seed ${seed}: ${report.result?.message}`)
      const outside = (report.result?.steps ?? []).filter((s) => s.biome !== 'windswept_forest')
      assert.deepEqual(outside, [], `seed ${seed}`)
      const free = new SimWorld(start)
      const unconstrained = await agent.do('collect a diamond', free)
      if ((unconstrained.result?.steps ?? []).some((s) => s.biome !== 'windswept_forest')) leftWithout++
    }
    assert.ok(leftWithout > 0, 'without the constraint some run wanders off, so the test can tell')
  })

  test('a second run of a stored skill asks the teacher nothing', async () => {
    const agent = newAgent()
    const first = await agent.do('craft a stone pickaxe but sleep at night', new SimWorld({ seed: 1 }))
    assert.ok(first.membershipQueries > 0)
    assert.deepEqual(
      first.skills.map((s) => [s.name, s.path]),
      [
        ['craft.wooden_pickaxe', 'learned'],
        // Not adapted from the wooden pickaxe: a stone pickaxe has a milestone (has.cobblestone.3) the wooden
        // one's evidence never passes, so that evidence would be believed against the teacher.
        ['craft.stone_pickaxe', 'learned'],
      ],
    )
    const second = await agent.do('craft a stone pickaxe but sleep at night', new SimWorld({ seed: 2 }))
    assert.equal(second.result?.outcome, 'goal')
    assert.equal(second.membershipQueries, 0)
    assert.deepEqual(
      second.skills.map((s) => s.path),
      ['reused', 'reused'],
    )
  })

  test('adapting mine.iron_ore to mine.gold_ore costs fewer membership queries than learning it fresh', async (t) => {
    const iron = await learnSkill(skillKey('mine', 'iron_ore', rules), rules)
    const gold = skillKey('mine', 'gold_ore', rules)
    const fresh = await learnSkill(gold, rules)
    const adapted = await learnSkill(gold, rules, {
      evidence: renameEvidence(iron.evidence, adaptationRenaming(iron.key, gold, rules)),
    })
    t.diagnostic(`mine.gold_ore: fresh ${fresh.membershipQueries} MQs, adapted ${adapted.membershipQueries} MQs`)
    assert.ok(fresh.membershipQueries > 0)
    assert.ok(adapted.membershipQueries < fresh.membershipQueries)
    assert.deepEqual(adapted.alphabet, ['equip.iron_pickaxe', 'explore.gold_ore', 'has.raw_gold.1', 'mine.gold_ore'])
    // Both run: the adapted skill gets gold in the Sim.
    const agent = newAgent()
    const report = await agent.do('mine gold ore', new SimWorld({ seed: 3 }))
    assert.equal(report.result?.outcome, 'goal', report.result?.message)
  })

  test('a skill that accepts without reaching its goal learns from the run and then works', async () => {
    const library = new MemoryLibrary()
    // A wrong skill, as a bad teacher might leave it: "one log is a wooden pickaxe".
    await library.save(wrongPickaxeSkill())
    const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES })
    const first = await agent.do('craft a wooden pickaxe', new SimWorld({ seed: 0 }))
    assert.equal(first.result?.outcome, 'accepted-without-goal')
    assert.deepEqual(
      first.result?.counterexample?.word.filter((s) => s === 'mine.logs'),
      ['mine.logs'],
    )
    const corrected = first.corrected
    assert.ok(corrected, 'the skill was corrected')
    assert.equal(corrected.version, 2)
    assert.ok(corrected.evidence.some((e) => e.gold && !e.label && e.word.join(' ') === 'mine.logs'))
    assert.equal(parseDfaJson(corrected.dfa).accepts(['mine.logs']), false)
    const second = await agent.do('craft a wooden pickaxe', new SimWorld({ seed: 0 }))
    assert.equal(second.result?.outcome, 'goal', second.result?.message)
  })

  test('a count asks only for what is missing, and a held prerequisite is not made again', async () => {
    const agent = newAgent()
    const world = new SimWorld({ seed: 2, startInventory: { coal: 2, wooden_pickaxe: 1 } })
    const report = await agent.do('collect 3 coal', world)
    assert.equal(report.result?.outcome, 'goal', report.result?.message)
    assert.deepEqual(
      report.skills.map((s) => s.name),
      ['mine.coal_ore'],
    )
    const mined = (report.result?.steps ?? []).filter((s) => s.ok && s.action === 'mine.coal_ore')
    assert.equal(mined.length, 1)
    assert.equal(world.observe().inventory.get('coal'), 3)
  })

  test('a better pickaxe held stands in for the one a skill needs: no ladder is climbed', async () => {
    const agent = newAgent()
    for (const [held, goal] of [
      ['diamond_pickaxe', 'collect a diamond'],
      ['iron_pickaxe', 'collect some raw iron'],
      ['diamond_pickaxe', 'collect 2 cobblestone'],
    ] as const) {
      const world = new SimWorld({ seed: 1, startInventory: { [held]: 1 } })
      const report = await agent.do(goal, world, { clock: () => world.ticks })
      assert.equal(report.result?.outcome, 'goal', `${goal}: ${report.result?.message}`)
      assert.equal(report.skills.length, 1, `${goal}: only the mining skill, got ${report.skills.map((s) => s.name)}`)
      const actions = (report.result?.steps ?? []).filter((s) => s.ok).map((s) => s.action)
      assert.deepEqual(
        actions.filter((a) => a.startsWith('craft.')),
        [],
        `${goal}: nothing crafted (${actions.join(' ')})`,
      )
      assert.ok(actions.includes(`equip.${held}`), `${goal}: the held ${held} is the tool (${actions.join(' ')})`)
      assert.equal(world.observe().inventory.get(held), 1)
    }
  })

  test('a run with a stand-in tool that goes wrong corrects the stored skill in its own spelling', async () => {
    const agent = newAgent()
    const world = new SimWorld({ seed: 1, startInventory: { diamond_pickaxe: 1 } })
    const prepared = await agent.prepare('collect a diamond', world.observe())
    const [skill] = prepared.skills
    assert.ok(skill?.renamedSymbols?.get('equip.iron_pickaxe') === 'equip.diamond_pickaxe')
    assert.ok(skill.dfa.alphabet.has('equip.diamond_pickaxe') && !skill.dfa.alphabet.has('equip.iron_pickaxe'))
    // As if the run had mined diamond ore with the pickaxe in hand and still had no diamond.
    const word = ['equip.diamond_pickaxe', 'mine.diamond_ore']
    const result = { outcome: 'accepted-without-goal', message: '', word, steps: [], trace: [] } as const
    const corrected = await agent.learnFromRun(prepared, result)
    assert.ok(corrected, 'the skill was learned again')
    assert.ok(corrected.alphabet.includes('equip.iron_pickaxe'), 'in the stored spelling')
    const gold = corrected.evidence.filter((e) => e.gold).map((e) => [e.word.join(' '), e.label])
    assert.ok(
      gold.some(([w, label]) => w === 'equip.iron_pickaxe mine.diamond_ore' && label === false),
      JSON.stringify(gold),
    )
    assert.ok(!corrected.alphabet.includes('equip.diamond_pickaxe'), 'no stand-in symbol leaked into the store')
  })

  test('conflicting constraints are named before anything runs', async () => {
    const agent = newAgent()
    await agent.constrain('mine minerals only at night')
    await agent.constrain('mine minerals only by day')
    await agent.constrain('sleep at night')
    const world = new SimWorld({ seed: 0 })
    const before = world.state.acts
    const report = await agent.do('collect some coal', world)
    assert.equal(report.result, undefined)
    assert.equal(world.state.acts, before, 'nothing ran')
    assert.match(report.refusal ?? '', /conflicts with "mine minerals only at night" and "mine minerals only by day"/)
    assert.deepEqual(report.composition?.conflict, ['mine-minerals-only-at-night', 'mine-minerals-only-by-day'])
  })

  test('a constraint that forbids the goal itself is named', async () => {
    const agent = newAgent()
    await agent.constrain('never mine coal ore')
    const report = await agent.do('collect some coal', new SimWorld({ seed: 0 }))
    assert.match(report.refusal ?? '', /conflicts with "never mine coal ore"/)
  })
})
