// `npm run bench [-- --quick] [suite ...]`: runs the benchmark suites, prints Markdown tables on stdout and writes
// each suite's raw numbers, goals and metadata to docs/results/<suite>-<quick|full>.json (committed; `npm run
// results` makes README's tables from them). Suites are loaded lazily; what they share lives in suite.ts, so no
// suite imports this runner.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { goalsMarkdown, missedGoals } from './goals.js'
import {
  gitState,
  REPO_ROOT,
  RESULTS_DIR,
  resultMachine,
  seedsOf,
  sourceClosure,
  sourceHash,
  writeResultFile,
} from './result-file.js'
import { machine, machineLine } from './suite.js'
import { SUITES } from './suites.js'

function usage(): string {
  return [
    'usage: npm run bench [-- [--quick] [suite ...]]',
    '  --quick   smaller sizes and fewer repetitions (a smoke run)',
    '  suite     run only suites whose name contains this text (live: only by its full name)',
    `suites: ${SUITES.map((s) => s.name).join(', ')}`,
  ].join('\n')
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage())
    return 0
  }
  const unknown = argv.filter((a) => a.startsWith('-') && a !== '--quick')
  if (unknown.length > 0) {
    console.error(`unknown option ${unknown.join(' ')}\n${usage()}`)
    return 2
  }
  const quick = argv.includes('--quick')
  const filters = argv.filter((a) => !a.startsWith('-'))
  const selected = SUITES.filter((s) =>
    filters.length === 0 ? !s.explicit : filters.some((f) => (s.explicit ? s.name === f : s.name.includes(f))),
  )
  if (selected.length === 0) {
    console.error(`no suite matches ${filters.join(', ')}\n${usage()}`)
    return 2
  }

  const resultsDir = process.env.CEDAR_RESULTS_DIR || RESULTS_DIR
  mkdirSync(resultsDir, { recursive: true })
  const m = machine()
  const started = performance.now()
  console.log(`# Benchmarks${quick ? ' (--quick)' : ''}\n`)
  console.log(`${machineLine(m)}\n`)
  let mismatch = false
  for (const entry of selected) {
    const suite = await entry.load()
    // What is measured is fixed before the run: an edit made while it runs does not pass for what ran.
    const source = sourceHash(suite.sources)
    const { commit, dirty } = gitState(sourceClosure(suite.sources))
    const date = new Date().toISOString()
    const resultMachineNow = resultMachine()
    const suiteStarted = performance.now()
    const log = (line: string) => process.stderr.write(`[${suite.name} ${elapsed(started)}] ${line}\n`)
    log(`running${quick ? ' (quick)' : ''}`)
    const report = await suite.run({ quick, log })
    const seconds = (performance.now() - suiteStarted) / 1000
    const missed = missedGoals(report)
    mismatch ||= missed.length > 0
    console.log(`## ${suite.name}: ${suite.description}\n`)
    console.log(report.markdown)
    console.log(`\n${goalsMarkdown(report.goals).join('\n')}\n`)
    console.log(`Suite time: ${seconds.toFixed(1)} s\n`)
    const file = writeResultFile(
      {
        suite: suite.name,
        mode: quick ? 'quick' : 'full',
        commit,
        dirty,
        date,
        machine: resultMachineNow,
        seconds: Number(seconds.toFixed(1)),
        sourceHash: source.hash,
        sourceFiles: source.files,
        ...seedsField(report.raw),
        goals: report.goals,
        results: report.raw,
      },
      resultsDir,
    )
    log(`raw numbers written to ${relative(REPO_ROOT, file)}${dirty ? ' (its sources have uncommitted changes)' : ''}`)
    // A quick run's pictures stay in bench/results: README's are the full run's, beside its file.
    for (const [name, svg] of quick ? [] : Object.entries(report.figures ?? {})) {
      writeFileSync(join(resultsDir, name), svg)
      log(`figure written to ${relative(REPO_ROOT, join(resultsDir, name))}`)
    }
  }
  console.log(`Total bench time: ${elapsed(started)}`)
  if (mismatch) console.log('\n**RESULT MISMATCH: goals missed, see above.** `npm run results` updates README.')
  return mismatch ? 1 : 0
}

function seedsField(raw: unknown): { seeds?: readonly number[] } {
  const seeds = seedsOf(raw)
  return seeds ? { seeds } : {}
}

function elapsed(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`
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
