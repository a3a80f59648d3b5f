// A primitive stopped by its deadline or its caller (plugin/world/mineflayer/limits.ts, runLimited) is told as ended
// only once its work has come to rest: work still digging after its outcome was told aborted the next act's dig (a
// live bot's shelter, dug right after a zombie interrupted its mining, failed with "Digging aborted").
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { runLimited } from '../plugin/world/mineflayer/limits.js'
import { success } from '../plugin/world/port.js'

/** Just what halting the bot's motions touches. */
const quietBot = () =>
  ({
    pathfinder: { setGoal: () => undefined, stop: () => undefined },
    targetDigBlock: null,
    clearControlStates: () => undefined,
  }) as unknown as Bot

describe('a stopped primitive', () => {
  test('is told as cancelled only after its work has seen the signal and stopped', async () => {
    const caller = new AbortController()
    let workEnded = false
    const outcome = runLimited(quietBot(), 'mine.coal_ore', 60_000, caller.signal, async (signal) => {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
      // The work's last steps after the abort (a dig's cleanup, a walk's stop) take a few turns of the event loop.
      for (let turn = 0; turn < 20; turn++) await new Promise<void>((resolve) => setImmediate(resolve))
      workEnded = true
      return success('mined nothing')
    })
    caller.abort()
    const told = await outcome
    assert.equal(told.ok, false)
    assert.equal(told.ok ? '' : told.failure, 'cancelled')
    assert.ok(workEnded, 'the outcome came while the work still ran')
  })

  test('whose work never stops is still told as ended, a few seconds on', async () => {
    const caller = new AbortController()
    const outcome = runLimited(quietBot(), 'kill.zombie', 60_000, caller.signal, () => new Promise(() => undefined))
    caller.abort()
    const told = await outcome
    assert.equal(told.ok ? '' : told.failure, 'cancelled')
  })
})
