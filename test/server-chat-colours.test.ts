// The embedded server's join and leave lines reach players as formatted chat (yellow), never with the raw colour
// code flying-squid writes into them (`&eAlex joined the game.`).
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { ChatMessage } from 'prismarine-chat'
import { openSession, type TestSession, waitFor } from './harness/index.js'

let session: TestSession
before(async () => {
  session = await openSession()
})
after(() => session?.close())

test('"Bob joined the game." and "Bob left the game." in yellow, without "&e"', async () => {
  const alex = await session.bot('Alex')
  const joined = waitFor(alex, 'message', (m: ChatMessage) => m.toString().includes('Bob joined'), 15_000)
  const bob = await session.bot('Bob')
  const [join] = await joined
  assert.equal(join.toString(), 'Bob joined the game.')
  assert.match(JSON.stringify(join.json), /"color":"yellow"/)
  const left = waitFor(alex, 'message', (m: ChatMessage) => m.toString().includes('Bob left'), 15_000)
  await session.quit(bob)
  const [leave] = await left
  assert.equal(leave.toString(), 'Bob left the game.')
  assert.doesNotMatch(leave.toString(), /&/)
})
