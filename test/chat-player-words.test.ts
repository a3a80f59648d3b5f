// What a player reads in chat when things do not simply work (issue 41), through the real dispatcher and commands
// with the agent acting in the Sim: a request it cannot do, a symbol it does not know, a skill named in words after
// !wrong, a law that refuses an act, and what it is busy with. No internal symbol unless --verbose.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { doingWords, gerund } from '../plugin/chat/task-words.js'
import { SkillStore } from '../plugin/store/skill-store.js'
import type { QuestionAbout } from '../plugin/teachers/player-teacher.js'
import { openSimChat } from './support/sim-chat.js'
import { SYMBOL } from './support/symbols.js'

describe("chat in a player's words when things go wrong", () => {
  const dirs: string[] = []
  const store = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-chat-words-'))
    dirs.push(dir)
    return new SkillStore(dir)
  }
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
  })

  test('a request it cannot do is one refusal of its own, not "!do failed" (test/suggestions runs what it suggests)', async () => {
    const chat = openSimChat(store())
    assert.deepEqual(await chat.say('!do fly to the moon'), [
      'I cannot do "fly to the moon" yet: nothing in it is an item or block I know how to get; try !do get me some wood or !do craft a stone pickaxe',
    ])
    // Refused, not failed: nothing ran.
    assert.equal(chat.ends.at(-1)?.status, 'refused')
  })

  test('a skill that cannot be learned is refused in words; --verbose gives the reason as written', async () => {
    const chat = openSimChat(store())
    assert.deepEqual(await chat.say('!learn craft oak_log'), [
      'I cannot learn to craft an oak log: oak logs have no recipe',
    ])
    assert.equal(chat.ends.at(-1)?.status, 'refused')
    assert.deepEqual(await chat.say('!learn craft oak_log --verbose'), [
      '!learn failed: oak_log has no crafting recipe',
    ])
  })

  test('a symbol nobody knows is named as typed, with where to see the ones it knows', async () => {
    const chat = openSimChat(store())
    await chat.say('!do collect an oak log')
    assert.deepEqual(await chat.say('!ce reject mine.oak_log fly.to_moon'), [
      '!ce failed: I know no act or event called "fly.to_moon" (!alphabet <instruction> --verbose shows those an instruction uses)',
    ])
    // Not turned into words: "mine.moon" is what the player typed, and "mining moons" is not what they typed.
    assert.match((await chat.say('!ce reject mine.moon'))[0] ?? '', /called "mine\.moon"/)
  })

  test('!wrong takes a skill as !skill does: in words, in part, or by its symbol; a name it does not know says so', async () => {
    const chat = openSimChat(store())
    assert.match((await chat.say('!do collect 2 oak logs')).at(-1) ?? '', /^done in \d+ actions?: I have 2 oak logs$/)
    for (const said of ['mining oak logs', 'oak log', 'log', 'mine.oak_log']) {
      const [reply, ...rest] = await chat.say(`!wrong ${said}`)
      assert.deepEqual(rest, [])
      assert.match(
        reply ?? '',
        /^(noted: I learned mining oak logs again|I already knew that about mining oak logs)/,
        said,
      )
    }
    assert.deepEqual(await chat.say('!wrong a spaceship'), [
      'I know no skill or rule called "a spaceship"; !skills and !constraints list them',
    ])
    assert.deepEqual(await chat.say('!wrong mining oak lgs'), [
      'I know no skill or rule called "mining oak lgs"; did you mean !wrong oak log?',
    ])
  })

  test('an act a law forbids is said with the law as a sentence, once; the run ends naming it; --verbose as written', async () => {
    const chat = openSimChat(store(), { laws: ['G !craft.stick'] })
    const lines = await chat.say('!do craft a wooden pickaxe')
    const refusals = lines.filter((l) => l.startsWith('I may not'))
    assert.deepEqual(refusals, [
      'I may not craft a stick: the law L1 ("never craft a stick") forbids it; trying another way',
    ])
    // The plan kept the law, so "say !wrong if the plan was wrong" would lead nowhere: the law is what can change.
    assert.equal(
      lines.at(-1),
      'not done: no allowed way to the goal is left: the law L1 ("never craft a stick") forbids crafting a stick; if L1 should not hold, say !ltl rm L1 (!laws lists the laws)',
    )
    for (const line of lines) assert.doesNotMatch(line, SYMBOL, line)
    const verbose = await chat.say('!do craft a wooden pickaxe --verbose')
    assert.match(verbose.at(-1) ?? '', /craft\.stick blocked by L1 \(hard\) G !craft\.stick; if L1 should not hold/)
    // What it suggests works: without the law, the same request is done.
    assert.deepEqual(await chat.say('!ltl rm L1'), ['removed L1'])
    assert.match(
      (await chat.say('!do craft a wooden pickaxe')).at(-1) ?? '',
      /^done in \d+ actions: I have a wooden pickaxe$/,
    )
  })

  test('!constrain asks its questions in words ("getting hungry, then mining stone"); --verbose in symbols', async () => {
    // Alex's reading of "eat when hungry": once food is low, the next act is eating.
    const eatWhenHungry = (about: QuestionAbout | undefined) => {
      let hungry = false
      for (const s of about?.kind === 'word' ? about.word : []) {
        if (s === 'food.low') hungry = true
        else if (s.startsWith('eat.')) hungry = false
        else if (hungry) return 'no'
      }
      return 'yes'
    }
    const chat = openSimChat(store(), { answer: eatWhenHungry })
    const lines = await chat.say('!constrain eat when hungry')
    assert.match(
      lines[0] ?? '',
      /teach me: about \d+ yes\/no questions \(at most 30\) about eating bread, getting hungry/,
    )
    assert.ok(chat.asked.includes('Q2/30 under "eat when hungry", is this OK: getting hungry? !yes / !no / !skip'))
    assert.match(
      lines.at(-1) ?? '',
      /^I will keep "eat when hungry" in every run from now on \(eat-when-hungry\), learned from your \d+ answers; it forbids e\.g\. getting hungry, then mining stone$/,
    )
    for (const line of [...lines, ...chat.asked]) assert.doesNotMatch(line, SYMBOL, line)

    const verbose = openSimChat(store(), { answer: eatWhenHungry })
    await verbose.say('!constrain eat when hungry --verbose')
    assert.ok(verbose.asked.includes('Q2/30 under "eat when hungry", is this OK: food.low? !yes / !no / !skip'))
  })

  test('!give takes and suggests items as players name them: "oak log", never "oak_log"', async () => {
    const chat = openSimChat(store())
    assert.deepEqual(await chat.say('!give oak lgo'), [
      'there is no item called oak lgo (did you mean oak log?); my inventory is empty',
    ])
    assert.deepEqual(await chat.say('!give 3 oak_lgo'), [
      'there is no item called oak_lgo (did you mean oak log?); my inventory is empty',
    ])
    assert.deepEqual(await chat.say('!give 3 oak logs'), ['I have no oak logs; my inventory is empty'])
    assert.deepEqual(await chat.say('!give iron pickaxe 0'), ['I can hand over 1 or more, not 0'])
    const holding = openSimChat(store(), { startInventory: { oak_log: 2 } })
    assert.deepEqual(await holding.say('!give stone'), ['I have no stone; I hold 2 oak logs'])
    assert.deepEqual(await holding.say('!give oak lgo 2'), [
      'there is no item called oak lgo (did you mean oak log?); I hold 2 oak logs',
    ])
  })

  test('a page past the end is no failure: "there is only 1 page of skills; say !skills 1"', async () => {
    const chat = openSimChat(store())
    assert.deepEqual(await chat.say('!skills 9'), ['no skills yet; !do something to learn one'])
    await chat.say('!do collect an oak log')
    assert.deepEqual(await chat.say('!skills 9'), ['there is only 1 page of skills; say !skills 1'])
    assert.deepEqual(await chat.say('!skills 0'), ['pages start at 1; say !skills 1'])
  })

  test('!status, a second request and !stop say the task as an act: "bringing you 3 oak logs", never "do bring me"', async () => {
    const chat = openSimChat(store())
    const running = chat.tasks.run(
      'do please bring me 3 oak logs',
      'Alex',
      (signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(undefined))),
    )
    const [status] = await chat.say('!status')
    assert.match(status ?? '', /^cedar \S+: bringing you 3 oak logs for \d+ s \(asked by Alex\);/)
    assert.deepEqual(await chat.say('!do get me an iron pickaxe'), [
      'busy with bringing you 3 oak logs; say !stop first',
    ])
    assert.deepEqual(await chat.say('!stop'), ['stopped bringing you 3 oak logs'])
    await running.catch(() => undefined)
  })
})

test('a request as what the bot is doing: the verb in -ing, me as you; anything else quoted as said', () => {
  const forms = ['make', 'get', 'dig', 'chop', 'collect', 'kill', 'eat', 'mine', 'bring', 'lie', 'explore', 'look']
  assert.deepEqual(forms.map(gerund), [
    'making',
    'getting',
    'digging',
    'chopping',
    'collecting',
    'killing',
    'eating',
    'mining',
    'bringing',
    'lying',
    'exploring',
    'looking',
  ])
  assert.equal(doingWords('cedar, get me my iron pickaxe please'), 'getting you your iron pickaxe')
  assert.equal(
    doingWords('collect wood and mine stone but sleep at night'),
    'collecting wood and mining stone but sleeping at night',
  )
  assert.equal(doingWords('I need wood'), 'working on "I need wood"')
  // Only the game's verbs turn: a word that is a property of every object is not one.
  assert.equal(doingWords('get logs and constructor stone'), 'getting logs and constructor stone')
  assert.equal(doingWords('mining iron'), 'working on "mining iron"')
})
