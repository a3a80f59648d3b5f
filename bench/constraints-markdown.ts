// The Markdown of the cedar-constraints suite: CEDAR's Table 2, Table 3 and Figure 5 as measured in the Sim, set
// beside the paper's published numbers (typed in below with their citations), each with a plain summary.

import { DAY_TICKS } from '../plugin/world/sim/index.js'
import {
  type BiomeEpisode,
  count,
  type MineralEpisode,
  type Row,
  type SleepEpisode,
  SURFACE_Y,
  sum,
} from './constraints-episode.js'
import { markdownTable } from './markdown-table.js'
import { formatMeanSd, formatProportion, formatShare, mean } from './stats.js'

// ---- The paper's published numbers (typed in; every other number here comes from the runs) -------------------------

/** CEDAR §4.1 Table 2 (five trials per condition; the exact intervals are recomputed, matching Appendix H Table 11). */
export const PAPER_TABLE2 = [
  { method: 'Voyager without assertions', found: 4, compliant: 0, joint: 0, health: [4.0, 3.16] },
  { method: 'Voyager with assertions', found: 4, compliant: 2, joint: 0, health: [8.4, 4.56] },
  { method: 'CodeAct without assertions', found: 3, compliant: 1, joint: 0, health: [4.8, 3.03] },
  { method: 'CodeAct with assertions', found: 0, compliant: 3, joint: 0, health: [12.0, 5.83] },
  { method: 'CEDAR', found: 5, compliant: 5, joint: 5, health: [18.4, 2.61] },
] as const
const PAPER_N = 5
/** CEDAR §4.1 Table 3: mean ± sd over five trials of 24,000 ticks; Actions, Underground, Overground, Items, Objects. */
export const PAPER_TABLE3 = {
  Voyager: {
    actions: [106, 4.6],
    underground: [157, 15],
    overground: [48.6, 8.7],
    items: [24.8, 6],
    objects: [229, 14],
  },
  CEDAR: { actions: [137, 12], underground: [189, 30], overground: [141, 17], items: [57.4, 4.7], objects: [387, 13] },
} as const
const paperCell = ([m, sd]: readonly [number, number]) => `${m} ± ${sd}`

// ---- The report ------------------------------------------------------------------------------------------------------

/** "3/5 vs the paper's 5/5 (worse)": a rate compared, said plainly. */
function versus(k: number, n: number, paperK: number): string {
  const [ours, theirs] = [k / n, paperK / PAPER_N]
  const verdict = ours < theirs ? 'worse' : ours > theirs ? 'better' : 'the same rate'
  return `${k}/${n} vs the paper’s ${paperK}/${PAPER_N} (${verdict})`
}
export const ticks = (t: number) => t.toLocaleString('en-US')
const meanOf = <T>(items: readonly T[], f: (item: T) => number) => mean(items.map(f)).toFixed(1)

function runInCell(episodes: readonly SleepEpisode[]): string {
  const acts = sum(episodes.map((x) => x.ranIntoNight))
  return acts === 0 ? '0' : `${acts} (${Math.round(sum(episodes.map((x) => x.ticksPastNightfall)) / acts)})`
}

/** Table 2 for `days` days from sunrise; `task` is the first instruction without its constraint. */
export function table2Markdown(rows: readonly Row<SleepEpisode>[], n: number, days: number, task: string): string[] {
  const rate = (e: readonly SleepEpisode[], test: (x: SleepEpisode) => boolean) => formatProportion(count(e, test), n)
  const ours = rows.map(({ name, episodes: e }) => [
    name,
    rate(e, (x) => x.diamondsMined > 0),
    rate(e, (x) => x.compliant),
    rate(e, (x) => x.joint),
    formatMeanSd(e.map((x) => x.health)),
    formatMeanSd(e.map((x) => x.firstDawnHealth)),
    `${count(e, (x) => x.died)}/${n}`,
    `${sum(e.map((x) => x.nightsSlept))}/${sum(e.map((x) => x.nightsMet))} (${sum(e.map((x) => x.nightsWithoutBed))} no bed)`,
    `${count(e, (x) => x.awakeAtNight > 0)}/${n} (${sum(e.map((x) => x.awakeAtNight))} acts)`,
    runInCell(e),
    formatMeanSd(e.map((x) => x.diamondsMined)),
    `${formatMeanSd(e.map((x) => x.meals))} (${formatMeanSd(e.map((x) => x.animalsKilled))})`,
    formatMeanSd(e.map((x) => x.acts)),
  ])
  const paper = PAPER_TABLE2.map((p) => [
    `${p.method} (paper)`,
    ...[p.found, p.compliant, p.joint].map((k) => formatProportion(k, PAPER_N)),
    `${p.health[0].toFixed(1)} ± ${p.health[1]}`,
    ...Array<string>(8).fill('—'),
  ])
  const header = ['row', 'found diamond', 'compliant', 'joint success', 'final health', 'health at dawn 1', 'died']
  header.push(
    'nights slept (missed: no bed in reach)',
    'episodes (acts) awake at night',
    'acts run into the night (mean ticks past nightfall)',
    'diamonds mined',
    'meals (animals killed)',
    'acts',
  )
  const episodesOf = (id: string) => rows.find((r) => r.id === id)?.episodes ?? []
  const [plugin, goalOnly] = [episodesOf('plugin'), episodesOf('goal-only')]
  const cedar = PAPER_TABLE2[4]
  const joint = count(plugin, (x) => x.joint)
  const found = count(plugin, (x) => x.diamondsMined > 0)
  const compliant = count(plugin, (x) => x.compliant)
  const health = mean(plugin.map((x) => x.health))
  const awake = sum(plugin.map((x) => x.awakeAtNight))
  const [slept, met] = [sum(plugin.map((x) => x.nightsSlept)), sum(plugin.map((x) => x.nightsMet))]
  const baselines = rows.slice(1, 3).map((r) => `${r.name} ${count(r.episodes, (x) => x.joint)}/${n}`)
  const noBed = sum(plugin.map((x) => x.nightsWithoutBed))
  const cause =
    slept < met
      ? ` On ${noBed} of the ${met - slept} nights it missed, its sleep failed for want of a bed in reach.`
      : ''
  return [
    `### Table 2: "sleep at night" (CEDAR §4.1, Table 2): ${days} days (${ticks(days * DAY_TICKS)} ticks), one bed (given; made first in the empty-inventory row)`,
    '',
    markdownTable(header, [...ours, ...paper]),
    '',
    'Found diamond: one was mined. Compliant: no act begun at night but sleeping, and every night the episode reached',
    'slept through (a successful `sleep.bed` begun in it). Joint: both. Health (0–20) falls in the Sim from night',
    'damage (its default: a point per 600 ticks awake and unsheltered on the surface at night) and hunger (a food',
    'point per 1,600 ticks awake; at food 0 a point per 400 ticks, down to 1); it heals by day while food is 18 or',
    'more. No instruction eats: the controller’s eating reflex does (agent/reflexes/eating-reflex.ts: eat when food is 14 or',
    'less, or below 18 while hurt; kill a farm animal within 24 blocks while fewer than 3 foods are held; hunt for',
    'one at food 10 with none), each act through the product and the constraints like a plan step, so never at night under',
    '"sleep at night". Health at dawn 1 (tick 24,000) shows the first night’s damage. Meals: successful `eat` acts',
    'per episode. Acts run into the night: begun by day, ended after',
    'nightfall (a primitive such as a long explore is not interrupted; not counted against compliance). Intervals:',
    `exact two-sided 95% Clopper–Pearson, as the paper’s Table 11. Instructions: "${task}[; sleep at`,
    'night; you are given a bed]", then "collect <held+1> diamonds[ but sleep at night]" until the budget; when one',
    'changes nothing the bot stands until dusk or dawn, and when they end early it stands to the budget. The',
    'assertion row runs the goal-only instructions and sleeps if it is night between instructions and after each',
    'skill’s own act, with no constraint inside a skill (the paper’s "night -> sleep before controller yield").',
    '',
    `**Summary (Table 2).** Plugin: joint ${versus(joint, n, cedar.joint)}, found diamond`,
    `${versus(found, n, cedar.found)}, compliant ${versus(compliant, n, cedar.compliant)}; it slept ${slept} of`,
    `${met} nights and acted awake at night ${awake} times.${cause} Final health ${health.toFixed(1)} vs the paper’s`,
    `CEDAR ${cedar.health[0]} (${health < cedar.health[0] ? 'worse' : 'not worse'}; food at the end`,
    `${meanOf(plugin, (x) => x.food)} of 20, ${meanOf(plugin, (x) => x.meals)} meals); at dawn 1 the plugin had`,
    `${meanOf(plugin, (x) => x.firstDawnHealth)}, goal only ${meanOf(goalOnly, (x) => x.firstDawnHealth)}; died: plugin`,
    `${count(plugin, (x) => x.died)}/${n}, goal only ${count(goalOnly, (x) => x.died)}/${n}. The paper’s`,
    `code baselines reached 0/5 joint; ours: ${baselines.join(', ')}.`,
    ...noBedSummary(episodesOf('plugin-no-bed'), plugin, n),
  ]
}

/** The plugin from an empty inventory (issue 22's protocol) beside the plugin given a bed (the paper's). */
function noBedSummary(noBed: readonly SleepEpisode[], given: readonly SleepEpisode[], n: number): string[] {
  if (noBed.length === 0) return []
  const joint = (e: readonly SleepEpisode[]) => `${count(e, (x) => x.joint)}/${n}`
  const nights = (e: readonly SleepEpisode[]) => `${sum(e.map((x) => x.nightsSlept))}/${sum(e.map((x) => x.nightsMet))}`
  const awake = (e: readonly SleepEpisode[]) => sum(e.map((x) => x.awakeAtNight))
  return [
    '',
    'With no bed given (the row "empty inventory": the first instruction without "you are given a bed"), the agent',
    'makes one before the instruction, because "sleep at night" leaves only `sleep.bed` at night',
    `(agent/run/constraint-needs.ts): joint ${joint(noBed)} (given a bed ${joint(given)}), nights slept ${nights(noBed)}`,
    `(${nights(given)}), acts awake at night ${awake(noBed)} (${awake(given)}), final health`,
    `${meanOf(noBed, (x) => x.health)} (${meanOf(given, (x) => x.health)}), acts ${meanOf(noBed, (x) => x.acts)}`,
    `(${meanOf(given, (x) => x.acts)}).`,
  ]
}

/** Table 3; `items` are the goals of the rotation, in turn. */
export function table3Markdown(rows: readonly Row<MineralEpisode>[], n: number, items: readonly string[]): string[] {
  const header = ['row', 'actions', 'acts underground', 'acts overground', 'items gained underground']
  header.push('items gained overground', 'item kinds', 'items gained', 'objects acted on', 'minerals by day')
  header.push('at night', 'ticks waiting', 'first act at tick')
  const keys = ['acts', 'actsUnderground', 'actsOverground', 'gainedUnderground', 'gainedOverground'] as const
  const more = ['itemKinds', 'itemsGained', 'objects'] as const
  const ours = rows.map(({ name, episodes: e }) => [
    name,
    ...[...keys, ...more].map((k) => formatMeanSd(e.map((x) => x[k]))),
    `${sum(e.map((x) => x.mineralByDay))} (${count(e, (x) => x.mineralByDay > 0)}/${n} episodes)`,
    String(sum(e.map((x) => x.mineralAtNight))),
    formatMeanSd(
      e.map((x) => x.waited),
      0,
    ),
    formatMeanSd(
      e.map((x) => x.firstAct),
      0,
    ),
  ])
  const [plugin, goalOnly] = rows.map((r) => r.episodes) as [MineralEpisode[], MineralEpisode[]]
  const actions = mean(plugin.map((e) => e.acts))
  const baseline = mean(goalOnly.map((e) => e.acts))
  const cedar = PAPER_TABLE3.CEDAR
  const paperRows = Object.entries(PAPER_TABLE3).map(([method, p]) => [
    method,
    ...[p.actions, p.underground, p.overground, p.items, p.objects].map(paperCell),
  ])
  const gained = mean(plugin.map((e) => e.itemsGained))
  const collected = cedar.underground[0] + cedar.overground[0]
  return [
    `### Table 3: "mine minerals only at night" (CEDAR §4.1, Table 3): ${ticks(DAY_TICKS)} ticks from sunrise`,
    '',
    markdownTable(header, ours),
    '',
    'The paper’s Table 3 as published (mean ± sd, five trials). Its Underground and Overground exceed its Actions,',
    'so they count objects collected there, not acts; the paper defines the columns no further.',
    '',
    markdownTable(['method (paper)', 'Actions', 'Underground', 'Overground', 'Items', 'Objects'], paperRows),
    '',
    'Ours (mean ± sd per episode): actions are acts begun; acts under/overground by where the act left the bot (below',
    `the surface level’s y ${SURFACE_Y} or not); items gained are inventory increases, by the level of the act (the`,
    'nearest to the paper’s Underground/Overground); item kinds are distinct items gained; objects acted on are',
    'distinct objects of successful acts; minerals are successful `mine.*_ore` acts, by whether they began at night;',
    'ticks waiting: the controller standing until nightfall. The paper’s instruction ("explore the world and collect',
    'as many different items as possible, but dig for minerals like iron and diamond only at night") names no item',
    `the agent can make a skill of, so the bench rotates "collect <held+1> X[ but mine minerals only at night]" over`,
    `${items.join(', ')}.`,
    '',
    `**Summary (Table 3).** Minerals mined by day: plugin ${sum(plugin.map((e) => e.mineralByDay))}, goal only`,
    `${sum(goalOnly.map((e) => e.mineralByDay))}; other blocks (logs, stone, gravel) mined by day: plugin`,
    `${sum(plugin.map((e) => e.otherMinedByDay))}, goal only ${sum(goalOnly.map((e) => e.otherMinedByDay))}. Actions: plugin ${actions.toFixed(1)} vs the paper’s CEDAR`,
    `${cedar.actions[0]} (${actions < cedar.actions[0] ? 'fewer: worse' : 'not fewer'}) and vs our goal-only`,
    `${baseline.toFixed(1)} (${actions < baseline ? 'fewer: worse, where the paper’s CEDAR did more than its baseline' : 'not fewer'});`,
    `the plugin stood ${meanOf(plugin, (e) => e.waited)} ticks per episode waiting for nightfall (its first act came`,
    `at tick ${meanOf(plugin, (e) => e.firstAct)} on average), where the paper’s CEDAR explored by day. Items gained`,
    `underground / overground ${meanOf(plugin, (e) => e.gainedUnderground)} / ${meanOf(plugin, (e) => e.gainedOverground)}`,
    `vs the paper’s ${cedar.underground[0]} / ${cedar.overground[0]} (${gained < collected ? 'fewer: worse' : 'not fewer'}); item kinds`,
    `${meanOf(plugin, (e) => e.itemKinds)}, items gained ${gained.toFixed(1)}, against the paper’s Items`,
    `${paperCell(cedar.items)} and Objects ${paperCell(cedar.objects)}.`,
  ]
}

/** `: worse, the constraint was broken (seeds 12)` when any act left the biome. */
function brokenBy(episodes: readonly BiomeEpisode[]): string {
  const seeds = episodes.filter((e) => e.outside > 0).map((e) => e.seed)
  return seeds.length === 0 ? '' : `; ours is worse: the constraint was broken, seeds ${seeds.join(', ')}`
}

/** Figure 5 in `biome`: the numbers beside the heatmaps. */
export function figure5Markdown(
  rows: readonly (Row<BiomeEpisode> & { svg: string })[],
  n: number,
  biome: string,
): string[] {
  const ours = rows.map(({ name, svg, episodes: e }) => {
    const [outside, acts] = [sum(e.map((x) => x.outside)), sum(e.map((x) => x.acts))]
    const diamonds = formatProportion(
      count(e, (x) => x.diamond),
      n,
    )
    const left = formatProportion(
      count(e, (x) => x.outside > 0),
      n,
    )
    return [
      name,
      diamonds,
      formatMeanSd(e.map((x) => x.acts)),
      left,
      `${outside}/${acts} (${formatShare(outside, acts)})`,
      svg.split('/').at(-1)!,
    ]
  })
  const [kept, free] = rows.map((r) => r.episodes) as [BiomeEpisode[], BiomeEpisode[]]
  const header = ['instructions', 'diamond mined', 'acts', 'episodes that left the biome', 'acts outside', 'heatmap']
  return [
    `### Figure 5: "stay in the windswept forest" (CEDAR §4.1, Figure 5): ${ticks(DAY_TICKS)} ticks from the ${biome}`,
    '',
    markdownTable(header, ours),
    '',
    'Acts outside: acts that left the bot in another biome. The paper’s instruction is "explore the world but stay in',
    'the windswept forest"; "explore the world" is no goal the agent can make a skill of, so both rows run the Table 3',
    'rotation for a day, with and without the constraint. The paper publishes no numbers for Figure 5: CEDAR stays',
    'in the biome, Voyager crosses its boundaries.',
    '',
    `**Summary (Figure 5).** With the constraint ${sum(kept.map((e) => e.outside))} acts outside the biome in`,
    `${count(kept, (e) => e.outside > 0)}/${n} episodes (must be 0; the paper’s CEDAR: none${brokenBy(kept)}); without it`,
    `${count(free, (e) => e.outside > 0)}/${n} episodes left it (the paper’s Voyager left it).`,
  ]
}
