// Issue 25 on a real server (flying-squid on 127.0.0.1, real mineflayer bots): `!stop` ends a running
// `!do collect 64 coal` within a second, says so in chat, and the bot stays connected and answering.
// test-runs-alone: `!stop` answered within 1 s, in wall time
import assert from 'node:assert/strict'
import { performance } from 'node:perf_hooks'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { type CedarSession, openCedarSession, waitFor } from './harness/index.js'

describe('!stop over the real protocol', () => {
  let cedar: CedarSession
  let bot: Bot
  const converse = (line: string, last: RegExp, timeoutMs?: number) => cedar.converse(line, last, timeoutMs)
  const connected = () => !(bot._client as { ended?: boolean }).ended && bot.entity !== undefined

  before(async () => {
    cedar = await openCedarSession()
    ;({ bot } = cedar)
  })
  after(() => cedar?.close())

  test('!do collect 64 coal, then !stop: the task ends within 1 s, cancelled, and the bot stays on', async (t) => {
    const started = waitFor(bot, 'cedarTaskStart', (task) => task.name === 'do collect 64 coal', 30_000)
    const heard = waitFor(cedar.alex, 'chat', (u: string, m: string) => u === 'cedar' && /^understood/.test(m), 60_000)
    cedar.alex.chat('!do collect 64 coal')
    await started
    // Stop once the bot has answered with its reading of the instruction: the task is under way.
    await heard
    const ended = waitFor(bot, 'cedarTaskEnd', () => true, 30_000)
    const acknowledged = waitFor(
      cedar.alex,
      'chat',
      (u: string, m: string) => u === 'cedar' && /^stopped /.test(m),
      30_000,
    )
    const stoppedAt = performance.now()
    cedar.alex.chat('!stop')
    const [task, end] = await ended
    const ms = performance.now() - stoppedAt
    const [, ack] = await acknowledged
    const ackMs = performance.now() - stoppedAt
    t.diagnostic(`!stop to cedarTaskEnd: ${ms.toFixed(0)} ms; to the reply in chat: ${ackMs.toFixed(0)} ms`)
    assert.equal(ack, 'stopped collecting 64 coal')
    assert.ok(ackMs < 1000, `!stop was answered ${ackMs.toFixed(0)} ms later`)
    assert.equal(task.name, 'do collect 64 coal')
    assert.equal(end.status, 'cancelled')
    assert.ok(ms < 1000, `${ms.toFixed(0)} ms after !stop`)
    // Still on, and answering.
    const status = await converse('!status', /^cedar /, 10_000)
    assert.match(status.at(-1) ?? '', /idle|no task/)
    assert.ok(connected(), 'the connection was kept')
  })
})
