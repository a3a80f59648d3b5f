// The test runner behind `npm test` and `npm run test:unit`:
//   node --import tsx test/runner/run.ts [--unit] [--jobs N] [--separate] [--record] [--list] [FILE...]
// Each test file runs in its own process (node --test, the file in that process), except unit files, which run a
// batch to a process (batches.ts; `--separate` runs them one to a process too); several processes at a time, longest
// first, with a per-test timeout that fits their kind (test/runner/kinds.ts); the packaging tests share one
// `npm pack`. Every process gets its own XDG_DATA_HOME and XDG_CACHE_HOME under a temporary directory, which its CLI
// children inherit, and the run fails when anything under the user's real data directory changed meanwhile.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { formBatches } from './batches.js'
import { differences, snapshot, userDataDir } from './data-guard.js'
import type { FileTimes } from './file-times.js'
import { KIND_SETTINGS, KINDS, readTestFile, type TestKind } from './kinds.js'
import { coreShare, fileRecords, readRecords, saveRecords } from './records.js'
import { runScheduled, type Scheduled } from './schedule.js'
import { readUnreapedCpu, UNREAPED_CPU_ENV } from './unreaped-cpu.js'

const root = path.resolve(import.meta.dirname, '../..')
const runsFile = path.join(import.meta.dirname, 'runs.json')

interface Flags {
  unit: boolean
  jobs: number | undefined
  /** Keep this run's file durations (the order of later runs) and, for a whole run, its time (README's). */
  record: boolean
  /** Print the plan (order, kind, estimate) and run nothing. */
  list: boolean
  /** Every unit file in a process of its own, as the other kinds (to tell whether a batch's files meet). */
  separate: boolean
  files: string[]
}

interface PlannedFile {
  readonly file: string
  readonly name: string
  readonly kind: TestKind
  /** Runs with no other file beside it (kinds.ts, runsAlone). */
  readonly alone: boolean
  /** Never in a batch: it has hooks at its top level (kinds.ts, hasTopLevelHooks). */
  readonly ownProcess: boolean
  readonly estimateMs: number
  /** The part of a core it keeps busy (records.ts). */
  readonly share: number
  /** CPU seconds an earlier run recorded (records.ts), if any. */
  readonly cpuSeconds: number | undefined
}

/** One test process: a file, or a batch of unit files (batches.ts). */
interface Planned {
  readonly name: string
  readonly files: readonly PlannedFile[]
  readonly kind: TestKind
  readonly alone: boolean
  readonly estimateMs: number
  readonly share: number
}

interface Outcome {
  readonly planned: Planned
  readonly ok: boolean
  /** When it started (performance.now(), the run's clock). */
  readonly startedMs: number
  readonly ms: number
  readonly tests: number
  /** CPU seconds of the process and the children it waited for (null off Linux). */
  readonly cpuSeconds: number | null
  /** A batch's files: each one's time and tests, and which failed (absent when the batch never reported). */
  readonly times?: FileTimes
  readonly output: string
}

function parseFlags(argv: readonly string[]): Flags {
  const flags: Flags = { unit: false, jobs: undefined, record: false, list: false, separate: false, files: [] }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--unit') flags.unit = true
    else if (arg === '--record') flags.record = true
    else if (arg === '--list') flags.list = true
    else if (arg === '--separate') flags.separate = true
    else if (arg === '--jobs') {
      const jobs = Number(argv[++i])
      if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`--jobs needs a positive whole number, not ${argv[i]}`)
      flags.jobs = jobs
    } else if (arg.startsWith('-')) {
      throw new Error(`unknown option ${arg} (--unit, --jobs N, --separate, --record, --list)`)
    } else flags.files.push(path.resolve(arg))
  }
  return flags
}

function plan(flags: Flags): Planned[] {
  const testDir = path.join(root, 'test')
  const paths =
    flags.files.length > 0
      ? flags.files
      : readdirSync(testDir)
          .filter((name) => name.endsWith('.test.ts'))
          .sort()
          .map((name) => path.join(testDir, name))
  const records = readRecords()
  const cores = availableParallelism()
  const files: PlannedFile[] = paths.map((file) => {
    const { kind, alone, ownProcess } = readTestFile(file)
    const name = path.relative(root, file)
    const record = records[name]
    const estimateMs = record?.ms ?? KIND_SETTINGS[kind].guessMs
    return {
      file,
      name,
      kind,
      alone,
      ownProcess,
      estimateMs,
      share: coreShare(record, kind, cores),
      cpuSeconds: record?.cpuSeconds,
    }
  })
  const single = (f: PlannedFile): Planned => ({ ...f, files: [f] })
  const batchable = (f: PlannedFile) =>
    KIND_SETTINGS[f.kind].batchTargetMs !== undefined && !f.alone && !f.ownProcess && !flags.separate
  const planned = [
    ...files.filter((f) => !batchable(f)).map(single),
    ...KINDS.flatMap((kind) => {
      const target = KIND_SETTINGS[kind].batchTargetMs ?? 0
      const members = files.filter((f) => f.kind === kind && batchable(f))
      let shared = 0
      return formBatches(members, target).map((batch) =>
        batch.length === 1 ? single(batch[0] as PlannedFile) : batchOf(batch, kind, ++shared, cores),
      )
    }),
  ]
  // Longest first, so that no long file starts last and runs alone at the end.
  return planned.filter((p) => !flags.unit || p.kind === 'unit').sort((a, b) => b.estimateMs - a.estimateMs)
}

function batchOf(members: readonly PlannedFile[], kind: TestKind, index: number, cores: number): Planned {
  const estimateMs = members.reduce((sum, m) => sum + m.estimateMs, 0)
  const recorded = members.every((m) => m.cpuSeconds !== undefined)
  const cpuSeconds = members.reduce((sum, m) => sum + (m.cpuSeconds ?? 0), 0)
  return {
    name: `${kind} batch ${index} (${members.length} files in one process)`,
    files: members,
    kind,
    alone: false,
    estimateMs,
    // The batch as one file of the members' summed time.
    share: coreShare(recorded ? { ms: estimateMs, cpuSeconds } : undefined, kind, cores),
  }
}

/** The environment of one test file's process: its own data and cache directories, no LLM settings of the user. */
function fileEnv(kind: TestKind, home: string, tarball: string | undefined, jobs: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    // Files sharing the cores: the harness's deadlines for game events stretch (test/harness/wait.ts).
    ...(jobs > 1 ? { CEDAR_TEST_WAIT_SCALE: '3' } : {}),
    ...process.env,
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CACHE_HOME: path.join(home, 'cache'),
    CEDAR_TEST_KIND: kind,
    [UNREAPED_CPU_ENV]: unreapedFile(home),
    ...(tarball ? { CEDAR_TEST_TARBALL: tarball } : {}),
  }
  // A developer's own store, key or model must not reach a test (tests that need them set their own).
  for (const name of ['CEDAR_STORE', 'CEDAR_LLM_CACHE', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'CEDAR_EMBED_MODEL']) {
    delete env[name]
  }
  // Set when this runner is itself started by a test: the file would then report to a test runner above it.
  delete env.NODE_TEST_CONTEXT
  return env
}

/** Where a test process in `home` reports the CPU the runner's count misses (unreaped-cpu.ts). */
const unreapedFile = (home: string) => path.join(home, 'unreaped-cpu')

const running = new Set<ChildProcess>()

function endGroup(child: ChildProcess): void {
  // Each file runs in a process group of its own, with the servers, CLIs and browsers it started.
  if (child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

async function runFile(planned: Planned, work: string, tarball: string | undefined, jobs: number): Promise<Outcome> {
  const settings = KIND_SETTINGS[planned.kind]
  const home = path.join(work, planned.name.replace(/[^A-Za-z0-9.-]+/g, '_'))
  await mkdir(home, { recursive: true })
  const batch = planned.files.length > 1
  const timesFile = path.join(home, 'file-times.json')
  // A batch has its files' tests one after another: its whole time is theirs, and a margin, past the kind's.
  const fileTimeoutMs = settings.fileTimeoutMs + (batch ? 3 * planned.estimateMs : 0)
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      // The file runs in this process, not in a further child per file.
      '--experimental-test-isolation=none',
      '--test-force-exit',
      `--test-timeout=${settings.testTimeoutMs}`,
      '--test-reporter=spec',
      ...(batch
        ? [
            '--test-reporter-destination=stdout',
            `--test-reporter=${path.join(import.meta.dirname, 'file-times.ts')}`,
            `--test-reporter-destination=${timesFile}`,
          ]
        : []),
      ...planned.files.map((f) => f.file),
    ],
    { cwd: root, env: fileEnv(planned.kind, home, tarball, jobs), detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  running.add(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8')
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8')
  })
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    endGroup(child)
  }, fileTimeoutMs)
  let cpuSeconds: number | null = null
  // Read as the process is reaped: the runner's children's CPU grows by this file's then (see childCpuTicks).
  child.on('exit', () => {
    cpuSeconds = takeChildCpu()
  })
  // A process that cannot start (its Node binary gone: a reinstall under a running suite) fails its file, not the run.
  const code = await new Promise<number | null>((resolve) => {
    child.on('close', resolve)
    child.on('error', (error) => {
      output += `\ncould not run the file: ${error.message}\n`
      resolve(null)
    })
  })
  clearTimeout(timer)
  running.delete(child)
  // What the file left running (a server, a CLI child) goes with it.
  endGroup(child)
  const times = batch ? await readTimes(timesFile) : undefined
  const unreaped = await readUnreapedCpu(unreapedFile(home))
  unreapedSeconds += unreaped
  // Set by the exit handler above, which TypeScript does not see.
  const reaped = cpuSeconds as number | null
  await rm(home, { recursive: true, force: true }).catch(() => undefined)
  if (timedOut) {
    output += `\nthe ${batch ? 'batch' : 'file'} ran past ${(fileTimeoutMs / 60_000).toFixed(1)} minutes and was ended\n`
  }
  const tests = Number(/^ℹ tests (\d+)$/m.exec(output)?.[1] ?? 0)
  const ms = performance.now() - started
  const ok = code === 0 && !timedOut
  const cpu = reaped === null ? null : reaped + unreaped
  return { planned, ok, startedMs: started, ms, tests, cpuSeconds: cpu, ...(times ? { times } : {}), output }
}

/** What a batch's reporter wrote (file-times.ts), or undefined when the process ended before it could. */
async function readTimes(file: string): Promise<FileTimes | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as FileTimes
  } catch {
    return undefined
  }
}

/** The files of an outcome that failed: those its reporter named, or every one when a batch ended unreported. */
function failedFiles(outcome: Outcome): readonly PlannedFile[] {
  if (outcome.ok) return []
  const { files } = outcome.planned
  if (files.length === 1 || !outcome.times) return files
  const named = files.filter((f) => outcome.times?.failed.includes(f.file))
  return named.length > 0 ? named : files
}

/** One `npm pack` (a full build) for every packaging test of the run. */
async function packOnce(work: string): Promise<string> {
  const dir = path.join(work, 'pack')
  await mkdir(dir, { recursive: true })
  const { stdout } = await promisify(execFile)('npm', ['pack', '--silent', '--pack-destination', dir], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  })
  return path.join(dir, stdout.trim().split('\n').pop() ?? '')
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

function report(outcome: Outcome): void {
  const { planned, ok, startedMs, ms, tests, cpuSeconds } = outcome
  const cpu = cpuSeconds === null ? '' : `, ${cpuSeconds.toFixed(1)} CPU-s`
  // When it ran in the run: which files ran beside which, and where the cores stood idle.
  const from = `${Math.round(startedMs / 1000)}-${Math.round((startedMs + ms) / 1000)} s into the run`
  process.stdout.write(
    `${ok ? '✔' : '✖'} ${planned.kind.padEnd(7)} ${planned.name} (${tests} tests, ${seconds(ms)}${cpu}; ${from})\n`,
  )
  if (planned.files.length > 1) {
    const failed = failedFiles(outcome)
    for (const f of planned.files) {
      const own = outcome.times
        ? ` (${outcome.times.tests[f.file] ?? 0} tests, ${seconds(outcome.times.ms[f.file] ?? 0)})`
        : ''
      process.stdout.write(`  ${failed.includes(f) ? '✖' : '✔'} ${f.name}${own}\n`)
    }
  }
  if (!ok) process.stdout.write(`${outcome.output.replace(/^/gm, '    ')}\n`)
}

/**
 * Game files at once: one place fewer than `--jobs N`, five on two cores. With six, a loaded machine lost game
 * events in 2 of 3 clean-clone runs (a furnace that did not open, water not seen, a second log), and none with five.
 */
const gameFilesAtOnce = (jobs: number) => Math.max(1, jobs - 1)
/** The game files and two computing files beside them; `--jobs 1`: one file at a time. */
const processesAtOnce = (jobs: number) => (jobs === 1 ? 1 : gameFilesAtOnce(jobs) + 2)

async function runAll(planned: Planned[], jobs: number, work: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  const finish = (outcome: Outcome) => {
    outcomes.push(outcome)
    report(outcome)
  }
  // First the files that measure wall time, one at a time, on a machine this run leaves quiet.
  for (const alone of planned.filter((p) => p.alone)) finish(await runFile(alone, work, undefined, 1))
  // A game file mostly waits on its server's ticks (schedule.ts).
  const queue = planned
    .filter((p) => !p.alone && p.kind !== 'pack')
    .map((p): Planned & Scheduled => ({ ...p, waits: p.kind === 'server' }))
  const packed = planned.filter((p) => !p.alone && p.kind === 'pack')
  let tarball: string | undefined
  // The build runs beside the first files; the packaging files join the front of the queue once it is done.
  let building: Promise<void> | undefined
  if (packed.length > 0) {
    building = packOnce(work)
      .then(
        (file) => {
          tarball = file
          queue.unshift(...packed)
        },
        (error) => {
          const output = `npm pack failed: ${(error as { stderr?: string }).stderr ?? (error as Error).message}`
          for (const p of packed)
            finish({ planned: p, ok: false, startedMs: performance.now(), ms: 0, tests: 0, cpuSeconds: null, output })
        },
      )
      .finally(() => {
        building = undefined
      })
  }
  // Game files take at most `jobs` places less one, and files that compute get two more beside them: six game
  // files mostly waiting on their servers' ticks keep about a core and a half busy, and no unit batch fitted beside
  // them, so the unit and process files all waited for the game files to end (a run of 56 processes then kept its
  // two cores 1.5 busy on average, and took 815-897 s). The cores count half a core more than they are: a unit batch
  // keeps a little more than a core busy (its learning workers), and would otherwise never fit beside another.
  const cores = availableParallelism() + 0.5
  await runScheduled(
    queue,
    { maxJobs: processesAtOnce(jobs), maxWaiting: gameFilesAtOnce(jobs), cores },
    async (next) => finish(await runFile(next, work, next.kind === 'pack' ? tarball : undefined, jobs)),
    () => building,
  )
  return outcomes
}

function saveDurations(outcomes: readonly Outcome[]): void {
  saveRecords(
    outcomes.filter((o) => o.ok).flatMap((o) => fileRecords(o.planned.files, o.ms, o.cpuSeconds, o.times?.ms)),
  )
}

/**
 * CPU time used by the test processes this runner has waited for, and theirs (Linux: cutime and cstime of
 * /proc/self/stat, in clock ticks of 1/100 s); what the run would take on idle cores, whatever else the machine ran.
 */
function childCpuTicks(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /, '')
      .split(' ')
    // After "pid (comm) ", cutime and cstime are the 14th and 15th fields.
    return Number(fields[13]) + Number(fields[14])
  } catch {
    return null
  }
}

/** CPU the test processes reported as lost to the count above (unreaped-cpu.ts): a browser's renderer. */
let unreapedSeconds = 0

function childCpuSeconds(): number | null {
  const ticks = childCpuTicks()
  return ticks === null ? null : Math.round(ticks / 100 + unreapedSeconds)
}

let lastChildTicks = childCpuTicks()

/**
 * The CPU seconds the children reaped since the last call used: called as one file's process is reaped, its own
 * (two files reaped in the same turn of the event loop would be counted together, in the first).
 */
function takeChildCpu(): number | null {
  const ticks = childCpuTicks()
  if (ticks === null || lastChildTicks === null) return null
  const used = ticks - lastChildTicks
  lastChildTicks = ticks
  return used / 100
}

/** The time of a whole run (`npm test` or `npm run test:unit`), where README's statement of it comes from. */
function saveRun(name: 'all' | 'unit', outcomes: readonly Outcome[], jobs: number, ms: number): void {
  let runs: Record<string, unknown> = {}
  try {
    runs = JSON.parse(readFileSync(runsFile, 'utf8')) as Record<string, unknown>
  } catch {
    // the first record
  }
  const commit = (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
    } catch {
      return 'unknown'
    }
  })()
  runs[name] = {
    date: new Date().toISOString(),
    commit,
    cores: availableParallelism(),
    jobs,
    files: outcomes.reduce((sum, o) => sum + o.planned.files.length, 0),
    processes: outcomes.length,
    tests: outcomes.reduce((sum, o) => sum + o.tests, 0),
    seconds: Math.round(ms / 1000),
    cpuSeconds: childCpuSeconds(),
    // The 1-minute load average when the run ended: a run beside other work on the machine is slower.
    loadAverage: Number(loadavg()[0]?.toFixed(2)),
  }
  writeFileSync(runsFile, `${JSON.stringify(runs, null, 2)}\n`)
}

async function main(): Promise<number> {
  const flags = parseFlags(process.argv.slice(2))
  const planned = plan(flags)
  if (planned.length === 0) throw new Error('no test files to run')
  if (flags.list) {
    const order = [...planned.filter((p) => p.alone), ...planned.filter((p) => !p.alone)]
    for (const p of order) {
      process.stdout.write(
        `${p.kind.padEnd(7)} ${seconds(p.estimateMs).padStart(8)} ${p.share.toFixed(2)} core${p.alone ? ' alone' : '      '} ${p.name}\n`,
      )
      if (p.files.length > 1) for (const f of p.files) process.stdout.write(`${' '.repeat(31)}${f.name}\n`)
    }
    return 0
  }
  // Game files spend most of their time waiting on the server's ticks, so three run per core; what else runs beside
  // them the cores decide (schedule.ts).
  const jobs = flags.jobs ?? 3 * availableParallelism()
  const realData = userDataDir(process.env)
  const before = await snapshot(realData)
  const work = await mkdtemp(path.join(tmpdir(), 'cedar-test-'))
  const started = performance.now()
  process.stdout.write(
    `${planned.reduce((n, p) => n + p.files.length, 0)} test files in ${planned.length} processes, up to ${gameFilesAtOnce(jobs)} game ` +
      `files and ${processesAtOnce(jobs)} processes at a time as ${availableParallelism()} cores carry them\n`,
  )
  let outcomes: Outcome[]
  try {
    outcomes = await runAll(planned, jobs, work)
  } finally {
    await rm(work, { recursive: true, force: true }).catch(() => undefined)
  }
  const elapsed = performance.now() - started
  const changed = differences(before, await snapshot(realData))
  const failed = outcomes.filter((o) => !o.ok)
  const tests = outcomes.reduce((sum, o) => sum + o.tests, 0)
  const fileCount = outcomes.reduce((sum, o) => sum + o.planned.files.length, 0)
  const failedCount = failed.flatMap(failedFiles).length
  const cpuTotal = childCpuSeconds()
  process.stdout.write(
    `\n${fileCount - failedCount}/${fileCount} files passed (${outcomes.length} processes), ${tests} tests, ${seconds(elapsed)}` +
      `${cpuTotal === null ? '' : `, ${cpuTotal} CPU-s`}\n`,
  )
  for (const f of failed.flatMap(failedFiles)) process.stdout.write(`  failed: ${f.name}\n`)
  if (changed.length === 0) {
    process.stdout.write(`the user's data directory ${realData} is untouched (${before.size} entries)\n`)
  } else {
    process.stdout.write(`the tests changed the user's data directory ${realData}:\n`)
    for (const line of changed) process.stdout.write(`  ${line}\n`)
  }
  if (flags.record) {
    saveDurations(outcomes)
    if (flags.files.length === 0 && failed.length === 0) saveRun(flags.unit ? 'unit' : 'all', outcomes, jobs, elapsed)
  }
  return failed.length === 0 && changed.length === 0 ? 0 : 1
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) endGroup(child)
    process.exit(130)
  })
}

try {
  process.exitCode = await main()
} catch (error) {
  process.stderr.write(`test runner: ${(error as Error).message}\n`)
  process.exitCode = 2
}
