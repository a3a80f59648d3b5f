// `npm run bench [-- --quick] [suite ...]`: runs the benchmark suites, prints Markdown tables on stdout and writes the
// raw numbers to bench/results/<suite>.json. Suites are loaded lazily; what they share lives in suite.ts, so no
// suite imports this runner.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { machine, machineLine, type Suite } from './suite.js'

/**
 * The suites, in run order. Later issues append here. An `explicit` suite runs only when named (`live`: real
 * servers, most of an hour a seed).
 */
const SUITES: readonly { readonly name: string; readonly load: () => Promise<Suite>; readonly explicit?: boolean }[] = [
  { name: 'automata', load: async () => (await import('./automata.js')).automataSuite },
  { name: 'shield', load: async () => (await import('./shield.js')).shieldSuite },
  { name: 'learning', load: async () => (await import('./learning.js')).learningSuite },
  { name: 'grounding', load: async () => (await import('./grounding.js')).groundingSuite },
  { name: 'critic', load: async () => (await import('./critic.js')).criticSuite },
  { name: 'cedar-constraints', load: async () => (await import('./cedar-constraints.js')).cedarConstraintsSuite },
  { name: 'cedar-skills', load: async () => (await import('./cedar-skills.js')).cedarSkillsSuite },
  { name: 'teachers', load: async () => (await import('./teachers.js')).teachersSuite },
  { name: 'world', load: async () => (await import('./world.js')).worldSuite },
  {
    name: 'player-counterexamples',
    load: async () => (await import('./player-counterexamples.js')).playerCounterexamplesSuite,
  },
  { name: 'skills-llm', load: async () => (await import('./skills-llm.js')).skillsLlmSuite },
  { name: 'live', load: async () => (await import('./live.js')).liveSuite, explicit: true },
]

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

  const resultsDir = join(dirname(fileURLToPath(import.meta.url)), 'results')
  mkdirSync(resultsDir, { recursive: true })
  const m = machine()
  const started = performance.now()
  console.log(`# Benchmarks${quick ? ' (--quick)' : ''}\n`)
  console.log(`${machineLine(m)}\n`)
  let mismatch = false
  for (const entry of selected) {
    const suite = await entry.load()
    const suiteStarted = performance.now()
    const log = (line: string) => process.stderr.write(`[${suite.name} ${elapsed(started)}] ${line}\n`)
    log(`running${quick ? ' (quick)' : ''}`)
    const report = await suite.run({ quick, log })
    const seconds = (performance.now() - suiteStarted) / 1000
    mismatch ||= report.mismatch
    console.log(`## ${suite.name}: ${suite.description}\n`)
    console.log(report.markdown)
    console.log(`\nSuite time: ${seconds.toFixed(1)} s\n`)
    const file = join(resultsDir, `${suite.name}.json`)
    const raw = { suite: suite.name, quick, date: new Date().toISOString(), machine: m, seconds, results: report.raw }
    writeFileSync(file, `${JSON.stringify(raw, null, 2)}\n`)
    log(`raw numbers written to ${file}`)
  }
  console.log(`Total bench time: ${elapsed(started)}`)
  if (mismatch) console.log('\n**RESULT MISMATCH: see the tables above.**')
  return mismatch ? 1 : 0
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
