// README's result tables, made from the committed result files in docs/results/ (`npm run results` writes them
// between `<!-- results:NAME -->` and `<!-- /results:NAME -->`; test/readme-results.test.ts checks README against
// them). Nothing here measures: a section says which file it comes from, and where none is committed, says so and
// names the command that makes one. The papers' columns are their published figures.

import { TASKS } from './cedar-skills-cases.js'
import { type CriticSafety, safetySentence } from './critic-safety.js'
import { fleetSection } from './fleet.js'
import { goalsMarkdown } from './goals.js'
import { markdownTable } from './markdown-table.js'
import { everydaySection, fightsSection, liveSection } from './readme-live.js'
import { provenance, type ResultFile, readResultFiles, resultName, sourceHash } from './result-file.js'
import { type Results as SkillsResults, table5, table13 } from './skills-llm.js'
import { formatMeanSd, mean } from './stats.js'
import { median } from './suite.js'
import { SUITES } from './suites.js'
import { type Cell as TeacherCell, teachersMarkdown } from './teachers.js'
import { type SystematicCell, systematicMarkdown } from './teachers-systematic.js'

interface Section {
  /** The marker's name: `<!-- results:NAME -->`. */
  readonly name: string
  /** The result file it is made from: the suite's full run, or its quick run while no full one is committed. */
  readonly suite: string
  /** The command that makes the full file. */
  readonly command: string
  readonly render: (result: ResultFile) => string[]
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`

/**
 * Where a section's numbers come from, in one line, with a digest of the file's raw numbers: a number the table
 * does not show still cannot change without README's section changing.
 */

// ---- critic: LogicGuard Tables 2 and 3 ---------------------------------------------------------------------------

interface CriticRound {
  readonly name: string
  readonly episodes: number
  readonly successes: number
  readonly actions: number
  readonly failed: number
  readonly subgoals: Readonly<Record<string, { mean?: number | null; reached: number }>>
  readonly laws: number
  readonly requestsPerEpisode?: number
}

interface CriticRaw {
  readonly rounds: readonly CriticRound[]
  readonly paperLaws: CriticRound
  readonly seeds: readonly number[]
  readonly llmActor: { readonly rows: readonly CriticRound[] }
  /** Absent from files written before the safety check was part of the suite. */
  readonly safety?: CriticSafety
}

function criticSection(result: ResultFile): string[] {
  const raw = result.results as CriticRaw
  const [base, second] = [raw.rounds[0], raw.rounds.at(-1)] as [CriticRound, CriticRound]
  const llm = raw.llmActor.rows
  const diamond = (r: CriticRound) => {
    const d = r.subgoals.diamond
    return d?.mean == null ? `– (0/${r.episodes})` : `${d.mean.toFixed(1)} (${d.reached}/${r.episodes})`
  }
  const row = (name: string, r: CriticRound) => [name, diamond(r), pct(r.failed / Math.max(1, r.actions))]
  const n = raw.seeds.length
  const table = markdownTable(
    [
      `LogicGuard Tables 2–3 (diamond, ${n} episodes, seeds ${raw.seeds[0]}–${raw.seeds.at(-1)})`,
      'actions to diamond',
      'failed actions',
    ],
    [
      row('careless actor', base),
      row(`+ the paper's ${raw.paperLaws.laws} hard laws`, raw.paperLaws),
      row(`+ offline critic, 2 rounds (${second.laws} laws)`, second),
      row('LLM actor (simulated model, 25% mistakes)', llm[0] as CriticRound),
      row(`+ the paper's hard laws`, llm[1] as CriticRound),
      row(`+ offline critic, 2 rounds (${(llm[3] as CriticRound).laws} laws)`, llm[3] as CriticRound),
      // LogicGuard's Tables 2 and 3 (InnerMonologue, 5 runs): published, not measured here.
      ['InnerMonologue → + LogicGuard (paper, 5 runs)', '45.5 (4/5) → 35.8 (5/5)', '23% → 4.5%'],
    ],
  )
  return [
    table,
    '',
    `LLM requests an episode (LLM actor rows): ${llm.map((r) => (r.requestsPerEpisode ?? 0).toFixed(1)).join(', ')}.`,
    ...(raw.safety
      ? [
          '',
          `Does the critic ever make the bot worse? ${raw.safety.rounds.length} more rounds of ${n} careless episodes toward the`,
          `seed skills' goals (reached ${raw.safety.rounds.map((r) => `${r.successes}/${r.episodes}`).join(', ')} by round), ${raw.safety.rejected.length} proposals rejected on`,
          `replay. ${safetySentence(raw.safety)}`,
          '',
        ]
      : []),
    provenance(
      result,
      `\`npm run bench -- ${result.mode === 'quick' ? '--quick ' : ''}critic\`, ${n} seeded Sim episodes per row`,
    ),
    '',
    ...goalsMarkdown(result.goals),
  ]
}

// ---- cedar-constraints: CEDAR Tables 2 and 3 in the Sim ----------------------------------------------------------

interface SleepRow {
  readonly id: string
  readonly name: string
  readonly episodes: readonly { diamondsMined: number; compliant: boolean; joint: boolean; health: number }[]
}
interface MineralRow {
  readonly id: string
  readonly name: string
  readonly episodes: readonly { acts: number; mineralByDay: number }[]
}

function constraintsSection(result: ResultFile): string[] {
  const raw = result.results as { table2: readonly SleepRow[]; table3: readonly MineralRow[]; episodesPerRow: number }
  const n = raw.episodesPerRow
  const k = (xs: readonly unknown[]) => `${xs.length}/${n}`
  const t2 = markdownTable(
    ['CEDAR Table 2: "sleep at night", 3 days', 'found diamond', 'compliant', 'joint', 'final health'],
    [
      ...raw.table2.map((r) => [
        r.name,
        k(r.episodes.filter((e) => e.diamondsMined > 0)),
        k(r.episodes.filter((e) => e.compliant)),
        k(r.episodes.filter((e) => e.joint)),
        formatMeanSd(r.episodes.map((e) => e.health)),
      ]),
      // CEDAR Table 2, published.
      ['CEDAR (paper)', '5/5', '5/5', '5/5', '18.4 ± 2.61'],
    ],
  )
  const t3 = markdownTable(
    ['CEDAR Table 3: "mine minerals only at night", one day', 'actions', 'minerals mined by day'],
    [
      ...raw.table3.map((r) => [
        r.name,
        formatMeanSd(r.episodes.map((e) => e.acts)),
        String(r.episodes.reduce((a, e) => a + e.mineralByDay, 0)),
      ]),
      // CEDAR Table 3, published.
      ['CEDAR (paper)', '137 ± 12', '–'],
    ],
  )
  return [
    t2,
    '',
    t3,
    '',
    provenance(
      result,
      `\`npm run bench -- ${result.mode === 'quick' ? '--quick ' : ''}cedar-constraints\`, ${n} seeded Sim episodes per row`,
    ),
    '',
    ...goalsMarkdown(result.goals),
  ]
}

// ---- player-counterexamples: CEDAR Table 10 -----------------------------------------------------------------------

interface CounterexampleRow {
  readonly phrase: string
  readonly noise: number
  readonly seeds: number
  readonly wrongFirst: number
  readonly fixed: number
  readonly counterexamples: readonly number[]
  readonly paperCes: number
}

function counterexamplesSection(result: ResultFile): string[] {
  const rows = result.results as readonly CounterexampleRow[]
  const phrases = [...new Set(rows.map((r) => r.phrase))]
  const cell = (r: CounterexampleRow | undefined, full: boolean) => {
    if (!r || r.counterexamples.length === 0) return '–'
    const med = String(median(r.counterexamples))
    return full ? `${med} (${Math.max(...r.counterexamples)}), ${r.fixed}/${r.wrongFirst}` : med
  }
  const lying = rows.find((r) => r.noise > 0)
  const table = markdownTable(
    [
      'CEDAR Table 10: player counterexamples to fix it (first teacher misread it)',
      'ours, no lies',
      `ours, +${(100 * (lying?.noise ?? 0)).toFixed(0)}% lies: median (max), fixed`,
      'paper (human)',
    ],
    phrases.map((phrase) => {
      const of = rows.filter((r) => r.phrase === phrase)
      return [
        phrase,
        cell(
          of.find((r) => r.noise === 0),
          false,
        ),
        cell(
          of.find((r) => r.noise > 0),
          true,
        ),
        String(of[0]?.paperCes ?? '–'),
      ]
    }),
  )
  return [
    table,
    '',
    provenance(
      result,
      `\`npm run bench -- ${result.mode === 'quick' ? '--quick ' : ''}player-counterexamples\`, ${lying?.seeds ?? 0} seeds`,
    ),
    '',
    ...goalsMarkdown(result.goals),
  ]
}

// ---- skills-llm: CEDAR Table 4 ------------------------------------------------------------------------------------

interface TaskRow {
  readonly task: string
  readonly library: boolean
  readonly targetHeld: boolean
  readonly reached: boolean
  readonly calls: number
}

function skillsSection(result: ResultFile): string[] {
  const raw = result.results as { n: number; noise: number; llm: SkillsResults; recipe: SkillsResults }
  const tasks = TASKS.map((t) => t.name).filter((name) => raw.llm.tasks.some((t) => t.task === name))
  // CEDAR's Table 4 means (published), no library and with one.
  const paper = (task: string, library: boolean) => TASKS.find((t) => t.name === task)?.paper[library ? 1 : 0][0]
  const of = (rows: readonly TaskRow[], task: string, library: boolean) =>
    rows.filter((t) => t.task === task && t.library === library)
  const held = (rows: readonly TaskRow[]) => `${rows.filter((t) => t.targetHeld).length}/${rows.length}`
  const calls = (rows: readonly TaskRow[]) => {
    const xs = rows.filter((t) => t.reached).map((t) => t.calls)
    return xs.length === 0 ? '–' : mean(xs).toFixed(1)
  }
  const table = markdownTable(
    [`CEDAR Table 4, LLM p = ${(100 * raw.noise).toFixed(0)}%, n = ${raw.n}`, ...tasks],
    [
      [
        'success, no library / with library',
        ...tasks.map((t) => `${held(of(raw.llm.tasks, t, false))} / ${held(of(raw.llm.tasks, t, true))}`),
      ],
      [
        'LLM requests, no library (ours / CEDAR)',
        ...tasks.map((t) => `${calls(of(raw.llm.tasks, t, false))} / ${paper(t, false)}`),
      ],
      [
        'LLM requests, with library (ours / CEDAR)',
        ...tasks.map((t) => `${calls(of(raw.llm.tasks, t, true))} / ${paper(t, true)}`),
      ],
      [
        'recipe book: teacher calls, no / with library',
        ...tasks.map((t) => `${calls(of(raw.recipe.tasks, t, false))} / ${calls(of(raw.recipe.tasks, t, true))}`),
      ],
    ],
  )
  return [
    table,
    '',
    'CEDAR Table 5 ("find a diamond"): mean LLM requests until each milestone, over the trials that reached it:',
    '',
    table5(raw.llm, raw.recipe, raw.n, raw.n).table,
    '',
    'CEDAR Table 13: the skill chain, the constraint and their product, in states (mean, range over the seeds):',
    '',
    table13(raw.llm, raw.recipe).table,
    '',
    provenance(
      result,
      `\`npm run bench -- ${result.mode === 'quick' ? '--quick ' : ''}skills-llm\`, ${raw.n} seeds per row`,
    ),
    '',
    ...goalsMarkdown(result.goals),
  ]
}

// ---- teachers: systematic errors and noise (issue 39, issue 17) --------------------------------------------------

function teachersSection(result: ResultFile): string[] {
  // A file from before issue 39 holds the noisy cells alone.
  const raw = result.results as { noisy: readonly TeacherCell[]; systematic: readonly SystematicCell[] } | TeacherCell[]
  const { noisy, systematic } = Array.isArray(raw) ? { noisy: raw, systematic: [] } : raw
  return [
    ...(systematic.length > 0
      ? systematicMarkdown(systematic)
      : ['No systematic-error rows in this file (it predates them).']),
    '',
    'Noise: a simulated LLM that lies persistently on a share p of the words (no vetting).',
    '',
    teachersMarkdown(noisy),
    '',
    provenance(result, '`npm run bench -- teachers`'),
    '',
    ...goalsMarkdown(result.goals),
  ]
}

export const SECTIONS: readonly Section[] = [
  {
    name: 'cedar-constraints',
    suite: 'cedar-constraints',
    command: 'npm run bench -- cedar-constraints',
    render: constraintsSection,
  },
  { name: 'live', suite: 'live', command: 'npm run bench -- live', render: liveSection },
  {
    name: 'live-everyday',
    suite: 'live-everyday',
    command: 'npm run bench -- live-everyday',
    render: everydaySection,
  },
  {
    name: 'live-fights',
    suite: 'live-fights',
    command: 'npm run bench -- live-fights',
    render: fightsSection,
  },
  {
    name: 'skills-llm',
    suite: 'skills-llm',
    command: 'npm run bench -- skills-llm',
    render: skillsSection,
  },
  {
    name: 'player-counterexamples',
    suite: 'player-counterexamples',
    command: 'npm run bench -- player-counterexamples',
    render: counterexamplesSection,
  },
  { name: 'critic', suite: 'critic', command: 'npm run bench -- critic', render: criticSection },
  { name: 'teachers', suite: 'teachers', command: 'npm run bench -- teachers', render: teachersSection },
  {
    name: 'fleet',
    suite: 'fleet',
    command: 'npm run bench -- fleet',
    render: (result) => fleetSection(result, provenance(result, '`npm run bench -- fleet`, all bots at once')),
  },
]

/** A section's Markdown from `results`, or the plain statement that no committed file backs it. */
export function renderSection(section: Section, results: ReadonlyMap<string, ResultFile>): string {
  const result = results.get(`${section.suite}-full`) ?? results.get(`${section.suite}-quick`)
  if (!result) {
    return (
      `No committed result file backs this table yet (\`docs/results/${resultName(section.suite, 'full')}\`): ` +
      `\`${section.command}\` makes one, then \`npm run results\` writes the table here.`
    )
  }
  return section.render(result).join('\n').trimEnd()
}

const open = (name: string) => `<!-- results:${name} -->`
const close = (name: string) => `<!-- /results:${name} -->`

/** README with every section between its markers made afresh from `results`. */
export function renderReadme(readme: string, results: ReadonlyMap<string, ResultFile>): string {
  let out = readme
  for (const section of SECTIONS) {
    const [start, end] = [out.indexOf(open(section.name)), out.indexOf(close(section.name))]
    if (start < 0 || end < start)
      throw new Error(`README has no ${open(section.name)} … ${close(section.name)} markers`)
    const body = `${open(section.name)}\n${renderSection(section, results)}\n`
    out = out.slice(0, start) + body + out.slice(end)
  }
  return out
}

/** What is wrong between README and the result files, each naming what to run; empty when all agree. */
/**
 * What is out of date: README's sections against the files, and each file against the code it measures. A live
 * file (an hour of real-protocol episodes) is not made again for every change: its section names its commit and
 * says so, and its staleness is reported only with `live: true` (`npm run results -- --check` prints it as a note).
 */
/** Real-protocol suites: an hour or more a run, so not made again for every change. */
const LIVE_SUITES = new Set(['live', 'live-everyday', 'live-fights'])

export async function resultProblems(
  readme: string,
  results = readResultFiles(),
  options: { readonly live?: boolean } = {},
): Promise<string[]> {
  const problems: string[] = []
  let fresh: string | undefined
  try {
    fresh = renderReadme(readme, results)
  } catch (error) {
    problems.push((error as Error).message)
  }
  if (fresh !== undefined && fresh !== readme) {
    const changed = SECTIONS.filter((s) => section(fresh as string, s.name) !== section(readme, s.name)).map(
      (s) => s.name,
    )
    problems.push(
      `README's result sections ${changed.join(', ')} differ from what the committed files in docs/results/ make: ` +
        'run `npm run results`',
    )
  }
  for (const [key, result] of results) {
    const entry = SUITES.find((s) => s.name === result.suite)
    if (!entry) {
      problems.push(`docs/results/${key}: no suite ${result.suite} in bench/suites.ts`)
      continue
    }
    if (LIVE_SUITES.has(result.suite) && !options.live) continue
    const suite = await entry.load()
    const now = sourceHash(suite.sources)
    if (now.hash !== result.sourceHash) {
      const command = LIVE_SUITES.has(result.suite)
        ? `npm run bench -- ${result.suite}`
        : `npm run bench -- ${result.mode === 'quick' ? '--quick ' : ''}${result.suite}`
      problems.push(
        `suite ${result.suite}: docs/results/${resultName(result.suite, result.mode)} is older than a change to the ` +
          `code it measures (${suite.sources.join(', ')} and what they import): run \`${command}\`, then \`npm run results\``,
      )
    }
  }
  return problems
}

function section(readme: string, name: string): string {
  const [start, end] = [readme.indexOf(open(name)), readme.indexOf(close(name))]
  return start < 0 || end < 0 ? '' : readme.slice(start, end)
}
