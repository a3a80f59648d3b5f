// The learners against simulated teachers: exact with a noiseless one, robust (CAPAL) with a noisy one, and the
// cache, budgets and alphabet expansion that CEDAR's Algorithm 1 relies on.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Dfa, equivalent, randomMinimalDfa, seededRandom } from '../plugin/automata/index.js'
import {
  Capal,
  distinguishingSuffixes,
  ExactOracle,
  type LearningEvent,
  learn,
  type MembershipTeacher,
  QueryCache,
  SimulatedTeacher,
  type SymbolWord,
  stateCover,
} from '../plugin/learning/index.js'

/** A teacher that counts what it is asked. */
class CountingTeacher implements MembershipTeacher {
  calls = 0
  words: string[] = []
  constructor(private readonly inner: MembershipTeacher) {}
  async answer(words: readonly SymbolWord[]): Promise<boolean[]> {
    this.calls++
    this.words.push(...words.map((w) => w.join(' ')))
    return this.inner.answer(words)
  }
}

describe('learning random DFAs with a noiseless teacher', () => {
  for (const algorithm of ['lstar', 'kv', 'capal'] as const) {
    test(`${algorithm} learns every target exactly (up to 20 states, 2–5 symbols)`, async () => {
      for (let i = 0; i < 12; i++) {
        const random = seededRandom(100 + i)
        const states = 1 + Math.floor(random() * 20)
        const symbols = 2 + Math.floor(random() * 4)
        const target = randomMinimalDfa(states, symbols, random)
        const report = await learn({
          alphabet: target.alphabet,
          teacher: new SimulatedTeacher(target),
          oracle: new ExactOracle(target),
          algorithm,
          capal: { noiseBound: 0 },
        })
        assert.equal(report.outcome, 'equivalent', `${algorithm}, target ${i}`)
        assert.ok(report.dfa && equivalent(report.dfa, target).equivalent)
        if (algorithm !== 'capal') assert.equal(report.dfa?.stateCount, states, 'minimal')
      }
    })
  }
})

describe('CAPAL with a persistently wrong teacher', () => {
  for (const noise of [0.05, 0.1]) {
    test(`learns 10-state targets exactly when ${noise * 100}% of answers are wrong`, async () => {
      let exact = 0
      for (let i = 0; i < 5; i++) {
        const target = randomMinimalDfa(10, 3, seededRandom(200 + i))
        const teacher = new SimulatedTeacher(target, noise, i)
        const report = await learn({
          alphabet: target.alphabet,
          teacher,
          oracle: new ExactOracle(target),
          algorithm: 'capal',
          capal: { noiseBound: noise, seed: i },
          maxEquivalenceQueries: 200,
        })
        if (report.outcome === 'equivalent' && report.dfa && equivalent(report.dfa, target).equivalent) exact++
      }
      assert.ok(exact >= 4, `${exact} of 5 exact`)
    })
  }

  test('the noise really is there: the teacher was wrong on about the asked share of words', async () => {
    const target = randomMinimalDfa(10, 3, seededRandom(200))
    const simulated = new SimulatedTeacher(target, 0.1, 0)
    const teacher = new CountingTeacher(simulated)
    await learn({ alphabet: target.alphabet, teacher, oracle: new ExactOracle(target), capal: { noiseBound: 0.1 } })
    const lies = teacher.words.filter((w) => simulated.flipped(w === '' ? [] : w.split(' '))).length
    const share = lies / teacher.words.length
    assert.ok(share > 0.07 && share < 0.13, `${lies} of ${teacher.words.length} answers were wrong`)
  })
})

describe('CAPAL warm-started from a hypothesis of the right shape', () => {
  test('its first round asks the template’s rows and columns in one call, and its first hypothesis is the target', async () => {
    for (let i = 0; i < 6; i++) {
      const random = seededRandom(300 + i)
      const target = randomMinimalDfa(4 + i, 2 + (i % 2), random)
      const warm = new CountingTeacher(new SimulatedTeacher(target))
      const started = new Capal(
        { alphabet: target.alphabet, cache: new QueryCache(warm) },
        { noiseBound: 0, prefixes: stateCover(target), suffixes: distinguishingSuffixes(target, 2, target.stateCount) },
      )
      assert.ok(equivalent(await started.hypothesis(), target).equivalent, `target ${i}`)
      assert.equal(warm.calls, 1)
      // Cold, the same learner's first hypothesis is coarser: it finds the states one counterexample at a time.
      const cold = new Capal(
        { alphabet: target.alphabet, cache: new QueryCache(new SimulatedTeacher(target)) },
        { noiseBound: 0 },
      )
      assert.equal(equivalent(await cold.hypothesis(), target).equivalent, false, `target ${i}, cold`)
    }
  })
})

describe('the query cache', () => {
  const target = Dfa.from({
    alphabet: ['a', 'b'],
    initial: 0,
    accepting: [1],
    transitions: [
      [1, 0],
      [1, 1],
    ],
  })

  test('keeps the first answer, counts distinct words and teacher calls, answers batches in one call', async () => {
    const teacher = new CountingTeacher(new SimulatedTeacher(target))
    const cache = new QueryCache(teacher)
    assert.deepEqual(await cache.ask([['a'], ['b'], ['a']]), [true, false, true])
    assert.deepEqual(await cache.ask([['a'], ['b', 'a']]), [true, true])
    assert.deepEqual(teacher.words, ['a', 'b', 'b a'])
    assert.deepEqual(cache.counters, { distinctWords: 3, teacherCalls: 2, cacheHits: 1, goldHits: 0 })
  })

  test('a gold label overrides a cached wrong answer everywhere after', async () => {
    const liar: MembershipTeacher = { answer: async (words) => words.map(() => false) }
    const cache = new QueryCache(liar)
    assert.deepEqual(await cache.ask([['a']]), [false])
    cache.setGold(['a'], true)
    assert.deepEqual(await cache.ask([['a'], ['a']]), [true, true])
    assert.equal(cache.known(['a']), true)
    assert.equal(cache.counters.goldHits, 2)
  })

  test('gold labels beat cached wrong answers in learning, too', async () => {
    // The teacher lies about exactly the words the learner needs; counterexamples bring the truth as gold.
    const lies = new Set(['a', 'b a'])
    const liar: MembershipTeacher = {
      answer: async (words) => words.map((w) => target.accepts(w) !== lies.has(w.join(' '))),
    }
    const report = await learn({
      alphabet: ['a', 'b'],
      teacher: liar,
      oracle: new ExactOracle(target),
      algorithm: 'capal',
    })
    assert.equal(report.outcome, 'equivalent')
    assert.equal(report.cache.goldLabel(['a']), true)
  })
})

describe('budgets and alphabet expansion', () => {
  const target = randomMinimalDfa(12, 3, seededRandom(7))

  test('an exhausted membership budget ends in a report with the latest hypothesis', async () => {
    const events: LearningEvent[] = []
    const report = await learn({
      alphabet: target.alphabet,
      teacher: new SimulatedTeacher(target),
      oracle: new ExactOracle(target),
      algorithm: 'kv',
      maxMembershipQueries: 60,
      onEvent: (e) => events.push(e),
    })
    assert.equal(report.outcome, 'mq-budget')
    assert.ok(report.queries.distinctWords <= 60)
    assert.ok(report.dfa, 'the last hypothesis is reported')
    assert.ok(events.some((e) => e.type === 'hypothesis') && events.some((e) => e.type === 'counterexample'))
  })

  test('an exhausted equivalence budget ends in a report too', async () => {
    const report = await learn({
      alphabet: target.alphabet,
      teacher: new SimulatedTeacher(target),
      oracle: new ExactOracle(target),
      algorithm: 'lstar',
      maxEquivalenceQueries: 1,
    })
    assert.equal(report.outcome, 'eq-budget')
    assert.equal(report.equivalenceQueries, 1)
    assert.ok(report.dfa)
  })

  test('restarting on a larger alphabet replays the labels still valid, without asking again', async () => {
    // The target over {a, b, c} ignores nothing; first learn over {a, b} only, then expand.
    const small = await learn({
      alphabet: ['a', 'b'],
      teacher: new SimulatedTeacher(target),
      oracle: { counterexamples: 'gold', findCounterexample: async () => undefined },
      algorithm: 'lstar',
    })
    const learned = small.cache.entries().map((e) => e.word.join(' '))
    const teacher = new CountingTeacher(new SimulatedTeacher(target))
    const large = await learn({
      alphabet: target.alphabet,
      teacher,
      oracle: new ExactOracle(target),
      algorithm: 'kv',
      cache: small.cache,
    })
    assert.equal(large.outcome, 'equivalent')
    assert.ok(large.dfa && equivalent(large.dfa, target).equivalent)
    for (const word of learned) assert.ok(!teacher.words.includes(word), `${word} was asked again`)
  })
})

describe('CAPAL when the world contradicts the teacher on a few words', () => {
  // A compass's ingredients in the world come in either order; the recipe book (the teacher here) knows one order,
  // so it is wrong on every word that gathers redstone first, far past any noise bound. Runs are gold.
  const alphabet = ['compass', 'iron', 'redstone']
  const world = Dfa.from({
    alphabet,
    initial: 0,
    accepting: [4],
    transitions: [
      [null, 1, 2],
      [null, 1, 3],
      [null, 3, 2],
      [4, 3, 3],
      [4, 4, 4],
    ],
  })
  const recipeOrder = Dfa.from({
    alphabet,
    initial: 0,
    accepting: [3],
    transitions: [
      [null, 1, null],
      [null, 1, 2],
      [3, 2, 2],
      [3, 3, 3],
    ],
  })
  const runs: SymbolWord[] = [
    ['redstone', 'iron', 'compass'],
    ['iron', 'iron', 'redstone', 'compass'],
    ['iron', 'redstone', 'compass'],
  ]
  /** The runs the world made, each a gold counterexample while the hypothesis disagrees with it. */
  const runsOracle = {
    counterexamples: 'gold' as const,
    async findCounterexample(hypothesis: Dfa) {
      const word = runs.find((w) => hypothesis.accepts(w) !== world.accepts(w))
      return word && { word, label: world.accepts(word) }
    },
  }

  test('a gold run the class query keeps outvoting is learned, not asked round after round', async () => {
    for (let seed = 1; seed <= 5; seed++) {
      const events: LearningEvent[] = []
      const report = await learn({
        alphabet,
        teacher: new SimulatedTeacher(recipeOrder),
        oracle: runsOracle,
        algorithm: 'capal',
        // The skill learner's parameters (skill-learning.ts): milestone languages, a model teacher.
        capal: { noiseBound: 0.1, poolSize: 2, poolMaxLength: 4, poolSample: 2, followGoldRuns: true, seed },
        maxEquivalenceQueries: 12,
        onEvent: (e) => events.push(e),
      })
      const rounds = events.filter((e) => e.type === 'counterexample').length
      assert.equal(report.outcome, 'equivalent', `seed ${seed}: ${report.outcome} after ${rounds} counterexamples`)
      for (const run of runs) assert.ok(report.dfa?.accepts(run), `seed ${seed}: ${run.join(' ')}`)
    }
  })
})
