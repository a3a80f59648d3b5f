// The automata-core suite: our DFA library (plugin/automata) against refa 0.12.1 on the same inputs (built in
// automata-workloads.ts).
//
// Every (library, workload) measurement runs in a fresh child process (`--worker <lib> <workload>`), as does a
// baseline child per pair that builds the same inputs but never runs the operation; the difference of their peak
// RSS is the memory the operation itself needed. Inputs are seeded, so every run sees the same automata.

import { fileURLToPath, pathToFileURL } from 'node:url'
import { DFA } from 'refa'
import { canonicalize, complete, type Dfa, minimize } from '../plugin/automata/index.js'
import {
  acceptsIndices,
  FULL,
  fromRefa,
  MAX_WORD_LENGTH,
  QUICK,
  randomWords,
  SEEDS,
  SYMBOLS,
  sha1,
  usefulStates,
  WORDS,
  WORKLOAD,
  WORKLOADS,
  type WorkloadName,
} from './automata-workloads.js'
import { goal } from './goals.js'
import { markdownTable } from './markdown-table.js'
import { median, runChild, type Suite, type SuiteOptions, type SuiteReport } from './suite.js'

/** Extra V8 heap for the workers: refa's million-node product does not fit in the default limit. */
const WORKER_EXEC_ARGV = ['--expose-gc', '--max-old-space-size=8192']

type Lib = 'ours' | 'refa'
const LIBS: readonly Lib[] = ['ours', 'refa']

interface RepetitionPolicy {
  /** Measured runs after the warm-up, when a run is fast. */
  readonly runs: number
  /** A warm-up slower than this counts as the first measured run instead (no separate warm-up). */
  readonly slowMs: number
  /** Slow measurements stop adding runs once their total would pass this. */
  readonly budgetMs: number
}
const FULL_POLICY: RepetitionPolicy = { runs: 5, slowMs: 10_000, budgetMs: 20_000 }
const QUICK_POLICY: RepetitionPolicy = { runs: 3, slowMs: 2_000, budgetMs: 5_000 }

// ---------------------------------------------------------------------------------------------------------------
// Worker: one (library, workload) measurement in this process.

interface WorkerReport {
  readonly lib: Lib
  readonly workload: WorkloadName
  readonly baseline: boolean
  readonly inputStates: number[]
  readonly buildMs: number
  /** The warm-up run, when there was a separate one (not part of `samplesMs`). */
  readonly warmupMs: number | null
  readonly samplesMs: number[]
  /** ru_maxrss (KiB) right after the runs (or, for a baseline, after building), before any check. */
  readonly maxRssKiB: number
  /** The result as the library returns it. */
  readonly resultStates: number
  /** Reachable states that can still reach acceptance. */
  readonly usefulStates: number
  /** Hash of the result's canonical form (complete, states renumbered breadth-first): equal hashes, equal DFAs. */
  readonly canonicalHash: string
  /** Hash of the accept/reject answers on the random words. */
  readonly wordsHash: string
  readonly wordsAccepted: number
  /** Words where the result disagrees with the inputs' ground truth. */
  readonly wordMismatches: number
  /** Quick intersect only: states after minimizing the product with the same library. */
  readonly minimizedStates: number | null
}

/** What a baseline child holds while its peak RSS is read. */
const held: unknown[] = []

function gc(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}

function measure<T>(prepare: () => T, run: (arg: T) => unknown, policy: RepetitionPolicy) {
  const once = (): number => {
    let arg: T | undefined = prepare()
    gc()
    const start = performance.now()
    run(arg)
    const ms = performance.now() - start
    arg = undefined
    return ms
  }
  const first = once()
  if (first <= policy.slowMs) {
    const samplesMs = Array.from({ length: policy.runs }, once)
    return { warmupMs: first as number | null, samplesMs }
  }
  const samplesMs = [first]
  while (samplesMs.length < policy.runs) {
    const total = samplesMs.reduce((x, y) => x + y, 0)
    if (total + median(samplesMs) > policy.budgetMs) break
    samplesMs.push(once())
  }
  return { warmupMs: null, samplesMs }
}

function worker(lib: Lib, name: WorkloadName, baseline: boolean, quick: boolean): WorkerReport {
  const workload = WORKLOAD[name]
  const sizes = quick ? QUICK : FULL
  const policy = quick ? QUICK_POLICY : FULL_POLICY
  const buildStart = performance.now()
  const inputs = workload.build(sizes)
  const refaInputs = lib === 'refa' ? workload.refa.convert(inputs) : []
  const buildMs = performance.now() - buildStart
  const inputStates = inputs.map((d) => d.stateCount)

  if (baseline) {
    // Hold what a run holds besides the operation's own allocations: the inputs (and refa's per-run copy).
    held.push(lib === 'refa' ? workload.refa.prepare(refaInputs) : inputs)
    gc()
    const maxRssKiB = process.resourceUsage().maxRSS
    return {
      lib,
      workload: name,
      baseline,
      inputStates,
      buildMs,
      warmupMs: null,
      samplesMs: [],
      maxRssKiB,
      resultStates: 0,
      usefulStates: 0,
      canonicalHash: '',
      wordsHash: '',
      wordsAccepted: 0,
      wordMismatches: 0,
      minimizedStates: null,
    }
  }

  let result: Dfa
  let timing: { warmupMs: number | null; samplesMs: number[] }
  let resultStates: number
  let maxRssKiB: number
  let answer: (word: readonly number[]) => boolean
  let minimizedStates: number | null = null
  if (lib === 'ours') {
    let last: Dfa | undefined
    timing = measure(
      () => {
        last = undefined // drop the previous run's result before the GC
        return inputs
      },
      (args) => {
        last = workload.ours(args)
      },
      policy,
    )
    maxRssKiB = process.resourceUsage().maxRSS
    result = last!
    resultStates = result.stateCount
    answer = (word) => acceptsIndices(result, word)
    if (quick && name === 'intersect') minimizedStates = usefulStates(minimize(result))
  } else {
    let last: DFA | undefined
    timing = measure(
      () => {
        last = undefined
        return workload.refa.prepare(refaInputs)
      },
      (args) => {
        last = workload.refa.run(args)
      },
      policy,
    )
    maxRssKiB = process.resourceUsage().maxRSS
    const refaResult = last!
    result = fromRefa(refaResult)
    resultStates = result.stateCount // the nodes reachable from the initial node, as refa's countNodes() counts
    answer = (word) => refaResult.test(word)
    if (quick && name === 'intersect') {
      const copy = refaResult.copy(DFA.nodeFactory)
      copy.minimize()
      minimizedStates = copy.countNodes()
    }
  }

  const words = randomWords(SEEDS.words)
  const answers = new Uint8Array(words.length)
  let wordMismatches = 0
  words.forEach((word, i) => {
    answers[i] = answer(word) ? 1 : 0
    if (answers[i] !== (workload.truth(inputs, word) ? 1 : 0)) wordMismatches++
  })
  const canonical = canonicalize(complete(result))
  return {
    lib,
    workload: name,
    baseline,
    inputStates,
    buildMs,
    ...timing,
    maxRssKiB,
    resultStates,
    usefulStates: usefulStates(result),
    canonicalHash: sha1(Int32Array.of(canonical.initial), canonical.accepting, canonical.table),
    wordsHash: sha1(answers),
    wordsAccepted: answers.reduce((x, y) => x + y, 0),
    wordMismatches,
    minimizedStates,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The suite (parent side).

const WORKER_FILE = fileURLToPath(import.meta.url)

interface Measurement {
  readonly report: WorkerReport
  readonly baseline: WorkerReport
  /** Peak RSS of the measuring child minus that of its baseline child, MiB. */
  readonly peakMiB: number
}

function runWorker(lib: Lib, workload: WorkloadName, quick: boolean, baseline: boolean): Promise<WorkerReport> {
  const args = ['--worker', lib, workload, ...(quick ? ['--quick'] : []), ...(baseline ? ['--baseline'] : [])]
  return runChild<WorkerReport>(WORKER_FILE, args, WORKER_EXEC_ARGV)
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2))
const count = (x: number) => x.toLocaleString('en')

function runsText(r: WorkerReport): string {
  return r.warmupMs === null ? `${r.samplesMs.length} cold` : `${r.samplesMs.length}+1`
}

async function run({ quick, log }: SuiteOptions): Promise<SuiteReport> {
  const sizes = quick ? QUICK : FULL
  const policy = quick ? QUICK_POLICY : FULL_POLICY
  const rows: string[][] = []
  const notes: string[] = []
  const problems: string[] = []
  const raw: Record<string, unknown>[] = []

  for (const name of WORKLOADS) {
    const workload = WORKLOAD[name]
    const results = {} as Record<Lib, Measurement>
    for (const lib of LIBS) {
      log(`${name} / ${lib}: baseline child`)
      const baseline = await runWorker(lib, name, quick, true)
      log(`${name} / ${lib}: measuring child`)
      const report = await runWorker(lib, name, quick, false)
      const peakMiB = (report.maxRssKiB - baseline.maxRssKiB) / 1024
      log(
        `${name} / ${lib}: median ${ms(median(report.samplesMs))} ms over ${report.samplesMs.length} run(s) ` +
          `[${report.samplesMs.map(ms).join(', ')}], peak +${peakMiB.toFixed(1)} MiB, ${report.resultStates} states`,
      )
      results[lib] = { report, baseline, peakMiB }
    }
    const ours = results.ours.report
    const refa = results.refa.report
    const oursMs = median(ours.samplesMs)
    const refaMs = median(refa.samplesMs)

    const disagreements: string[] = []
    for (const r of [ours, refa]) {
      if (r.wordMismatches > 0)
        disagreements.push(`${r.lib} answers ${r.wordMismatches} of ${WORDS} random words unlike the input DFA(s)`)
    }
    if (ours.wordsHash !== refa.wordsHash) disagreements.push('ours and refa answer the random words differently')
    if (ours.canonicalHash !== refa.canonicalHash)
      disagreements.push('the canonical forms of the two results differ (not the same automaton)')
    if (ours.usefulStates !== refa.usefulStates)
      disagreements.push(`useful states differ: ours ${ours.usefulStates}, refa ${refa.usefulStates}`)
    if (ours.minimizedStates !== refa.minimizedStates)
      disagreements.push(`minimized products differ: ours ${ours.minimizedStates}, refa ${refa.minimizedStates}`)
    const agree = disagreements.length === 0
    for (const d of disagreements) problems.push(`${workload.label(sizes)}: ${d}`)

    const states =
      ours.resultStates === refa.resultStates
        ? `${count(ours.resultStates)} / ${count(refa.resultStates)}`
        : `${count(ours.resultStates)} / ${count(refa.resultStates)} ¹`
    rows.push([
      workload.label(sizes),
      ms(oursMs),
      ms(refaMs),
      (refaMs / oursMs).toFixed(1),
      results.ours.peakMiB.toFixed(1),
      results.refa.peakMiB.toFixed(1),
      states,
      `${runsText(ours)} / ${runsText(refa)}`,
      agree ? 'yes' : '**NO — MISMATCH**',
    ])
    for (const r of [ours, refa]) {
      if (r.warmupMs === null) {
        notes.push(
          `${r.lib} on "${workload.label(sizes)}": ${r.samplesMs.length} run(s) without a separate warm-up ` +
            `(first run ${ms(r.samplesMs[0]!)} ms > ${policy.slowMs} ms; further runs only while the total stays ` +
            `under ${policy.budgetMs / 1000} s, to keep the whole bench within ~5 minutes)`,
        )
      }
    }
    if (ours.minimizedStates !== null)
      notes.push(
        `"${workload.label(sizes)}": after minimizing both products (each with its own library) ` +
          `ours has ${count(ours.minimizedStates)} useful states, refa ${count(refa.minimizedStates ?? -1)}`,
      )
    raw.push({
      workload: name,
      label: workload.label(sizes),
      description: workload.description(sizes),
      sizes,
      oursMedianMs: oursMs,
      refaMedianMs: refaMs,
      refaOverOurs: refaMs / oursMs,
      oursPeakMiB: results.ours.peakMiB,
      refaPeakMiB: results.refa.peakMiB,
      agree,
      disagreements,
      ours: results.ours,
      refa: results.refa,
    })
  }

  const header = [
    'workload',
    'ours ms',
    'refa ms',
    'refa/ours',
    'ours peak MB',
    'refa peak MB',
    'result states (ours / refa)',
    'runs (ours / refa)',
    'results agree',
  ]
  const lines = [markdownTable(header, rows), '']
  if (problems.length > 0) {
    lines.push('**RESULT MISMATCH between ours and refa:**', '', ...problems.map((p) => `- **${p}**`), '')
    for (const p of problems) process.stderr.write(`\n*** MISMATCH: ${p} ***\n`)
  }
  lines.push(
    '- **ms**: median wall time of the operation alone (inputs are built, and converted for refa, before the clock ' +
      'starts; a full GC runs before every run). "5+1" = 5 measured runs after 1 warm-up; "N cold" = no separate ' +
      'warm-up because one run is slow.',
    '- **refa/ours** > 1 means ours is faster.',
    '- **peak MB** (MiB): peak resident set size (`process.resourceUsage().maxRSS`) of a fresh child process that ' +
      'builds the inputs and runs the operation, minus the peak RSS of a fresh baseline child that builds the same ' +
      'inputs (and, for refa minimize, the per-run copy) but does not run the operation. It is the extra memory the ' +
      'operation touched at its high-water mark: its result plus working data plus garbage not yet collected. Both ' +
      `children run with ${WORKER_EXEC_ARGV.join(' ')}.`,
    '- **result states**: states of the result as each library returns it (ours: `Dfa.stateCount`; refa: the ' +
      'nodes reachable from its initial node, what `countNodes()` counts). ¹ marks a difference, expected only ' +
      "when the language needs a rejecting sink: ours' `minimize` returns the minimal complete DFA, refa's the " +
      'minimal trim one.',
    `- **results agree**: both results answer the same ${WORDS} seeded random words (length 0–${MAX_WORD_LENGTH}) ` +
      "as the inputs do, have the same number of useful states, and have identical canonical forms (refa's result " +
      'converted back to a table, completed and renumbered breadth-first: same table = same automaton, so the ' +
      'minimized products would have the same size too).',
    `- Symbols: symbol index i ↔ character code i (maxCharacter ${SYMBOLS - 1}); refa inputs are built with ` +
      '`DFA.Builder` + `linkNodes` (one CharSet per (state, target)) and `DFA.fromBuilder`; refa operations: ' +
      '`DFA.fromIntersection(a, b, DFA.nodeFactory)` and `dfa.minimize()` on a fresh `copy()`.',
    ...WORKLOADS.map((n) => `- "${WORKLOAD[n].label(sizes)}": ${WORKLOAD[n].description(sizes)}.`),
    ...notes.map((n) => `- ${n}.`),
  )
  const goals = [
    goal(
      'ours and refa give the same automata (intersect, minimize)',
      problems.length === 0 ? 'all agree' : problems.join('; '),
      problems.length === 0,
    ),
  ]
  return { markdown: lines.join('\n'), raw, goals }
}

export const automataSuite: Suite = {
  name: 'automata',
  description: 'DFA core (plugin/automata) vs refa 0.12.1',
  sources: ['bench/automata.ts'],
  run,
}

// Worker entry: node --import tsx bench/automata.ts --worker <ours|refa> <workload> [--quick] [--baseline]
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2)
  const at = args.indexOf('--worker')
  const lib = args[at + 1] as Lib
  const name = args[at + 2] as WorkloadName
  if (at < 0 || !LIBS.includes(lib) || !WORKLOADS.includes(name)) {
    console.error(
      `usage: bench/automata.ts --worker <${LIBS.join('|')}> <${WORKLOADS.join('|')}> [--quick] [--baseline]`,
    )
    process.exit(2)
  }
  const report = worker(lib, name, args.includes('--baseline'), args.includes('--quick'))
  if (process.send) process.send(report, () => process.exit(0))
  else console.log(JSON.stringify(report, null, 2))
}
