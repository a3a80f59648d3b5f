// Every request the bot suggests works: the refusals of the requests it cannot do ("get some bone meal", "help me") and the
// hints to players who talk to it say what it understood and suggest requests, and each suggestion, run in the Sim
// as `!do` would run it, reaches its goal.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { blockedHint } from '../plugin/chat/do-progress.js'
import { MentionHint } from '../plugin/chat/mention-hint.js'
import { unreadableLine } from '../plugin/chat/refusals.js'
import { SUGGESTED_REQUESTS } from '../plugin/chat/suggestions.js'
import { SkillStore } from '../plugin/store/skill-store.js'
import { cedar } from './support/cli.js'
import { openSimChat } from './support/sim-chat.js'
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

/** Words after a suggested command that go on with the sentence ("say !stop first", "!laws lists the laws"). */
const SENTENCE_GOES_ON = /^(to|or|and|for|if|first|lists|makes|drops|puts|applies|ends|names|not)$/

/** Every command a line suggests, as a player would type it: `!name` and its words up to where the sentence goes on. */
function suggestedCommands(line: string): string[] {
  // "!ce failed: …" opens a reply about a command, it suggests nothing.
  return [...line.matchAll(/(?<![\w!])!([a-z]+)(?![\w.])(?! failed:)([^;?()!]*)/g)].map((m) => {
    const words: string[] = []
    // Up to the clause's end or a closing quote: a symbol's dots ("mine.oak_log") end nothing.
    const after =
      (m[2] ?? '')
        .split(/[,.:](?=\s|$)|"/)[0]
        ?.trim()
        .split(/\s+/) ?? []
    for (const [i, word] of after.entries()) {
      // "!ltl list" is a command; "!constraints list them" says what it does.
      const goesOn = SENTENCE_GOES_ON.test(word) || (word === 'list' && after[i + 1] === 'them')
      if (word === '' || goesOn) break
      words.push(word)
    }
    return [`!${m[1]}`, ...words].join(' ')
  })
}

/** A reply saying the command typed did not work: not known, not understood, nothing by that name. */
const DID_NOT_WORK =
  /^(unknown command|no command|usage:|missing <)|must be one of| failed: |\bdid you mean\b|^I know no |^no (law|constraint|skill)s? [^y]|there is no item|^there (is|are) only \d+ pages?|^pages start|^I cannot do /

/** Commands whose suggestions need what a Sim chat cannot have, and the tests that type them instead. */
const SUGGESTED_ELSEWHERE: Readonly<Record<string, string>> = {
  share: 'a rule taught in another world (world-scope-server types !share)',
  law: "a critic's proposal, which this chat's critic never makes (critic-commands types !law accept and reject)",
}

test('every command a reply suggests works when typed: did you mean, say !x, try !do …', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-suggestions-'))
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }))
  const chat = openSimChat(new SkillStore(dir), {
    laws: ['G !craft.stick'],
    startInventory: { oak_log: 2 },
  })
  const typed = new Set<string>()
  const suggestedNames = new Set<string>()
  const doRequests: (readonly [string, string])[] = []
  /** Types each command `lines` suggest (once), and what the replies to those suggest in turn. */
  const follow = async (lines: readonly string[]): Promise<void> => {
    // !help's list of every command names them, it suggests none.
    const said = lines.flatMap((l) => l.split('\n')).filter((l) => !l.startsWith('commands: '))
    for (const [line, suggestion] of said.flatMap((l) => suggestedCommands(l).map((c) => [l, c] as const))) {
      const [name = '', ...rest] = suggestion.slice(1).split(' ')
      suggestedNames.add(name)
      if (name === 'do' && rest.length > 0 && !/[<>]|something/.test(suggestion)) {
        doRequests.push([line, rest.join(' ')])
        continue
      }
      if (typed.has(suggestion)) continue
      typed.add(suggestion)
      // A placeholder ("!unconstrain <id>", "!do something") cannot be typed as it is: the command must exist.
      if (/[<>]|\bsomething\b/.test(suggestion)) {
        assert.doesNotMatch((await chat.say(`!help ${name}`)).join('\n'), /^no command/, `"${line}" suggests ${name}`)
        continue
      }
      const replies = await chat.say(suggestion)
      for (const reply of replies)
        assert.doesNotMatch(reply, DID_NOT_WORK, `"${line}" suggests ${suggestion}: ${reply}`)
      await follow(replies)
    }
  }
  const say = async (line: string) => {
    const replies = await chat.say(line)
    // An item's name misspelt: the same command with the name it meant.
    for (const reply of replies) {
      const item = /there is no item called (.+?) \(did you mean (.+?)\?\)/.exec(reply)
      if (item?.[1] && item[2]) {
        const again = await chat.say(line.replace(item[1], item[2]))
        for (const r of again) assert.doesNotMatch(r, DID_NOT_WORK, `${item[2]} was suggested: ${r}`)
      }
    }
    await follow(replies)
    return replies
  }
  for (const line of [
    '!',
    '!stauts',
    '!xyzzyq',
    '!help stauts',
    '!help qqqq',
    '!skills',
    '!skills abc',
    '!constraints',
    '!law accept C9',
    '!laws 9',
    '!ltl show L9',
    '!ltl rm',
    '!ltl list',
    '!give oak lgo',
    '!give 2 oak logs',
    '!learn craft --verbose',
    '!do fly to the moon',
    '!do craft a wooden pickaxe', // the law refuses a stick: "say !ltl rm L1 (!laws lists the laws)"
    '!do craft a stone pickaxe',
    '!wrong 99',
    '!skill pickaxe',
    '!skill wooden pikaxe',
    '!skill spaceship',
    '!wrong a spaceship',
    '!unconstrain nope',
    '!do mine diamond ore', // the Sim's bot dies on the way: "say !wrong if the plan itself was wrong"
    '!do collect an oak log',
    '!ce accept mine.oak_log mine.oak_log', // a milestone skill: the word must reach the oak log
  ]) {
    await say(line)
  }
  // Busy: what to say to end the task, said while it runs.
  const running = chat.tasks.run(
    'do bring me 3 oak logs',
    'Alex',
    (signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(undefined))),
  )
  await say('!do get me an iron pickaxe')
  await running.catch(() => undefined)
  assert.ok(typed.has('!stop'), [...typed].join(' | '))
  // Lines said outside a command's reply: a run a player's rule stopped, a player talking to the bot.
  await follow([blockedHint([{ blockedBy: 'constraint "never craft a stick"' }], '!') ?? ''])
  await follow([new MentionHint('!', () => 0, 0).hintFor('Alex', 'hey cedar can you help me?', 'cedar') ?? ''])

  for (const [line, request] of doRequests) {
    assert.ok((SUGGESTED_REQUESTS as readonly string[]).includes(request), `"${line}": !do ${request} is run above`)
  }
  // Every command the code suggests somewhere was suggested here (and so typed), or is typed by another test.
  const inCode = new Set(
    readTree('plugin').flatMap((source) =>
      [...source.matchAll(/\$\{[\w.]*prefix\}([a-z]+)|\b(?:say|see|try|mean) !([a-z]+)/g)].map((m) => m[1] ?? m[2]),
    ),
  )
  const missed = [...inCode].filter((name) => name && !suggestedNames.has(name) && !(name in SUGGESTED_ELSEWHERE))
  assert.deepEqual(missed, [], `suggested in the code, never here: ${missed.join(', ')}`)
  assert.ok(typed.size >= 15, [...typed].join(' | '))
})

/** Every .ts file under `dir`, read. */
function readTree(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
}
