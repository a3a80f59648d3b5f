// Every request the bot suggests works: the refusals of the requests it cannot do ("get some bone meal", "help me") and the
// hints to players who talk to it say what it understood and suggest requests, and each suggestion, run in the Sim
// as `!do` would run it, reaches its goal.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { MentionHint } from '../plugin/chat/mention-hint.js'
import { unreadableLine } from '../plugin/chat/refusals.js'
import { SUGGESTED_REQUESTS } from '../plugin/chat/suggestions.js'
import { cedar } from './support/cli.js'
import { JARGON } from './support/symbols.js'

/** What the bot cannot do yet, as players asked it (issue 41's first hour, and nonsense). */
const CANNOT = ['get some bone meal', 'kill a zombie', 'build me a house', 'help me', 'xyzzy plugh']

/** The `!do` requests a line suggests. */
function suggested(line: string): string[] {
  return [...line.matchAll(/!do ((?:(?! or !do| \(|;|,)[^<>])+)/g)].map((m) => (m[1] ?? '').trim())
}

test('each request the bot cannot do is refused in one line: what it understood, what it cannot, what works', async () => {
  const printed: string[] = []
  for (const instruction of CANNOT) {
    const run = await cedar(['sim', 'do', '--offline', instruction])
    assert.notEqual(run.code, 0, `${instruction} is not something the bot can do yet: ${run.stdout}`)
    const problem = run.stderr.trim().replace(/^cedar: /, '')
    const line = unreadableLine(instruction, problem, '!')
    printed.push(line)
    assert.match(line, new RegExp(`^I cannot do "${instruction}" yet: .+; try !do .+ or !do .+$`), line)
    assert.doesNotMatch(line, JARGON, line)
  }
  assert.match(printed[0] ?? '', /^I cannot do "get some bone meal" yet: I understood getting bone meal, but /)
  assert.match(printed[3] ?? '', /nothing in it is an item or block I know how to get/)
  const hints = new MentionHint('!', () => 0, 0)
  for (const said of [
    'hey cedar can you help me?',
    'cedar, get me some wood',
    'cedar craft me a stone pickaxe',
    'cedar',
  ]) {
    printed.push(hints.hintFor('Alex', said, 'cedar') ?? '')
  }
  const requests = new Set([...SUGGESTED_REQUESTS, ...printed.flatMap(suggested)])
  assert.ok(requests.size >= 3, [...requests].join(' | '))
  for (const request of requests) {
    assert.ok((SUGGESTED_REQUESTS as readonly string[]).includes(request), `"${request}" is one of the known requests`)
    const run = await cedar(['sim', 'do', '--offline', request])
    assert.equal(run.code, 0, `${request}: ${run.stderr}`)
    assert.match(run.stdout, /^goal reached: /, `${request}: ${run.stdout}`)
  }
})
