// The live world's tick waits (world/mineflayer/clock.ts) leave nothing behind on the bot or on the signal: the idle
// reflexes wait a second at a time on one signal for as long as the bot lives.
import assert from 'node:assert/strict'
import { EventEmitter, getEventListeners } from 'node:events'
import { test } from 'node:test'
import type { Bot } from 'mineflayer'
import { waitTicks } from '../plugin/world/mineflayer/clock.js'

test('a hundred waits on one signal add no listener that stays, to the signal or the bot', async () => {
  const bot = Object.assign(new EventEmitter(), { time: { timeOfDay: 0, isDay: true } }) as unknown as Bot
  const signal = new AbortController().signal
  const ticking = setInterval(() => (bot as unknown as EventEmitter).emit('physicsTick'), 1)
  try {
    for (let i = 0; i < 100; i++) await waitTicks(bot, 2, signal)
  } finally {
    clearInterval(ticking)
  }
  assert.equal(getEventListeners(signal, 'abort').length, 0)
  assert.equal((bot as unknown as EventEmitter).listenerCount('physicsTick'), 0)
})
