// Live episodes several at a time (CEDAR_LIVE_PARALLEL, default 1: one after another in the bench's own process). A
// live episode mostly waits on its server's ticks (a fifth of a core at 80 ticks a second), so the 25 episodes of the
// everyday row, up to five game days each, would take most of an afternoon one at a time. Each parallel episode runs
// in a process of its own (bench/live-episode-process.ts): the server shares its event loop with its bot only, as when
// episodes run one at a time, and the episode records the tick rate its server reached (`serverTickRate`), so a
// loaded machine shows.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import PQueue from 'p-queue'
import { type LiveEpisode, type LiveTask, runLoggedEpisode } from './live-episode.js'

export type LoggedEpisode = LiveEpisode & { readonly log: readonly string[] }

/** How many live episodes run at once: CEDAR_LIVE_PARALLEL, a whole number from 1 (the default). */
export function liveParallelism(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.CEDAR_LIVE_PARALLEL
  if (text === undefined || text === '') return 1
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1) throw new Error(`CEDAR_LIVE_PARALLEL: a whole number from 1, not "${text}"`)
  return n
}

/**
 * An episode by name, so that a process of its own can build its task (tasks hold functions, which do not cross
 * processes): a row of the live bench (bench/live.ts, bench/live-fights.ts) or one everyday request.
 */
export type EpisodeSpec =
  | { readonly kind: 'row'; readonly row: string; readonly seed: number }
  | { readonly kind: 'everyday'; readonly request: string; readonly ticks: number; readonly seed: number }

/**
 * The task of `spec`: an everyday request from an empty inventory until its goal (or a refusal, a death, its ticks),
 * or the row's, from `rowTask`.
 */
export function specTask(spec: EpisodeSpec, rowTask?: (row: string) => LiveTask): LiveTask {
  if (spec.kind === 'everyday') {
    return { id: 'everyday', first: () => spec.request, next: () => spec.request, ticks: spec.ticks, untilGoal: true }
  }
  if (!rowTask) throw new Error(`no task for the row ${spec.row} here`)
  return rowTask(spec.row)
}

const label = (spec: EpisodeSpec) => (spec.kind === 'row' ? `[${spec.row}]` : `"${spec.request}"`)

/**
 * Runs each of `specs` at `parallel` at a time, and gives their results in the order asked. `rowTask` builds a row's
 * task in this process; a parallel episode's process builds it with bench/live-episode-process.ts's. Log lines are
 * prefixed with the row or request when several run at once.
 */
export async function runLiveEpisodes(
  specs: readonly EpisodeSpec[],
  tickRate: number,
  parallel: number,
  log: (line: string) => void,
  rowTask?: (row: string) => LiveTask,
): Promise<LoggedEpisode[]> {
  if (parallel <= 1) {
    const results: LoggedEpisode[] = []
    for (const spec of specs) results.push(await runLoggedEpisode(specTask(spec, rowTask), spec.seed, tickRate, log))
    return results
  }
  const queue = new PQueue({ concurrency: parallel })
  return Promise.all(specs.map((spec) => queue.add(() => episodeProcess(spec, tickRate, log))))
}

const ENTRY = path.join(import.meta.dirname, 'live-episode-process.ts')

async function episodeProcess(spec: EpisodeSpec, tickRate: number, log: (line: string) => void) {
  const work = await mkdtemp(path.join(tmpdir(), 'cedar-live-episode-'))
  const out = path.join(work, 'episode.json')
  try {
    // The bench runs under tsx: its loader is in execArgv, so the child runs the TypeScript entry the same way.
    const child = spawn(process.execPath, [...process.execArgv, ENTRY, JSON.stringify(spec), String(tickRate), out], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8')
    })
    createInterface({ input: child.stdout }).on('line', (line) => log(`${label(spec)} ${line}`))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    try {
      return JSON.parse(await readFile(out, 'utf8')) as LoggedEpisode
    } catch {
      throw new Error(
        `the episode ${label(spec)} seed ${spec.seed} ended (exit ${code}) with no result: ${errors.slice(-2000)}`,
      )
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
