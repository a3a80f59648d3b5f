// The worker thread the live bot learns in: an abort terminates its job at once. Timed in wall time, so it runs
// alone (the rest of cancellation end to end is test/cancellation.test.ts, beside other files).
// test-runs-alone: a worker's job rejected within 100 ms of the abort, in wall time
import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { WorkerComputation } from '../plugin/agent/compute/worker-computation.js'
import { skillKey } from '../plugin/agent/skills/skill-key.js'
import { loadRules } from '../plugin/world/rules.js'

describe('the learning worker', () => {
  const rules = loadRules()
  const workers = new WorkerComputation()
  after(() => workers.close())

  test('an abort terminates the job at once and rejects with the reason; the next job runs', async () => {
    const controller = new AbortController()
    const reason = new Error('stopped by Alex')
    let abortedAt = 0
    const run = workers.learnSkill(skillKey('craft', 'iron_sword', rules), rules, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'queries' && !controller.signal.aborted) {
          abortedAt = performance.now()
          controller.abort(reason)
        }
      },
    })
    await assert.rejects(run, (error) => error === reason)
    const cancelMs = performance.now() - abortedAt
    assert.ok(cancelMs < 100, `the job rejected ${cancelMs.toFixed(0)} ms after the abort`)
    const next = await workers.learnSkill(skillKey('mine', 'oak_log', rules), rules)
    assert.equal(next.key.object, 'oak_log')
  })
})
