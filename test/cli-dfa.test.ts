// `cedar dfa ...` on JSON files, run as a user runs it (a separate process), checked against the library.
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Dfa, equivalent, intersect, parseDfaJson, toDfaJson } from '../plugin/automata/index.js'
import { cedar } from './support/cli.js'
import { sleepFirst } from './support/skill-records.js'

// "at least one diamond mined" and "no mining before the first sleep", over overlapping alphabets.
const mined = Dfa.from({
  alphabet: ['mine.diamond_ore', 'sleep.bed'],
  initial: 0,
  accepting: [1],
  transitions: [
    [1, 0],
    [1, 1],
  ],
})

describe('cedar dfa', () => {
  let dir: string
  const file = (name: string) => path.join(dir, name)
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cedar-dfa-'))
    await writeFile(file('mined.json'), JSON.stringify(toDfaJson(mined)))
    await writeFile(file('sleep-first.json'), JSON.stringify(toDfaJson(sleepFirst)))
    await writeFile(file('broken.json'), '{"alphabet": ["a"], "initial": 4, "accepting": [], "transitions": [[0]]}')
  })
  after(() => rm(dir, { recursive: true, force: true }))

  test('intersect writes the product as DFA JSON, minimized', async () => {
    const result = await cedar([
      'dfa',
      'intersect',
      file('mined.json'),
      file('sleep-first.json'),
      '-o',
      file('both.json'),
    ])
    assert.equal(result.code, 0, result.stderr)
    const both = parseDfaJson(await readFile(file('both.json'), 'utf8'))
    assert.ok(equivalent(both, intersect(mined, sleepFirst)).equivalent)
    assert.equal(both.accepts(['sleep.bed', 'mine.diamond_ore']), true)
    assert.equal(both.accepts(['mine.diamond_ore']), false)
  })

  test('equiv --json answers with a shortest counterexample', async () => {
    const differ = await cedar(['dfa', 'equiv', file('mined.json'), file('sleep-first.json'), '--json'])
    assert.equal(differ.code, 0, differ.stderr)
    assert.deepEqual(JSON.parse(differ.stdout), { equivalent: false, counterexample: [], acceptedBy: 'right' })
    const same = await cedar(['dfa', 'equiv', file('mined.json'), '-', '--json'], JSON.stringify(toDfaJson(mined)))
    assert.deepEqual(JSON.parse(same.stdout), { equivalent: true, counterexample: null, acceptedBy: null })
  })

  test('show, complement, union and concat', async () => {
    const show = await cedar(['dfa', 'show', file('mined.json')])
    assert.equal(
      show.stdout,
      '2 states (2 when minimized), 1 accepting, complete\nalphabet (2): mine.diamond_ore sleep.bed\nshortest accepted word: mine.diamond_ore\n',
    )
    const complement = await cedar(['dfa', 'complement', file('mined.json')])
    const notMined = parseDfaJson(complement.stdout)
    assert.equal(notMined.accepts(['sleep.bed']), true)
    assert.equal(notMined.accepts(['mine.diamond_ore']), false)
    const union = parseDfaJson((await cedar(['dfa', 'union', file('mined.json'), file('sleep-first.json')])).stdout)
    assert.equal(union.accepts([]), true)
    const twice = parseDfaJson((await cedar(['dfa', 'concat', file('mined.json'), file('mined.json')])).stdout)
    assert.equal(twice.accepts(['mine.diamond_ore']), false)
    assert.equal(twice.accepts(['mine.diamond_ore', 'sleep.bed', 'mine.diamond_ore']), true)
  })

  test('render draws SVG, or DOT with --dot', async () => {
    const svg = await cedar(['dfa', 'render', file('mined.json')])
    assert.match(svg.stdout, /<svg[\s\S]*mine\.diamond_ore[\s\S]*<\/svg>/)
    const dot = await cedar(['dfa', 'render', file('mined.json'), '--dot', '--json'])
    assert.match(JSON.parse(dot.stdout).dot, /^digraph "dfa"/)
  })

  test('a bad file is named with the bad field; a missing one is named too', async () => {
    const broken = await cedar(['dfa', 'show', file('broken.json')])
    assert.equal(broken.code, 1)
    assert.equal(broken.stderr, `cedar: ${file('broken.json')}: initial: state 4 does not exist (1 states)\n`)
    const missing = await cedar(['dfa', 'minimize', file('nope.json'), '--json'])
    assert.equal(missing.code, 1)
    assert.deepEqual(JSON.parse(missing.stdout), { error: `cannot read ${file('nope.json')}: no such file` })
  })
})
