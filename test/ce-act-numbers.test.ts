// `!ce accept|reject` with act numbers of the last run (issue 34: corrections in a player's words, not in symbols):
// `!ce reject 1-9` is the last run as it was, `!ce reject 1-4 6` the run with act 5 left out; the reply says the
// correction back in plain words, and the next run follows it.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { createLaws } from '../plugin/agent/assembly.js'
import { BotAgent } from '../plugin/agent/bot-agent.js'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { wordOfActs } from '../plugin/agent/run/run-acts.js'
import { CounterexampleError } from '../plugin/agent/skills/index.js'
import { CommandRegistry } from '../plugin/chat/registry.js'
import { actNumbers } from '../plugin/chat/run-corrections.js'
import { registerSkillCommands } from '../plugin/chat/skill-commands.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { SkillStore } from '../plugin/store/skill-store.js'
import { isActionSymbol } from '../plugin/vocabulary/symbols.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

describe('act numbers as a player writes them', () => {
  test('ranges and lists, in the order given; anything else is symbols', () => {
    assert.deepEqual(actNumbers(['1-4', '6']), [1, 2, 3, 4, 6])
    assert.deepEqual(actNumbers(['2,3']), [2, 3])
    assert.equal(actNumbers(['mine.logs', 'craft.planks']), undefined)
    assert.equal(actNumbers(['1', 'craft.planks']), undefined)
    assert.equal(actNumbers([]), undefined)
    // A range past any run's length stops expanding: its end is kept, to be named as out of range.
    const huge = actNumbers(['1-999999999']) ?? []
    assert.ok(huge.length < 2000 && huge.at(-1) === 999999999, `${huge.length}`)
  })

  test('the run with only the acts named, each with the events that came after it', () => {
    const word = ['time.day', 'mine.logs', 'has.logs.1', 'craft.planks', 'craft.stick', 'has.stick.1']
    assert.deepEqual(wordOfActs(word, [1, 3]), ['time.day', 'mine.logs', 'has.logs.1', 'craft.stick', 'has.stick.1'])
    assert.throws(
      () => wordOfActs(word, [2, 4]),
      (e: unknown) =>
        e instanceof CounterexampleError &&
        e.message === 'the last run did 3 acts, numbered 1 to 3 (!wrong list): not 4',
    )
  })
})

describe('!ce with act numbers', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-ce-acts-'))
  after(() => fs.rmSync(dir, { recursive: true, force: true }))

  test('!ce reject 1-N rejects the last run; the reply says it in words; the next run takes another way', async () => {
    const rules = loadRules()
    const store = new SkillStore(dir)
    const core = new CedarAgent({ rules, grounding: offlineGrounding(), library: store, biomes: SIM_BIOMES })
    const bot = new BotAgent(new SimWorld({ seed: 0 }), createLaws({ lawSets: [] }).shield, store, () => core)
    const registry = new CommandRegistry()
    registerSkillCommands(registry, store)
    const ce = registry.get('ce')
    assert.ok(ce)
    const cedar = {
      options: { verbose: false },
      agent: {
        counterexample: (word: readonly string[], label: boolean, name?: string) =>
          bot.counterexample(word, label, name),
        lastRunWord: (acts: readonly number[]) => bot.lastRunWord(acts),
      },
    }
    const run = ce.run
    assert.ok(run)
    /** What the player reads: the reply, or the error's message (the dispatcher says it in chat). */
    const say = async (label: string, word: string) => {
      try {
        return String(await run({ cedar } as never, { label, word } as never))
      } catch (error) {
        return (error as Error).message
      }
    }

    assert.match(await say('reject', '1-3'), /^nothing has run yet/)
    const first = await bot.do('craft a wooden pickaxe')
    assert.equal(first.result?.outcome, 'goal', first.result?.message)
    const acts = bot.lastRun?.word.filter(isActionSymbol) ?? []
    assert.ok(acts.length >= 5, acts.join(' '))

    const reply = await say('reject', `1-${acts.length}`)
    assert.match(
      reply,
      new RegExp(
        `^noted: acts 1-${acts.length} \\(mining logs, .+ and crafting a wooden pickaxe\\) are not a way to do it — I learned crafting a wooden pickaxe again$`,
      ),
    )
    // The same correction again, with --verbose: the skill's name, version and the label kept, in the bot's terms.
    assert.match(
      await say('reject', `1-${acts.length} --verbose`),
      /^craft\.wooden_pickaxe v\d+ already read it that way: kept as a gold label, the skill is unchanged$/,
    )
    assert.match(
      await say('accept', `2 ${acts.length + 1}`),
      new RegExp(
        `^the last run did ${acts.length} acts, numbered 1 to ${acts.length} \\(!wrong list\\): not ${acts.length + 1}$`,
      ),
    )

    // The world reset to the same start: the next run does not do what was rejected, and still gets its pickaxe.
    const world = new SimWorld({ seed: 0 })
    const second = await new BotAgent(world, createLaws({ lawSets: [] }).shield, store, () => core).do(
      'craft a wooden pickaxe',
    )
    assert.equal(second.result?.outcome, 'goal', second.result?.message)
    const again = second.result?.word.filter(isActionSymbol) ?? []
    assert.notDeepEqual(again, acts, `the same acts again: ${again.join(' ')}`)
  })
})
