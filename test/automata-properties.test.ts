// Every automata operation against brute-force enumeration of all words up to length 6 on random DFAs
// (up to 8 states, up to 3 symbols, partial or complete, and over different alphabets).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import {
  Alphabet,
  canonicalize,
  complement,
  complete,
  concat,
  Dfa,
  deadStates,
  difference,
  distancesToAcceptance,
  equivalent,
  extendAlphabet,
  intersect,
  isEmpty,
  minimize,
  product as productOf,
  randomInt,
  reachableStates,
  seededRandom,
  sequence,
  sequenceAll,
  shortestPathToAcceptance,
  shortestWitness,
  symmetricDifference,
  trim,
  union,
  withExactLabels,
} from '../plugin/automata/index.js'
import {
  type DfaSpec,
  dfaOverSomeAlphabet,
  dfaSpec,
  language,
  refAccepts,
  SYMBOLS,
  toDfa,
  wordsUpTo,
} from './support/automata.js'

const RUNS = { numRuns: 150 }
const L = 6
const ALL = [...SYMBOLS]

/** The language of a DFA under test, read through its own `accepts`. */
const lang = (dfa: Dfa, alphabet: readonly string[] = ALL) => language((w) => dfa.accepts(w), alphabet, L)
/** The reference language of a spec. */
const refLang = (spec: DfaSpec, alphabet: readonly string[] = ALL) => language((w) => refAccepts(spec, w), alphabet, L)

describe('DFA basics', () => {
  test('accepts and run follow the table; unknown symbols are ignored', () => {
    fc.assert(
      fc.property(dfaOverSomeAlphabet, (spec) => {
        const dfa = toDfa(spec)
        for (const word of wordsUpTo(ALL, 5)) assert.equal(dfa.accepts(word), refAccepts(spec, word), word.join(' '))
      }),
      RUNS,
    )
  })
})

describe('products over merged alphabets', () => {
  const operations = [
    ['intersection', intersect, (a: boolean, b: boolean) => a && b],
    ['union', union, (a: boolean, b: boolean) => a || b],
    ['difference', difference, (a: boolean, b: boolean) => a && !b],
    ['symmetric difference', symmetricDifference, (a: boolean, b: boolean) => a !== b],
  ] as const
  for (const [name, operation, combine] of operations) {
    test(`${name}: L(A op B) = L(A) op L(B)`, () => {
      fc.assert(
        fc.property(dfaOverSomeAlphabet, dfaOverSomeAlphabet, (a, b) => {
          const result = operation(toDfa(a), toDfa(b))
          const expected = language((w) => combine(refAccepts(a, w), refAccepts(b, w)), ALL, L)
          assert.deepEqual(lang(result), expected)
          const merged = new Set([...a.alphabet, ...b.alphabet])
          assert.deepEqual(new Set(result.alphabet.symbols), merged, 'the alphabets are merged')
        }),
        RUNS,
      )
    })
  }

  test('products with hundreds of states (the tables grow while they are built) agree on random words', () => {
    // A regression: a transition was once written into the table that growing had just replaced.
    const word = fc.array(fc.constantFrom(...ALL), { maxLength: 24 })
    fc.assert(
      fc.property(
        dfaSpec(ALL, { maxStates: 40, partial: false }),
        dfaSpec(ALL, { maxStates: 40, partial: false }),
        fc.array(word, { minLength: 50, maxLength: 50 }),
        (a, b, words) => {
          const result = symmetricDifference(toDfa(a), toDfa(b))
          for (const w of words) assert.equal(result.accepts(w), refAccepts(a, w) !== refAccepts(b, w), w.join(' '))
        },
      ),
      { numRuns: 60 },
    )
    const big = (seed: number) => {
      const n = 60
      const random = seededRandom(seed)
      return Dfa.from({
        alphabet: ALL,
        initial: 0,
        accepting: Array.from({ length: n }, (_, s) => s).filter(() => random() < 0.5),
        transitions: Array.from({ length: n }, () => ALL.map(() => randomInt(random, n))),
      })
    }
    const [left, right] = [big(1), big(2)]
    const product = intersect(left, right)
    assert.ok(product.stateCount > 2000, `${product.stateCount} pair states`)
    const random = seededRandom(3)
    for (let i = 0; i < 3000; i++) {
      const w = Array.from({ length: 1 + randomInt(random, 40) }, () => ALL[randomInt(random, 3)]!)
      assert.equal(product.accepts(w), left.accepts(w) && right.accepts(w), w.join(' '))
    }
  })

  test('the hashed pair table (for huge products) builds the same automaton as the dense one', () => {
    fc.assert(
      fc.property(
        dfaOverSomeAlphabet,
        dfaOverSomeAlphabet,
        fc.constantFrom('intersection', 'union', 'difference', 'symmetricDifference' as const),
        (a, b, operation) => {
          const dense = productOf(toDfa(a), toDfa(b), operation)
          const hashed = productOf(toDfa(a), toDfa(b), operation, { densePairLimit: 0 })
          assert.deepEqual(hashed.rows(), dense.rows())
          assert.deepEqual(hashed.acceptingStates(), dense.acceptingStates())
        },
      ),
      RUNS,
    )
  })

  test('complement: L(¬A) is every other word over A’s alphabet', () => {
    fc.assert(
      fc.property(dfaSpec(), (spec) => {
        const result = complement(toDfa(spec))
        const accepted = refLang(spec)
        const expected = new Set([...language(() => true, ALL, L)].filter((w) => !accepted.has(w)))
        assert.deepEqual(lang(result), expected)
        assert.ok(result.isComplete)
      }),
      RUNS,
    )
  })

  test('concatenation: L(A·B) = { uv : u in L(A), v in L(B) }', () => {
    fc.assert(
      fc.property(dfaSpec(ALL, { maxStates: 5 }), dfaSpec(ALL, { maxStates: 5 }), (a, b) => {
        const result = concat(toDfa(a), toDfa(b))
        const expected = language(
          (w) =>
            w.some((_, i) => refAccepts(a, w.slice(0, i)) && refAccepts(b, w.slice(i))) ||
            (refAccepts(a, w) && refAccepts(b, [])),
          ALL,
          L,
        )
        assert.deepEqual(lang(result), expected)
      }),
      RUNS,
    )
  })

  test('sequencing: L(A;B) = { uv : u in L(A) and no proper prefix of u is, v in L(B) }', () => {
    fc.assert(
      fc.property(dfaSpec(ALL, { maxStates: 5 }), dfaSpec(ALL, { maxStates: 5 }), (a, b) => {
        const result = sequence(toDfa(a), toDfa(b))
        const firstAccepted = (u: readonly string[]) =>
          refAccepts(a, u) && u.every((_, i) => !refAccepts(a, u.slice(0, i)))
        const expected = language(
          (w) => [...w.keys(), w.length].some((i) => firstAccepted(w.slice(0, i)) && refAccepts(b, w.slice(i))),
          ALL,
          L,
        )
        assert.deepEqual(lang(result), expected)
        assert.ok(result.stateCount <= a.transitions.length + b.transitions.length)
      }),
      RUNS,
    )
  })

  test('sequencing is associative: sequenceAll (paired level by level) = sequencing from the left', () => {
    fc.assert(
      fc.property(fc.array(dfaOverSomeAlphabet, { minLength: 1, maxLength: 5 }), (specs) => {
        const dfas = specs.map(toDfa)
        const fromTheLeft = dfas.slice(1).reduce((acc, next) => sequence(acc, next), dfas[0]!)
        const paired = sequenceAll(dfas)
        assert.deepEqual(paired.alphabet.symbols, fromTheLeft.alphabet.symbols)
        assert.equal(paired.stateCount, fromTheLeft.stateCount)
        assert.ok(equivalent(paired, fromTheLeft).equivalent)
      }),
      RUNS,
    )
  })
})

/** The number of Myhill–Nerode classes, by brute force: reachable states told apart by suffixes up to length 8. */
function nerodeClassCount(spec: DfaSpec): number {
  const dfa = complete(toDfa(spec))
  const suffixes = wordsUpTo(spec.alphabet, 8)
  const reachable = reachableStates(dfa)
  const signatures = new Set<string>()
  reachable.forEach((isReachable, state) => {
    if (!isReachable) return
    signatures.add(suffixes.map((w) => (dfa.accepting[dfa.run(w, state)] ? '1' : '0')).join(''))
  })
  return signatures.size
}

describe('minimization', () => {
  test('keeps the language and reaches the unique minimal size', () => {
    fc.assert(
      fc.property(dfaSpec(), (spec) => {
        const minimal = minimize(toDfa(spec))
        assert.deepEqual(lang(minimal), refLang(spec))
        assert.ok(minimal.isComplete)
        assert.equal(minimal.stateCount, nerodeClassCount(spec))
      }),
      RUNS,
    )
  })

  test('partial minimization is the minimal trim automaton', () => {
    fc.assert(
      fc.property(dfaSpec(), (spec) => {
        const minimal = minimize(toDfa(spec), { complete: false })
        assert.deepEqual(lang(minimal), refLang(spec))
        const full = minimize(toDfa(spec))
        const hasSink = deadStates(full).size > 0
        const emptyLanguage = refLang(spec).size === 0 && isEmpty(full)
        assert.equal(minimal.stateCount, emptyLanguage ? 1 : full.stateCount - (hasSink ? 1 : 0))
      }),
      RUNS,
    )
  })

  test('is canonical: a shuffled copy with redundant states minimizes to the identical table', () => {
    fc.assert(
      fc.property(
        dfaSpec(),
        fc.infiniteStream(fc.nat()).map((s) => s),
        (spec, stream) => {
          const n = spec.transitions.length
          // Duplicate every state (the copies are equivalent), then shuffle the state numbers.
          const randoms = [...stream.take(2 * n)]
          const order = Array.from({ length: 2 * n }, (_, i) => i).sort(
            (x, y) => (randoms[x]! % 97) - (randoms[y]! % 97) || x - y,
          )
          const position = new Map(order.map((old, i) => [old, i]))
          const rename = (s: number, copy: boolean) => position.get(copy ? s + n : s)!
          const transitions: (number | null)[][] = new Array(2 * n)
          for (let s = 0; s < n; s++) {
            for (const copy of [false, true]) {
              transitions[rename(s, copy)] = spec.transitions[s]!.map((t, a) =>
                t === null ? null : rename(t, (s + a) % 2 === 0),
              )
            }
          }
          const twin: DfaSpec = {
            alphabet: spec.alphabet,
            initial: rename(spec.initial, true),
            accepting: spec.accepting.flatMap((s) => [rename(s, false), rename(s, true)]),
            transitions,
          }
          const a = minimize(toDfa(spec))
          const b = minimize(toDfa(twin))
          assert.deepEqual(b.rows(), a.rows())
          assert.deepEqual(b.acceptingStates(), a.acceptingStates())
          assert.deepEqual(minimize(a).rows(), a.rows(), 'minimizing twice changes nothing')
        },
      ),
      RUNS,
    )
  })

  test('canonicalize renumbers in breadth-first order and keeps the language', () => {
    fc.assert(
      fc.property(dfaSpec(), (spec) => {
        const dfa = canonicalize(toDfa(spec))
        assert.equal(dfa.initial, 0)
        assert.deepEqual(lang(dfa), refLang(spec))
      }),
      RUNS,
    )
  })
})

describe('searches', () => {
  test('equivalence: a counterexample is genuine, shortest, and first in shortlex order', () => {
    // Half the pairs are built equal in language (a DFA and its minimization) to exercise both answers.
    const pair = fc.oneof(
      fc.tuple(dfaSpec(), dfaSpec()).map(([a, b]) => [toDfa(a), toDfa(b), a, b] as const),
      dfaSpec().map((a) => [toDfa(a), minimize(toDfa(a)), a, a] as const),
    )
    fc.assert(
      fc.property(pair, ([left, right, a, b]) => {
        const result = equivalent(left, right)
        const differs = wordsUpTo(ALL, L).filter((w) => refAccepts(a, w) !== refAccepts(b, w))
        if (result.equivalent) {
          assert.deepEqual(differs, [])
          assert.equal(result.counterexample, null)
          assert.deepEqual(minimize(left).rows(), minimize(right).rows())
          return
        }
        const word = result.counterexample!
        assert.notEqual(refAccepts(a, word), refAccepts(b, word), 'genuine')
        assert.equal(result.acceptedBy, refAccepts(a, word) ? 'left' : 'right')
        if (word.length <= L) assert.deepEqual(word, differs[0], 'the first distinguishing word in shortlex order')
        else assert.deepEqual(differs, [], 'no shorter distinguishing word exists')
      }),
      RUNS,
    )
  })

  test('shortest witness and emptiness', () => {
    fc.assert(
      fc.property(dfaSpec(), (spec) => {
        const dfa = toDfa(spec)
        const witness = shortestWitness(dfa)
        const first = wordsUpTo(ALL, L).find((w) => refAccepts(spec, w))
        if (first) assert.deepEqual(witness, first)
        else if (witness) assert.ok(witness.length > L && refAccepts(spec, witness))
        assert.equal(isEmpty(dfa), witness === undefined)
        // A DFA with n states accepts something iff it accepts a word shorter than n.
        if (!witness) assert.equal(language((w) => refAccepts(spec, w), ALL, spec.transitions.length).size, 0)
      }),
      RUNS,
    )
  })

  test('dead states, distances and shortest paths to acceptance', () => {
    fc.assert(
      fc.property(dfaSpec(), (spec) => {
        const dfa = toDfa(spec)
        const n = spec.transitions.length
        const dead = deadStates(dfa)
        const distance = distancesToAcceptance(dfa)
        const words = wordsUpTo(ALL, n)
        for (let state = 0; state < n; state++) {
          const from = { ...spec, initial: state }
          const shortest = words.find((w) => refAccepts(from, w))
          assert.equal(dead.has(state), shortest === undefined, `state ${state}`)
          assert.equal(distance[state], shortest ? shortest.length : -1)
          assert.deepEqual(shortestPathToAcceptance(dfa, state), shortest)
        }
      }),
      RUNS,
    )
  })

  test('trim keeps the language and leaves only useful states', () => {
    fc.assert(
      fc.property(dfaSpec(), (spec) => {
        const trimmed = trim(toDfa(spec))
        assert.deepEqual(lang(trimmed), refLang(spec))
        if (refLang(spec).size > 0 || !isEmpty(toDfa(spec))) {
          assert.ok(reachableStates(trimmed).every((r) => r === 1))
          assert.equal(deadStates(trimmed).size, 0)
        }
      }),
      RUNS,
    )
  })
})

describe('alphabet changes', () => {
  test('extending with ignore keeps the language; with reject forbids the new symbols', () => {
    fc.assert(
      fc.property(dfaSpec(['a', 'b']), (spec) => {
        const ignore = extendAlphabet(toDfa(spec), ['c'])
        const reject = extendAlphabet(toDfa(spec), ['c'], 'reject')
        assert.deepEqual(ignore.alphabet.symbols, ['a', 'b', 'c'])
        assert.deepEqual(lang(ignore), refLang(spec))
        assert.deepEqual(lang(reject), new Set([...refLang(spec)].filter((w) => !w.split(' ').includes('c'))))
      }),
      RUNS,
    )
  })

  test('products of DFAs over different alphabets equal products of their explicit extensions', () => {
    fc.assert(
      fc.property(dfaOverSomeAlphabet, dfaOverSomeAlphabet, (a, b) => {
        const implicit = intersect(toDfa(a), toDfa(b))
        const explicit = intersect(extendAlphabet(toDfa(a), ALL), extendAlphabet(toDfa(b), ALL))
        assert.ok(equivalent(implicit, explicit).equivalent)
      }),
      RUNS,
    )
  })

  test('the JSON alphabet order does not change the language', () => {
    fc.assert(
      fc.property(dfaSpec(), (spec) => {
        const reversed = new Alphabet([...ALL].reverse())
        const dfa = toDfa(spec)
        const reordered = Dfa.from({
          alphabet: reversed,
          initial: spec.initial,
          accepting: spec.accepting,
          transitions: spec.transitions.map((row) => [...row].reverse()),
        })
        assert.ok(equivalent(dfa, reordered).equivalent)
      }),
      RUNS,
    )
  })
})

describe('exact labels', () => {
  const labelled = fc.array(
    fc.record({ word: fc.array(fc.constantFrom(...ALL), { maxLength: 5 }), label: fc.boolean() }),
    { maxLength: 6 },
  )

  test('the labelled words get their labels, every other word keeps its own', () => {
    fc.assert(
      fc.property(dfaOverSomeAlphabet, labelled, (spec, labels) => {
        const dfa = toDfa(spec)
        const wanted = new Map(labels.map((l) => [l.word.join(' '), l.label]))
        const distinct = [...wanted].map(([w, label]) => ({ word: w === '' ? [] : w.split(' '), label }))
        const exact = withExactLabels(dfa, distinct)
        // Over its alphabet (the DFA's and the labels' symbols): a symbol outside it is ignored, as ever.
        for (const w of wordsUpTo(exact.alphabet.symbols, L)) {
          assert.equal(exact.accepts(w), wanted.get(w.join(' ')) ?? refAccepts(spec, w), w.join(' '))
        }
        // Labels the DFA already gives change nothing, not even its states.
        const agreeing = distinct.filter((l) => refAccepts(spec, l.word) === l.label)
        const kept = withExactLabels(dfa, agreeing)
        assert.ok(equivalent(kept, dfa).equivalent)
        if (agreeing.every((l) => l.word.every((s) => spec.alphabet.includes(s)))) assert.equal(kept, dfa)
      }),
      RUNS,
    )
  })
})
