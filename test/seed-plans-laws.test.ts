// The plugin's own plans keep the laws it loads by default: every seed skill's goal, run by the controller in the
// Sim behind the default shield (vanilla-hard: LogicGuard's hard laws with vanilla's pickaxes) on 25 seeds, reaches its goal, and no law refuses an act
// of its plan that would have worked (each refused act is tried on a copy of the world). A refusal of an act that
// would have failed anyway (a craft at a table left behind) is the law doing its job: the controller plans around it.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { agentGrounding, createAgent, createLaws } from '../plugin/agent/assembly.js'
import { controllerGate } from '../plugin/agent/controller-gate.js'
import { SEED_GOALS } from '../plugin/agent/skills/seed-skills.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { resolveOptions } from '../plugin/config/options.js'
import { parsePrimitive } from '../plugin/vocabulary/symbols.js'
import { SimWorld } from '../plugin/world/sim/index.js'

const SEEDS = Array.from({ length: 25 }, (_, i) => i)

describe('seed-skill plans under the default laws in the Sim', () => {
  test('on 25 seeds, no act of any seed goal’s plan is refused by a default law', { timeout: 900_000 }, async (t) => {
    const defaults = resolveOptions({})
    assert.deepEqual(defaults.shield.lawSets, ['vanilla-hard'])
    // One library for every run: each skill is learned once, as on a bot with a store.
    const agent = createAgent(agentGrounding(undefined), new MemoryLibrary())
    const wrong: string[] = []
    let harmless = 0
    const unreached: string[] = []
    let runs = 0
    let reached = 0
    for (const seed of SEEDS) {
      for (const [verb, object] of SEED_GOALS) {
        const world = new SimWorld({ seed })
        const laws = createLaws({ lawSets: defaults.shield.lawSets })
        const gate = controllerGate(laws.shield, { commits: true })
        const report = await agent.do(`${verb} ${object}`, world, {
          gate: {
            ...gate,
            check: (action, observation) => {
              const refusedBy = gate.check(action, observation)
              const primitive = parsePrimitive(action)
              if (refusedBy !== undefined && primitive) {
                if (world.clone().actNow(primitive).ok)
                  wrong.push(`seed ${seed}, ${verb} ${object}: ${action} (${refusedBy})`)
                else harmless++
              }
              return refusedBy
            },
          },
          clock: () => world.ticks,
        })
        runs++
        if (report.result?.outcome === 'goal') reached++
        else
          unreached.push(
            `seed ${seed}, ${verb} ${object}: ${report.result?.outcome} ${report.result?.message ?? report.refusal}`,
          )
      }
    }
    t.diagnostic(`${runs} runs, ${reached} reached their goal; ${harmless} refusals of acts that would have failed`)
    assert.deepEqual(wrong, [], 'a default law refused a working act of the plugin’s own plan')
    assert.ok(reached >= runs * 0.9, `${reached} of ${runs} reached their goal:\n${unreached.join('\n')}`)
  })
})
