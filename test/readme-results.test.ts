// README's result tables are made from the committed result files (docs/results/) by `npm run results`; a table
// that differs from its file, or a file older than the code it measures, fails here with the command that fixes it.
import assert from 'node:assert/strict'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { renderReadme, renderSection, resultProblems, SECTIONS } from '../bench/readme-results.js'
import {
  REPO_ROOT,
  RESULTS_DIR,
  type ResultFile,
  readResultFiles,
  resultName,
  stableJson,
  writeResultFile,
} from '../bench/result-file.js'

const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')

describe("README's result tables", () => {
  const dirs: string[] = []
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })
  /** A copy of docs/results/ with `edit` applied to one file's JSON. */
  const copyWith = (file: string, edit: (json: Record<string, unknown>) => void) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cedar-results-'))
    dirs.push(dir)
    cpSync(RESULTS_DIR, dir, { recursive: true })
    const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>
    edit(json)
    writeFileSync(path.join(dir, file), stableJson(json))
    return readResultFiles(dir)
  }

  test('are what `npm run results` makes from the committed files, and no file is older than its code', async () => {
    assert.deepEqual(await resultProblems(readme), [])
  })

  test('differ when one number in a result file changes, naming the section and the command', async () => {
    type Round = { successes: number; subgoals: { diamond: { reached: number } } }
    // A number the table shows (diamonds reached by the careless actor), and one it does not (its successes).
    for (const edit of [(r: Round) => r.subgoals.diamond.reached++, (r: Round) => r.successes++]) {
      const results = copyWith(resultName('critic', 'full'), (json) => {
        edit((json.results as { rounds: Round[] }).rounds[0] as Round)
      })
      const problems = await resultProblems(readme, results)
      assert.equal(problems.length, 1, problems.join('\n'))
      assert.match(problems[0] as string, /README's result sections critic differ .* run `npm run results`/)
    }
  })

  test('a result older than a change to the code it measures names its suite and the command', async () => {
    const results = copyWith(resultName('critic', 'full'), (json) => {
      json.sourceHash = '0'.repeat(64)
    })
    const problems = await resultProblems(readme, results)
    assert.equal(problems.length, 1, problems.join('\n'))
    assert.match(problems[0] as string, /^suite critic: docs\/results\/critic-full\.json is older than a change/)
    assert.match(problems[0] as string, /run `npm run bench -- critic`, then `npm run results`/)
  })

  test('a table with no committed file says so and names the command that makes one', () => {
    const none = renderReadme(readme, new Map())
    for (const section of SECTIONS) {
      assert.ok(
        none.includes(
          `No committed result file backs this table yet (\`docs/results/${resultName(section.suite, 'full')}\`): \`${section.command}\``,
        ),
        section.name,
      )
    }
    // The live tables: from a committed live file only.
    if (!readResultFiles().has('live-full'))
      assert.match(readme, /<!-- results:live -->\nNo committed result file backs/)
  })

  test("a live run's file, act logs and all, is written gzipped when large and read back into the live table", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cedar-results-live-'))
    dirs.push(dir)
    const acts = Array.from({ length: 15000 }, (_, i) => ({
      action: i % 2 ? 'mine.stone' : 'sleep.bed',
      ok: true,
      nightBefore: i % 2 === 0,
      night: 0,
      biome: 'forest',
      y: 60,
    }))
    const episode = {
      seed: 3,
      acts,
      nightsMet: 3,
      nightsSlept: 3,
      health: 20,
      held: { diamond: 2 },
      wallMs: 400_000,
      log: acts.map((a, i) => `act ${i}: ${a.action}`),
    }
    const live: ResultFile = {
      suite: 'live',
      mode: 'full',
      commit: 'abc',
      dirty: false,
      date: '2026-12-03T00:00:00.000Z',
      machine: { node: 'v22', cpu: 'cpu', cores: 2, loadAverage: [1, 1, 1] },
      seconds: 1,
      sourceHash: 'x',
      sourceFiles: 1,
      goals: [],
      results: { seeds: [3], table2: { live: [episode] } },
    }
    const file = writeResultFile(live, dir)
    assert.ok(file.endsWith('live-full.json.gz'), file)
    const read = readResultFiles(dir)
    assert.deepEqual(read.get('live-full'), JSON.parse(stableJson(live)))
    const section = SECTIONS.find((s) => s.name === 'live')
    assert.ok(section)
    const table = renderSection(section, read)
    assert.match(
      table,
      /^\| table2 +\| 3 +\| 1\/1 diamonds +\| 3\/3 +\| 0 +\| 0 +\| 20\.0 ± 0\.0 +\| 15000\.0 ± 0\.0 +\| 400 s +\|$/m,
    )
    assert.match(
      table,
      /From `docs\/results\/live-full\.json` \(`npm run bench -- live`, with every episode’s act log\)/,
    )
    // Its source hash ('x') is no code's: an hour-long live run is not repeated for every change, so that is a note
    // for `--check`, never a failing test; the section names its commit instead.
    assert.match(table, /these are the numbers of the commit named\nabove/)
    const withLive = new Map([...readResultFiles(), ['live-full', live]])
    const readmeWithLive = renderReadme(readme, withLive)
    const isLive = (problem: string) => /live/.test(problem)
    assert.deepEqual((await resultProblems(readmeWithLive, withLive)).filter(isLive), [])
    const liveToo = await resultProblems(readmeWithLive, withLive, { live: true })
    assert.match(
      liveToo.filter(isLive).join('\n'),
      /^suite live: docs\/results\/live-full\.json is older than a change/m,
    )
  })

  test('Table 3 counts a mineral reached, not a log; a row kept from an earlier run names that run', () => {
    const episode = (seed: number, asked: string[], outcomes: string[]) => ({
      seed,
      acts: [{ action: 'mine.coal_ore', ok: true, nightBefore: true }],
      nightsMet: 1,
      nightsSlept: 0,
      health: 20,
      held: {},
      wallMs: 300_000,
      asked,
      outcomes,
    })
    const tail = ' but mine minerals only at night'
    const table3 = [
      episode(0, [`collect a log${tail}`, `collect a coal${tail}`], ['goal', 'goal']),
      episode(1, [`collect a log${tail}`, `collect a coal${tail}`], ['goal', 'ticks spent']),
      episode(
        2,
        [`collect a log${tail}`, `collect a coal${tail}`, `collect a raw iron${tail}`],
        ['goal', 'none', 'goal'],
      ),
    ]
    const from = { commit: '9184f26c67ac0000', date: '2026-12-07T01:00:00.000Z', tickRate: 80 }
    const live: ResultFile = {
      suite: 'live',
      mode: 'full',
      commit: 'def',
      dirty: false,
      date: '2026-12-08T00:00:00.000Z',
      machine: { node: 'v22', cpu: 'cpu', cores: 2, loadAverage: [1, 1, 1] },
      seconds: 1,
      sourceHash: 'x',
      sourceFiles: 1,
      goals: [],
      results: {
        seeds: [0, 1, 2],
        tickRate: 80,
        table2: { live: [{ ...episode(4, [], []), held: { diamond: 1 } }], from },
        table3: { live: table3 },
      },
    }
    const section = SECTIONS.find((s) => s.name === 'live')
    assert.ok(section)
    const table = renderSection(section, new Map([['live-full', live]]))
    assert.match(table, /^\| table3 +\| 0, 1, 2 +\| 2\/3 a mineral +\|/m)
    assert.match(table, /^\| table2 +\| 4 +\| 1\/1 diamonds +\|/m)
    assert.match(
      table,
      /^table2: not run with the others; kept from the run at commit 9184f26c67ac on 2026-12-07, the server/m,
    )
    assert.doesNotMatch(table, /^table3: not run with the others/m)
  })
})
