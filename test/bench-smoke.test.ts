// The benchmark harness cannot rot: one episode of each papers' table, through the same suites `npm run bench` runs.
import assert from 'node:assert/strict'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { criticSuite } from '../bench/critic.js'
import { groundingSuite } from '../bench/grounding.js'
import type { Suite, SuiteReport } from '../bench/run.js'

describe('bench suites, one episode each', () => {
  let outDir: string
  before(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'cedar-bench-smoke-'))
  })
  after(() => rm(outDir, { recursive: true, force: true }))

  const smoke = (suite: Suite): Promise<SuiteReport> => suite.run({ quick: true, episodes: 1, outDir, log: () => {} })

  test('critic: LogicGuard Tables 2 and 3 rows, the paper’s beside ours', async () => {
    const report = await smoke(criticSuite)
    assert.equal(report.mismatch, false)
    assert.match(report.markdown, /\| careless actor \(0 laws\) +\| /)
    assert.match(report.markdown, /\| \+ critic, 2 rounds \(\d+ laws\) +\| /)
    assert.match(report.markdown, /\| InnerMonologue \+ LogicGuard \(Table 2\/3\) +\| 9\.4 \(5\/5\)/)
    assert.match(report.markdown, /^Ours vs LogicGuard: failed actions /m)
  })

  test('grounding: accuracy beside CEDAR’s', async () => {
    const report = await smoke(groundingSuite)
    assert.match(report.markdown, /\| CEDAR \(paper, LLM RAG\) +\| 44 +\| 0\.937/)
    assert.match(report.markdown, /\| offline \(grammar \+ BM25 \+ rules pruner\) +\| 149 +\| 0\.9\d\d/)
  })

  test('no chart is written outside the directory it was given', async () => {
    assert.ok((await readdir(outDir)).every((f) => f.endsWith('.svg')))
  })
})
