// Tools wear out (agent/run/tool-wear.ts) in the Sim, where every tool has minecraft-data's durability: a pickaxe that
// breaks mid-run is made again by the skill chain (the instruction planned anew from the inventory) and the run goes
// on to its goal; a tool that keeps breaking is replaced a bounded number of times, and the skill is not blamed.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import type { ControllerResult } from '../plugin/agent/controller/index.js'
import { judgeStuckRun } from '../plugin/agent/run/stuck-runs.js'
import { runReplacingTools, TOOL_REPLACEMENTS } from '../plugin/agent/run/tool-wear.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
type Plan = { readonly composition?: object; readonly refusal?: string }
const newAgent = () =>
  new CedarAgent({ rules, grounding: offlineGrounding(), library: new MemoryLibrary(), biomes: SIM_BIOMES })

describe('tools wear out', () => {
  test('a wooden pickaxe that breaks mid-task is crafted again (planks and sticks held) and the task is done', async () => {
    // A wooden pickaxe lasts 59 uses: 70 cobblestone wear out the first.
    assert.equal(rules.maxDurability('wooden_pickaxe'), 59)
    const world = new SimWorld({ seed: 0, pathFailureRate: 0 })
    const report = await newAgent().do('collect 70 cobblestone', world, { clock: () => world.ticks })
    assert.equal(report.result?.outcome, 'goal', report.result?.message)
    assert.equal(world.observe().inventory.get('cobblestone'), 70)
    assert.deepEqual(report.result?.brokenTools, ['wooden_pickaxe'])
    const steps = report.result?.steps ?? []
    const broke = steps.findIndex((s) => /wooden_pickaxe broke/.test(s.message ?? ''))
    assert.ok(broke > 0, 'the pickaxe broke')
    const remade = steps.findIndex((s, i) => i > broke && s.ok && s.action === 'craft.wooden_pickaxe')
    assert.ok(remade > broke, steps.map((s) => s.action).join(' '))
    assert.ok(
      steps.slice(remade).some((s) => s.ok && s.action === 'mine.stone'),
      'mining went on with the new one',
    )
    assert.equal(report.corrected, undefined, 'the skill was not blamed')
  })

  test('the Sim run of 400 cobblestone: six wooden pickaxes worn out, each made again, the goal reached', async () => {
    const world = new SimWorld({ seed: 0, pathFailureRate: 0, nightDamageInterval: 1e9 })
    const report = await newAgent().do('collect 400 cobblestone', world, { clock: () => world.ticks })
    assert.equal(report.result?.outcome, 'goal', report.result?.message)
    assert.equal(world.observe().inventory.get('cobblestone'), 400)
    assert.equal(report.result?.brokenTools?.length, 6)
  })

  test('a tool that keeps breaking is replaced a bounded number of times, and the world is named, not the skill', async () => {
    const broke: ControllerResult = {
      outcome: 'no-path',
      message: 'no way to the goal is left from here (iron_pickaxe broke)',
      word: ['mine.diamond_ore'],
      steps: [],
      trace: [{ state: [], action: 'mine.diamond_ore', ok: false, error: 'missing_tool: no pickaxe' }],
      brokenTools: ['iron_pickaxe'],
    }
    let runs = 0
    let plans = 0
    const plan: Plan = { composition: {} }
    const { last, joined } = await runReplacingTools<Plan>(
      plan,
      async () => {
        runs++
        return broke
      },
      async () => {
        plans++
        return plan
      },
    )
    assert.equal(runs, TOOL_REPLACEMENTS + 1)
    assert.equal(plans, TOOL_REPLACEMENTS)
    assert.equal(joined.brokenTools?.length, TOOL_REPLACEMENTS + 1)
    assert.equal(joined.trace.length, TOOL_REPLACEMENTS + 1)
    // The missing tool was the world's doing: the skill that planned the mine is not blamed.
    assert.deepEqual(judgeStuckRun({ skills: [], constraints: [] }, last), {
      kind: 'world',
      reason: 'the iron_pickaxe broke',
    })
    // A plan that cannot be made again (refused) ends the replacing at once.
    let tries = 0
    await runReplacingTools<Plan>(
      plan,
      async () => {
        tries++
        return broke
      },
      async () => ({ refusal: 'no way' }),
    )
    assert.equal(tries, 1)
  })
})
