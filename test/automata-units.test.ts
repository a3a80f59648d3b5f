// The automata core's smaller promises: interchange JSON and its errors, pictures, renaming, enumeration, sampling.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import {
  allWords,
  countAccepted,
  Dfa,
  DfaFormatError,
  enumerateAccepted,
  minimize,
  parseDfaJson,
  renderSvg,
  restrictAlphabet,
  sampleAccepted,
  seededRandom,
  substitute,
  toDfaJson,
  toDot,
} from '../plugin/automata/index.js'
import { dfaSpec, language, refAccepts, toDfa, wordsUpTo } from './support/automata.js'

/** "mine iron_ore, then smelt it": mine.iron_ore · smelt.raw_iron, over a three-symbol alphabet. */
const mineThenSmelt = Dfa.from({
  alphabet: ['mine.iron_ore', 'smelt.raw_iron', 'craft.stick'],
  initial: 0,
  accepting: [2],
  transitions: [
    [1, null, 0],
    [1, 2, 1],
    [2, 2, 2],
  ],
})

describe('interchange JSON', () => {
  test('round-trips, completing a partial DFA with a sink', () => {
    const json = toDfaJson(mineThenSmelt)
    assert.deepEqual(json, {
      alphabet: ['mine.iron_ore', 'smelt.raw_iron', 'craft.stick'],
      initial: 0,
      accepting: [2],
      transitions: [
        [1, 3, 0],
        [1, 2, 1],
        [2, 2, 2],
        [3, 3, 3],
      ],
    })
    const back = parseDfaJson(JSON.stringify(json))
    assert.ok(back.isComplete)
    assert.equal(back.accepts(['craft.stick', 'mine.iron_ore', 'smelt.raw_iron']), true)
    assert.equal(back.accepts(['smelt.raw_iron', 'mine.iron_ore']), false)
  })

  test('the issue’s example loads as written', () => {
    const dfa = parseDfaJson('{"alphabet": ["a","b"], "initial": 0, "accepting": [1], "transitions": [[1,0],[1,1]]}')
    assert.deepEqual(
      enumerateAccepted(dfa, 2).map((w) => w.join('')),
      ['a', 'aa', 'ab', 'ba'],
    )
  })

  const bad: [string, unknown, RegExp][] = [
    ['not JSON', '{"alphabet": [', /^DFA JSON: not JSON/],
    ['a missing field', { alphabet: ['a'], initial: 0, accepting: [] }, /transitions: /],
    [
      'an unknown field',
      { alphabet: ['a'], initial: 0, accepting: [], transitions: [[0]], states: 1 },
      /unknown field states/,
    ],
    [
      'a repeated symbol',
      { alphabet: ['a', 'a'], initial: 0, accepting: [], transitions: [[0, 0]] },
      /alphabet\.1: "a" repeats alphabet\[0\]/,
    ],
    [
      'an empty symbol',
      { alphabet: [''], initial: 0, accepting: [], transitions: [[0]] },
      /alphabet\.0: a symbol is a non-empty string/,
    ],
    [
      'a short row',
      { alphabet: ['a', 'b'], initial: 0, accepting: [], transitions: [[0]] },
      /transitions\.0: has 1 entries, expected 2/,
    ],
    [
      'a target out of range',
      { alphabet: ['a'], initial: 0, accepting: [], transitions: [[0], [7]] },
      /transitions\.1\.0: state 7 does not exist \(2 states\)/,
    ],
    [
      'a bad initial state',
      { alphabet: ['a'], initial: 3, accepting: [], transitions: [[0]] },
      /initial: state 3 does not exist/,
    ],
    [
      'a bad accepting state',
      { alphabet: ['a'], initial: 0, accepting: [0, 1], transitions: [[0]] },
      /accepting\.1: state 1 does not exist/,
    ],
    [
      'a fractional state',
      { alphabet: ['a'], initial: 0.5, accepting: [], transitions: [[0]] },
      /initial: a state is a whole number/,
    ],
    [
      'no states',
      { alphabet: ['a'], initial: 0, accepting: [], transitions: [] },
      /transitions: a DFA needs at least one state/,
    ],
  ]
  for (const [what, input, message] of bad) {
    test(`rejects ${what}, naming the field`, () => {
      assert.throws(
        () => parseDfaJson(typeof input === 'string' ? input : JSON.stringify(input)),
        (error: unknown) => error instanceof DfaFormatError && message.test(error.message),
      )
    })
  }
})

describe('pictures', () => {
  test('DOT marks accepting states and merges parallel edges; the dead sink is left out', () => {
    const minimal = minimize(mineThenSmelt)
    assert.equal(minimal.stateCount, 4, 'three useful states and a sink')
    const [done] = minimal.acceptingStates()
    const sink = [...Array(4).keys()].find((s) => s !== done && minimal.next(s, 0) === s && minimal.next(s, 1) === s)
    const dot = toDot(minimal)
    assert.match(dot, /^digraph "dfa" \{/)
    assert.match(dot, new RegExp(`\\n  ${done} \\[label="${done}", shape=doublecircle\\];`))
    assert.match(dot, /\n {2}0 -> 0 \[label="craft\.stick"\];/)
    // Labels wrap (DOT's \n) at about 28 characters.
    assert.ok(dot.includes(`${done} -> ${done} [label="mine.iron_ore,\\nsmelt.raw_iron, craft.stick"];`), dot)
    assert.doesNotMatch(dot, new RegExp(`\\n  ${sink} `), 'the sink is hidden')
    assert.match(toDot(minimal, { hideDead: false }), new RegExp(`\\n  ${sink} \\[label`), 'unless asked for')
  })

  test('SVG rendering through Graphviz', async () => {
    const svg = await renderSvg(mineThenSmelt)
    assert.match(svg, /^<\?xml[\s\S]*<svg[\s\S]*<\/svg>\s*$/)
    assert.match(svg, /smelt\.raw_iron/)
  })
})

describe('renaming and restricting', () => {
  test('substitution adapts a skill to another object', () => {
    const gold = substitute(mineThenSmelt, { 'mine.iron_ore': 'mine.gold_ore', 'smelt.raw_iron': 'smelt.raw_gold' })
    assert.deepEqual(gold.alphabet.symbols, ['mine.gold_ore', 'smelt.raw_gold', 'craft.stick'])
    assert.equal(gold.accepts(['mine.gold_ore', 'smelt.raw_gold']), true)
    assert.equal(gold.accepts(['mine.iron_ore', 'smelt.raw_iron']), false, 'iron symbols are now unknown, so ignored')
  })

  test('substitution refuses to merge symbols or rename unknown ones', () => {
    assert.throws(
      () => substitute(mineThenSmelt, { 'mine.iron_ore': 'craft.stick' }),
      /would merge "mine\.iron_ore" and "craft\.stick" into "craft\.stick"/,
    )
    assert.throws(
      () => substitute(mineThenSmelt, { 'mine.coal_ore': 'x' }),
      /"mine\.coal_ore": it is not in the alphabet/,
    )
  })

  test('restriction keeps the language on the kept symbols', () => {
    fc.assert(
      fc.property(dfaSpec(), (spec) => {
        const restricted = restrictAlphabet(toDfa(spec), ['a', 'c'])
        assert.deepEqual(restricted.alphabet.symbols, ['a', 'c'])
        for (const word of wordsUpTo(['a', 'c'], 5)) assert.equal(restricted.accepts(word), refAccepts(spec, word))
      }),
    )
    assert.throws(() => restrictAlphabet(mineThenSmelt, ['fly']), /cannot keep unknown symbols "fly"/)
  })
})

describe('enumeration and sampling', () => {
  test('bounded enumeration lists the accepted words in shortlex order', () => {
    fc.assert(
      fc.property(dfaSpec(), (spec) => {
        const words = enumerateAccepted(toDfa(spec), 5).map((w) => w.join(' '))
        assert.deepEqual(words, [...language((w) => refAccepts(spec, w), ['a', 'b', 'c'], 5)])
        assert.ok(enumerateAccepted(toDfa(spec), 5, 3).length <= 3, 'the limit holds')
      }),
    )
    assert.deepEqual([...allWords(mineThenSmelt.alphabet, 1)].length, 4)
  })

  test('counts match brute force; samples are accepted, of the asked length, and replayable', () => {
    fc.assert(
      fc.property(dfaSpec(), fc.integer({ min: 0, max: 6 }), fc.nat(), (spec, length, seed) => {
        const dfa = toDfa(spec)
        const brute = wordsUpTo(['a', 'b', 'c'], length).filter((w) => w.length === length && refAccepts(spec, w))
        assert.equal(countAccepted(dfa, length), brute.length)
        const sample = sampleAccepted(dfa, length, seededRandom(seed))
        if (brute.length === 0) assert.equal(sample, undefined)
        else {
          assert.equal(sample?.length, length)
          assert.ok(refAccepts(spec, sample ?? []))
          assert.deepEqual(sampleAccepted(dfa, length, seededRandom(seed)), sample)
        }
      }),
    )
  })

  test('sampling is uniform over the accepted words', () => {
    // The six words of length 3 that mine iron before smelting it (mms, msm, mss, msc, mcs, cms); 6,000 draws.
    const random = seededRandom(42)
    const tally = new Map<string, number>()
    for (let i = 0; i < 6000; i++) {
      const word = sampleAccepted(mineThenSmelt, 3, random)?.join(' ') ?? 'none'
      tally.set(word, (tally.get(word) ?? 0) + 1)
    }
    assert.equal(countAccepted(mineThenSmelt, 3), 6)
    assert.equal(tally.size, 6)
    // 1,000 expected each; the standard deviation is about 29, so 880..1120 is four of them either way.
    for (const [word, count] of tally) assert.ok(count > 880 && count < 1120, `${word}: ${count}`)
  })
})

describe('construction errors', () => {
  test('bad tables are refused with the reason', () => {
    assert.throws(() => Dfa.from({ alphabet: ['a'], initial: 0, accepting: [], transitions: [[1]] }), /out of range/)
    assert.throws(
      () => Dfa.from({ alphabet: ['a', 'a'], initial: 0, accepting: [], transitions: [[0, 0]] }),
      /appears twice/,
    )
    assert.throws(
      () => Dfa.from({ alphabet: ['a'], initial: 0, accepting: [2], transitions: [[0]] }),
      /accepting state 2/,
    )
  })
})
