// Gold labels come only from execution, the environment and players: an oracle that consults a teacher who can err
// yields candidates, and learn() never stores them as gold (CEDAR, Algorithm 1; issue 17).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { learnConstraint } from '../plugin/agent/constraints/constraint-learning.js'
import { Dfa, equivalent } from '../plugin/automata/index.js'
import {
  ExactOracle,
  type LearningEvent,
  learn,
  RandomWordOracle,
  SimulatedTeacher,
  StatisticalOracle,
  WMethodOracle,
  wordKey,
} from '../plugin/learning/index.js'
import { transitionGroups } from '../plugin/learning/statistical-oracle.js'
import { PhraseTeacher } from '../plugin/teachers/phrase-teacher.js'

const alphabet = ['time.night', 'time.day', 'sleep.bed', 'mine.oak_log', 'craft.crafting_table']
const phrase = 'sleep at night'

/** The phrase teacher, wrong on a persistent share of words, remembering every answer it gave. */
function noisyPhraseTeacher(noise: number, seed: number) {
  const exact = new PhraseTeacher(phrase, alphabet)
  const lies = new SimulatedTeacher(exact['dfa' as keyof PhraseTeacher] as never, noise, seed)
  const answers = new Map<string, boolean>()
  return {
    answers,
    answer: async (words: readonly (readonly string[])[]) =>
      words.map((w) => {
        const label = exact.accepts(w) !== lies.flipped(w)
        answers.set(wordKey(w), label)
        return label
      }),
  }
}

describe('gold discipline', () => {
  test('after a noisy run the cache holds no gold label, and every label it holds is the teacher’s', async () => {
    const teacher = noisyPhraseTeacher(0.1, 3)
    const events: LearningEvent[] = []
    const report = await learn({
      alphabet,
      teacher,
      oracle: new StatisticalOracle(alphabet, { noiseBound: 0.1 }),
      algorithm: 'capal',
      maxMembershipQueries: 20_000,
      onEvent: (e) => events.push(e),
    })
    const entries = report.cache.entries()
    assert.ok(entries.length > 100, `only ${entries.length} words were asked`)
    assert.deepEqual(
      entries.filter((e) => e.gold),
      [],
    )
    for (const e of entries) assert.equal(e.label, teacher.answers.get(wordKey(e.word)))
    assert.ok(events.every((e) => e.type !== 'counterexample' || !e.gold))
  })

  test('a constraint taught by a noisy teacher keeps none of its answers as gold; the lies it heard stay non-gold', async () => {
    const teacher = noisyPhraseTeacher(0.05, 1)
    const learned = await learnConstraint(phrase, alphabet, { teacher, teacherName: 'noisy' })
    const lied = learned.evidence.filter((e) => e.label !== new PhraseTeacher(phrase, alphabet).accepts(e.word))
    assert.ok(lied.length > 0, 'the teacher told no lie: the test proves nothing')
    // The one gold label is no teacher's: an empty run breaks no constraint.
    assert.deepEqual(
      learned.evidence.filter((e) => e.gold),
      [{ word: [], label: true, gold: true }],
    )
    const exact = await learnConstraint(phrase, alphabet)
    assert.ok(equivalent(learned.dfa, exact.dfa).equivalent, 'CAPAL did not see through 5% of lies')
  })

  test('a gold oracle’s counterexamples are stored as gold', async () => {
    const { dfa } = await learnConstraint(phrase, alphabet)
    const events: LearningEvent[] = []
    const report = await learn({
      alphabet,
      teacher: new SimulatedTeacher(dfa),
      oracle: new ExactOracle(dfa),
      algorithm: 'kv',
      onEvent: (e) => events.push(e),
    })
    const counterexamples = events.filter((e) => e.type === 'counterexample')
    assert.ok(counterexamples.length > 0)
    for (const c of counterexamples) assert.equal(report.cache.goldLabel(c.word), c.label)
  })
})

describe('word oracles', () => {
  const target = new PhraseTeacher(phrase, alphabet)
  const exact = { source: 'gold' as const, run: async (words: readonly (readonly string[])[]) => target.answer(words) }

  test('random-word and W-method oracles over an executor find what a one-state guess gets wrong', async () => {
    const { dfa } = await learnConstraint(phrase, alphabet)
    const guess = (
      await learn({
        alphabet,
        teacher: target,
        oracle: { counterexamples: 'gold', findCounterexample: async () => undefined },
        algorithm: 'kv',
      })
    ).dfa!
    for (const oracle of [new RandomWordOracle(alphabet, exact), new WMethodOracle(exact, 2)]) {
      assert.equal(oracle.counterexamples, 'gold')
      const found = await oracle.findCounterexample(guess)
      assert.ok(found, `${oracle.constructor.name} found nothing`)
      assert.notEqual(guess.accepts(found.word), found.label)
      assert.equal(await oracle.findCounterexample(dfa), undefined)
    }
  })

  test('the statistical oracle accepts the target under 10% noise and rejects a wrong hypothesis', async () => {
    const { dfa } = await learnConstraint(phrase, alphabet)
    const teacher = noisyPhraseTeacher(0.1, 7)
    const oracle = new StatisticalOracle(alphabet, { noiseBound: 0.1, teacher })
    assert.equal(await oracle.findCounterexample(dfa), undefined)
    assert.ok(oracle.disagreement > 0, 'the noise never showed')
    const everything = (
      await learn({
        alphabet,
        teacher: { answer: async (w) => w.map(() => true) },
        oracle: { counterexamples: 'gold', findCounterexample: async () => undefined },
        algorithm: 'kv',
      })
    ).dfa!
    const found = await oracle.findCounterexample(everything)
    assert.ok(found)
    assert.equal(found.label, false)
  })

  test('the statistical oracle tells one wrong transition from noise, even when the teacher lied on its word', async () => {
    // "stay in the plains": crafting planks keeps the bot in the plains. The hypothesis sends craft.planks to the
    // dead state, as a learner told one lie about [craft.planks] may conclude; the words after it say otherwise.
    const symbols = ['biome.desert', 'biome.forest', 'biome.plains', 'craft.planks']
    const { dfa: exact } = await learnConstraint('stay in the plains', symbols)
    const wrong = Dfa.from({
      alphabet: symbols,
      initial: 0,
      accepting: [0],
      transitions: [
        [1, 1, 0, 1],
        [1, 1, 1, 1],
      ],
    })
    assert.equal(equivalent(exact, wrong).equivalent, false)
    const liar = {
      answer: async (words: readonly (readonly string[])[]) =>
        words.map((w) => (wordKey(w) === 'craft.planks' ? false : exact.accepts(w))),
    }
    const oracle = new StatisticalOracle(symbols, { noiseBound: 0.1, teacher: liar })
    const found = await oracle.findCounterexample(wrong)
    assert.ok(found, 'the wrong transition passed as noise')
    assert.equal(found.word[0], 'craft.planks')
    assert.equal(found.label, exact.accepts(found.word))
    // Without the transition tests the same evidence passes as noise: the band and extension tests miss it.
    const blind = new StatisticalOracle(symbols, { noiseBound: 0.1, teacher: liar, transitionTests: false })
    assert.equal(await blind.findCounterexample(wrong), undefined)
    // The right hypothesis passes: one lie is noise.
    assert.equal(
      await new StatisticalOracle(symbols, { noiseBound: 0.1, teacher: liar }).findCounterexample(exact),
      undefined,
    )
  })

  test('transition groups: per state and per transition, the words that tell its target from the other states', () => {
    const hypothesis = Dfa.from({
      alphabet: ['a', 'b'],
      initial: 0,
      accepting: [0],
      transitions: [
        [0, 1],
        [1, 1],
      ],
    })
    const groups = transitionGroups(hypothesis).map((g) => g.map((w) => w.join(' ')))
    // States 0 (access ε) and 1 (access b): the group of ε, of a, of b, then of b, b a, b b. Each tells 0 from 1 by
    // ε and the short words accepted from 0 (a, a a, ...).
    assert.equal(groups.length, 6)
    assert.deepEqual(groups[0], ['', 'a', 'a a', 'a a a'])
    assert.deepEqual(groups[2], ['b', 'b a', 'b a a', 'b a a a'])
  })
})
