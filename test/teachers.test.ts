// The offline teachers: constraint phrases through LTLf, skills through the world rules, and the player (here with
// a scripted questioner; the real chat is in player-teacher.test.ts).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { compilePhrase } from '../plugin/grounding/phrases.js'
import { type EquivalenceOracle, learn, type MembershipTeacher } from '../plugin/learning/index.js'
import { PhraseTeacher } from '../plugin/teachers/phrase-teacher.js'
import { PlayerTeacher } from '../plugin/teachers/player-teacher.js'
import { RecipeTeacher } from '../plugin/teachers/recipe-teacher.js'

const w = (text: string) => (text === '' ? [] : text.split(' '))

async function judge(teacher: MembershipTeacher, ...words: string[]): Promise<boolean[]> {
  return teacher.answer(words.map(w))
}

describe('phrase teacher', () => {
  test('sleep at night: after nightfall, sleep before anything else; a night not slept ends at daybreak', async () => {
    const teacher = new PhraseTeacher('sleep at night', ['time.night', 'time.day', 'mine.stone', 'sleep.bed'])
    assert.equal(teacher.phrase.ltl, 'G(time.night -> !mine.stone U (sleep.bed | time.day))')
    assert.deepEqual(
      await judge(
        teacher,
        'time.night mine.stone',
        'time.night sleep.bed mine.stone',
        'mine.stone',
        'time.night',
        '',
        'time.night time.day mine.stone',
        'time.night mine.stone time.day',
      ),
      [false, true, true, false, true, true, false],
    )
  })

  test('mine minerals only at night: no mining from daybreak until nightfall', async () => {
    const alphabet = ['mine.iron_ore', 'mine.coal_ore', 'craft.torch', 'time.night', 'time.day']
    const teacher = new PhraseTeacher('mine minerals only at night', alphabet)
    assert.deepEqual(
      await judge(
        teacher,
        'time.day mine.iron_ore',
        'time.day time.night mine.iron_ore',
        'time.day craft.torch',
        'time.night mine.coal_ore time.day mine.coal_ore',
      ),
      [false, true, true, false],
    )
    assert.equal(teacher.answered, 4)
  })

  test('stay in the windswept forest, avoid the desert, never kill creepers', async () => {
    const stay = new PhraseTeacher('stay in the windswept forest', [
      'biome.windswept_forest',
      'biome.plains',
      'mine.logs',
    ])
    assert.deepEqual(await judge(stay, 'biome.plains', 'biome.windswept_forest mine.logs'), [false, true])
    const avoid = new PhraseTeacher('avoid the desert', ['biome.desert', 'biome.plains'])
    assert.deepEqual(await judge(avoid, 'biome.plains', 'biome.plains biome.desert'), [true, false])
    const never = new PhraseTeacher('never kill creepers', ['kill.creeper', 'kill.zombie', 'mine.stone'])
    assert.deepEqual(await judge(never, 'kill.zombie', 'kill.creeper'), [true, false])
  })

  test('"never mine birch logs" forbids birch logs only; "never mine logs" every log', () => {
    const alphabet = ['mine.birch_log', 'mine.oak_log', 'has.oak_log.2']
    assert.equal(compilePhrase('never mine birch logs', alphabet)?.ltl, 'G !mine.birch_log')
    assert.equal(compilePhrase('never mine logs', alphabet)?.ltl, 'G !(mine.birch_log | mine.oak_log)')
    assert.equal(compilePhrase('never mine iron', ['mine.iron_ore', 'mine.coal_ore'])?.ltl, 'G !mine.iron_ore')
  })

  test('a phrase outside the grammar is refused by name', () => {
    assert.equal(compilePhrase('be nice to villagers', ['kill.villager']), undefined)
    assert.throws(
      () => new PhraseTeacher('be nice to villagers', ['kill.villager']),
      /"be nice to villagers" is not a constraint/,
    )
  })

  test('CAPAL learns the constraint the phrase teacher knows', async () => {
    const alphabet = ['mine.iron_ore', 'craft.torch', 'time.night', 'time.day']
    const teacher = new PhraseTeacher('mine iron only at night', alphabet)
    // An exhaustive oracle up to length 6: the first word (in shortlex order) the hypothesis and the teacher disagree on.
    const words: string[][] = [[]]
    for (let length = 1, layer: string[][] = [[]]; length <= 6; length++) {
      layer = layer.flatMap((word) => alphabet.map((s) => [...word, s]))
      words.push(...layer)
    }
    const truth = await teacher.answer(words)
    const oracle: EquivalenceOracle = {
      counterexamples: 'candidate',
      findCounterexample: async (hypothesis) => {
        const i = words.findIndex((word, j) => hypothesis.accepts(word) !== truth[j])
        return i < 0 ? undefined : { word: words[i] ?? [], label: truth[i] ?? false }
      },
    }
    const report = await learn({
      alphabet,
      teacher,
      oracle,
      algorithm: 'capal',
      capal: { noiseBound: 0 },
      maxEquivalenceQueries: 50,
    })
    assert.equal(report.outcome, 'equivalent')
  })
})

describe('recipe teacher', () => {
  const plan =
    'mine.logs craft.planks craft.crafting_table mine.logs craft.planks craft.stick mine.logs craft.planks craft.wooden_pickaxe'

  test('a word that makes the goal in the Sim is accepted; events are not actions', async () => {
    const teacher = new RecipeTeacher({ goal: 'wooden_pickaxe' })
    const withEvents = plan.replace('craft.stick', 'has.planks.4 craft.stick time.day')
    assert.deepEqual(await judge(teacher, plan, withEvents), [true, true])
  })

  test('a missing step, a wrong order or a goal not reached is rejected', async () => {
    const teacher = new RecipeTeacher({ goal: 'wooden_pickaxe' })
    const noTable = plan.replace('craft.crafting_table ', '')
    const wrongOrder = `craft.wooden_pickaxe ${plan}`
    const short = plan.split(' ').slice(0, 5).join(' ')
    assert.deepEqual(await judge(teacher, noTable, wrongOrder, short, ''), [false, false, false, false])
    assert.equal(teacher.answered, 4)
  })
})

describe('player teacher (scripted questioner)', () => {
  test('asks one question per word, in order; !skip and silence go to the fallback; a cap per run', async () => {
    const asked: string[] = []
    const answers = ['yes', 'no', 'skip', 'timeout', 'yes'] as const
    const fallback: MembershipTeacher = { answer: async (words) => words.map((word) => word.length > 1) }
    const teacher = new PlayerTeacher(
      async (question) => {
        asked.push(question)
        return answers[asked.length - 1] ?? 'yes'
      },
      { instruction: 'mine only at night', maxQuestions: 4, fallback },
    )
    const labels = await judge(teacher, 'mine.iron_ore time.night', 'mine.iron_ore', 'a b', 'a', 'x y')
    assert.deepEqual(labels, [true, false, true, false, true])
    assert.equal(asked[0], 'would mining iron ore, then at night be OK for "mine only at night"? !yes / !no (or !skip)')
    assert.equal(asked.length, 4, 'the fifth word was over the cap')
    assert.deepEqual(teacher.stats, { asked: 4, answered: 2, skipped: 1, timedOut: 1, fromFallback: 3 })
  })

  test('--verbose asks in symbols; either way the asker is told the word in symbols', async () => {
    const asked: { question: string; about: unknown }[] = []
    const teacher = new PlayerTeacher(
      async (question, _timeoutMs, _signal, about) => {
        asked.push({ question, about })
        return 'yes'
      },
      { instruction: 'mine only at night', verbose: true },
    )
    await judge(teacher, 'mine.iron_ore time.night')
    assert.deepEqual(asked, [
      {
        question: 'would `mine.iron_ore time.night` be OK for "mine only at night"? !yes / !no (or !skip)',
        about: { kind: 'word', word: ['mine.iron_ore', 'time.night'] },
      },
    ])
  })
})
