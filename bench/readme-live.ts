// README's real-protocol sections (bench/readme-results.ts lists them): CEDAR Table 2, Table 3 and Figure 5 from
// the live file, issue 36's everyday requests from the live-everyday file, and issue 37's fights row from live-fights.
import { goalsMarkdown } from './goals.js'
import { type CarriedFrom, carriedLine, goalsReached, mineralReached, serverTickLine } from './live.js'
import type { LiveEpisode } from './live-episode.js'
import { everydayRows } from './live-everyday.js'
import {
  FIGHTS_ARMOUR,
  FIGHTS_HEADER,
  FIGHTS_KILLS,
  FIGHTS_WEAR,
  type FightsMeasured,
  fightsCells,
  liveFightsMeasured,
} from './live-fights.js'
import { markdownTable } from './markdown-table.js'
import { provenance, type ResultFile } from './result-file.js'
import { formatMeanSd } from './stats.js'
import { median } from './suite.js'

// ---- live: CEDAR Table 2, Table 3 and Figure 5 over the real protocol ----------------------------------------------

interface LiveEpisodeRow {
  readonly seed: number
  readonly acts: readonly { action: string; ok: boolean; nightBefore: boolean; biome?: string; setAside?: string }[]
  readonly nightsMet: number
  readonly nightsSlept: number
  /** Absent in result files older than the shelter fallback. */
  readonly nightsSheltered?: number
  readonly health: number
  readonly held: Readonly<Record<string, number>>
  readonly wallMs: number
  /** Each instruction's end: 'goal' for one that reached its goal. */
  readonly outcomes?: readonly string[]
  /** The instructions, in the order of `outcomes`; absent in files older than Table 3's mineral success. */
  readonly asked?: readonly string[]
  /** Absent in result files older than its measurement. */
  readonly serverTickRate?: number
}

function success(id: string, eps: readonly LiveEpisodeRow[]): string {
  const n = eps.length
  if (id === 'table2') return `${eps.filter((e) => (e.held.diamond ?? 0) > 0).length}/${n} diamonds`
  if (id === 'table3' && eps.every((e) => e.asked !== undefined)) {
    return `${eps.filter((e) => mineralReached(goalsReached(e.asked ?? [], e.outcomes))).length}/${n} a mineral`
  }
  return `${eps.filter((e) => e.outcomes?.includes('goal')).length}/${n} reached a goal`
}

export function liveSection(result: ResultFile): string[] {
  const raw = result.results as Record<string, { live: readonly LiveEpisodeRow[] } | unknown>
  const rows: string[][] = []
  for (const id of ['table2', 'table3', 'figure5']) {
    const entry = raw[id] as { live: readonly LiveEpisodeRow[] } | undefined
    if (!entry) continue
    const eps = entry.live
    // Survival acts the run allowed only because the bot could not sleep are counted apart (bench/live.ts `forced`).
    const atNight = (test: (x: LiveEpisodeRow['acts'][number]) => boolean) =>
      eps.reduce((a, e) => a + e.acts.filter((x) => x.nightBefore && test(x)).length, 0)
    const awake = atNight((x) => x.action !== 'sleep.bed' && x.setAside === undefined)
    const sheltered = eps.reduce((a, e) => a + (e.nightsSheltered ?? 0), 0)
    rows.push([
      id,
      eps.map((e) => e.seed).join(', '),
      success(id, eps),
      `${eps.reduce((a, e) => a + e.nightsSlept, 0)}/${eps.reduce((a, e) => a + e.nightsMet, 0)}` +
        (sheltered > 0 ? ` (${sheltered} sheltered without a bed)` : ''),
      String(awake),
      String(atNight((x) => x.setAside !== undefined)),
      formatMeanSd(eps.map((e) => e.health)),
      formatMeanSd(eps.map((e) => e.acts.length)),
      `${(median(eps.map((e) => e.wallMs)) / 1000).toFixed(0)} s`,
    ])
  }
  return [
    markdownTable(
      [
        'live',
        'seeds',
        'success',
        'nights slept',
        'acts awake at night',
        'survival acts at night, unable to sleep',
        'final health',
        'actions',
        'wall time (median)',
      ],
      rows,
    ),
    '',
    serverTickLine(
      Number((raw as { tickRate?: number }).tickRate ?? Number.NaN),
      ['table2', 'table3', 'figure5'].flatMap((id) => (raw[id] as { live?: LiveEpisodeRow[] } | undefined)?.live ?? []),
    ),
    '',
    ...['table2', 'table3', 'figure5'].flatMap((id) => {
      const from = (raw[id] as { from?: CarriedFrom } | undefined)?.from
      return from ? [carriedLine(id, from), ''] : []
    }),
    provenance(result, '`npm run bench -- live`, with every episode’s act log'),
    '',
    'Live runs take an hour, so they are not repeated for every change: these are the numbers of the commit named',
    'above, and `npm run results -- --check` says whether the code they measure has changed since.',
    '',
    ...goalsMarkdown(result.goals),
  ]
}

// ---- live-everyday: issue 36's five requests from an empty inventory -------------------------------------------

export function everydaySection(result: ResultFile): string[] {
  const raw = result.results as {
    seeds?: readonly number[]
    tickRate?: number
    requests?: Record<string, { live: readonly { serverTickRate?: number }[] }>
  }
  return [
    `Seeds ${raw.seeds?.join(', ') ?? '?'}, a fresh generated survival world per request and seed, the server at ` +
      `${raw.tickRate ?? '?'} ticks a second, zombies at night, the bot empty-handed; an episode ends at the goal, a ` +
      'refusal, a death or after two game days (five for bread: wheat takes about three). The Sim column: the same ' +
      'request and seed, the default laws on, as many game days at most.',
    '',
    markdownTable(
      ['request', 'live: reached', 'deaths', 'actions', 'wall time (median)', 'Sim: reached'],
      everydayRows(result.results),
    ),
    '',
    serverTickLine(
      raw.tickRate ?? Number.NaN,
      Object.values(raw.requests ?? {}).flatMap((r) => r.live),
    ),
    '',
    provenance(result, '`npm run bench -- live-everyday`, with every episode’s act log'),
    '',
    ...goalsMarkdown(result.goals),
  ]
}

// ---- live-fights: issue 37's fights row -----------------------------------------------------------------------------

export function fightsSection(result: ResultFile): string[] {
  const raw = result.results as {
    seeds?: readonly number[]
    tickRate?: number
    live?: readonly LiveEpisode[]
    sim?: readonly FightsMeasured[]
  }
  const live = raw.live ?? []
  return [
    `Seeds ${raw.seeds?.join(', ') ?? '?'}, a fresh generated survival world per seed, the server at ` +
      `${raw.tickRate ?? '?'} ticks a second, zombies at night, the bot empty-handed, four game days. Asked in turn, ` +
      `each until its goal: "${FIGHTS_ARMOUR}", "${FIGHTS_WEAR}", then after dusk "${FIGHTS_KILLS}". Success: the ` +
      "zombies' goal reached, alive, wearing the whole iron set it made. The Sim row: the same requests and seeds.",
    '',
    markdownTable(FIGHTS_HEADER, [
      fightsCells('live (real protocol)', live.map(liveFightsMeasured)),
      fightsCells('Sim (same requests and seeds)', raw.sim ?? []),
    ]),
    '',
    serverTickLine(raw.tickRate ?? Number.NaN, live),
    '',
    provenance(result, '`npm run bench -- live-fights`, with every episode’s act log'),
    '',
    ...goalsMarkdown(result.goals),
  ]
}
