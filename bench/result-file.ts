// The committed result files under docs/results/: one per suite and mode (`<suite>-quick.json`, `<suite>-full.json`;
// the live suite's are its modes too), each with the commit, the date, the machine, the seeds, the suite's goals,
// its raw numbers and a hash of the code it measures. Keys are sorted, so a rerun with the same numbers diffs only
// in its metadata. A file over LARGE_BYTES (a live run's act logs) is written gzipped.

import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import type { Goal } from './suite.js'

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const RESULTS_DIR = join(REPO_ROOT, 'docs', 'results')
const LARGE_BYTES = 2 * 1024 * 1024

export type Mode = 'quick' | 'full'

export interface ResultMachine {
  readonly node: string
  readonly cpu: string
  readonly cores: number
  /** os.loadavg() when the suite started: 1, 5 and 15 minutes. */
  readonly loadAverage: readonly number[]
}

export interface ResultFile {
  readonly suite: string
  readonly mode: Mode
  readonly commit: string
  /** Uncommitted changes to the measured sources when it ran (the hash says what ran). */
  readonly dirty: boolean
  readonly date: string
  readonly machine: ResultMachine
  readonly seconds: number
  /** sha256 over the suite's measured sources (sourceHash), and how many files that was. */
  readonly sourceHash: string
  readonly sourceFiles: number
  /** The seeds the suite ran, when its raw numbers name them (`results.seeds`). */
  readonly seeds?: readonly number[]
  readonly goals: readonly Goal[]
  readonly results: unknown
}

/** The seeds in a suite's raw numbers, if it lists them. */
export function seedsOf(raw: unknown): readonly number[] | undefined {
  const seeds = (raw as { seeds?: unknown } | null)?.seeds
  return Array.isArray(seeds) && seeds.every((s) => typeof s === 'number') ? seeds : undefined
}

export function resultMachine(): ResultMachine {
  const cpus = os.cpus()
  return {
    node: process.version,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
  }
}

/** JSON with every object's keys sorted (arrays keep their order, which the suites make deterministic). */
export function stableJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort)
    if (v instanceof Map) return sort(Object.fromEntries(v))
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {}
      for (const key of Object.keys(v).sort()) out[key] = sort((v as Record<string, unknown>)[key])
      return out
    }
    return v
  }
  return `${JSON.stringify(sort(value), null, 1)}\n`
}

const IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm

/**
 * The repo-relative files `entries` import, transitively (relative imports only: type-only imports and packages
 * are not the code measured). `.js` specifiers are the `.ts` files beside them; a JSON import is a file too.
 */
export function sourceClosure(entries: readonly string[], root = REPO_ROOT): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    if (!file.endsWith('.ts')) return
    const text = readFileSync(join(root, file), 'utf8')
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3]
      if (!spec) continue
      const target = relative(root, resolve(root, dirname(file), spec))
      const ts = target.replace(/\.js$/, '.ts')
      if (existsSync(join(root, ts))) visit(ts)
      else if (existsSync(join(root, target))) visit(target)
      else if (existsSync(join(root, target, 'index.ts'))) visit(join(target, 'index.ts'))
    }
  }
  for (const entry of entries) {
    if (!existsSync(join(root, entry))) throw new Error(`a suite's source ${entry} does not exist`)
    visit(entry)
  }
  return [...seen].sort()
}

/** sha256 over the closure's paths and contents. */
export function sourceHash(entries: readonly string[], root = REPO_ROOT): { hash: string; files: number } {
  const files = sourceClosure(entries, root)
  const hash = createHash('sha256')
  for (const file of files) hash.update(`${file}\0${readFileSync(join(root, file))}\0`)
  return { hash: hash.digest('hex'), files: files.length }
}

/** The commit checked out, and whether any of `files` differ from it. */
export function gitState(files: readonly string[], root = REPO_ROOT): { commit: string; dirty: boolean } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()
  try {
    const commit = git('rev-parse', '--short=12', 'HEAD')
    const dirty = files.length > 0 && git('status', '--porcelain', '--', ...files) !== ''
    return { commit, dirty }
  } catch {
    return { commit: 'unknown (not a git checkout)', dirty: true }
  }
}

export const resultName = (suite: string, mode: Mode) => `${suite}-${mode}.json`

/** Writes the file (gzipped past LARGE_BYTES, removing the other form); returns its path. */
export function writeResultFile(result: ResultFile, dir = RESULTS_DIR): string {
  const text = stableJson(result)
  const plain = join(dir, resultName(result.suite, result.mode))
  const large = Buffer.byteLength(text) > LARGE_BYTES
  const file = large ? `${plain}.gz` : plain
  rmSync(large ? plain : `${plain}.gz`, { force: true })
  writeFileSync(file, large ? gzipSync(text, { level: 9 }) : text)
  return file
}

/** Every result file in `dir`, by `<suite>-<mode>`. */
export function readResultFiles(dir = RESULTS_DIR): Map<string, ResultFile> {
  const out = new Map<string, ResultFile>()
  if (!existsSync(dir)) return out
  for (const name of readdirSync(dir).sort()) {
    if (!/-(quick|full)\.json(\.gz)?$/.test(name)) continue
    const bytes = readFileSync(join(dir, name))
    const text = name.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8')
    const result = JSON.parse(text) as ResultFile
    out.set(`${result.suite}-${result.mode}`, result)
  }
  return out
}

/** The sentence under a README table that says which file, commit, machine and run its numbers come from. */
export function provenance(result: ResultFile, what: string): string {
  const load = result.machine.loadAverage.map((l) => l.toFixed(2)).join(', ')
  const digest = createHash('sha256').update(stableJson(result.results)).digest('hex').slice(0, 12)
  return (
    `From \`docs/results/${resultName(result.suite, result.mode)}\` (${what}): commit ${result.commit}` +
    `${result.dirty ? ' with uncommitted changes' : ''}, ${result.date.slice(0, 10)}, ${result.machine.cores} cores ` +
    `(${result.machine.cpu}), load ${load} at the start, Node ${result.machine.node}, ${result.seconds} s; raw ` +
    `numbers sha256 ${digest}.`
  )
}
