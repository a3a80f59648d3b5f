// `npm run bench [-- --quick] [suite ...]`: runs the benchmark suites, prints Markdown tables on stdout and writes the
// raw numbers to bench/results/<suite>.json. Suites are loaded lazily, so a suite module may import the helpers below.
import { fork } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export interface SuiteOptions {
  /** Smaller sizes and fewer repetitions: a smoke run. */
  readonly quick: boolean
  /** Progress lines go here (stderr), so stdout stays clean Markdown. */
  readonly log: (line: string) => void
  /** Episodes (trials) per row, overriding the suite's own n: the smoke test in `npm test` runs 1. */
  readonly episodes?: number
  /** Where SVG charts go (default bench/results/). */
  readonly outDir?: string
}

export interface SuiteReport {
  /** Markdown printed on stdout. */
  readonly markdown: string
  /** Written as JSON to bench/results/<suite>.json. */
  readonly raw: unknown
  /** True when the libraries disagreed on a result (the run exits non-zero). */
  readonly mismatch: boolean
}

export interface Suite {
  readonly name: string
  readonly description: string
  run(options: SuiteOptions): Promise<SuiteReport>
}

/** The suites, in run order. Later issues append here. */
const SUITES: readonly { readonly name: string; readonly load: () => Promise<Suite> }[] = [
  { name: 'automata', load: async () => (await import('./automata.js')).automataSuite },
  { name: 'shield', load: async () => (await import('./shield.js')).shieldSuite },
  { name: 'learning', load: async () => (await import('./learning.js')).learningSuite },
  { name: 'grounding', load: async () => (await import('./grounding.js')).groundingSuite },
  { name: 'critic', load: async () => (await import('./critic.js')).criticSuite },
  { name: 'cedar-constraints', load: async () => (await import('./cedar-constraints.js')).cedarConstraintsSuite },
  { name: 'cedar-skills', load: async () => (await import('./cedar-skills.js')).cedarSkillsSuite },
  { name: 'teachers', load: async () => (await import('./teachers.js')).teachersSuite },
]

export interface Machine {
  readonly node: string
  readonly platform: string
  readonly cpu: string
  readonly cores: number
  readonly memoryGiB: number
}

export function machine(): Machine {
  const cpus = os.cpus()
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  }
}

export function machineLine(m: Machine = machine()): string {
  return `Machine: node ${m.node}, ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB RAM, ${m.platform}`
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((x, y) => x - y)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n')
}

/**
 * Runs `module` (a .ts file) in a fresh Node process under tsx with `args`, and resolves with the one message it
 * sends back with `process.send`. A process that exits without a message, or with a non-zero code, rejects.
 */
export function runChild<T>(module: string, args: readonly string[], execArgv: readonly string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(module, [...args], {
      execArgv: ['--import', 'tsx', ...execArgv],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    let message: { value: T } | undefined
    child.on('message', (value) => {
      message = { value: value as T }
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (message && code === 0) resolve(message.value)
      else reject(new Error(`child ${module} ${args.join(' ')} exited with ${signal ?? `code ${code}`}`))
    })
  })
}

function usage(): string {
  return [
    'usage: npm run bench [-- [--quick] [suite ...]]',
    '  --quick   smaller sizes and fewer repetitions (a smoke run)',
    '  suite     run only suites whose name contains this text',
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
  const selected = SUITES.filter((s) => filters.length === 0 || filters.some((f) => s.name.includes(f)))
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
