// The live bench's everyday row (issue 36): five requests players type first — bread, a bucket of water, a fish,
// glass, a golden apple — each from an empty inventory in a fresh generated survival world per seed, over the real
// protocol (zombies at night, the server's farming, buckets, fishing and furnaces), beside the same request in the
// Sim with the same seed. An episode is one request: it ends when the request reaches its goal, is refused, the bot
// dies, or its game days pass: two, and five for bread (wheat sown on dry farmland took about 2.8 game days to ripen
// live, so two days never saw a loaf; issue 36). Not part of `npm test`, and
// not run by a bare `npm run bench`: name it
// (`npm run bench -- live-everyday`; CEDAR_LIVE_SEEDS, CEDAR_LIVE_TICK_RATE and CEDAR_LIVE_REQUESTS as for `live`;
// CEDAR_LIVE_PARALLEL=N runs N episodes at once, each in a process of its own: bench/live-parallel.ts).

import { DAY_TICKS, SimWorld } from '../plugin/world/sim/index.js'
import { goal } from './goals.js'
import { type LiveEpisode, liveSettings } from './live-episode.js'
import { liveParallelism, runLiveEpisodes } from './live-parallel.js'
import { markdownTable } from './markdown-table.js'
import { simRequester } from './sim-requests.js'
import { formatMeanSd } from './stats.js'
import { type Goal, median, type Suite, type SuiteOptions, type SuiteReport } from './suite.js'

/** The five, in its words. */
export const EVERYDAY_REQUESTS = [
  'make bread',
  'get me a bucket of water',
  'catch a fish',
  'make glass',
  'get a golden apple',
] as const

/**
 * Game days per episode: two, time for any of the five but bread. Five for bread: wheat sown at the start ripens by
 * vanilla's random ticks, about 2.8 game days on the dry farmland the bot first tills (measured live, seed 0, before a
 * 2-day episode ended at growth stage 2), and the seeds, the hoe and the harvest come on top.
 */
const EPISODE_DAYS: Readonly<Record<string, number>> = { 'make bread': 5 }

/** The game ticks `request`'s episode may take, live and in the Sim. */
export const episodeTicks = (request: string): number => (EPISODE_DAYS[request] ?? 2) * DAY_TICKS

interface SimRun {
  readonly seed: number
  readonly outcome: string
  readonly acts: number
  readonly message: string
}

/**
 * The same request in the Sim as `cedar sim do "<request>" --seed S --offline --no-bed` runs it: the default laws'
 * shield on, the request's game days at most (as live).
 */
async function simRun(request: string, seed: number): Promise<SimRun> {
  const world = new SimWorld({ seed })
  let acts = 0
  const report = await simRequester(world, episodeTicks(request), () => acts++)(request)
  const outcome = report.refusal ? `refused: ${report.refusal}` : (report.result?.outcome ?? 'none')
  return { seed, outcome, acts, message: report.result?.message ?? report.refusal ?? '' }
}

type LiveRun = LiveEpisode & { readonly log: readonly string[] }

const reached = (e: { readonly outcomes?: readonly string[]; readonly outcome?: string }) =>
  e.outcome === 'goal' || (e.outcomes?.includes('goal') ?? false)
const died = (e: LiveEpisode) => e.ended === 'the bot died'

export const liveEverydaySuite: Suite = {
  name: 'live-everyday',
  description: "issue 36's five everyday requests over the real protocol, from an empty inventory, beside the Sim",
  sources: ['bench/live-everyday.ts'],
  async run(options: SuiteOptions): Promise<SuiteReport> {
    const { seeds, tickRate } = liveSettings(options)
    const named = process.env.CEDAR_LIVE_REQUESTS?.split(',').map((r) => r.trim())
    const unknown = named?.filter((r) => !(EVERYDAY_REQUESTS as readonly string[]).includes(r)) ?? []
    if (unknown.length > 0) {
      throw new Error(`CEDAR_LIVE_REQUESTS: no request ${unknown.join(', ')} (${EVERYDAY_REQUESTS.join(', ')})`)
    }
    const requests = named ?? [...EVERYDAY_REQUESTS]
    const raw: Record<string, { live: LiveRun[]; sim: SimRun[] }> = {}
    const rows: string[][] = []
    const goals: Goal[] = []
    const parallel = liveParallelism()
    const episodes = requests.flatMap((request) =>
      seeds.map((seed) => ({ kind: 'everyday' as const, request, seed, ticks: episodeTicks(request) })),
    )
    const played = await runLiveEpisodes(episodes, tickRate, parallel, options.log)
    for (const request of requests) {
      const live: LiveRun[] = []
      const sim: SimRun[] = []
      for (const seed of seeds) {
        const episode = played[episodes.findIndex((e) => e.request === request && e.seed === seed)] as LiveRun
        options.log(
          `[everyday] "${request}" seed ${seed}: ${episode.ended}, ${episode.acts.length} acts, health ` +
            `${episode.health}, ${(episode.wallMs / 1000).toFixed(0)} s, server at ${episode.serverTickRate.toFixed(0)} ticks/s, ` +
            `held ${JSON.stringify(episode.held)}`,
        )
        live.push(episode)
        sim.push(await simRun(request, seed))
      }
      raw[request] = { live, sim }
      const n = seeds.length
      const successes = live.filter(reached).length
      const deaths = live.filter(died).length
      rows.push([
        `"${request}"`,
        `${successes}/${n}`,
        String(deaths),
        formatMeanSd(live.map((e) => e.acts.length)),
        `${(median(live.map((e) => e.wallMs)) / 1000).toFixed(0)} s`,
        [...new Set(live.map((e) => e.ended))].join('; '),
        `${sim.filter(reached).length}/${n}`,
      ])
      goals.push(
        goal(`everyday "${request}": reached in ≥ 4/5 live (issue 36)`, `${successes}/${n}`, successes >= 0.8 * n),
        goal(`everyday "${request}": no deaths (issue 36)`, String(deaths), deaths === 0),
      )
    }
    const markdown = [
      `Seeds ${seeds.join(', ')} (a fresh generated survival world per request and seed; the Sim's map from the same`,
      `seed), the server at ${tickRate} ticks a second (vanilla 20), zombies at night, the bot empty-handed. An`,
      'episode ends at the goal, a refusal, a death or after two game days (five for bread: wheat takes about three).',
      '',
      markdownTable(
        ['request', 'live: reached', 'deaths', 'actions', 'wall time (median)', 'ended', 'Sim: reached'],
        rows,
      ),
    ].join('\n')
    return { markdown, raw: { seeds, tickRate, requests: raw }, goals }
  },
}

/** The rows README shows from a committed file (readme-results.ts). */
export function everydayRows(raw: unknown): string[][] {
  const requests = (raw as { requests?: Record<string, { live: LiveEpisode[]; sim: SimRun[] }> }).requests ?? {}
  // In the order (the file's keys come sorted).
  const order = (request: string) => {
    const i = (EVERYDAY_REQUESTS as readonly string[]).indexOf(request)
    return i < 0 ? EVERYDAY_REQUESTS.length : i
  }
  const entries = Object.entries(requests).sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
  return entries.map(([request, { live, sim }]) => [
    `"${request}"`,
    `${live.filter(reached).length}/${live.length}`,
    String(live.filter(died).length),
    formatMeanSd(live.map((e) => e.acts.length)),
    `${(median(live.map((e) => e.wallMs)) / 1000).toFixed(0)} s`,
    `${sim.filter(reached).length}/${sim.length}`,
  ])
}
