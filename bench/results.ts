// `npm run results`: writes README's result sections from the committed files in docs/results/ (readme-results.ts).
// `npm run results -- --check` changes nothing and exits 1 when README or a result file is out of date (a live file
// older than its code is a note, not a failure: see resultProblems).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { renderReadme, resultProblems } from './readme-results.js'
import { REPO_ROOT, readResultFiles } from './result-file.js'

async function main(argv: readonly string[]): Promise<number> {
  const file = join(REPO_ROOT, 'README.md')
  const readme = readFileSync(file, 'utf8')
  const results = readResultFiles()
  if (argv.includes('--check')) {
    const problems = await resultProblems(readme, results)
    for (const p of problems) console.error(p)
    const live = (await resultProblems(readme, results, { live: true })).filter((p) => !problems.includes(p))
    for (const p of live) console.error(`note (not a failure: live runs are not repeated for every change): ${p}`)
    return problems.length === 0 ? 0 : 1
  }
  const fresh = renderReadme(readme, results)
  if (fresh !== readme) writeFileSync(file, fresh)
  console.log(fresh === readme ? 'README.md: result sections up to date' : 'README.md: result sections rewritten')
  const stale = (await resultProblems(fresh, results)).filter((p) => !p.startsWith("README's"))
  for (const p of stale) console.error(p)
  return stale.length === 0 ? 0 : 1
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
