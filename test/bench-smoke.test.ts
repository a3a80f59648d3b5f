// The benchmark harness cannot rot: one episode of each papers' table, through the same suites `npm run bench` runs.

import assert from 'node:assert/strict'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { cedarConstraintsSuite } from '../bench/cedar-constraints.js'
import { cedarSkillsSuite } from '../bench/cedar-skills.js'
import { criticSuite, criticSuiteWith } from '../bench/critic.js'
import { missedGoals } from '../bench/goals.js'
import { groundingSuite } from '../bench/grounding.js'
import type { Suite, SuiteReport } from '../bench/suite.js'
import { teachersSuite } from '../bench/teachers.js'

// Six suites in one block take some 45 s on an idle machine, more than twice that beside a loaded suite run: the
// unit files' 120 s limit for a block would end a run that is only slow.
describe('bench suites, one episode each', { timeout: 300_000 }, () => {
  let outDir: string
  before(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'cedar-bench-smoke-'))
  })
  after(() => rm(outDir, { recursive: true, force: true }))

  const smoke = (suite: Suite): Promise<SuiteReport> => suite.run({ quick: true, episodes: 1, outDir, log: () => {} })
  /** Each goal says what it measured; whether it was met is the run's to say (one episode may miss the paper's). */
  const statesGoals = (report: SuiteReport) => {
    assert.ok(report.goals.length > 0, 'the suite states no goal')
    for (const g of report.goals) assert.ok(g.goal !== '' && g.measured !== '', JSON.stringify(g))
  }
  let critic: SuiteReport | undefined

  test('critic: LogicGuard Tables 2 and 3 rows, the paper’s beside ours', async () => {
    const report = await smoke(criticSuite)
    critic = report
    statesGoals(report)
    assert.match(report.markdown, /\| careless actor \(0 laws\) +\| /)
    assert.match(report.markdown, /\| \+ critic, 2 rounds \(\d+ laws\) +\| /)
    assert.match(report.markdown, /\| InnerMonologue \+ LogicGuard \(Table 2\/3\) +\| 9\.4 \(5\/5\)/)
    assert.match(report.markdown, /^The careless actor vs LogicGuard's InnerMonologue: failed actions /m)
    assert.match(report.markdown, /\| LLM actor \(simulated\) \(0 laws\) +\| /)
    assert.match(report.markdown, /^The LLM actor vs LogicGuard's InnerMonologue: failed actions /m)
  })

  test('critic fed a wrong law ("never smelt raw iron") misses a goal the same run without it meets', async () => {
    const normal = critic ?? (await smoke(criticSuite))
    const broken = await smoke(criticSuiteWith({ wrongLaws: ['G !smelt.raw_iron'] }))
    const missedNow = new Set(missedGoals(normal).map((g) => g.goal))
    const newlyMissed = missedGoals(broken).filter((g) => !missedNow.has(g.goal))
    assert.ok(newlyMissed.length > 0, JSON.stringify({ normal: normal.goals, broken: broken.goals }, null, 1))
    assert.match(broken.markdown, /Every shield also held these laws from the start: G !smelt\.raw_iron/)
  })

  test('grounding: accuracy beside CEDAR’s', async () => {
    const report = await smoke(groundingSuite)
    statesGoals(report)
    assert.match(report.markdown, /\| CEDAR \(paper, LLM RAG\) +\| 44 +\| 0\.937/)
    assert.match(report.markdown, /\| offline \(grammar \+ BM25 \+ rules pruner\) +\| 149 +\| 0\.9\d\d/)
  })

  test('cedar-constraints: Tables 2 and 3 and Figure 5, with the paper’s rows and the heatmaps', async () => {
    const report = await smoke(cedarConstraintsSuite)
    statesGoals(report)
    for (const heading of ['Table 2', 'Table 3', 'Figure 5']) assert.match(report.markdown, new RegExp(heading))
    const files = await readdir(outDir)
    assert.ok(files.includes('figure5-constrained.svg') && files.includes('figure5-unconstrained.svg'), files.join(' '))
  })

  test('cedar-skills: Tables 4, 5 and 13 and Figure 7', async () => {
    const report = await smoke(cedarSkillsSuite)
    statesGoals(report)
    for (const heading of ['Table 4', 'Table 5', 'Table 13']) assert.match(report.markdown, new RegExp(heading))
    assert.ok((await readdir(outDir)).includes('figure7.svg'))
  })

  test('teachers: constraints from the simulated LLM, exactness, fallbacks and costs per phrase', async () => {
    const report = await smoke(teachersSuite)
    statesGoals(report)
    assert.match(report.markdown, /\| "sleep at night" +\| 6 +\| 3 +\| 5% +\| [01]\/1 +\| 0 +\| \d+, \d+ +\| \d+, \d+ /)
    assert.match(report.markdown, /^- p = 5%: \d\/3 phrases exact/m)
    // The models that err on purpose (issue 39): none of their wrong constraints runs silently.
    assert.match(report.markdown, /^\| "sleep at night" +\| asked ✓ \(\d+\) \/ [^|]+ \/ fell back +\|/m)
    assert.match(report.markdown, /^Silently wrong: 0 of 45 teachings \(goal: 0\)/m)
  })

  test('charts are SVG and go only where they were told', async () => {
    const files = await readdir(outDir)
    assert.ok(files.length >= 3 && files.every((f) => f.endsWith('.svg')), files.join(' '))
  })
})
