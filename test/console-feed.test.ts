// The console is a view of the bot, not of the page: the game's chat (and the bot's replies in it, whispers both
// ways) and a task a player started in game reach the feed a page draws from, as a command typed on the page does.
import assert from 'node:assert/strict'
import { EventEmitter } from 'node:events'
import { test } from 'node:test'
import type { Bot } from 'mineflayer'
import { type ConsoleEvent, ConsoleFeed } from '../plugin/console/console-feed.js'

/** Only what the feed reads of a bot: its events, its name, and bot.cedar's laws. */
function fakeBot(): { bot: Bot; emit: (event: string, ...args: unknown[]) => void } {
  const emitter = new EventEmitter()
  Object.assign(emitter, {
    username: 'cedar',
    cedar: { laws: { list: () => [] }, critic: { proposed: () => [] } },
  })
  return { bot: emitter as unknown as Bot, emit: (event, ...args) => emitter.emit(event, ...args) }
}

test('the game’s chat and whispers, and a task started in game, reach the console feed', () => {
  const { bot, emit } = fakeBot()
  const feed = new ConsoleFeed(bot)
  const events: ConsoleEvent[] = []
  feed.subscribe((e) => events.push(e))
  emit('chat', 'Alex', '!do collect 3 oak logs')
  emit('chat', 'cedar', 'understood: "collect 3 oak logs"')
  emit('whisper', 'Alex', 'status')
  emit('cedarWhispered', 'Alex', 'cedar 1.0: idle')
  emit('cedarTaskStart', { name: 'do collect 3 oak logs', requestedBy: 'Alex', startedAt: 1 })
  emit('cedarProgress', {
    type: 'grounded',
    grounded: { goals: [{ text: 'collect 3 oak logs', alphabet: ['mine.oak_log'] }], constraints: [] },
  })
  const snapshot = feed.snapshot() as {
    lines: { kind: string; text: string }[]
    task: { name: string; by: string; goals: { text: string }[] }
  }
  assert.deepEqual(
    snapshot.lines.map((l) => `${l.kind} ${l.text}`),
    [
      'game <Alex> !do collect 3 oak logs',
      'game <cedar> understood: "collect 3 oak logs"',
      'game Alex whispers: status',
      'game cedar whispers to Alex: cedar 1.0: idle',
    ],
  )
  assert.equal(snapshot.task.name, 'do collect 3 oak logs')
  assert.equal(snapshot.task.by, 'Alex')
  assert.deepEqual(
    snapshot.task.goals.map((g) => g.text),
    ['collect 3 oak logs'],
  )
  assert.deepEqual(
    events.map((e) => e.type),
    ['line', 'line', 'line', 'line', 'task', 'grounded'],
  )
  feed.close()
  emit('chat', 'Alex', 'after close')
  assert.equal(events.length, 6, 'nothing after close')
})
