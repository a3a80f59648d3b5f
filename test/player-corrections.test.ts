// The pieces behind the player as teacher: batched questions with a budget, prefix-closed answers and a polite end
// on silence; the alphabet a player is asked over and its run-time reading; which skill or rule a counterexample is
// about; corrections that keep every gold label (relearned, or the DFA repaired); and the Table 10 loop.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { counterexamplesToFix } from '../bench/player-counterexamples.js'
import { startSimulatedLlm } from '../bench/simulated-llm.js'
import { TEACHER_CASES } from '../bench/teachers.js'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { ConstraintLearningError } from '../plugin/agent/constraints/constraint-learning.js'
import { correctionTarget } from '../plugin/agent/constraints/correction-target.js'
import { extendByAnalogy, teachByPlayer, teachingAlphabet } from '../plugin/agent/constraints/player-constraints.js'
import { repairTransition } from '../plugin/agent/skills/dfa-repair.js'
import { CounterexampleError } from '../plugin/agent/skills/skill-key.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { Dfa, parseDfaJson } from '../plugin/automata/index.js'
import { CommandDispatcher } from '../plugin/chat/dispatcher.js'
import { type Answer, answersOpenQuestion, ChatQuestions, registerAnswerCommands } from '../plugin/chat/questions.js'
import { CommandRegistry } from '../plugin/chat/registry.js'
import { CedarOptionsError, resolveOptions } from '../plugin/config/options.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { GoldFirstOracle } from '../plugin/learning/gold-first.js'
import { ExactOracle } from '../plugin/learning/index.js'
import { LlmClient } from '../plugin/llm/llm-client.js'
import { PhraseTeacher } from '../plugin/teachers/phrase-teacher.js'
import { BatchedPlayerTeacher } from '../plugin/teachers/player-batches.js'
import type { QuestionAbout } from '../plugin/teachers/player-teacher.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

/** "eat when hungry" as a player means it: once food is low, the next action is eating. */
function eatWhenHungry(word: readonly string[]): boolean {
  let hungry = false
  for (const s of word) {
    if (s === 'food.low') hungry = true
    else if (s.startsWith('eat.')) hungry = false
    else if (hungry) return false
  }
  return true
}

/** A player who answers by `judge`, and what was asked and told. */
function player(judge: (word: readonly string[]) => Answer) {
  const asked: string[] = []
  const told: string[] = []
  /** What each question asked, in symbols. */
  const words: (readonly string[])[] = []
  return {
    asked,
    told,
    words,
    teaching: {
      name: 'Alex',
      ask: async (question: string, _timeoutMs: number, _signal?: AbortSignal, about?: QuestionAbout) => {
        asked.push(question)
        if (about?.kind !== 'word') throw new Error(`a question about no word: ${question}`)
        words.push(about.word)
        return judge(about.word)
      },
      tell: (line: string) => told.push(line),
    },
  }
}

describe('the player as teacher', () => {
  const alphabet = teachingAlphabet('eat when hungry', ['food.low'], ['cooked_beef'])

  test('the alphabet: the phrase, a food the bot holds, and one ordinary piece of work', () => {
    assert.deepEqual(alphabet, ['eat.cooked_beef', 'food.low', 'mine.stone'])
    assert.deepEqual(teachingAlphabet('eat when hungry', ['food.low']), ['eat.bread', 'food.low', 'mine.stone'])
    assert.deepEqual(teachingAlphabet('never dig straight down', ['mine.stone']), ['mine.stone'])
  })

  test('within the budget, batch by batch, and every answer holds in the DFA', async () => {
    const alex = player((w) => (eatWhenHungry(w) ? 'yes' : 'no'))
    const learned = await teachByPlayer('eat when hungry', alphabet, alex.teaching)
    assert.ok(alex.asked.length <= 30 && alex.asked.length > 0, `${alex.asked.length} questions`)
    assert.equal(learned.membershipQueries, alex.asked.length)
    assert.equal(learned.teacher, 'player:Alex')
    assert.match(alex.told[0] ?? '', /^I cannot read "eat when hungry" as a rule I know, so teach me: about 12 yes\/no/)
    assert.match(alex.told[1] ?? '', /^questions 1–\d+ of at most 30 \(batch 1\):$/)
    assert.match(alex.asked[0] ?? '', /^Q1\/30 under "eat when hungry", is this OK: .+\? !yes \/ !no \/ !skip$/)
    for (const w of [['food.low', 'mine.stone'], ['food.low', 'eat.cooked_beef', 'mine.stone'], ['mine.stone']]) {
      assert.equal(learned.dfa.accepts(w), eatWhenHungry(w), w.join(' '))
    }
    assert.ok(learned.evidence.filter((e) => e.gold).length >= alex.asked.length - 1)
  })

  test("the questions are in a player's words; --verbose shows the symbols", async () => {
    const alex = player((w) => (eatWhenHungry(w) ? 'yes' : 'no'))
    await teachByPlayer('eat when hungry', alphabet, alex.teaching)
    assert.equal(
      alex.told[0],
      'I cannot read "eat when hungry" as a rule I know, so teach me: about 12 yes/no questions (at most 30) about eating cooked beef, getting hungry and mining stone.\n' +
        'Each is a few steps in order: answer !yes if none of them breaks the rule yet, !no if one does, !skip if unsure (counted as no).',
    )
    const hungryThenMining = alex.words.findIndex((w) => w.join(' ') === 'food.low mine.stone')
    assert.match(
      alex.asked[hungryThenMining] ?? '',
      /^Q\d+\/30 under "eat when hungry", is this OK: getting hungry, then mining stone\? !yes \/ !no \/ !skip$/,
    )
    for (const question of [...alex.asked, ...alex.told]) assert.doesNotMatch(question, /\b(food|mine|eat)\.[a-z_]+/)
    // A batch of one question says so: "question 1 of at most 30", not "questions 1".
    const one = player(() => 'yes')
    await new BatchedPlayerTeacher({ ...one.teaching, phrase: 'eat when hungry' }).answer([['food.low']])
    assert.deepEqual(one.told, ['question 1 of at most 30 (batch 1):'])
    assert.deepEqual(one.asked, ['Q1/30 under "eat when hungry", is this OK: getting hungry? !yes / !no / !skip'])

    const verbose = player((w) => (eatWhenHungry(w) ? 'yes' : 'no'))
    await teachByPlayer('eat when hungry', alphabet, { ...verbose.teaching, verbose: true })
    assert.match(verbose.told[0] ?? '', / over eat\.cooked_beef food\.low mine\.stone\.\nA word is OK if/)
    const symbols = verbose.words.findIndex((w) => w.join(' ') === 'food.low mine.stone')
    assert.match(verbose.asked[symbols] ?? '', /is this OK: food\.low mine\.stone\? !yes/)
  })

  test('a budget too small ends with what the answers settled, and says so', async () => {
    const alex = player((w) => (eatWhenHungry(w) ? 'yes' : 'no'))
    const learned = await teachByPlayer('eat when hungry', alphabet, { ...alex.teaching, budget: 3 })
    assert.equal(alex.asked.length, 3)
    assert.equal(learned.budgetSpent, true)
  })

  test('silence ends the teaching politely, and nothing is learned', async () => {
    const alex = player(() => 'timeout')
    await assert.rejects(
      teachByPlayer('eat when hungry', alphabet, { ...alex.teaching, timeoutMs: 5_000 }),
      (error: Error) =>
        error instanceof ConstraintLearningError &&
        error.message === 'no answer within 5 s, so I stopped asking; "eat when hungry" is not added',
    )
    assert.equal(alex.asked.length, 1)
  })

  test('at run time a skill action reads as the stand-in of its verb does', async () => {
    const alex = player((w) => (eatWhenHungry(w) ? 'yes' : 'no'))
    const { dfa } = await teachByPlayer('eat when hungry', alphabet, alex.teaching)
    const run = extendByAnalogy(dfa, [...alphabet, 'mine.oak_log', 'craft.planks', 'time.night'])
    assert.equal(run.accepts(['food.low', 'mine.oak_log']), false)
    assert.equal(run.accepts(['food.low', 'craft.planks']), false)
    assert.equal(run.accepts(['food.low', 'eat.cooked_beef', 'craft.planks', 'time.night']), true)
  })
})

describe('counterexamples', () => {
  const skill = { kind: 'skill', name: 'mine.oak_log', alphabet: ['mine.oak_log'] } as const
  const rule = {
    kind: 'constraint',
    name: 'eat-when-hungry',
    alphabet: ['eat.bread', 'food.low', 'mine.stone'],
  } as const
  const usage = (n: string) => `!ce reject ${n} <word>`

  test('about the skill or the rule whose alphabet holds the word; ambiguous ones ask to be named', () => {
    assert.equal(correctionTarget(['mine.oak_log'], [skill, rule], usage), skill)
    assert.equal(correctionTarget(['food.low', 'mine.stone'], [skill, rule], usage), rule)
    // A new symbol (sleep.bed): only the rule holds food.low.
    assert.equal(correctionTarget(['food.low', 'sleep.bed'], [skill, rule], usage), rule)
    assert.throws(
      () => correctionTarget(['craft.planks'], [skill, rule], usage),
      (e: Error) =>
        e instanceof CounterexampleError &&
        e.message ===
          'which one is it about: mine.oak_log (skill), eat-when-hungry (constraint)? name it: !ce reject eat-when-hungry <word>',
    )
  })

  test('a repair redirects the one transition the word shows wrong, and keeps every gold label', () => {
    // "keep out of the desert" where the player meant "stay in the forest": plains must be refused too.
    const alphabet = ['biome.desert', 'biome.forest', 'biome.plains']
    const misread = Dfa.from({
      alphabet,
      initial: 0,
      accepting: [0],
      transitions: [
        [1, 0, 0],
        [1, 1, 1],
      ],
    })
    const gold = [{ word: ['biome.forest'], label: true }]
    const repaired = repairTransition(misread, ['biome.plains'], false, gold)
    assert.ok(repaired)
    assert.equal(repaired.accepts(['biome.forest', 'biome.forest', 'biome.plains']), false)
    assert.equal(repaired.accepts(['biome.forest']), true)
    assert.equal(repairTransition(misread, ['biome.forest'], false, gold), undefined, 'a gold label cannot be undone')
  })

  test('a repair redirects the step that changes the fewest short words, not always the last one', () => {
    // "sleep at night" misread as "sleep some time after nightfall", with the player's first correction (night then
    // day is OK) in: after nightfall every act waits in state 1 for the bed. "night, craft, sleep" is not OK.
    const alphabet = ['craft.crafting_table', 'mine.iron_ore', 'mine.oak_log', 'sleep.bed', 'time.day', 'time.night']
    const misread = Dfa.from({
      alphabet,
      initial: 0,
      accepting: [0],
      transitions: [
        [0, 0, 0, 0, 0, 1],
        [1, 1, 1, 0, 0, 1],
      ],
    })
    const nightCraftSleep = ['time.night', 'craft.crafting_table', 'sleep.bed']
    const gold = [
      { word: ['time.night', 'time.day'], label: true },
      { word: nightCraftSleep, label: false },
    ]
    const repaired = repairTransition(misread, nightCraftSleep, false, gold)
    assert.ok(repaired)
    // Crafting at night was the wrong step; sleeping after nightfall stays OK (the last step sent to the dead state
    // rejected it, and then the player's "night, sleep is OK" could not be taken with one transition).
    assert.equal(repaired.accepts(['time.night', 'sleep.bed']), true)
    assert.equal(repaired.accepts(['time.night', 'craft.crafting_table', 'time.day']), false)
    const next = repairTransition(repaired, ['time.night', 'mine.oak_log', 'sleep.bed'], false, gold)
    assert.equal(next?.accepts(['time.night', 'sleep.bed']), true)
  })

  test('Table 10 loop: "sleep at night" misread, with or without lies, is fixed within the human\'s 8', async () => {
    const sleep = TEACHER_CASES.find((c) => c.phrase === 'sleep at night')
    assert.ok(sleep)
    // Each relearning from the misreading teacher kept its reading off the player's words (13 counterexamples
    // without lies), and with 5% lies seeds 0 and 2 ended refusing "night, sleep is OK" after a wrong repair.
    for (const [noise, seed] of [
      [0, 0],
      [0.05, 0],
      [0.05, 1],
      [0.05, 2],
    ] as const) {
      const outcome = await counterexamplesToFix(sleep.phrase, sleep.alphabet, noise, seed)
      assert.equal(outcome.fixed, true, `p=${noise} seed ${seed}: not fixed after ${outcome.counterexamples}`)
      assert.ok(outcome.counterexamples <= 8, `p=${noise} seed ${seed}: ${outcome.counterexamples} counterexamples`)
    }
  })

  test('the gold-first oracle hands a broken gold label to the learner as gold', async () => {
    const dfa = Dfa.from({ alphabet: ['a'], initial: 0, accepting: [0], transitions: [[0]] })
    const oracle = new GoldFirstOracle(new ExactOracle(dfa), [{ word: ['a'], label: false }])
    assert.deepEqual(await oracle.findCounterexample(dfa), { word: ['a'], label: false })
    assert.equal(oracle.counterexamples, 'gold')
  })

  test('Table 10 loop: a misread "stay in the windswept forest" is fixed by one player counterexample', async () => {
    const forest = TEACHER_CASES.find((c) => c.phrase === 'stay in the windswept forest')
    assert.ok(forest)
    const outcome = await counterexamplesToFix(forest.phrase, forest.alphabet, 0, 0)
    assert.deepEqual(outcome, { wrongFirst: true, counterexamples: 1, fixed: true })
  })
})

describe('with an LLM, the player is asked only what its answers leave uncertain', () => {
  test('the words whose LLM answer the rule overruled go to the player, within the budget; the answers hold', async () => {
    // Seed 2: the LLM teaches it (no fallback to the grammar), and its answers disagree with the DFA on some words.
    const llm = await startSimulatedLlm({ noise: 0.1, seed: 2 })
    try {
      const client = new LlmClient({ baseURL: llm.baseURL, model: 'simulated', maxRetries: 0 })
      const library = new MemoryLibrary()
      const agent = new CedarAgent({
        rules: loadRules(),
        grounding: offlineGrounding(),
        library,
        biomes: SIM_BIOMES,
        llm: client,
      })
      const phrase = 'mine minerals only at night'
      const alphabet = (await agent.ground(phrase)).constraints[0]?.alphabet ?? []
      const grammar = new PhraseTeacher(phrase, alphabet)
      const alex = player((w) => (grammar.accepts(w) ? 'yes' : 'no'))
      const silent = await agent.constrain(phrase, { player: { ...alex.teaching, budget: 5 } })
      assert.equal(silent.questions, undefined, 'off by default: nobody is asked')
      assert.equal(alex.asked.length, 0)
      const record = await agent.constrain(phrase, { player: { ...alex.teaching, budget: 5, askWhenUncertain: true } })
      assert.equal(record.teacher, 'llm:simulated+player:Alex')
      assert.equal(alex.asked.length, 5)
      assert.equal(record.questions, 5)
      assert.match(
        alex.told[0] ?? '',
        /^the LLM left me unsure about \d+ cases of "mine minerals only at night"; I will ask you about 5 \(!yes \/ !no \/ !skip\)$/,
      )
      const stored = await library.get('constraint', record.id)
      assert.ok(stored)
      const dfa = parseDfaJson(stored.dfa)
      for (const word of alex.words) {
        const answered: { label: boolean } | undefined = stored.evidence.find(
          (e) => e.gold && e.word.join(' ') === word.join(' '),
        )
        assert.equal(answered?.label, grammar.accepts(word), `${word.join(' ')} is gold, as Alex said`)
        assert.equal(dfa.accepts(word), grammar.accepts(word), `${word.join(' ')} holds in the rule`)
      }
    } finally {
      await llm.close()
    }
  })
})

describe('a rule only a player can teach, inside !do', () => {
  test('is refused with the way to teach it, and nothing runs', async () => {
    const agent = new CedarAgent({
      rules: loadRules(),
      grounding: offlineGrounding(),
      library: new MemoryLibrary(),
      biomes: SIM_BIOMES,
    })
    const world = new SimWorld({ seed: 0 })
    await assert.rejects(
      agent.do('mine logs but eat when hungry', world),
      (e: Error) =>
        e instanceof ConstraintLearningError &&
        e.message ===
          '"eat when hungry" is not a rule I can read without an LLM; teach it to me first with !constrain eat when hungry',
    )
    assert.equal(world.observe().inventory.size, 0)
  })
})

describe('answers and the flood guard', () => {
  test('answers to an open question are not counted; other commands still are', async () => {
    const registry = new CommandRegistry()
    const questions = new ChatQuestions()
    registerAnswerCommands(registry, questions)
    const quiet = { info: () => {}, warn: () => {}, error: () => {} }
    const dispatcher = new CommandDispatcher(
      registry,
      { prefix: '!', owners: ['Alex'], rateLimit: { commands: 2, perSeconds: 600 }, logger: quiet },
      {
        run: async (command, invocation, reply) => {
          const context = { username: invocation.username } as never
          const result = await command.run(context, invocation.args as never)
          if (typeof result === 'string') reply(result)
        },
        exemptFromLimit: (username, text) => answersOpenQuestion(questions, username, text),
      },
    )
    const replies: string[] = []
    // Each question is sent once the one before it is settled: wait for it to be sent, then answer.
    let sent: () => void = () => {}
    questions.bind(() => sent())
    const say = (message: string) =>
      dispatcher.handle({ username: 'Alex', channel: 'chat', message }, (r) => replies.push(r))
    for (let i = 0; i < 6; i++) {
      const asked = new Promise<void>((resolve) => {
        sent = resolve
      })
      const answer = questions.ask('Alex', `Q${i}`, 10_000)
      await asked
      await say(i % 2 === 0 ? '!yes' : '!no')
      assert.equal(await answer, i % 2 === 0 ? 'yes' : 'no')
    }
    assert.deepEqual(replies, [])
    // With nothing asked, !yes is an ordinary command, and the guard counts it.
    await say('!yes')
    await say('!yes')
    await say('!yes')
    assert.deepEqual(replies, [
      'I have not asked you anything, Alex',
      'I have not asked you anything, Alex',
      'slow down: at most 2 commands in 600 s; I will listen again shortly',
    ])
  })
})

describe('!stop while the player is asked', () => {
  test('the teaching ends at once, not after the question’s deadline', async () => {
    const stop = new AbortController()
    const asked: string[] = []
    const teaching = {
      name: 'Alex',
      // A player who never answers; the deadline is far away.
      ask: (question: string) => {
        asked.push(question)
        stop.abort(new Error('stopped'))
        return new Promise<Answer>(() => {})
      },
      tell: () => {},
      timeoutMs: 600_000,
    }
    const alphabet = teachingAlphabet('eat when hungry', ['food.low'])
    await assert.rejects(teachByPlayer('eat when hungry', alphabet, teaching, { signal: stop.signal }), /stopped/)
    assert.equal(asked.length, 1)
  })
})

describe('a stopped question', () => {
  test('is closed at once, so the next question is not held behind it and !yes does not answer it', async () => {
    const questions = new ChatQuestions()
    const sent: string[] = []
    let onSend: () => void = () => {}
    questions.bind((_user, text) => {
      sent.push(text)
      onSend()
    })
    const stop = new AbortController()
    const first = questions.ask('Alex', 'first?', 600_000, stop.signal)
    await new Promise<void>((resolve) => {
      onSend = resolve
    })
    stop.abort()
    assert.equal(await first, 'timeout')
    assert.equal(questions.hasQuestionFor('Alex'), false)
    const secondSent = new Promise<void>((resolve) => {
      onSend = resolve
    })
    const second = questions.ask('Alex', 'second?', 600_000)
    await secondSent
    assert.ok(questions.answer('Alex', 'yes'))
    assert.equal(await second, 'yes')
    assert.deepEqual(sent, ['first?', 'second?'])
  })
})

describe('the teaching options', () => {
  test('default to a budget of 30, a minute per answer and confirming when unsure; bad values are named', () => {
    assert.deepEqual(resolveOptions({}, {}).teaching, {
      questionBudget: 30,
      answerTimeoutMs: 60_000,
      askWhenUncertain: false,
      confirm: 'when-unsure',
    })
    assert.equal(resolveOptions({ teaching: { questionBudget: 12 } }, {}).teaching.questionBudget, 12)
    assert.equal(resolveOptions({ teaching: { confirm: 'always' } }, {}).teaching.confirm, 'always')
    assert.throws(
      () => resolveOptions({ teaching: { confirm: 'sometimes' as never } }, {}),
      (e: Error) => e instanceof CedarOptionsError && /teaching\.confirm/.test(e.message),
    )
    assert.throws(
      () => resolveOptions({ teaching: { questionBudget: 0, answerTimeoutMs: 5 } }, {}),
      (e: Error) =>
        e instanceof CedarOptionsError &&
        /teaching\.questionBudget/.test(e.message) &&
        /teaching\.answerTimeoutMs/.test(e.message),
    )
  })
})
