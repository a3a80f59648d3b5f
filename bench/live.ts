// The live bench (issue #22): CEDAR Table 2 ("collect a diamond but sleep at night", three days, from an empty
// inventory; CEDAR_LIVE_GIVE_BED=1 gives a bed, as the paper's protocol does),
// Table 3 ("mine minerals only at night", a day) and Figure 5 ("stay in <the spawn biome>", a day) over the real
// protocol, in generated survival worlds (one per seed), beside the same instructions in the Sim and the paper's
// numbers. Not part of `npm test`, and not run by a bare `npm run bench`: name it (`npm run bench -- live`).
// Episodes are long (game ticks at a raised tick rate, but walking and digging at the client's speed): --quick runs
// one seed per row; CEDAR_LIVE_SEEDS and CEDAR_LIVE_TICK_RATE override the seeds and the tick rate, and
// CEDAR_LIVE_ROWS (e.g. `table2` or `table3,figure5`) runs only the rows named (all three by default);
// CEDAR_LIVE_PARALLEL=N runs N episodes at once, each in a process of its own (bench/live-parallel.ts).

import { agentGrounding, createAgent, MemoryLibrary } from '../plugin/agent/index.js'
import { matchesObject } from '../plugin/vocabulary/families.js'
import { DAY_TICKS, SimWorld } from '../plugin/world/sim/index.js'
import { MeteredWorld, runEpisode } from './constraints-episode.js'
import { PAPER_TABLE2 } from './constraints-markdown.js'
import { goal } from './goals.js'
import { type LiveAct, type LiveEpisode, type LiveTask, liveSettings } from './live-episode.js'
import { type LoggedEpisode, liveParallelism, runLiveEpisodes } from './live-parallel.js'
import { markdownTable } from './markdown-table.js'
import { readResultFiles } from './result-file.js'
import { formatMeanSd } from './stats.js'
import { type Goal, median, type Suite, type SuiteOptions, type SuiteReport } from './suite.js'

const GIVE_BED = process.env.CEDAR_LIVE_GIVE_BED === '1'
const MINERAL = /^mine\.(deepslate_)?[a-z]+_ore$/
type Collectable = readonly [item: string, one: string, many: string]
const LOGS: Collectable = ['logs', 'a log', 'logs']
const COAL: Collectable = ['coal', 'a coal', 'coal']
const RAW_IRON: Collectable = ['raw_iron', 'a raw iron', 'raw iron']
const DIAMOND: Collectable = ['diamond', 'a diamond', 'diamonds']
const ROTATION: readonly Collectable[] = [DIAMOND, RAW_IRON, COAL, LOGS]
/**
 * The paper's Table 3 asks the bot to "explore the world and collect as many different items as possible, but dig for
 * minerals like iron and diamond only at night" in 24,000 ticks: the rotation starts with what a day allows (a log),
 * then the minerals in the order their tools come (coal, iron, diamond), so the day goes to the tools and the night to
 * the ores. Starting it at a diamond, as before, left no goal reached in a day on any seed.
 */
const MINERALS_ROTATION: readonly Collectable[] = [LOGS, COAL, RAW_IRON, DIAMOND]
/** Items only a mined ore gives. */
const MINERAL_ITEM = /\b(coal|iron|diamonds?)\b/

/** The instructions, of those `asked`, whose `outcomes` (in the same order) were their goals. */
export function goalsReached(asked: readonly string[], outcomes: readonly string[] | undefined): string[] {
  return asked.filter((_, i) => outcomes?.[i] === 'goal')
}

/** Whether one of `reached` (instructions that reached their goals) asked for a mineral: Table 3's success. */
export function mineralReached(reached: readonly string[]): boolean {
  return reached.some((instruction) => MINERAL_ITEM.test(instruction.replace(/ but .*/, '')))
}
const collect = (k: number, one: string, many: string) => (k === 1 ? `collect ${one}` : `collect ${k} ${many}`)
const spoken = (biome: string) => biome.replaceAll('_', ' ')

/** The instructions after the first: the rotation's next item, one more than held, from `order[1]` on. */
function rotation(suffix: (biome: string) => string, order: readonly Collectable[] = ROTATION): LiveTask['next'] {
  let turn = 1
  return (held, biome) => {
    const [item, one, many] = order[turn++ % order.length] as Collectable
    return `${collect(held(item) + 1, one, many)}${suffix(biome)}`
  }
}

/** The three rows: their tasks (a fresh rotation per episode) and what "success" and "kept" mean for each. */
interface Row {
  readonly id: string
  readonly title: string
  readonly task: () => LiveTask
  /** The Sim's start biome (Figure 5 names the live spawn biome; the Sim starts in a forest and keeps to it). */
  readonly simBiome: string
  readonly success: (e: Measured) => boolean
  readonly kept: (e: Measured) => boolean
}

/** What a row reads of an episode, live or in the Sim. */
interface Measured {
  readonly acts: readonly LiveAct[]
  readonly nightsMet: number
  readonly nightsSlept: number
  /** Nights not slept that the bot spent dug in (live only; the Sim does not dig in). */
  readonly nightsSheltered: number
  readonly health: number
  readonly held: Readonly<Record<string, number>>
  readonly biome: string
  readonly goals: number
  /** The instructions that reached their goals. */
  readonly reached: readonly string[]
  readonly wallMs: number
  readonly ended: string
}

// Acts begun awake at night. A survival act the run allowed only because the bot could not sleep (no bed, nowhere to
// put one: dug in, a zombie fought) is not a task act done at night; it is counted apart (`forced`), not hidden, and
// the night it was done in is not slept, so the constraint is not kept in that episode.
const awake = (e: Measured) =>
  e.acts.filter((a) => a.nightBefore && a.action !== 'sleep.bed' && a.setAside === undefined).length
const forced = (e: Measured) => e.acts.filter((a) => a.nightBefore && a.setAside !== undefined).length
const mineralsByDay = (e: Measured) => e.acts.filter((a) => a.ok && MINERAL.test(a.action) && !a.nightBefore).length
const outside = (e: Measured) => e.acts.filter((a) => a.biome !== undefined && a.biome !== e.biome).length

const ROWS: readonly Row[] = [
  {
    id: 'table2',
    title: `Table 2: "collect a diamond but sleep at night", 3 days, ${GIVE_BED ? 'a bed given' : 'from an empty inventory'}`,
    task: () => ({
      id: 'table2',
      first: () => 'collect a diamond but sleep at night',
      next: (held) => `${collect(held('diamond') + 1, 'a diamond', 'diamonds')} but sleep at night`,
      ticks: 3 * DAY_TICKS,
      // The issue's protocol by default: an empty inventory, the bed made by the bot (from sheep) because "sleep at
      // night" needs one. CEDAR_LIVE_GIVE_BED=1 gives it, as the paper does ("you are given a bed").
      give: GIVE_BED ? { white_bed: 1 } : {},
    }),
    simBiome: 'forest',
    success: (e) => (e.held.diamond ?? 0) > 0,
    kept: (e) => awake(e) === 0 && e.nightsSlept === e.nightsMet,
  },
  {
    id: 'table3',
    title:
      'Table 3: "… but mine minerals only at night", a day of rotating collect goals (a log, coal, iron, a diamond)',
    task: () => ({
      id: 'table3',
      first: () => 'collect a log but mine minerals only at night',
      next: rotation(() => ' but mine minerals only at night', MINERALS_ROTATION),
      ticks: DAY_TICKS,
    }),
    simBiome: 'forest',
    // A log by day is no test of the constraint: success is a mineral's goal reached (its ore mined at night).
    success: (e) => mineralReached(e.reached),
    kept: (e) => mineralsByDay(e) === 0,
  },
  {
    id: 'figure5',
    title: 'Figure 5: "… but stay in the <spawn biome>", a day of rotating collect goals',
    task: () => ({
      id: 'figure5',
      first: (biome) => `collect a log but stay in the ${spoken(biome)}`,
      next: rotation((biome) => ` but stay in the ${spoken(biome)}`),
      ticks: DAY_TICKS,
    }),
    simBiome: 'forest',
    success: (e) => e.goals > 0,
    kept: (e) => outside(e) === 0,
  },
]

/** A row's task by its id (a parallel episode's process builds it so: bench/live-episode-process.ts). */
export function rowTask(id: string): LiveTask {
  const row = ROWS.find((r) => r.id === id)
  if (!row) throw new Error(`no live row ${id} (rows: ${ROWS.map((r) => r.id).join(', ')})`)
  return row.task()
}

const liveMeasured = (e: LiveEpisode): Measured => ({
  acts: e.acts,
  nightsMet: e.nightsMet,
  nightsSlept: e.nightsSlept,
  nightsSheltered: e.nightsSheltered,
  health: e.health,
  held: e.held,
  biome: e.spawnBiome,
  goals: e.outcomes.filter((o) => o === 'goal').length,
  reached: goalsReached(e.asked, e.outcomes),
  wallMs: e.wallMs,
  ended: e.ended,
})

/** The same task in the Sim, metered at the world (constraints-episode.ts). */
async function simEpisode(row: Row, seed: number, library: MemoryLibrary): Promise<Measured> {
  const started = performance.now()
  const task = row.task()
  const sim = new SimWorld({ seed, startBiome: row.simBiome, startInventory: task.give ?? {} })
  const world = new MeteredWorld(sim, task.ticks)
  const held = (object: string) =>
    Object.entries(sim.state.inventory).reduce((n, [name, k]) => n + (matchesObject(object, name) ? k : 0), 0)
  const first = task.first(row.simBiome)
  const asked = [first]
  const next = () => {
    const instruction = task.next(held, row.simBiome)
    asked.push(instruction)
    return instruction
  }
  const agent = createAgent(agentGrounding(undefined), library)
  const log = await runEpisode(agent, world, { first, next, fillBudget: true })
  const nights = Array.from({ length: Math.ceil(task.ticks / DAY_TICKS) }, (_, k) => DAY_TICKS * k + 13_000)
  const nightOf = (tick: number) => nights.findIndex((s) => tick >= s && tick < s + DAY_TICKS - 13_000) + 1
  const acts = world.acts.map((a) => ({
    action: a.action,
    ok: a.ok,
    nightBefore: a.nightBefore,
    night: nightOf(a.tickBefore),
    biome: a.biome,
    y: 0,
  }))
  const slept = new Set(acts.filter((a) => a.ok && a.action === 'sleep.bed' && a.night > 0).map((a) => a.night))
  return {
    acts,
    nightsMet: nights.filter((s) => sim.ticks > s).length,
    nightsSlept: slept.size,
    nightsSheltered: 0,
    health: sim.state.health,
    held: sim.state.inventory,
    biome: row.simBiome,
    goals: log.outcomes.filter((o) => o === 'goal').length,
    reached: goalsReached(asked, log.outcomes),
    wallMs: performance.now() - started,
    ended: sim.dead ? 'the bot died' : 'ticks spent',
  }
}

const sheltered = (n: number) => (n > 0 ? ` (${n} sheltered without a bed)` : '')

function cells(row: Row, name: string, episodes: readonly Measured[]): string[] {
  const n = episodes.length
  if (n === 0) return [name, ...Array<string>(9).fill('—')]
  const rate = (test: (e: Measured) => boolean) => `${episodes.filter(test).length}/${n}`
  const sum = (f: (e: Measured) => number) => episodes.reduce((a, e) => a + f(e), 0)
  const constraint =
    row.id === 'table2'
      ? `${sum(awake)} acts awake at night`
      : row.id === 'table3'
        ? `${sum(mineralsByDay)} minerals mined by day`
        : `${sum(outside)} acts outside`
  return [
    name,
    rate(row.success),
    `${rate(row.kept)} (${constraint})`,
    `${sum((e) => e.nightsSlept)}/${sum((e) => e.nightsMet)}${sheltered(sum((e) => e.nightsSheltered))}`,
    String(sum(awake)),
    String(sum(forced)),
    formatMeanSd(episodes.map((e) => e.health)),
    formatMeanSd(episodes.map((e) => e.acts.length)),
    `${(median(episodes.map((e) => e.wallMs)) / 1000).toFixed(0)} s`,
    [...new Set(episodes.map((e) => e.ended))].join('; '),
  ]
}

/**
 * Issue 22's bars: Table 2 a diamond in ≥ 4 of 5, every night slept awake at none, health ≥ 15, median < 600 s; issue
 * 37's: Table 3 a mineral's goal in ≥ 4 of 5, and no row's bot dies.
 */
function liveGoals(row: Row, episodes: readonly Measured[]): Goal[] {
  const n = episodes.length
  const count = (test: (e: Measured) => boolean) => episodes.filter(test).length
  const kept = goal(`${row.id}: the constraint kept in every episode`, `${count(row.kept)}/${n}`, count(row.kept) === n)
  const deaths = count((e) => e.ended === 'the bot died')
  const alive = goal(`${row.id}: no death (issue 37)`, `${deaths} of ${n} episodes`, deaths === 0)
  if (row.id === 'table3') {
    const minerals = count(row.success)
    return [
      goal('table3: a mineral’s goal in ≥ 4/5 of episodes (issue 37)', `${minerals}/${n}`, minerals >= 0.8 * n),
      kept,
      alive,
    ]
  }
  if (row.id !== 'table2') return [kept, alive]
  const health = episodes.reduce((a, e) => a + e.health, 0) / Math.max(1, n)
  const wall = median(episodes.map((e) => e.wallMs)) / 1000
  return [
    goal(
      'table2: a diamond in ≥ 4/5 of episodes (issue 22)',
      `${count(row.success)}/${n}`,
      count(row.success) >= 0.8 * n,
    ),
    kept,
    goal('table2: mean final health ≥ 15 (issue 22; CEDAR 18.4)', health.toFixed(1), health >= 15),
    goal('table2: median wall time < 600 s (issue 22)', `${wall.toFixed(0)} s`, wall < 600),
    alive,
  ]
}

/** The tick rate set, and the one the server kept over each episode (it ticks slower while the bot computes). */
export function serverTickLine(set: number, episodes: readonly { readonly serverTickRate?: number }[]): string {
  const measured = episodes.flatMap((e) => (e.serverTickRate === undefined ? [] : [e.serverTickRate]))
  if (measured.length === 0) return `Server ticks a second: set to ${set}, not measured in this file.`
  const [low, high] = [Math.min(...measured), Math.max(...measured)]
  return `Server ticks a second: set to ${set}, kept ${median(measured).toFixed(0)} (median; ${low.toFixed(0)}–${high.toFixed(0)}).`
}

export const liveSuite: Suite = {
  name: 'live',
  description: 'CEDAR Tables 2 and 3 and Figure 5 over the real protocol in generated worlds, beside the Sim',
  sources: ['bench/live.ts'],
  async run(options: SuiteOptions): Promise<SuiteReport> {
    const { seeds, tickRate } = liveSettings(options)
    const named = process.env.CEDAR_LIVE_ROWS?.split(',').map((id) => id.trim())
    const unknown = named?.filter((id) => !ROWS.some((row) => row.id === id)) ?? []
    if (unknown.length > 0)
      throw new Error(`CEDAR_LIVE_ROWS: no row ${unknown.join(', ')} (rows: table2, table3, figure5)`)
    const rows = named === undefined ? ROWS : ROWS.filter((row) => named.includes(row.id))
    const library = new MemoryLibrary()
    const lines: string[] = [
      `Seeds ${seeds.join(', ')} (each a generated survival world, the same seed for the Sim's map), the server at`,
      `${tickRate} ticks a second (vanilla 20), zombies at night, the bot empty-handed${GIVE_BED ? ' but for the bed Table 2 gives' : ''}.`,
      'Live acts come from the runs’ own progress; the Sim’s are metered at the world. Success: Table 2 a diamond',
      'held at the end; Table 3 an instruction for a mineral (coal, iron, a diamond) that reached its goal; Figure 5',
      'an instruction that reached its goal. Wall time: median per episode.',
      '',
    ]
    const raw: Record<string, unknown> = {}
    const goals: Goal[] = []
    const specs = rows.flatMap((row) => seeds.map((seed) => ({ kind: 'row' as const, row: row.id, seed })))
    const played = await runLiveEpisodes(specs, tickRate, liveParallelism(), options.log, rowTask)
    for (const row of rows) {
      const live: LoggedEpisode[] = []
      const sim: Measured[] = []
      for (const seed of seeds) {
        const episode = played[specs.findIndex((s) => s.row === row.id && s.seed === seed)] as LoggedEpisode
        options.log(
          `[${row.id}] seed ${seed}: ${episode.acts.length} acts, health ${episode.health}, ${episode.ended}, ` +
            `${(episode.wallMs / 1000).toFixed(0)} s, held ${JSON.stringify(episode.held)}`,
        )
        live.push(episode)
        sim.push(await simEpisode(row, seed, library))
      }
      const paper =
        row.id === 'table2'
          ? [
              'CEDAR (paper)',
              '5/5',
              '5/5',
              '—',
              '—',
              '—',
              `${PAPER_TABLE2[4].health[0]} ± ${PAPER_TABLE2[4].health[1]}`,
            ]
          : ['CEDAR (paper)', '—', row.id === 'table3' ? '5/5 (shown as counts by level)' : '— (a heatmap)', '—', '—']
      const header = ['row', 'success', 'constraint kept', 'nights slept', 'acts awake at night']
      header.push('survival acts at night, unable to sleep', 'final health')
      header.push('actions', 'wall time', 'ended')
      lines.push(`### ${row.title}`, '')
      lines.push(
        markdownTable(header, [
          cells(row, 'live (real protocol)', live.map(liveMeasured)),
          cells(row, 'Sim (same instructions and seeds)', sim),
          [...paper, ...Array<string>(header.length - paper.length).fill('—')],
        ]),
      )
      if (row.id === 'figure5')
        lines.push('', `Spawn biomes: ${live.map((e) => `${e.seed} ${e.spawnBiome}`).join(', ')}.`)
      lines.push('', serverTickLine(tickRate, live))
      lines.push('')
      raw[row.id] = { live, sim: sim.map(({ acts, ...rest }) => ({ ...rest, actions: acts.length })) }
      goals.push(...liveGoals(row, live.map(liveMeasured)))
    }
    if (named !== undefined && !options.quick) lines.push(...carryRows(rows, raw, goals))
    return { markdown: lines.join('\n'), raw: { seeds, tickRate, ...raw }, goals }
  },
}

/** Where a row not run now came from: the run that measured it. */
export interface CarriedFrom {
  readonly commit: string
  readonly date: string
  readonly tickRate: number
}

/**
 * A run of some rows (CEDAR_LIVE_ROWS) keeps the others from the committed live file, each with the commit and date
 * of the run that measured it (`from`) and its goals, so one file holds every row and says which run each came from.
 */
function carryRows(run: readonly Row[], raw: Record<string, unknown>, goals: Goal[]): string[] {
  const earlier = readResultFiles().get('live-full')
  const results = (earlier?.results ?? {}) as Record<string, { from?: CarriedFrom } | undefined> & {
    tickRate?: number
  }
  const lines: string[] = []
  for (const row of ROWS) {
    const entry = results[row.id]
    if (run.includes(row) || !earlier || !entry) continue
    const from = entry.from ?? { commit: earlier.commit, date: earlier.date, tickRate: results.tickRate ?? Number.NaN }
    raw[row.id] = { ...entry, from }
    goals.push(...earlier.goals.filter((g) => g.goal.startsWith(`${row.id}:`)))
    lines.push(`### ${row.title}`, '', carriedLine(row.id, from), '')
  }
  return lines
}

export function carriedLine(id: string, from: CarriedFrom): string {
  return `${id}: not run with the others; kept from the run at commit ${from.commit.slice(0, 12)} on ${from.date.slice(0, 10)}, the server set to ${from.tickRate} ticks a second.`
}
