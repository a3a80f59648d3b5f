// Counted goals (issue 34): a craft that makes several runs once per that many ("16 torches": 4 torch crafts, each
// waiting for 4 more), the goals reach their count from an empty inventory with one crafting table (a second is
// carried down only for a table craft still to make below, or a tool that will wear out there:
// test/sim-live-failures.test.ts), and a run the world is not shown to have spoiled does not blame the world.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import type { ControllerResult } from '../plugin/agent/controller/index.js'
import { describeStuck, judgeStuckRun } from '../plugin/agent/run/stuck-runs.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
const grounding = offlineGrounding()

describe('counted goals in the Sim, from an empty inventory', () => {
  for (const [instruction, item, count] of [
    ['make 16 torches', 'torch', 16],
    ['collect 10 cobblestone', 'cobblestone', 10],
    ['make a white bed', 'white_bed', 1],
  ] as const) {
    test(`"${instruction}": reached on seeds 0–9, with one crafting table`, async () => {
      const agent = new CedarAgent({ rules, grounding, library: new MemoryLibrary(), biomes: SIM_BIOMES })
      for (let seed = 0; seed <= 9; seed++) {
        const world = new SimWorld({ seed })
        const report = await agent.do(instruction, world)
        assert.equal(report.result?.outcome, 'goal', `seed ${seed}: ${report.refusal ?? report.result?.message}`)
        assert.ok((world.state.inventory[item] ?? 0) >= count, `seed ${seed}: ${JSON.stringify(world.state.inventory)}`)
        const tables = report.result?.steps.filter((s) => s.ok && s.action === 'craft.crafting_table').length
        // Neither the torches' nor the bed's last craft needs a table below, and ten cobblestone do not wear out
        // a wooden pickaxe: a table carried down for them was one too many.
        assert.equal(tables, 1, `seed ${seed}: ${tables} crafting tables made`)
      }
    })
  }

  test('16 torches are 4 torch crafts, not 16', async () => {
    const agent = new CedarAgent({ rules, grounding, library: new MemoryLibrary(), biomes: SIM_BIOMES })
    const report = await agent.do('make 16 torches', new SimWorld({ seed: 2 }))
    const crafts = report.result?.steps.filter((s) => s.ok && s.action === 'craft.torch').length
    assert.equal(crafts, 4)
  })
})

describe('what the bot holds already', () => {
  const agent = () => new CedarAgent({ rules, grounding, library: new MemoryLibrary(), biomes: SIM_BIOMES })

  test('"make a white bed" holding one makes a second (it was refused: the goal had happened before the run)', async () => {
    const world = new SimWorld({ seed: 0, startInventory: { white_bed: 1 } })
    const report = await agent().do('make a white bed', world)
    assert.equal(report.result?.outcome, 'goal', report.refusal ?? report.result?.message)
    assert.equal(world.state.inventory.white_bed, 2)
    assert.ok(
      report.result?.steps.some((s) => s.ok && s.action === 'craft.white_bed'),
      'a bed was crafted',
    )
  })

  test('"collect 2 oak logs" holding 3 is done at once: what is got counts what is held', async () => {
    const world = new SimWorld({ seed: 0, startInventory: { oak_log: 3 } })
    const report = await agent().do('collect 2 oak logs', world)
    assert.equal(report.result?.outcome, 'goal', report.refusal ?? report.result?.message)
    assert.equal(report.result?.steps.length, 0)
    assert.equal(world.state.inventory.oak_log, 3)
  })
})

describe('a stuck run nobody is shown to have caused', () => {
  test('nothing failed and no rule in the run: the plan is named, not the world, and no skill changes', () => {
    const result: ControllerResult = {
      outcome: 'no-path',
      message: 'no way to the goal is left from here',
      word: ['mine.coal_ore', 'has.coal.1', 'craft.torch', 'has.torch.4'],
      steps: [],
      trace: [
        { state: [], action: 'mine.coal_ore', ok: true },
        { state: [], action: 'craft.torch', ok: true },
      ],
    }
    const verdict = judgeStuckRun({ skills: [], constraints: [] }, result)
    assert.deepEqual(verdict, {
      kind: 'plan',
      reason: 'no way to the goal is left from here, after mine.coal_ore has.coal.1 craft.torch has.torch.4',
    })
    assert.ok(verdict)
    assert.equal(
      describeStuck(verdict),
      'no act failed and the world is not shown at fault: the skills as planned had no way on (no way to the goal is left from here, after mine.coal_ore has.coal.1 craft.torch has.torch.4); no skill was changed (say !wrong <skill> if one was wrong)',
    )
  })
})
