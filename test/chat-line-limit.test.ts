// The bot's long replies in chat (issue 41): a teaching opening, a skill and what it needs, what an instruction
// reads as, a run's acts, each plain and --verbose, through the real commands with the agent in the Sim. Every line
// fits Minecraft's 256-character limit even whispered, and a reply too long for one line breaks where a sentence,
// clause or list item ends.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { splitForChat } from '../plugin/chat/chat-lines.js'
import { SkillStore } from '../plugin/store/skill-store.js'
import { assertChatLines, WHISPER_ROOM } from './support/chat-limit.js'
import { openSimChat } from './support/sim-chat.js'

const dirs: string[] = []
after(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

/** Commands whose replies run long: lists of acts, needs and symbols, and the questions' opening. */
const LONG = [
  '!help',
  '!do collect 3 oak logs',
  '!do craft an iron pickaxe',
  '!skills',
  '!skill iron pickaxe',
  '!alphabet craft an iron pickaxe',
  '!wrong list',
  '!learn craft iron pickaxe',
  '!ltl list',
  '!status',
]

test("every line of the bot's long replies fits, even whispered, and breaks where a sentence or clause ends", async () => {
  for (const verbose of [false, true]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-chat-limit-'))
    dirs.push(dir)
    const chat = openSimChat(new SkillStore(dir), {
      verbose,
      answer: () => 'yes',
      laws: ['G(sees.zombie -> X !mine.stone)', 'G(time.night -> X !mine.iron_ore)'],
    })
    const replies: string[] = []
    for (const command of [...LONG, '!constrain eat when hungry']) replies.push(...(await chat.say(command)))
    replies.push(...chat.asked)
    const lines = replies.flatMap((reply) => assertChatLines(reply))
    // Not a test of short replies: several did not fit on one line.
    const cut = replies.flatMap((r) => r.split('\n')).filter((p) => p.length > WHISPER_ROOM)
    assert.ok(cut.length >= 2, `verbose ${verbose}: ${cut.length} replies longer than a line`)
    // The teaching opening (over 256 characters) is its own first line: a whole sentence saying what comes.
    const opening = lines.findIndex((l) => l.startsWith('I cannot read "eat when hungry" as a rule I know'))
    assert.match(lines[opening] ?? '', /\.$/)
    assert.match(lines[opening + 1] ?? '', verbose ? /^A word is OK if/ : /^Each is a few steps in order: /)
  }
})

test('a long line breaks after a sentence, else a clause, else a list item, else a space; "e.g." ends nothing', () => {
  const clause = 'the first clause runs on for a while'
  assert.deepEqual(splitForChat(`One sentence here. ${clause}; ${clause}, and more words`, 60), [
    'One sentence here.',
    `${clause};`,
    `${clause}, and more words`,
  ])
  assert.deepEqual(splitForChat(`it forbids e.g. getting hungry, then mining stone, then more`, 40), [
    'it forbids e.g. getting hungry,',
    'then mining stone, then more',
  ])
  // A break too early would leave a stub of a line: then a later space is taken.
  assert.deepEqual(splitForChat('Yes. alpha beta gamma delta epsilon zeta', 30), [
    'Yes. alpha beta gamma delta',
    'epsilon zeta',
  ])
})
