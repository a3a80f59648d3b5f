// `cedar ltl eval|dfa`, run as a user runs it.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { parseDfaJson } from '../plugin/automata/index.js'
import { cedar } from './support/cli.js'

const traces = ['[["a"],["b"]]', '[["a"]]', '', '[]', '[["a","b"],["b"]]', '[["c"]]'].join('\n')

describe('cedar ltl', () => {
  test('eval prints one answer per trace, through the compiled DFA', async () => {
    const text = await cedar(['ltl', 'eval', '--formula', 'G(a -> X b)', '--traces', '-'], traces)
    assert.equal(text.code, 0, text.stderr)
    assert.equal(text.stdout, 'true\nfalse\nfalse\ntrue\ntrue\n', 'X is strong; the empty trace satisfies nothing')
    const weak = await cedar(['ltl', 'eval', '-f', 'G(a -> N b)', '-t', '-', '--json'], traces)
    assert.deepEqual(JSON.parse(weak.stdout), [true, true, false, true, true])
  })

  test('dfa prints the minimal DFA over the valuations', async () => {
    const result = await cedar(['ltl', 'dfa', '--formula', 'F a'])
    assert.deepEqual(JSON.parse(result.stdout), {
      alphabet: ['{}', '{a}'],
      initial: 0,
      accepting: [1],
      transitions: [
        [0, 1],
        [1, 1],
      ],
    })
    assert.equal(parseDfaJson(result.stdout).stateCount, 2)
  })

  test('a formula that does not parse, or a bad trace line, is named', async () => {
    const formula = await cedar(['ltl', 'dfa', '-f', 'G(a ->'])
    assert.equal(formula.code, 1)
    assert.equal(formula.stderr, 'cedar: formula: expected a formula but the formula ended at column 7\n')
    const line = await cedar(['ltl', 'eval', '-f', 'a', '-t', '-', '--json'], '[["a"]]\n{"steps": 1}\n')
    assert.deepEqual(JSON.parse(line.stdout), {
      error: 'traces line 2: expected an array of steps, each an array of proposition names',
    })
  })
})
