// A learned skill decides its acts (issue 34, CEDAR §3): learned with execution in the Sim as its teacher, the
// wooden pickaxe's DFA holds the order of its acts — each act of a run moves it to a new state, and from each
// state the only acts that lead on are those of a way the world allows — and a player's correction of one act
// (`!wrong N`: that act should not have happened there) makes the next run take another act at that point.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { parseDfaJson } from '../plugin/automata/index.js'
import { shortestPathToAcceptance } from '../plugin/automata/search.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { isActionSymbol } from '../plugin/vocabulary/symbols.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()

async function run(agent: CedarAgent, seed: number) {
  const world = new SimWorld({ seed })
  const report = await agent.do('craft a wooden pickaxe', world, { clock: () => world.ticks })
  const steps = report.result?.steps ?? []
  return {
    goal: report.result?.outcome === 'goal' && (world.observe().inventory.get('wooden_pickaxe') ?? 0) > 0,
    message: report.result?.message,
    acts: steps.filter((s) => s.ok).map((s) => s.action),
    word: report.result?.word ?? [],
    steps,
  }
}

describe('a learned skill orders its acts', () => {
  test('every act of the run is a transition of the learned DFA, and the DFA has more than the milestones', async () => {
    const library = new MemoryLibrary()
    const agent = new CedarAgent({ rules, grounding: offlineGrounding(), library, biomes: SIM_BIOMES })
    const first = await run(agent, 0)
    assert.ok(first.goal, first.message)
    // Each act done leaves its state (a milestone checklist loops every act in one state).
    const done = first.steps.filter((s) => s.ok)
    assert.ok(
      done.every((s) => s.from !== s.state),
      done.map((s) => `${s.action} ${s.from}>${s.state}`).join(', '),
    )
    const record = await library.get('skill', 'craft.wooden_pickaxe')
    assert.ok(record)
    const dfa = parseDfaJson(record.dfa)
    assert.ok(dfa.stateCount > 3, `${dfa.stateCount} states`)
    // Planks before any log: the DFA refuses it (the world does).
    assert.equal(shortestPathToAcceptance(dfa, dfa.step(dfa.initial, 'craft.planks')), undefined)
    assert.ok(shortestPathToAcceptance(dfa, dfa.step(dfa.initial, 'mine.logs')))
  })

  test('a correction of act 3 (the table crafted there) changes the next run at act 3, and it still gets there', async () => {
    const library = new MemoryLibrary()
    const agent = new CedarAgent({ rules, grounding: offlineGrounding(), library, biomes: SIM_BIOMES })
    const before = await run(agent, 1)
    assert.ok(before.goal, before.message)
    const record = await library.get('skill', 'craft.wooden_pickaxe')
    assert.ok(record)
    const alphabet = new Set(record.alphabet)
    const word = before.word.filter((s) => alphabet.has(s))
    const third = word.findIndex(
      (s, i) => isActionSymbol(s) && word.slice(0, i + 1).filter(isActionSymbol).length === 3,
    )
    const wrong = word.slice(0, third + 1)
    await agent.counterexample(wrong, false, 'craft.wooden_pickaxe')
    const after = await run(agent, 1)
    assert.ok(after.goal, after.message)
    assert.deepEqual(after.acts.slice(0, 2), before.acts.slice(0, 2), 'the acts before the wrong one stay')
    assert.notEqual(after.acts[2], before.acts[2], `act 3 was ${before.acts[2]} again: ${after.acts.join(' ')}`)
  })

  test('logs in hand are used, not mined again; leftover planks leave the act order in charge', async () => {
    const library = new MemoryLibrary()
    const agent = new CedarAgent({ rules, grounding: offlineGrounding(), library, biomes: SIM_BIOMES })
    const from = async (startInventory: Record<string, number>) => {
      const world = new SimWorld({ seed: 0, startInventory })
      const report = await agent.do('craft a wooden pickaxe', world)
      assert.equal(report.result?.outcome, 'goal', report.result?.message)
      return (report.result?.steps ?? []).filter((s) => s.ok)
    }
    // The order was learned from empty hands, where it begins with mine.logs: three logs make every plank needed.
    const withLogs = await from({ oak_log: 3 })
    assert.deepEqual(
      withLogs.filter((s) => s.action === 'mine.logs'),
      [],
      withLogs.map((s) => s.action).join(' '),
    )
    // Planks left over from an earlier run: the order decides (each act leaves its state), starting with mine.logs.
    const withPlanks = await from({ oak_planks: 3 })
    assert.equal(withPlanks[0]?.action, 'mine.logs')
    assert.ok(
      withPlanks.every((s) => s.from !== s.state),
      withPlanks.map((s) => `${s.action} ${s.from}>${s.state}`).join(', '),
    )
  })
})
