// README's result tables are made from the committed result files (docs/results/) by `npm run results`; a table
// that differs from its file, or a file older than the code it measures, fails here with the command that fixes it.
import assert from 'node:assert/strict'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { renderReadme, resultProblems, SECTIONS } from '../bench/readme-results.js'
import { REPO_ROOT, RESULTS_DIR, readResultFiles, resultName, stableJson } from '../bench/result-file.js'

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
          `No committed result file backs this table yet (\`docs/results/${resultName(section.suite, section.mode)}\`): \`${section.command}\``,
        ),
        section.name,
      )
    }
    // The live tables: from a committed live file only.
    if (!readResultFiles().has('live-full'))
      assert.match(readme, /<!-- results:live -->\nNo committed result file backs/)
  })
})
