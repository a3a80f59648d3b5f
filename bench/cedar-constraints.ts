// The cedar-constraints suite (issue #10): CEDAR's three constraint experiments (§4.1) in the Sim, run by the agent
// the plugin uses (CedarAgent: grounding, skills, constraint DFAs, composition, controller).
//   Table 2  "sleep at night": three days with one bed; the diamond task, then "collect more diamonds" until the
//            budget ends. The plugin, goal only, and the paper's assertion baseline (sleep when checked between
//            skills). Found diamond, compliant, joint (exact 95% intervals), final health.
//   Table 3  "mine minerals only at night": one day of rotating collect goals; acts by level, items, objects,
//            minerals mined by day.
//   Figure 5 "stay in the windswept forest": activity heatmaps (SVG) with and without the constraint.
// Every act is measured at the world (a wrapper around the SimWorld), not taken from the agent's own report.
// The metered world and the episode loop are in constraints-episode.ts, the Markdown and the paper's numbers in
// constraints-markdown.ts.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { agentGrounding, createAgent, MemoryLibrary } from '../plugin/agent/index.js'
import { matchesObject } from '../plugin/vocabulary/families.js'
import { DAY_TICKS, NIGHT_START, REGION_SIZE, SimWorld } from '../plugin/world/sim/index.js'
import { WorldMap } from '../plugin/world/sim/world-map.js'
import {
  type BiomeEpisode,
  count,
  type EpisodeLog,
  MAX_INSTRUCTIONS,
  type MeasuredAct,
  MeteredWorld,
  type MineralEpisode,
  type Row,
  runEpisode,
  type SleepEpisode,
  sum,
} from './constraints-episode.js'
import {
  figure5Markdown,
  PAPER_TABLE2,
  PAPER_TABLE3,
  table2Markdown,
  table3Markdown,
  ticks,
} from './constraints-markdown.js'
import { goal } from './goals.js'
import { formatMeanSd } from './stats.js'
import type { Goal, Suite, SuiteOptions, SuiteReport } from './suite.js'
import { binVisits, heatmapSvg } from './svg-heatmap.js'

const MINERAL = /^mine\.(deepslate_)?[a-z]+_ore$/
const FARM_ANIMAL = /^kill\.(cow|pig|sheep|chicken)$/
const grounding = agentGrounding(undefined)
const newAgent = (library: MemoryLibrary) => createAgent(grounding, library)
const held = (sim: SimWorld, object: string) =>
  sum(Object.entries(sim.state.inventory).map(([name, n]) => (matchesObject(object, name) ? n : 0)))
/** "collect a diamond", "collect 3 diamonds": the grounding reads the digits as the count. */
const collect = (k: number, one: string, many: string) => (k === 1 ? `collect ${one}` : `collect ${k} ${many}`)

/** The paper's figures the plugin's rows are held to: Table 2's joint 5/5 and health, Table 3's 0 minerals by day. */
function constraintGoals(
  t2: readonly Row<SleepEpisode>[],
  t3: readonly Row<MineralEpisode>[],
  f5: readonly Row<BiomeEpisode>[],
): Goal[] {
  const cedar = PAPER_TABLE2[4]
  const goals: Goal[] = []
  for (const row of t2.filter((r) => r.id === 'plugin' || r.id === 'plugin-no-bed')) {
    const n = row.episodes.length
    const joint = count(row.episodes, (e) => e.joint)
    const health = sum(row.episodes.map((e) => e.health)) / Math.max(1, n)
    goals.push(
      goal(
        `Table 2, ${row.name}: joint success in every episode (CEDAR ${cedar.joint}/5)`,
        `${joint}/${n}`,
        joint === n,
      ),
      goal(
        `Table 2, ${row.name}: mean final health ≥ CEDAR's ${cedar.health[0]}`,
        health.toFixed(1),
        health >= cedar.health[0],
      ),
    )
  }
  const minerals = t3.find((r) => r.id === 'plugin')
  if (minerals) {
    const byDay = sum(minerals.episodes.map((e) => e.mineralByDay))
    const acts = sum(minerals.episodes.map((e) => e.acts)) / Math.max(1, minerals.episodes.length)
    const paperActs = PAPER_TABLE3.CEDAR.actions[0]
    goals.push(
      goal('Table 3, plugin: no mineral mined by day', `${byDay} mined by day`, byDay === 0),
      goal(`Table 3, plugin: as many actions in the day as CEDAR's ${paperActs}`, acts.toFixed(1), acts >= paperActs),
    )
  }
  const biome = f5.find((r) => r.id === 'constrained')
  if (biome) {
    const outside = sum(biome.episodes.map((e) => e.outside))
    goals.push(
      goal(
        `Figure 5, with the constraint: no act outside the ${FIGURE5_BIOME}`,
        `${outside} acts outside`,
        outside === 0,
      ),
    )
  }
  return goals
}

// ---- Table 2: sleep at night ---------------------------------------------------------------------------------------

const TABLE2_DAYS = 3
const TABLE2_TASK = 'craft a diamond pickaxe and keep collecting diamonds'
const TABLE2_ROWS = [
  { id: 'plugin', name: 'plugin (constraint DFA composed)', constrained: true, assertSleep: false, bed: true },
  { id: 'goal-only', name: 'goal only (no constraint)', constrained: false, assertSleep: false, bed: true },
  {
    id: 'assertion',
    name: 'goal only + sleep checked between skills',
    constrained: false,
    assertSleep: true,
    bed: true,
  },
  // Issue 22's protocol: no bed given, so the constraint's need (a bed for sleep.bed) is made first.
  {
    id: 'plugin-no-bed',
    name: 'plugin, empty inventory (no bed given)',
    constrained: true,
    assertSleep: false,
    bed: false,
  },
] as const

function sleepEpisode(seed: number, world: MeteredWorld, log: EpisodeLog): SleepEpisode {
  const { acts, sim } = world
  // Night k runs from tick 24,000k + 13,000 to 24,000(k+1) (episodes start at sunrise). A night is met when the
  // episode reached its start, slept when a sleep begun in it succeeded.
  const nights = Array.from({ length: TABLE2_DAYS }, (_, k) => DAY_TICKS * k + NIGHT_START)
  const nightsMet = count(nights, (start) => sim.ticks > start)
  const during = (start: number) =>
    acts.filter((a) => a.tickBefore >= start && a.tickBefore < start + DAY_TICKS - NIGHT_START)
  const slept = (start: number) => during(start).some((a) => a.ok && a.action === 'sleep.bed')
  const nightsSlept = count(nights, slept)
  const noBed = (start: number) => during(start).some((a) => a.action === 'sleep.bed' && a.failure === 'not_found')
  const nightsWithoutBed = count(nights, (start) => !slept(start) && noBed(start))
  const awakeAtNight = count(acts, (a) => a.nightBefore && a.action !== 'sleep.bed')
  const diamondsMined = sum(acts.map((a) => a.gained.diamond ?? 0))
  const compliant = awakeAtNight === 0 && nightsSlept === nightsMet
  const { health, food } = sim.state
  const firstDawnHealth = world.dawnHealth[0] ?? (sim.dead ? 0 : health)
  const runIn = acts.filter((a) => !a.nightBefore && a.nightAfter && a.action !== 'sleep.bed')
  // Episodes start at sunrise, so the nightfall an act ran past is that of the day it began in.
  const nightfall = (a: MeasuredAct) => DAY_TICKS * Math.floor(a.tickBefore / DAY_TICKS) + NIGHT_START
  const ticksPastNightfall = sum(runIn.map((a) => a.tickAfter - nightfall(a)))
  return {
    seed,
    diamondsMined,
    awakeAtNight,
    ranIntoNight: runIn.length,
    ticksPastNightfall,
    nightsMet,
    nightsSlept,
    nightsWithoutBed,
    compliant,
    joint: compliant && diamondsMined > 0,
    health,
    firstDawnHealth,
    died: sim.dead,
    food,
    meals: count(acts, (a) => a.ok && a.action.startsWith('eat.')),
    animalsKilled: count(acts, (a) => a.ok && FARM_ANIMAL.test(a.action)),
    acts: acts.length,
    log,
  }
}

async function table2(n: number, library: MemoryLibrary, options: SuiteOptions): Promise<Row<SleepEpisode>[]> {
  const rows: Row<SleepEpisode>[] = []
  for (const row of TABLE2_ROWS) {
    const agent = newAgent(library)
    const episodes: SleepEpisode[] = []
    const suffix = row.constrained ? ' but sleep at night' : ''
    for (let seed = 0; seed < n; seed++) {
      const sim = new SimWorld({ seed, startInventory: row.bed ? { white_bed: 1 } : {} })
      const world = new MeteredWorld(sim, TABLE2_DAYS * DAY_TICKS)
      const given = row.bed ? '; you are given a bed' : ''
      const log = await runEpisode(agent, world, {
        first: row.constrained ? `${TABLE2_TASK}; sleep at night${given}` : TABLE2_TASK,
        next: (s) => `${collect(held(s, 'diamond') + 1, 'a diamond', 'diamonds')}${suffix}`,
        assertSleep: row.assertSleep,
        fillBudget: true,
      })
      episodes.push(sleepEpisode(seed, world, log))
    }
    rows.push({ id: row.id, name: row.name, episodes })
    const joint = count(episodes, (e) => e.joint)
    options.log(`[table 2] ${row.name}: joint ${joint}/${n}, health ${formatMeanSd(episodes.map((e) => e.health))}`)
  }
  return rows
}

// ---- Table 3: mine minerals only at night --------------------------------------------------------------------------

/**
 * The goals Table 3 and Figure 5 rotate through, one instruction each, for a day: the paper's "explore the world
 * (and collect as many different items as possible)" names no item the agent can make a skill of.
 */
const ROTATION = [
  { item: 'diamond', one: 'a diamond', many: 'diamonds' },
  { item: 'redstone', one: 'a redstone', many: 'redstone' },
  { item: 'raw_gold', one: 'a raw gold', many: 'raw gold' },
  { item: 'coal', one: 'a coal', many: 'coal' },
  { item: 'raw_iron', one: 'a raw iron', many: 'raw iron' },
  { item: 'gravel', one: 'a gravel', many: 'gravel' },
  { item: 'logs', one: 'a log', many: 'logs' },
] as const

/** The rotation's next instruction: "collect <held+1> <goal><suffix>", goal after goal. */
function rotation(suffix: string): (sim: SimWorld) => string {
  let turn = 0
  return (sim) => {
    const goal = ROTATION[turn++ % ROTATION.length]!
    return `${collect(held(sim, goal.item) + 1, goal.one, goal.many)}${suffix}`
  }
}

function mineralEpisode(seed: number, { acts, waited }: MeteredWorld, log: EpisodeLog): MineralEpisode {
  const gained = (list: readonly MeasuredAct[]) => sum(list.flatMap((a) => Object.values(a.gained)))
  const below = acts.filter((a) => a.underground)
  const above = acts.filter((a) => !a.underground)
  const minerals = acts.filter((a) => a.ok && MINERAL.test(a.action))
  return {
    seed,
    acts: acts.length,
    actsUnderground: below.length,
    actsOverground: above.length,
    gainedUnderground: gained(below),
    gainedOverground: gained(above),
    itemKinds: new Set(acts.flatMap((a) => Object.keys(a.gained))).size,
    itemsGained: gained(acts),
    objects: new Set(acts.filter((a) => a.ok).map((a) => a.action.slice(a.action.indexOf('.') + 1))).size,
    mineralByDay: count(minerals, (a) => !a.nightBefore),
    mineralAtNight: count(minerals, (a) => a.nightBefore),
    otherMinedByDay: count(
      acts,
      (a) => a.ok && a.action.startsWith('mine.') && !MINERAL.test(a.action) && !a.nightBefore,
    ),
    waited,
    firstAct: acts[0]?.tickBefore ?? DAY_TICKS,
    log,
  }
}

async function table3(n: number, library: MemoryLibrary, options: SuiteOptions): Promise<Row<MineralEpisode>[]> {
  const rows: Row<MineralEpisode>[] = []
  for (const constrained of [true, false]) {
    const agent = newAgent(library)
    const name = constrained ? 'plugin (constraint DFA composed)' : 'goal only (no constraint)'
    const episodes: MineralEpisode[] = []
    for (let seed = 0; seed < n; seed++) {
      const world = new MeteredWorld(new SimWorld({ seed }), DAY_TICKS)
      const next = rotation(constrained ? ' but mine minerals only at night' : '')
      const log = await runEpisode(agent, world, { first: next(world.sim), next, fillBudget: true })
      episodes.push(mineralEpisode(seed, world, log))
    }
    rows.push({ id: constrained ? 'plugin' : 'goal-only', name, episodes })
    const byDay = sum(episodes.map((e) => e.mineralByDay))
    options.log(`[table 3] ${name}: ${formatMeanSd(episodes.map((e) => e.acts))} acts, ${byDay} minerals mined by day`)
  }
  return rows
}

// ---- Figure 5: stay in the windswept forest ------------------------------------------------------------------------

const FIGURE5_BIOME = 'windswept_forest'
const BIOME_COLORS = { forest: '#7fbf7b', plains: '#e6f5b0', desert: '#f6d58b', windswept_forest: '#4f87a3' }

async function figure5(n: number, library: MemoryLibrary, outDir: string, options: SuiteOptions) {
  const rows: (Row<BiomeEpisode> & { svg: string; title: string })[] = []
  for (const constrained of [true, false]) {
    const agent = newAgent(library)
    const id = constrained ? 'constrained' : 'unconstrained'
    const suffix = constrained ? ' but stay in the windswept forest' : ''
    const episodes: BiomeEpisode[] = []
    for (let seed = 0; seed < n; seed++) {
      const sim = new SimWorld({ seed, startBiome: FIGURE5_BIOME })
      const start = { x: sim.state.position.x, z: sim.state.position.z }
      const world = new MeteredWorld(sim, DAY_TICKS)
      const next = rotation(suffix)
      const log = await runEpisode(agent, world, { first: next(sim), next })
      const points = world.acts.map((a) => ({ x: Math.round(a.x), z: Math.round(a.z) }))
      const outside = count(world.acts, (a) => a.biome !== FIGURE5_BIOME)
      const diamond = world.acts.some((a) => (a.gained.diamond ?? 0) > 0)
      const instructions = log.outcomes.length
      const { capped } = log
      episodes.push({ seed, diamond, instructions, capped, acts: world.acts.length, outside, start, points })
    }
    const title = constrained ? 'With "… but stay in the windswept forest"' : 'Without the constraint'
    const svg = join(outDir, `figure5-${id}.svg`)
    rows.push({ id, name: `"collect <held+1> X${suffix}"`, svg, title, episodes })
    const outside = sum(episodes.map((e) => e.outside))
    options.log(`[figure 5] ${title}: ${outside} of ${sum(episodes.map((e) => e.acts))} acts outside`)
  }
  // Both charts on one circle scale, so they can be read side by side.
  const bins = 4
  const counts = rows.flatMap((r) => r.episodes.flatMap((e) => [...binVisits(e.points, REGION_SIZE / bins).values()]))
  const scaleMax = Math.max(1, ...counts)
  const notes = [
    `The Table 3 rotation for ${ticks(DAY_TICKS)} ticks from the ${FIGURE5_BIOME}, seeds 0..${n - 1}. One panel per episode, on`,
    'its own seeded map (the Sim’s map is a function of the seed): squares are 64-block regions coloured by biome,',
    'circles the bot’s position after each act, binned, on one scale for both charts.',
  ]
  for (const row of rows) {
    const panels = row.episodes.map((e) => {
      const map = new WorldMap(e.seed)
      const title = `seed ${e.seed}: ${e.outside}/${e.acts} outside`
      return { title, biomeAt: (rx: number, rz: number) => map.biomeAt(rx, rz), points: e.points, start: e.start }
    })
    const chart = { title: row.title, notes, panels, regionSize: REGION_SIZE, biomeColors: BIOME_COLORS }
    writeFileSync(row.svg, heatmapSvg({ ...chart, binsPerRegion: bins, scaleMax }))
    options.log(`[figure 5] wrote ${row.svg}`)
  }
  return rows
}

export const cedarConstraintsSuite: Suite = {
  name: 'cedar-constraints',
  description:
    'CEDAR Table 2 (sleep at night), Table 3 (minerals only at night), Figure 5 (stay in a biome) in the Sim',
  sources: ['bench/cedar-constraints.ts'],
  async run(options: SuiteOptions): Promise<SuiteReport> {
    const n = Math.max(1, options.episodes ?? (options.quick ? 5 : 25))
    const outDir = options.outDir ?? join(dirname(fileURLToPath(import.meta.url)), 'results')
    mkdirSync(outDir, { recursive: true })
    // One library for the suite: the first row that needs a skill learns it, every later row reuses it.
    const library = new MemoryLibrary()
    const seconds: Record<string, number> = {}
    const timed = async <T>(part: string, work: () => Promise<T>): Promise<T> => {
      const started = performance.now()
      const result = await work()
      seconds[part] = Number(((performance.now() - started) / 1000).toFixed(1))
      return result
    }
    const t2 = await timed('table 2', () => table2(n, library, options))
    const t3 = await timed('table 3', () => table3(n, library, options))
    const f5 = await timed('figure 5', () => figure5(n, library, outDir, options))
    const capped =
      [...t2, ...t3].flatMap((r) => r.episodes.filter((e) => e.log.capped)).length +
      f5.flatMap((r) => r.episodes.filter((e) => e.capped)).length
    const markdown = [
      `${n} seeded episodes per row (seeds 0..${n - 1}: the seed fixes the map and every random draw), each a fresh`,
      'SimWorld from sunrise. Each row has one CedarAgent for all its episodes, and the suite one skill library, so',
      'skills are learned once (by the first row) and reused after. Grounding and teachers are offline (no LLM).',
      ...(capped > 0
        ? [`${capped} episodes stopped at the cap of ${MAX_INSTRUCTIONS} instructions, with ticks left.`]
        : []),
      '',
      ...table2Markdown(t2, n, TABLE2_DAYS, TABLE2_TASK),
      '',
      ...table3Markdown(
        t3,
        n,
        ROTATION.map((g) => g.item),
      ),
      '',
      ...figure5Markdown(f5, n, FIGURE5_BIOME),
      '',
      `Time: ${Object.entries(seconds)
        .map(([part, s]) => `${part} ${s} s`)
        .join(', ')}.`,
    ].join('\n')
    const raw = {
      episodesPerRow: n,
      seeds: [...Array(n).keys()],
      capped,
      seconds,
      table2: t2,
      table3: t3,
      // Positions are in the SVGs (written beside the result file); the JSON keeps the per-episode numbers.
      figure5: f5.map((r) => ({
        ...r,
        svg: basename(r.svg),
        episodes: r.episodes.map(({ points: _, ...e }) => e),
      })),
    }
    return {
      markdown,
      raw: { ...raw, paper: { table2: PAPER_TABLE2, table3: PAPER_TABLE3 } },
      goals: constraintGoals(t2, t3, f5),
      figures: Object.fromEntries(f5.map((r) => [basename(r.svg), readFileSync(r.svg, 'utf8')])),
    }
  },
}
