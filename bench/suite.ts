// What a benchmark suite is (run.ts runs them) and the helpers suites share: the machine line, the median and a
// child process per measurement.
import { fork } from 'node:child_process'
import os from 'node:os'

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
  /** Written with the run's metadata to docs/results/<suite>-<mode>.json (result-file.ts). */
  readonly raw: unknown
  /** What the suite set out to show and whether this run showed it; a missed goal is a mismatch (goals.ts). */
  readonly goals: readonly Goal[]
  /** Figures (file name → SVG) a full run writes beside its result file, so README's pictures are that run's. */
  readonly figures?: Readonly<Record<string, string>>
}

/** One stated goal: the paper's figure or an issue's bar, and what the run measured against it. */
export interface Goal {
  /** What was to be shown, with its source: "failed actions after two critic rounds ≤ 10% (issue 35's bar)". */
  readonly goal: string
  /** What this run measured, in the goal's unit. */
  readonly measured: string
  readonly met: boolean
}

export interface Suite {
  readonly name: string
  readonly description: string
  /**
   * The modules the suite measures, repo-relative: their import closure (plugin/ and bench/ files) is hashed into
   * each result file, so a result older than a change to that code is noticed (result-file.ts).
   */
  readonly sources: readonly string[]
  run(options: SuiteOptions): Promise<SuiteReport>
}

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
