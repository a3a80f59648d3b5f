// One run pipeline (plugin/agent/run/episode.ts): a bot's agent and the Sim's (`cedar sim do`, the bench) run an
// instruction through the same episode, so the same instruction in the same world goes through the same stages,
// reports the same progress and takes the same acts — the bot only adds its hooks (its shield holds the run's
// constraints while it runs; the run is kept for `!wrong` and given to the critic).
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { createLaws } from '../plugin/agent/assembly.js'
import { BotAgent } from '../plugin/agent/bot-agent.js'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import type { EpisodeStage } from '../plugin/agent/run/episode.js'
import type { AgentProgress } from '../plugin/agent/run/index.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { SkillStore } from '../plugin/store/skill-store.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
const grounding = offlineGrounding()
const newAgent = () => new CedarAgent({ rules, grounding, library: new MemoryLibrary(), biomes: SIM_BIOMES })

interface Seen {
  stages: EpisodeStage[]
  progress: string[]
  acts: string[]
}

function recorder(): { seen: Seen; onStage: (s: EpisodeStage) => void; onProgress: (p: AgentProgress) => void } {
  const seen: Seen = { stages: [], progress: [], acts: [] }
  return {
    seen,
    onStage: (stage) => seen.stages.push(stage),
    onProgress: (p) => {
      seen.progress.push(p.type === 'step' ? `step ${p.step.action} ${p.step.ok}` : p.type)
      if (p.type === 'step') seen.acts.push(p.step.action)
    },
  }
}

describe('one episode for the bot and the Sim', () => {
  for (const instruction of ['craft a wooden pickaxe', 'collect 3 coal but mine minerals only at night']) {
    test(`"${instruction}": the same stages, progress and acts through BotAgent as through the Sim's agent`, async () => {
      const sim = recorder()
      const simReport = await newAgent().do(instruction, new SimWorld({ seed: 3 }), {
        onStage: sim.onStage,
        onProgress: sim.onProgress,
      })
      assert.equal(simReport.result?.outcome, 'goal', simReport.result?.message)

      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-episode-'))
      try {
        const laws = createLaws({ lawSets: [] })
        const trajectories: { task: string; success: boolean }[] = []
        const monitorsWhileRunning: string[][] = []
        const bot = new BotAgent(
          new SimWorld({ seed: 3 }),
          laws.shield,
          new SkillStore(dir),
          newAgent,
          async (task, _steps, success) => {
            trajectories.push({ task, success })
          },
        )
        const live = recorder()
        const botReport = await bot.do(instruction, {
          onStage: live.onStage,
          onProgress: (p) => {
            live.onProgress(p)
            if (p.type === 'step') monitorsWhileRunning.push(laws.shield.monitors().map((m) => m.id))
          },
        })
        assert.equal(botReport.result?.outcome, 'goal', botReport.result?.message)
        assert.deepEqual(live.seen.stages, sim.seen.stages)
        assert.deepEqual(sim.seen.stages, ['planned', 'needs-met', 'ran', 'reported'])
        assert.deepEqual(live.seen.progress, sim.seen.progress)
        assert.ok(sim.seen.acts.length > 0)
        // What only the bot does: the run kept for `!wrong`, its trajectory given to the critic, and the run's
        // constraints held by the shield while it ran, gone after.
        assert.equal(bot.lastRun?.instruction, instruction)
        assert.deepEqual(trajectories, [{ task: instruction, success: true }])
        const constraintIds = botReport.constraints.map((c) => `C:${c.id}`)
        for (const ids of monitorsWhileRunning) assert.deepEqual(ids, constraintIds)
        assert.deepEqual(
          laws.shield.monitors().map((m) => m.id),
          [],
        )
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    })
  }

  test('a refused instruction ends at "refused" on both, and the bot keeps no run', async () => {
    const sim = recorder()
    // "never craft planks" leaves no way to a wooden pickaxe from an empty inventory.
    const instruction = 'craft a wooden pickaxe but never craft planks'
    const simReport = await newAgent().do(instruction, new SimWorld({ seed: 1 }), { onStage: sim.onStage })
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-episode-'))
    try {
      const laws = createLaws({ lawSets: [] })
      const bot = new BotAgent(new SimWorld({ seed: 1 }), laws.shield, new SkillStore(dir), newAgent)
      const live = recorder()
      const botReport = await bot.do(instruction, { onStage: live.onStage })
      assert.ok(simReport.refusal, 'the Sim refused')
      assert.equal(botReport.refusal, simReport.refusal)
      assert.deepEqual(sim.seen.stages, ['refused'])
      assert.deepEqual(live.seen.stages, ['refused'])
      assert.equal(bot.lastRun, undefined)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
