// The player as a teacher on the real server: the bot asks in chat, the player answers, the learner gets the label.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { createCedar } from '../index.js'
import { QueryCache } from '../plugin/learning/index.js'
import { PlayerTeacher } from '../plugin/teachers/player-teacher.js'
import { nextChat, openSession, type TestSession, waitUntil } from './harness/index.js'

let session: TestSession
let cedarBot: Bot
let alex: Bot

before(async () => {
  session = await openSession()
  cedarBot = await session.bot('cedar', {
    botOptions: { plugins: { cedar: createCedar({ owners: ['Alex'], logger: { info() {}, warn() {}, error() {} } }) } },
  })
  alex = await session.bot('Alex')
  await waitUntil(cedarBot, () => Boolean(cedarBot.players.Alex), 'cedar sees Alex')
})
after(() => session?.close())

test('the bot asks in chat, Alex answers !no, and the learner gets false', async () => {
  const teacher = new PlayerTeacher((question, timeoutMs) => cedarBot.cedar.ask('Alex', question, timeoutMs), {
    instruction: 'mine only at night',
    timeoutMs: 10_000,
  })
  const cache = new QueryCache(teacher)
  const question = nextChat(alex, 'cedar', (m) => m.includes('be OK for'))
  const label = cache.ask([['mine.iron_ore', 'time.day']])
  assert.equal(
    (await question).message,
    'Alex, would mining iron ore, then in the day be OK for "mine only at night"? !yes / !no (or !skip)',
  )
  alex.chat('!no')
  assert.deepEqual(await label, [false])
  assert.deepEqual(teacher.stats, { asked: 1, answered: 1, skipped: 0, timedOut: 0, fromFallback: 0 })
})

test('!yes, !skip and an unanswered question', async () => {
  const teacher = new PlayerTeacher((question, timeoutMs) => cedarBot.cedar.ask('Alex', question, timeoutMs), {
    instruction: 'sleep at night',
    timeoutMs: 1_500,
  })
  const answers = teacher.answer([['sleep.bed'], ['mine.stone'], ['time.night']])
  for (const reply of ['!yes', '!skip']) {
    await nextChat(alex, 'cedar', (m) => m.startsWith('Alex, would'))
    alex.chat(reply)
  }
  await nextChat(alex, 'cedar', (m) => m.startsWith('Alex, would at night be OK'))
  // Nobody answers the third: it times out after 1.5 s and counts as "no" (no fallback teacher here).
  assert.deepEqual(await answers, [true, false, false])
  assert.deepEqual(teacher.stats, { asked: 3, answered: 1, skipped: 1, timedOut: 1, fromFallback: 2 })
  const unasked = nextChat(alex, 'cedar')
  alex.chat('!yes')
  assert.equal((await unasked).message, 'I have not asked you anything, Alex')
})
