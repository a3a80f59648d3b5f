// `cedar learn`, run as a user runs it.
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { equivalent, parseDfaJson, randomMinimalDfa, seededRandom, toDfaJson } from '../plugin/automata/index.js'
import { cedar } from './support/cli.js'

describe('cedar learn', () => {
  let dir: string
  let file: string
  const target = randomMinimalDfa(8, 3, seededRandom(11))

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cedar-learn-'))
    file = path.join(dir, 'target.json')
    await writeFile(file, JSON.stringify(toDfaJson(target)))
  })
  after(() => rm(dir, { recursive: true, force: true }))

  test('learns the target from a lying teacher and reports the counts as JSON', async () => {
    const result = await cedar([
      'learn',
      '--target',
      file,
      '--algo',
      'capal',
      '--noise',
      '0.05',
      '--seed',
      '3',
      '--json',
    ])
    assert.equal(result.code, 0, result.stderr)
    const report = JSON.parse(result.stdout) as {
      dfa: unknown
      mq: number
      eq: number
      exact: boolean
      outcome: string
    }
    assert.equal(report.exact, true)
    assert.equal(report.outcome, 'equivalent')
    assert.ok(equivalent(parseDfaJson(report.dfa), target).equivalent)
    assert.ok(report.mq > 0 && report.eq > 0)
  })

  test('a membership budget stops learning with a report', async () => {
    const result = await cedar(['learn', '-t', file, '-a', 'kv', '--budget-mq', '10', '--json'])
    const report = JSON.parse(result.stdout) as { mq: number; exact: boolean; outcome: string }
    assert.deepEqual([report.outcome, report.exact], ['mq-budget', false])
    assert.ok(report.mq <= 10)
  })

  test('--budget-mq 50 asks between 1 and 50 words even when CAPAL’s first batch is larger', async () => {
    const result = await cedar([
      'learn',
      '-t',
      file,
      '--algo',
      'capal',
      '--noise',
      '0.05',
      '--budget-mq',
      '50',
      '--json',
    ])
    assert.equal(result.code, 0, result.stderr)
    const report = JSON.parse(result.stdout) as { mq: number; outcome: string; teacherCalls: number }
    assert.equal(report.outcome, 'mq-budget')
    assert.ok(report.mq >= 1 && report.mq <= 50, `asked ${report.mq} words`)
    assert.ok(report.teacherCalls >= 1)
  })

  test('text output, and bad flags named', async () => {
    const text = await cedar(['learn', '-t', file, '-a', 'lstar'])
    assert.match(
      text.stdout,
      /^lstar: learned the target exactly\n8 states; \d+ distinct membership queries in \d+ teacher calls; \d+ equivalence queries; [\d.]+ s\n$/,
    )
    const bad = await cedar(['learn', '-t', file, '-a', 'lstar', '--noise', '0.7'])
    assert.equal(bad.code, 1)
    assert.equal(bad.stderr, 'cedar: --noise must be a number from 0 to 0.5, not "0.7"\n')
  })
})
