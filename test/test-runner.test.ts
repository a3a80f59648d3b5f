// The test runner (test/runner/run.ts) keeps the tests out of the user's data directory: each test process gets
// its own, and a run that changed the real one fails. Run here on fixture files, never on the suite itself.
// (This file names every kind's helpers in its tests of kindOfSource, so it says its own kind.)
// test-kind: process
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { LawFiles } from '../plugin/store/law-files.js'
import { SkillStore } from '../plugin/store/skill-store.js'
import { formBatches } from './runner/batches.js'
import { differences, snapshot } from './runner/data-guard.js'
import { hasTopLevelHooks, kindOfSource, runsAlone } from './runner/kinds.js'
import { coreShare, fileRecords } from './runner/records.js'
import { root } from './support/cli.js'
import { sleepConstraint } from './support/skill-records.js'

const fixtures = path.join(import.meta.dirname, 'fixtures/runner')

/** The runner on `files`, as `npm test` starts it, with the user's data directory at `data`. */
async function runTests(files: string[], data: string, env: Record<string, string> = {}) {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'test/runner/run.ts', ...files.map((f) => (f.startsWith('-') ? f : path.join(fixtures, f)))],
      { cwd: root, env: { ...process.env, XDG_DATA_HOME: data, ...env }, timeout: 240_000 },
    )
    return { code: 0, stdout }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, stdout: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

/** A user data directory of its own for the describe block that calls this, gone after it. */
function freshDataDir(): () => string {
  let data = ''
  before(async () => {
    data = await mkdtemp(path.join(tmpdir(), 'cedar-user-data-'))
  })
  after(() => rm(data, { recursive: true, force: true }))
  return () => data
}

describe("the test runner and the user's data directory", () => {
  let data: string
  let userDir: string
  let userStore: string
  before(async () => {
    data = await mkdtemp(path.join(tmpdir(), 'cedar-user-data-'))
    userDir = path.join(data, 'mineflayer-cedar')
    userStore = path.join(userDir, 'store')
    // What a few ordinary `npm start` runs left behind: a critic law forbidding a needed step, and a standing
    // constraint taught by a player.
    const laws = new LawFiles(userStore)
    laws.save({
      id: 'C1',
      text: 'G(has.planks.1 -> X !craft.planks)',
      kind: 'soft',
      source: 'critic',
      explanation: 'craft.planks was repeated while has.planks.1 already held (offline:repetition)',
    })
    await laws.flushed()
    await new SkillStore(userStore, { logger: { warn: () => {} } }).save(sleepConstraint('eat-when-hungry'))
  })
  after(() => rm(data, { recursive: true, force: true }))

  test('a polluted data directory: the tests pass, see none of it, and the guard shows it untouched', async () => {
    const before = await snapshot(userDir)
    assert.ok(before.has('store/laws/C1.json') && before.has('store/constraints/eat-when-hungry.json'))
    const run = await runTests(['default-store.ts'], data, { CEDAR_FIXTURE_POLLUTED_DATA: data })
    assert.equal(run.code, 0, run.stdout)
    assert.match(run.stdout, /✔ process +test\/fixtures\/runner\/default-store\.ts \(2 tests/)
    assert.ok(
      run.stdout.includes(`the user's data directory ${userDir} is untouched (${before.size} entries)`),
      run.stdout,
    )
    assert.deepEqual(differences(before, await snapshot(userDir)), [])
  })

  test('a test that writes into the real data directory fails the run, which names what changed', async () => {
    const run = await runTests(['writes-user-data.ts'], data, { CEDAR_FIXTURE_USER_STORE: userStore })
    assert.equal(run.code, 1, run.stdout)
    assert.match(run.stdout, /✔ unit +test\/fixtures\/runner\/writes-user-data\.ts/)
    assert.ok(run.stdout.includes(`the tests changed the user's data directory ${userDir}:`), run.stdout)
    assert.match(run.stdout, /^ {2}added store\/skills\/careless\.json$/m)
  })
})

describe('unit files in batches', () => {
  const data = freshDataDir()

  test('two unit files share a process; the one that failed is named, with its own count, and the run fails', async () => {
    const run = await runTests(['batch-passes.ts', 'batch-fails.ts', 'batch-root-hook.ts'], data())
    assert.equal(run.code, 1, run.stdout)
    // A file with a hook at its top level is never in a batch: its hook would be the whole process's.
    assert.match(run.stdout, /^✔ unit +test\/fixtures\/runner\/batch-root-hook\.ts \(1 tests, /m)
    // Each process's line says when in the run it ran: which ran beside which.
    assert.match(
      run.stdout,
      /^✔ unit +test\/fixtures\/runner\/batch-root-hook\.ts \(1 tests, .*; \d+-\d+ s into the run\)$/m,
    )
    assert.match(run.stdout, /^✖ unit +unit batch 1 \(2 files in one process\) \(4 tests, /m)
    assert.match(run.stdout, /^ {2}✔ test\/fixtures\/runner\/batch-passes\.ts \(2 tests, /m)
    assert.match(run.stdout, /^ {2}✖ test\/fixtures\/runner\/batch-fails\.ts \(2 tests, /m)
    assert.match(run.stdout, /the fixture fails on purpose/)
    assert.match(run.stdout, /^2\/3 files passed \(2 processes\)/m)
    assert.match(run.stdout, /^ {2}failed: test\/fixtures\/runner\/batch-fails\.ts$/m)
    assert.doesNotMatch(run.stdout, /failed: test\/fixtures\/runner\/batch-passes/)
  })

  test('--separate runs each in a process of its own', async () => {
    const run = await runTests(['--separate', 'batch-passes.ts', 'batch-fails.ts'], data())
    assert.equal(run.code, 1, run.stdout)
    assert.match(run.stdout, /^✔ unit +test\/fixtures\/runner\/batch-passes\.ts \(2 tests, /m)
    assert.match(run.stdout, /^✖ unit +test\/fixtures\/runner\/batch-fails\.ts \(2 tests, /m)
    assert.match(run.stdout, /^1\/2 files passed \(2 processes\)/m)
  })
})

describe('CPU the OS never counts to the runner', () => {
  const data = freshDataDir()

  test("a file's orphaned helper's CPU, which it reports, is in its line and the run's total", async () => {
    // The fixture's grandchild burns 3 CPU-seconds and goes to PID 1 (as chromium's renderer does): without the
    // report the file's line would show its own start, 1 to 2 CPU-seconds.
    const run = await runTests(['orphaned-cpu.ts'], data())
    assert.equal(run.code, 0, run.stdout)
    const line = /^✔ process +test\/fixtures\/runner\/orphaned-cpu\.ts \(1 tests, [\d.]+ s, ([\d.]+) CPU-s;/m.exec(
      run.stdout,
    )
    assert.ok(line, run.stdout)
    assert.ok(Number(line[1]) >= 3, `the file's line: ${line[0]}`)
    const total = /^1\/1 files passed \(1 processes\), 1 tests, [\d.]+ s, (\d+) CPU-s$/m.exec(run.stdout)
    assert.ok(total && Number(total[1]) >= 3, run.stdout)
  })
})

describe('forming batches', () => {
  const files = (...ms: number[]) => ms.map((estimateMs, i) => ({ name: `f${i}`, estimateMs }))
  const loads = (batches: { estimateMs: number }[][]) => batches.map((b) => b.reduce((s, f) => s + f.estimateMs, 0))

  test('about the target each, longest first into the lightest, every file once', () => {
    const batches = formBatches(files(30, 20, 10, 10, 10, 5, 5, 5, 3, 2), 40)
    assert.equal(batches.length, 3)
    assert.deepEqual(loads(batches), [35, 33, 32])
    assert.equal(batches.flat().length, 10)
  })

  test('short files share one batch; a file longer than the target has one to itself; no empty batch', () => {
    assert.equal(formBatches(files(1, 1, 1), 40).length, 1)
    assert.deepEqual(loads(formBatches(files(100, 10, 10), 40)), [100, 10, 10])
    assert.deepEqual(formBatches([], 40), [])
    // Files recorded at 0 ms (a few milliseconds of tests) still get a process: one file named on the command line ran
    // in none ("Cannot read properties of undefined").
    assert.deepEqual(loads(formBatches(files(0, 0), 40)), [0])
  })
})

describe("a batch's records", () => {
  test('each file gets its part of the batch’s wall and CPU time, so the batch’s share of a core stays what it was', () => {
    const files = [
      { file: '/t/a.test.ts', name: 'test/a.test.ts' },
      { file: '/t/b.test.ts', name: 'test/b.test.ts' },
    ]
    // The tests took 3 s and 1 s of a batch that ran 40 s on 36 CPU-seconds (the rest: the start and the imports).
    const records = fileRecords(files, 40_000, 36, { '/t/a.test.ts': 3000, '/t/b.test.ts': 1000 })
    assert.deepEqual(records, [
      { name: 'test/a.test.ts', record: { ms: 30_000, cpuSeconds: 27 } },
      { name: 'test/b.test.ts', record: { ms: 10_000, cpuSeconds: 9 } },
    ])
    const share = (r: (typeof records)[number]) => coreShare(r.record, 'unit', 2)
    assert.deepEqual(records.map(share), [0.9, 0.9])
    assert.deepEqual(fileRecords(files, 40_000, 36, undefined), [], 'a batch that never reported records nothing')
  })
})

describe('what kind of test a file is', () => {
  test('a game server, a child process, the packed tarball, or none of them', () => {
    assert.equal(kindOfSource("import { openSession } from './harness/index.js'"), 'server')
    assert.equal(kindOfSource("const { server } = await openCedarSession('Alex')"), 'server')
    assert.equal(kindOfSource("import { execFile } from 'node:child_process'"), 'process')
    assert.equal(kindOfSource("const r = await cedarProcess(['--version'])"), 'process')
    assert.equal(kindOfSource('const tarball = await packedTarball(work)'), 'pack')
    assert.equal(kindOfSource("// test-kind: server\nimport { execFile } from 'node:child_process'"), 'server')
    assert.equal(runsAlone('// Zombies at night.\n// test-runs-alone: a speed in blocks per wall second\nimport'), true)
    assert.equal(runsAlone("test('a run alone', () => {})"), false)
    assert.equal(hasTopLevelHooks('before(async () => {\n  server = await startTestServer()\n})'), true)
    assert.equal(hasTopLevelHooks("describe('x', () => {\n  before(() => {})\n})"), false)
    assert.equal(
      kindOfSource("const r = await cedar(['dfa', 'show', file])\nimport { waitFor } from './harness'"),
      'unit',
    )
  })
})
