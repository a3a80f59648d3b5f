// Critic rounds over Sim episodes take minutes, longer than a unit test may, so it runs with the server tests:
// test-kind: server
// Issue 42's check, smaller: three critic rounds over 12 careless Sim episodes each (toward the seed skills' goals),
// the laws of each round installed as LogicGuard installs them; afterwards no installed law refuses a needed act of
// any successful recorded run or of the Sim's shortest plan for any of those goals, and every rejected proposal is
// reported with its reason. Issue 42's full bar (five rounds over 25 episodes, five plan seeds) is a goal of the
// critic bench (`npm run bench -- critic`), whose committed result README shows.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { measureCriticSafety } from '../bench/critic-safety.js'
import { TrajectoryLog } from '../plugin/agent/critic/trajectory-log.js'

describe('the critic never makes the bot worse', () => {
  test('3 rounds over 12 Sim episodes: no installed law blocks a successful run or a Sim plan', {
    timeout: 900_000,
  }, async (t) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cedar-critic-safety-'))
    try {
      const safety = await measureCriticSafety({
        log: new TrajectoryLog(dir, 10_000),
        rounds: 3,
        episodes: 12,
        planSeeds: [100],
        progress: (line) => t.diagnostic(line),
      })
      t.diagnostic(`${safety.laws.length} laws in force: ${safety.laws.map((l) => `${l.id} ${l.text}`).join('; ')}`)
      t.diagnostic(`${safety.rejected.length} rejected; ${safety.blockedWasted} wasted acts refused`)
      assert.equal(safety.rounds.length, 3)
      assert.ok(safety.successfulRuns >= 12, `${safety.successfulRuns} successful runs to check against`)
      assert.ok(safety.plans >= 8, `${safety.plans} Sim plans to check against`)
      assert.ok(safety.laws.length > 0, 'the critic learned something to check')
      assert.deepEqual(safety.blockedNeeded, [])
      assert.ok(
        safety.rejected.every((r) => r.reason.length > 0),
        'every rejected proposal says why',
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
