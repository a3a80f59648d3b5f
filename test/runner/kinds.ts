// What a test file needs, read from its source: the runner groups, orders and times files by it.
import { readFileSync } from 'node:fs'

/**
 * - unit: runs in its own process only (the CLI through runCedar, Sim worlds, fake LLM servers on loopback);
 * - server: starts a game server (embedded flying-squid) with real mineflayer bots;
 * - process: spawns processes (the `cedar` bin, npm, git, a browser) but no game server;
 * - pack: installs the packed tarball (one `npm pack` per run, shared: see support/pack.ts).
 */
export type TestKind = 'unit' | 'server' | 'process' | 'pack'

export const KINDS: readonly TestKind[] = ['unit', 'server', 'process', 'pack']

interface KindSettings {
  /** --test-timeout: a test, hook or describe block (node times a suite like a test) that runs longer has hung. */
  readonly testTimeoutMs: number
  /** The whole file, after which its process is ended (a hang the per-test timeout does not reach). */
  readonly fileTimeoutMs: number
  /** The wall time assumed for a file with no recorded duration (durations.json), for ordering only: long enough
   * that the game and packaging files, which are long, start before the many short unit files. */
  readonly guessMs: number
  /** The part of a core assumed busy while a file with no recorded CPU time runs (schedule.ts). */
  readonly guessShare: number
  /** Files of this kind run several to a process, about this much of their recorded time to each (batches.ts);
   * absent: one file to a process. */
  readonly batchTargetMs?: number
}

export const KIND_SETTINGS: Readonly<Record<TestKind, KindSettings>> = {
  unit: { testTimeoutMs: 120_000, fileTimeoutMs: 5 * 60_000, guessMs: 5_000, guessShare: 1, batchTargetMs: 40_000 },
  // The CPU of a child process is its own: a batch saves only the test process's start.
  process: { testTimeoutMs: 300_000, fileTimeoutMs: 10 * 60_000, guessMs: 60_000, guessShare: 0.7 },
  // A game file starts flying-squid and mineflayer (about 3 CPU-seconds) and then mostly waits on the server's ticks:
  // a batch is longer, so that the many short ones share a start, and the long ones still run beside each other.
  server: {
    testTimeoutMs: 600_000,
    fileTimeoutMs: 25 * 60_000,
    guessMs: 150_000,
    guessShare: 0.5,
    batchTargetMs: 120_000,
  },
  pack: { testTimeoutMs: 600_000, fileTimeoutMs: 20 * 60_000, guessMs: 200_000, guessShare: 1 },
}

/**
 * The kind of the test file whose source is `source`: the one a line `// test-kind: KIND` names, else read from the
 * helpers it calls, the most demanding need winning.
 */
export function kindOfSource(source: string): TestKind {
  const declared = /^\/\/ test-kind: (unit|server|process|pack)$/m.exec(source)?.[1]
  if (declared) return declared as TestKind
  if (/\bpackedTarball\b/.test(source)) return 'pack'
  if (/\b(openSession|startTestServer|startEmbeddedServer|openCedarSession|openConsoleSession)\b/.test(source)) {
    return 'server'
  }
  if (/from 'node:child_process'|\b(cedarProcess|boundedCedar)\b|\bchromium\b/.test(source)) return 'process'
  return 'unit'
}

/**
 * A file that measures responsiveness in wall time (an answer within 1 s while the bot computes, an abort within
 * 100 ms) says so in a line `// test-runs-alone: WHY`: the runner runs it with no other test file beside it, since
 * files sharing two cores would measure each other.
 */
export function runsAlone(source: string): boolean {
  return /^\/\/ test-runs-alone: \S/m.test(source)
}

/**
 * A file with a hook at its top level (`before(...)` outside any `describe`) runs in a process of its own: in a batch
 * (batches.ts) its hooks are the whole process's, so its `before` would open its server before the batch's first
 * file and its `beforeEach` run around every other file's tests (a bot left waiting through another file's minutes
 * of computation was kicked, and the file's waits for its ticks hung).
 */
export function hasTopLevelHooks(source: string): boolean {
  return /^(before|after|beforeEach|afterEach)\(/m.test(source)
}

export function readTestFile(file: string): { kind: TestKind; alone: boolean; ownProcess: boolean } {
  const source = readFileSync(file, 'utf8')
  return { kind: kindOfSource(source), alone: runsAlone(source), ownProcess: hasTopLevelHooks(source) }
}
