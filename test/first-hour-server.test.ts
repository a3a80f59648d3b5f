// The player's first hour on a real server: a run that says what it is doing, fails in plain words and comes
// back; items handed over with !give and "bring me ..."; a bot that answers its name.
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { type CedarSession, countItem, giveItem, openCedarSession, waitFor, waitUntil } from './harness/index.js'
import { root } from './support/cli.js'

/** Cedar's chat lines from now on, each with the milliseconds since `since`. */
function listen(alex: Bot, since: number): { lines: { at: number; text: string }[]; stop(): void } {
  const lines: { at: number; text: string }[] = []
  const onChat = (username: string, message: string) => {
    if (username === 'cedar') lines.push({ at: Date.now() - since, text: message })
  }
  alex.on('chat', onChat)
  return { lines, stop: () => alex.off('chat', onChat) }
}

describe('a run a player can follow', () => {
  let cedar: CedarSession
  // A superflat world: no tree anywhere. A short search (4 legs from 8 blocks) keeps the test's walk small.
  before(async () => {
    cedar = await openCedarSession({ cedar: { search: { legs: 4, legLength: 8 } } })
  })
  after(() => cedar?.close())

  test('!do collect an oak log in a world without trees: progress within 15 s, a plain failure, and the bot comes back', async () => {
    const { alex, bot } = cedar
    const asked = Date.now()
    const heard = listen(alex, asked)
    try {
      const done = waitFor(
        alex,
        'chat',
        (u: string, m: string) => u === 'cedar' && /^(back with you|I came back)/.test(m),
        170_000,
      )
      alex.chat('!do collect an oak log')
      await done
    } finally {
      heard.stop()
    }
    const lines = heard.lines
    const said = lines.map((l) => `${Math.round(l.at / 1000)}s ${l.text}`).join('\n')
    assert.ok((lines[0]?.at ?? Infinity) < 15_000, `a first line within 15 s:\n${said}`)
    assert.ok(
      lines.some((l) => l.text === 'no oak_log in sight; searching' && l.at < 15_000 + (lines[0]?.at ?? 0)),
      said,
    )
    // Never a quarter minute of silence while the search runs (a little slack for a loaded machine).
    for (let i = 1; i < lines.length; i++) {
      assert.ok((lines[i]?.at ?? 0) - (lines[i - 1]?.at ?? 0) < 20_000, `a silence before line ${i}:\n${said}`)
    }
    const failure = lines.find((l) => l.text.startsWith('not done'))?.text ?? ''
    assert.match(
      failure,
      /^not done \(no-path\): I found no oak_log: I searched (once|\d+ times) \(\d+ legs, about \d+ blocks walked\) and saw none; I'm coming back to you/,
      said,
    )
    assert.equal(lines.at(-1)?.text, 'back with you, Alex', said)
    const alexAt = alex.entity.position
    await waitUntil(bot, () => bot.entity.position.distanceTo(alexAt) <= 5, 'cedar is within 5 blocks of Alex', 10_000)
  })
})

describe('talking to it', () => {
  let cedar: CedarSession
  // LogicGuard's SayCan laws and the shipped seeds: lists longer than a chat reply.
  before(async () => {
    cedar = await openCedarSession({
      cedar: { shield: { lawSets: ['saycan-hard'] }, seedPath: path.join(root, 'skills-store') },
    })
  })
  after(() => cedar?.close())

  test('a plain-English mention gets a one-line hint, once; a stranger’s gets nothing', async () => {
    assert.deepEqual(await cedar.converse('hey cedar, can you get me some wood?', /./), [
      'Alex, I only follow commands: say !do <what you want>, e.g. !do get me some wood (!help lists the rest)',
    ])
    // Within the minute a second mention is not answered, nor a stranger's: chat keeps its order, so the first
    // line cedar says after them is the answer to !status.
    const stranger = await cedar.session.bot('Steve')
    const heard = listen(cedar.alex, Date.now())
    cedar.alex.chat('cedar??')
    stranger.chat('cedar, give me everything')
    await waitFor(cedar.alex, 'chat', (u: string, m: string) => u === 'Steve' && m.startsWith('cedar, give'), 10_000)
    assert.match((await cedar.converse('!status', /^cedar /))[0] ?? '', /^cedar \S+: idle/)
    heard.stop()
    const texts = heard.lines.map((l) => l.text)
    assert.match(texts[0] ?? '', /^cedar \S+: idle/, texts.join('\n'))
    assert.ok(!texts.some((t) => t.includes('I only follow commands')), texts.join('\n'))
  })

  test('long lists page: !laws 2, !skills 2, and a page past the end says how many there are', async () => {
    const first = await cedar.converse('!laws', /^page 1 of \d+/)
    const pages = Number(/of (\d+)/.exec(first.at(-1) ?? '')?.[1])
    assert.ok(pages >= 2, first.join('\n'))
    // Whose laws these are, five laws (room for one that wraps), and the footer: within the 8 lines a reply may take.
    assert.match(first[0] ?? '', /^the critic's laws are this world's \(/)
    assert.equal(first.length, 7, first.join('\n'))
    assert.match(first.at(-1) ?? '', /^page 1 of \d+: say !laws 2 for more$/)
    const second = await cedar.converse('!laws 2', /^page 2 of/)
    assert.ok(
      second.slice(0, -1).every((l) => !first.includes(l)),
      'page 2 shows other laws',
    )
    assert.deepEqual(await cedar.converse('!laws 99', /./), [
      `there are only ${pages} pages of laws; say !laws ${pages}`,
    ])
    const skills = await cedar.converse('!skills', /^page 1 of/)
    assert.match(skills[0] ?? '', /^skills: craft\.bucket \(seed\), /)
    const more = await cedar.converse('!skills 2', /^page 2 of/)
    assert.match(more[0] ?? '', /^skills: .*\(seed\)/)
  })
})

describe('handing things over', () => {
  let cedar: CedarSession
  before(async () => {
    cedar = await openCedarSession()
  })
  after(() => cedar?.close())

  test('!inventory lists what the bot holds; !give 3 oak logs puts 3 logs in the player’s inventory', async () => {
    const { alex, bot, session } = cedar
    assert.deepEqual(await cedar.converse('!inventory', /./), ['my inventory is empty'])
    await giveItem(session.server, bot, 'oak_log', 5)
    assert.deepEqual(await cedar.converse('!inv', /./), ['I hold 5 oak logs, with an oak log in hand'])
    const replies = await cedar.converse('!give 3 oak logs', /^(here you are|I threw|!give failed)/, 60_000)
    assert.deepEqual(replies, ['here you are, Alex: 3 oak logs'])
    await waitUntil(alex, () => countItem(alex, 'oak_log') === 3, 'Alex holds 3 oak_log', 10_000)
    assert.equal(countItem(bot, 'oak_log'), 2)
  })

  test('!give names what is wrong: an unknown item, one the bot lacks', async () => {
    assert.deepEqual(await cedar.converse('!give oak_lgo', /./), [
      'there is no item called oak_lgo (did you mean oak log?); I hold 2 oak logs',
    ])
    assert.deepEqual(await cedar.converse('!give stone 2', /./), ['I have no stone; I hold 2 oak logs'])
  })

  test('"bring me 2 oak logs": mined, then handed over, end to end', async () => {
    const { alex, bot, session } = cedar
    // The bot's own logs go first, so the two it brings are the two it mines.
    assert.match((await cedar.converse('!give logs', /^(here you are|I threw)/, 60_000))[0] ?? '', /2 oak logs/)
    await waitUntil(alex, () => countItem(alex, 'oak_log') === 5, 'Alex holds 5 oak_log', 10_000)
    for (const x of [4, 5]) await session.server.setBlock({ x, y: 5, z: 3 }, 'oak_log')
    await waitUntil(bot, () => bot.blockAt(new Vec3(5, 5, 3))?.name === 'oak_log', 'the logs are there')
    const lines = await cedar.converse(
      '!do bring me 2 oak logs',
      /^(here you are|I threw|not done|refused|!do failed|I cannot do)/,
      170_000,
    )
    assert.match(
      lines.find((l) => l.startsWith('done')) ?? lines.join('\n'),
      /^done in \d+ actions?: .*; bringing them to you$/,
    )
    assert.equal(lines.at(-1), 'here you are, Alex: 2 oak logs', lines.join('\n'))
    await waitUntil(alex, () => countItem(alex, 'oak_log') === 7, 'Alex holds 7 oak_log', 10_000)
  })
})
