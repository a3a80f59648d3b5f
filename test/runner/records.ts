// What earlier runs measured of each test file (test/runner/durations.json, written by `--record`): its wall time,
// by which the runner orders files (longest first), and its CPU time, by which it decides how many run at once.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { KIND_SETTINGS, type TestKind } from './kinds.js'

const recordsFile = path.join(import.meta.dirname, 'durations.json')

export interface FileRecord {
  readonly ms: number
  /** CPU seconds of the file's process and the children it waited for; absent in records older than this field. */
  readonly cpuSeconds?: number
}

export function readRecords(): Record<string, FileRecord> {
  try {
    const raw = JSON.parse(readFileSync(recordsFile, 'utf8')) as Record<string, number | FileRecord>
    // Records written before the CPU time was kept are bare wall times.
    return Object.fromEntries(Object.entries(raw).map(([name, r]) => [name, typeof r === 'number' ? { ms: r } : r]))
  } catch {
    return {}
  }
}

export function saveRecords(measured: ReadonlyArray<{ name: string; record: FileRecord }>): void {
  const records = readRecords()
  for (const { name, record } of measured) records[name] = record
  const sorted = Object.fromEntries(Object.entries(records).sort(([a], [b]) => a.localeCompare(b)))
  writeFileSync(recordsFile, `${JSON.stringify(sorted, null, 2)}\n`)
}

/**
 * How much of one core a file keeps busy while it runs, on average. A game file mostly waits on the server's ticks
 * (a tenth of a core or so); a unit file computes all the time (one core, more with worker threads). Unknown files
 * get their kind's guess.
 */
export function coreShare(record: FileRecord | undefined, kind: TestKind, cores: number): number {
  if (record?.cpuSeconds === undefined || record.ms <= 0) return KIND_SETTINGS[kind].guessShare
  return Math.min(cores, Math.max(0.1, record.cpuSeconds / (record.ms / 1000)))
}

/**
 * Each file's time: its process's own, or its share of its batch's, wall and CPU time alike, in proportion to its
 * tests' time. Shares, not the tests' times themselves: those leave out the process's start and the files' imports,
 * and a batch whose recorded files add up to less than it took would be thought to keep more than its cores busy.
 */
export function fileRecords(
  files: readonly { readonly file: string; readonly name: string }[],
  ms: number,
  cpuSeconds: number | null,
  testMs: Readonly<Record<string, number>> | undefined,
): { name: string; record: FileRecord }[] {
  const part = (f: { readonly file: string }) => {
    if (files.length === 1) return 1
    const total = files.reduce((sum, g) => sum + (testMs?.[g.file] ?? 0), 0)
    return total > 0 ? (testMs?.[f.file] ?? 0) / total : 1 / files.length
  }
  if (files.length > 1 && !testMs) return []
  return files.map((f) => ({
    name: f.name,
    record: {
      ms: Math.round(ms * part(f)),
      ...(cpuSeconds === null ? {} : { cpuSeconds: Number((cpuSeconds * part(f)).toFixed(1)) }),
    },
  }))
}
