// Live episodes several at a time (CEDAR_LIVE_PARALLEL, default 1: one after another in the bench's own process). A
// live episode mostly waits on its server's ticks (a fifth of a core at 80 ticks a second), so the 25 episodes of the
// everyday row, up to five game days each, would take most of an afternoon one at a time. Each parallel episode runs
// in a process of its own: the server shares its event loop with its bot only, as when episodes run one at a time,
// and the episode records the tick rate its server reached (`serverTickRate`), so a loaded machine shows.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import PQueue from 'p-queue'
import { type LiveEpisode, runLoggedEpisode } from './live-episode.js'

export type LoggedEpisode = LiveEpisode & { readonly log: readonly string[] }

/** How many live episodes run at once: CEDAR_LIVE_PARALLEL, a whole number from 1 (the default). */
export function liveParallelism(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.CEDAR_LIVE_PARALLEL
  if (text === undefined || text === '') return 1
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1) throw new Error(`CEDAR_LIVE_PARALLEL: a whole number from 1, not "${text}"`)
  return n
}

export interface EverydayEpisode {
  readonly request: string
  readonly seed: number
  readonly ticks: number
}

/**
 * Runs each of `episodes` (one request from an empty inventory until its goal) at `parallel` at a time, and gives
 * their results in the order asked. Log lines are prefixed with the request when several run at once.
 */
export async function runEverydayEpisodes(
  episodes: readonly EverydayEpisode[],
  tickRate: number,
  parallel: number,
  log: (line: string) => void,
): Promise<LoggedEpisode[]> {
  if (parallel <= 1) {
    const results: LoggedEpisode[] = []
    for (const e of episodes) {
      const task = { id: 'everyday', first: () => e.request, next: () => e.request, ticks: e.ticks, untilGoal: true }
      results.push(await runLoggedEpisode(task, e.seed, tickRate, log))
    }
    return results
  }
  const queue = new PQueue({ concurrency: parallel })
  return Promise.all(episodes.map((e) => queue.add(() => episodeProcess(e, tickRate, log))))
}

const ENTRY = path.join(import.meta.dirname, 'live-episode-process.ts')

async function episodeProcess(e: EverydayEpisode, tickRate: number, log: (line: string) => void) {
  const work = await mkdtemp(path.join(tmpdir(), 'cedar-live-episode-'))
  const out = path.join(work, 'episode.json')
  try {
    // The bench runs under tsx: its loader is in execArgv, so the child runs the TypeScript entry the same way.
    const child = spawn(
      process.execPath,
      [...process.execArgv, ENTRY, e.request, String(e.seed), String(tickRate), String(e.ticks), out],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8')
    })
    const lines = createInterface({ input: child.stdout })
    lines.on('line', (line) => log(`"${e.request}" ${line}`))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    try {
      return JSON.parse(await readFile(out, 'utf8')) as LoggedEpisode
    } catch {
      throw new Error(
        `the episode "${e.request}" seed ${e.seed} ended (exit ${code}) without a result: ${errors.slice(-2000)}`,
      )
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
