import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import {
  compileLtl,
  LtlSyntaxError,
  parseLtl,
  printLtl,
  propositions,
  valuationIndex,
  valuationLetters,
} from '../plugin/ltl/index.js'
import { formulaArbitrary, holds, type Trace, traceArbitrary } from './support/ltl.js'

function dfaHolds(text: string, trace: Trace): boolean {
  const formula = parseLtl(text)
  const props = propositions(formula)
  const dfa = compileLtl(formula)
  return dfa.accepts(trace.map((step) => dfa.alphabet.symbol(valuationIndex(props, step))))
}

const steps = (...names: string[][]): Trace => names.map((s) => new Set(s))

describe('LTL parser and printer', () => {
  test('printing then parsing gives the same formula back', () => {
    fc.assert(
      fc.property(formulaArbitrary(['a', 'b', 'mine.diamond_ore', 'F', 'x y'], 5), (formula) => {
        assert.deepEqual(parseLtl(printLtl(formula)), formula)
      }),
      { numRuns: 500 },
    )
  })

  test('every spelling of every operator', () => {
    const same = (a: string, b: string) => assert.deepEqual(parseLtl(a), parseLtl(b), `${a} vs ${b}`)
    same('!a & b | c -> d <-> e', '((~a && b) || c => d) <=> e')
    same('¬a ∧ b ∨ c → d ↔ e', '((!a & b) | c) -> d <-> e')
    same('a ^ b', 'a & b')
    same('N a', 'WX a')
    same('X a U b', '(X a) U b')
    same('a -> b -> c', 'a -> (b -> c)')
    same('a U b U c', 'a U (b U c)')
    same('a & b U c', 'a & (b U c)')
    same(
      'G(!obs_iron_pickaxe_equipped -> X(!action_mine_diamond))',
      'G (! obs_iron_pickaxe_equipped -> X ! action_mine_diamond)',
    )
    assert.deepEqual(parseLtl('"G" & "has space"'), {
      kind: 'and',
      left: { kind: 'prop', name: 'G' },
      right: { kind: 'prop', name: 'has space' },
    })
    assert.equal(printLtl(parseLtl('(a | b) & c')), '(a | b) & c')
    assert.equal(printLtl(parseLtl('a -> (b -> c)')), 'a -> b -> c')
    assert.equal(printLtl(parseLtl('(a -> b) -> c')), '(a -> b) -> c')
  })

  const malformed: [string, string][] = [
    ['', 'expected a formula but the formula ended at column 1'],
    ['   ', 'expected a formula but the formula ended at column 4'],
    ['a &', 'expected a formula but the formula ended at column 4'],
    ['& a', "expected a formula, found '&' at column 1"],
    ['a & & b', "expected a formula, found '&' at column 5"],
    ['a b', 'expected an operator before proposition "b" at column 3'],
    ['G(a', "expected ')' to close the '(' at column 2, found the end of the formula at column 4"],
    ['G(a -> X(b)', "expected ')' to close the '(' at column 2, found the end of the formula at column 12"],
    ['(a))', "unmatched ')' at column 4"],
    [')', "expected a formula, found ')' at column 1"],
    ['()', "expected a formula inside '()' at column 2"],
    ['a -> ', 'expected a formula but the formula ended at column 6'],
    ['-> a', "expected a formula, found '->' at column 1"],
    ['a <-> <-> b', "expected a formula, found '<->' at column 7"],
    ['a U', 'expected a formula but the formula ended at column 4'],
    ['U a', "expected a formula, found 'U' at column 1"],
    ['a R R b', "expected a formula, found 'R' at column 5"],
    ['X', 'expected a formula but the formula ended at column 2'],
    ['G F', 'expected a formula but the formula ended at column 4'],
    ['a $ b', "unexpected character '$' at column 3"],
    ['a # b', "unexpected character '#' at column 3"],
    ['"unterminated', 'unterminated quoted proposition at column 1'],
    ['a & ""', 'empty quoted proposition at column 5'],
    ['a.', 'proposition "a." cannot end with \'.\' at column 1'],
    ['.a', "unexpected character '.' at column 1"],
    ['a = b', "unexpected character '=' at column 3"],
    ['a - > b', "unexpected character '-' at column 3"],
    ['a < b', "unexpected character '<' at column 3"],
    ['X(a b)', 'expected an operator before proposition "b" at column 5'],
    ['(a', "expected ')' to close the '(' at column 1, found the end of the formula at column 3"],
    ['a true', "expected a binary operator, found 'true' at column 3"],
    ['a !b', "expected a binary operator, found '!' at column 3"],
    ['a G b', "expected a binary operator, found 'G' at column 3"],
    ['a (b)', "expected a binary operator, found '(' at column 3"],
  ]
  for (const [text, message] of malformed) {
    test(`rejects ${JSON.stringify(text)}`, () => {
      assert.throws(
        () => parseLtl(text),
        (error: unknown) => error instanceof LtlSyntaxError && error.message === message,
      )
    })
  }
})

describe('LTLf semantics, compiled', () => {
  test('the compiled DFA agrees with a direct evaluator on random formulas and traces', () => {
    fc.assert(
      fc.property(
        formulaArbitrary(),
        fc.array(traceArbitrary(), { minLength: 1, maxLength: 20 }),
        (formula, traces) => {
          const props = propositions(formula)
          const dfa = compileLtl(formula)
          for (const trace of traces) {
            const word = trace.map((step) => dfa.alphabet.symbol(valuationIndex(props, step)))
            assert.equal(
              dfa.accepts(word),
              holds(formula, trace),
              `${printLtl(formula)} on ${JSON.stringify(trace.map((s) => [...s]))}`,
            )
          }
        },
      ),
      { numRuns: 400 },
    )
  })

  test('strong and weak next at the end of a trace', () => {
    assert.equal(dfaHolds('G(a -> X b)', steps(['a'])), false, 'X at the last step is false')
    assert.equal(dfaHolds('G(a -> N b)', steps(['a'])), true, 'N at the last step is true')
    assert.equal(dfaHolds('G(a -> X b)', steps(['a'], ['b'])), true)
    assert.equal(dfaHolds('G(a -> WX b)', steps(['a'], [])), false)
  })

  test('the empty trace satisfies no formula', () => {
    for (const text of ['true', 'G a', 'N false', '!a']) {
      const dfa = compileLtl(parseLtl(text))
      assert.equal(dfa.accepts([]), false, text)
    }
  })

  test('compiled DFAs are minimal and over the valuations of the formula’s propositions', () => {
    const dfa = compileLtl(parseLtl('F b'))
    assert.deepEqual(dfa.alphabet.symbols, ['{}', '{b}'])
    assert.equal(dfa.stateCount, 2)
    assert.throws(
      () => valuationLetters(Array.from({ length: 13 }, (_, i) => `p${i}`)),
      /too large to compile \(at most 12\)/,
    )
  })

  test('compiling over given letters: one symbol per step, as in CEDAR words', () => {
    const symbols = ['mine.log', 'craft.planks', 'time.night']
    const letters = symbols.map((name) => ({ name, props: new Set([name]) }))
    const dfa = compileLtl(parseLtl('G(time.night -> F craft.planks)'), { letters })
    assert.deepEqual(dfa.alphabet.symbols, symbols)
    assert.equal(dfa.accepts(['mine.log', 'time.night', 'craft.planks']), true)
    assert.equal(dfa.accepts(['time.night', 'mine.log']), false)
  })
})
