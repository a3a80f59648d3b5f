// A learned constraint DFA as a shield monitor: other code is held to "sleep at night" and "never mine oak_log".
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { learnConstraint } from '../plugin/agent/constraints/constraint-learning.js'
import { createShield } from '../plugin/agent/critic/laws.js'
import { DfaMonitor } from '../plugin/ltl/dfa-monitor.js'
import { isActionSymbol } from '../plugin/vocabulary/symbols.js'

async function monitorFor(phrase: string, alphabet: string[]): Promise<DfaMonitor> {
  const learned = await learnConstraint(phrase, alphabet)
  return new DfaMonitor('C1', learned.dfa, (s) => !isActionSymbol(s), 'hard', 'constraint', `constraint "${phrase}"`)
}

describe('DfaMonitor in the shield', () => {
  test('sleep at night: after nightfall only sleeping is allowed; by day anything', async () => {
    const shield = createShield()
    shield.add(await monitorFor('sleep at night', ['sleep.bed', 'time.night', 'mine.stone', 'craft.planks']))
    shield.observe(new Set(['time.day']))
    assert.equal(shield.check('mine.stone').allowed, true)
    shield.commit('mine.stone')
    shield.observe(new Set(['time.night']))
    const verdict = shield.check('mine.stone')
    assert.equal(verdict.allowed, false)
    assert.deepEqual(
      verdict.blockedBy.map((l) => l.text),
      ['constraint "sleep at night"'],
    )
    assert.equal(shield.check('sleep.bed').allowed, true)
    shield.commit('sleep.bed')
    // Still night at the next state position: the event fired once, and the promise was kept.
    shield.observe(new Set(['time.night']))
    assert.equal(shield.check('mine.stone').allowed, true)
  })

  test('an action outside the alphabet is not its business, but a family member is', async () => {
    const shield = createShield()
    shield.add(await monitorFor('never mine logs', ['mine.logs']))
    shield.observe(new Set())
    assert.equal(shield.check('craft.planks').allowed, true)
    assert.equal(shield.check('mine.oak_log').allowed, false, 'mine.oak_log is a mine.logs')
  })
})
