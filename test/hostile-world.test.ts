// Issue 25: faults of the world and of the task's own outcome. A run the world spoiled (the log broken by someone
// else while the bot dug it) is reported as such and never becomes a counterexample against a right skill; a run
// whose plan was wrong still does; and `cedarTaskEnd` carries the run's real outcome with its reason.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { type TaskEnd, TaskFailedError, TaskRunner } from '../plugin/agent/task-runner.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import type { Primitive } from '../plugin/vocabulary/symbols.js'
import type { World } from '../plugin/world/port.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'
import { wrongPickaxeSkill } from './support/skill-records.js'

/**
 * The Sim, except that the first dig of a log "succeeds" with nothing to show: another player broke the block
 * under the bot and took the log, as on a live server.
 */
function logStolenOnce(inner: SimWorld): World & { readonly stolen: number } {
  let stolen = 0
  return {
    get stolen() {
      return stolen
    },
    observe: () => inner.observe(),
    act: async (primitive: Primitive, signal?: AbortSignal, options?: Parameters<World['act']>[2]) => {
      if (primitive.verb === 'mine' && primitive.object === 'logs' && stolen === 0) {
        stolen++
        return { ok: true, detail: 'the block was broken by someone else' }
      }
      return inner.act(primitive, signal, options)
    },
    ...(inner.waitTicks ? { waitTicks: (ticks: number, signal?: AbortSignal) => inner.waitTicks(ticks, signal) } : {}),
  }
}

describe('the world at fault', () => {
  const rules = loadRules()
  const grounding = offlineGrounding()

  test('a log taken mid-dig: the run goes on to another log, and the stored skill is unchanged', async () => {
    const library = new MemoryLibrary()
    const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES })
    // The skill is learned first, on a world that behaves.
    const first = await agent.do('collect a log', new SimWorld({ seed: 0 }))
    assert.equal(first.result?.outcome, 'goal', first.result?.message)
    const before = await library.get('skill', 'mine.logs')
    assert.ok(before)

    // A milestone skill (issue 18) accepts only once has.logs.1 happened, so the stolen log does not end the run
    // "accepted without the goal": the controller pursues the milestone again and mines another log.
    const world = logStolenOnce(new SimWorld({ seed: 0 }))
    const spoiled = await agent.do('collect a log', world)
    assert.equal(world.stolen, 1)
    assert.equal(spoiled.result?.outcome, 'goal', spoiled.result?.message)
    assert.equal(spoiled.corrected, undefined, 'no counterexample was taken')
    assert.equal(spoiled.worldFault, undefined)
    const after = await library.get('skill', 'mine.logs')
    assert.deepEqual(after, before, 'the stored skill is unchanged: version, DFA and evidence')
  })

  test('a run whose plan was wrong is still a counterexample, and the skill is corrected', async () => {
    const library = new MemoryLibrary()
    // "One log is a wooden pickaxe": wrong in any world, the Sim included.
    await library.save(wrongPickaxeSkill())
    const agent = new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES })
    const report = await agent.do('craft a wooden pickaxe', new SimWorld({ seed: 0 }))
    assert.equal(report.result?.outcome, 'accepted-without-goal')
    assert.equal(report.worldFault, undefined)
    assert.equal(report.corrected?.version, 2)
  })
})

describe('cedarTaskEnd carries the real outcome', () => {
  const ends: TaskEnd[] = []
  const tasks = new TaskRunner({ onEnd: (_task, end) => ends.push(end) })

  test('done, refused and failed as the work says; thrown and cancelled as before, each with its reason', async () => {
    await tasks.run(
      'a',
      'Alex',
      async () => 'ok',
      () => ({ status: 'done' }),
    )
    await tasks.run(
      'b',
      'Alex',
      async () => 'no',
      () => ({ status: 'refused', reason: 'conflicts with x' }),
    )
    await tasks.run(
      'c',
      'Alex',
      async () => 'not done',
      () => ({ status: 'failed', reason: 'no-path: stuck' }),
    )
    await assert.rejects(
      tasks.run('d', 'Alex', async () => {
        throw new Error('boom')
      }),
    )
    const cancelled = tasks.run(
      'e',
      'Alex',
      (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    )
    tasks.stop('!stop by Alex')
    await assert.rejects(cancelled)
    assert.deepEqual(
      ends.map((e) => [e.status, 'reason' in e ? e.reason : '']),
      [
        ['done', ''],
        ['refused', 'conflicts with x'],
        ['failed', 'no-path: stuck'],
        ['failed', 'boom'],
        ['cancelled', '!stop by Alex'],
      ],
    )
    const failed = ends[2]
    assert.ok(failed?.status === 'failed' && failed.error instanceof TaskFailedError)
  })
})
