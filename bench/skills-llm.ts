// The skills-llm suite (issue 18): CEDAR Tables 4, 5 and 13 with the skills taught by the simulated LLM
// (bench/simulated-llm.ts on 127.0.0.1, lying persistently on 5% of the words), in the paper's unit — LLM requests,
// one per learner round — beside the same trials taught by the recipe book and the paper's columns. The trials are
// cedar-skills' (bench/cedar-skills-trials.ts), run once per teacher.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  COMPOSITIONS,
  type CompositionTrial,
  type Job,
  type JobResult,
  MILESTONES,
  type MilestoneTrial,
  PAPER_TABLE5,
  runPool,
  TASKS,
  type TaskTrial,
  type TrialTeacher,
} from './cedar-skills-trials.js'
import { goal } from './goals.js'
import { markdownTable } from './markdown-table.js'
import { formatProportion, mean, sampleSd } from './stats.js'
import type { Goal, Suite, SuiteOptions, SuiteReport } from './suite.js'

const NOISE = 0.05
/** The issue's goals beside the paper's: requests to the diamond at most 37 (CEDAR), 20 as the goal. */
const DIAMOND_GOAL = 20

const num = (x: number) => (Number.isNaN(x) ? 'N/A' : Number.isInteger(x) ? String(x) : x.toFixed(1))
const meanSd = (xs: readonly number[]) => (xs.length ? `${num(mean(xs))} ± ${num(sampleSd(xs))}` : 'N/A')
const maxOf = (xs: readonly number[]) => (xs.length ? Math.max(...xs) : Number.NaN)

export interface Results {
  readonly tasks: TaskTrial[]
  readonly milestones: MilestoneTrial[]
  readonly compositions: CompositionTrial[]
}

export function collect(results: readonly JobResult[]): Results {
  const bySeed = <T extends { seed: number }>(xs: T[]) => xs.sort((a, b) => a.seed - b.seed)
  return {
    tasks: bySeed(results.flatMap((r) => r.tasks)),
    milestones: bySeed(results.flatMap((r) => r.milestones)),
    compositions: bySeed(results.flatMap((r) => r.compositions)),
  }
}

/** What the library held at the start of the with-library trials, and how each of the task's skills was obtained. */
function libraryUse(trials: readonly TaskTrial[]): string {
  const held = [...new Set(trials.flatMap((t) => t.libraryHeld))].sort()
  const paths = new Map<string, Map<string, number>>()
  for (const t of trials) {
    for (const s of t.skills) {
      const how = s.from ? `${s.path} from ${s.from}` : s.path
      const counts = paths.get(s.name) ?? new Map<string, number>()
      counts.set(how, (counts.get(how) ?? 0) + 1)
      paths.set(s.name, counts)
    }
  }
  const skills = [...paths].map(
    ([name, counts]) =>
      `${name} ${[...counts].map(([how, k]) => (counts.size > 1 || k < trials.length ? `${how} ×${k}` : how)).join(', ')}`,
  )
  return `the library held ${held.join(', ') || 'nothing'} at the start; the task's skills: ${skills.join('; ') || 'none'}`
}

export function table4(llm: Results, recipe: Results, n: number, recipeN: number) {
  const rows: string[][] = []
  const verdicts: string[] = []
  for (const task of TASKS) {
    for (const library of [false, true]) {
      const of = (r: Results) => r.tasks.filter((t) => t.task === task.name && t.library === library)
      const held = (r: Results) => of(r).filter((t) => t.targetHeld).length
      const calls = (r: Results) =>
        of(r)
          .filter((t) => t.reached)
          .map((t) => t.calls)
      const [paperMean, paperSd, paperOk] = task.paper[library ? 1 : 0]
      rows.push([
        task.name,
        library ? 'the other tasks’ skills' : 'none (learns all)',
        formatProportion(held(llm), n),
        meanSd(calls(llm)),
        num(maxOf(calls(llm))),
        formatProportion(held(recipe), recipeN),
        meanSd(calls(recipe)),
        `${paperMean} ± ${paperSd} (${paperOk}/25)`,
      ])
      const requests = mean(calls(llm))
      const ok = held(llm) >= Math.ceil(0.96 * n) && requests <= paperMean
      verdicts.push(
        `${task.name}, ${library ? 'with library' : 'from scratch'}: ${held(llm)}/${n} held, ${num(requests)} LLM ` +
          `requests vs CEDAR's ${paperMean} — ${ok ? 'met' : 'NOT met'}; ${libraryUse(of(llm))}`,
      )
    }
  }
  const header = [
    'task',
    'library',
    `success, LLM p=${NOISE}`,
    'LLM requests (mean ± sd)',
    'max',
    'success, recipe book',
    'recipe teacher calls',
    'paper CEDAR (Table 4)',
  ]
  return { table: markdownTable(header, rows), verdicts }
}

export function table5(llm: Results, recipe: Results, n: number, recipeN: number) {
  const at = (r: Results) => MILESTONES.map((_, i) => r.milestones.flatMap((t) => (t.at[i] ? [t.at[i].calls] : [])))
  const row = (name: string, r: Results, of: number) => [
    name,
    ...at(r).map((calls) => `${num(mean(calls))} (${calls.length}/${of})`),
  ]
  const rows = [
    row(`ours: LLM requests, p=${NOISE}`, llm, n),
    row('ours: recipe teacher calls', recipe, recipeN),
    ['CEDAR (paper, Table 5)', ...PAPER_TABLE5.CEDAR.map(String)],
    ['Voyager (paper, Table 5)', ...PAPER_TABLE5.Voyager.map(String)],
  ]
  const diamond = mean(at(llm).at(-1) ?? [])
  return { table: markdownTable(['method', ...MILESTONES.map((m) => m.name)], rows), diamond }
}

export function table13(llm: Results, recipe: Results) {
  const cell = (r: Results, name: string, pick: (t: CompositionTrial) => number) => {
    const xs = r.compositions.filter((t) => t.name === name).map(pick)
    if (xs.length === 0) return 'N/A'
    const [lo, hi] = [Math.min(...xs), Math.max(...xs)]
    return lo === hi ? num(lo) : `${num(mean(xs))} (${lo}–${hi})`
  }
  const rows = COMPOSITIONS.flatMap((c) =>
    (
      [
        ['skill DFA states (the chain)', (t: CompositionTrial) => t.skillStates, c.paper[0]],
        ['specification DFA states', (t: CompositionTrial) => t.constraintStates, c.paper[1]],
        ['reachable product states', (t: CompositionTrial) => t.reachableStates, c.paper[2]],
        ['product states the controller runs (minimized)', (t: CompositionTrial) => t.productStates, c.paper[2]],
      ] as const
    ).map(([metric, pick, paper]) => [
      c.name,
      metric,
      cell(llm, c.name, pick),
      cell(recipe, c.name, pick),
      String(paper),
    ]),
  )
  const reached = (r: Results, name: string) =>
    `${r.compositions.filter((t) => t.name === name && t.reached && t.kept).length}/${r.compositions.filter((t) => t.name === name).length}`
  for (const c of COMPOSITIONS) {
    rows.push([c.name, 'goal reached and constraint kept', reached(llm, c.name), reached(recipe, c.name), ''])
  }
  const header = ['composition', 'metric', `LLM p=${NOISE}`, 'recipe book', 'paper (Table 13)']
  const sleep = llm.compositions.filter((t) => t.name === COMPOSITIONS[0]?.name)
  return {
    table: markdownTable(header, rows),
    sleepMax: maxOf(sleep.map((t) => t.reachableStates)),
    sleepRunMax: maxOf(sleep.map((t) => t.productStates)),
  }
}

/** The goals the Markdown states: ≤ DIAMOND_GOAL requests to a diamond, diamond ∩ sleep at most the paper's 17. */
function skillsLlmGoals(llm: Results, recipe: Results, n: number): Goal[] {
  const t5 = table5(llm, recipe, n, n)
  const t13 = table13(llm, recipe)
  return [
    goal(
      `LLM requests at the diamond ≤ ${DIAMOND_GOAL} (CEDAR 37, Voyager 75)`,
      num(t5.diamond),
      t5.diamond <= DIAMOND_GOAL,
    ),
    goal("diamond ∩ sleep at night: reachable product states ≤ the paper's 17", num(t13.sleepMax), t13.sleepMax <= 17),
    goal(
      "diamond ∩ sleep at night: states of the product the controller runs ≤ the paper's 17",
      num(t13.sleepRunMax),
      t13.sleepRunMax <= 17,
    ),
  ]
}

/** The suite's Markdown from its trials (also rendered from bench/results/skills-llm.jobs.jsonl: `collect`). */
export function skillsLlmMarkdown(llm: Results, recipe: Results, n: number, footer: string, recipeN = n): string {
  const t4 = table4(llm, recipe, n, recipeN)
  const t5 = table5(llm, recipe, n, recipeN)
  const t13 = table13(llm, recipe)
  return [
    `${n} trials per row (seeds 0–${n - 1}). Each trial is a cedar-skills trial (a fresh SimWorld of the seed, 2%`,
    'path failures; offline grounding), run',
    'twice: skills taught by the simulated LLM on 127.0.0.1 — the plugin’s LLM client and teacher, one request per',
    'learner round, lying persistently on 5% of the words (seeded by the trial) — with CAPAL learning and execution in',
    'the Sim the equivalence oracle and the only gold; and taught by the recipe book (KV, exact). Skills speak in',
    'milestones (has.cobblestone.3, has.iron_ingot.3, the goal). LLM requests: the skills’ membership requests, mean ±',
    'sd over the trials whose goal was reached. "The other tasks’ skills": the with-library trial of a task starts',
    'from what the other four tasks’ from-scratch trials of the seed learned, less the task’s own skill (listed below',
    'per task): its prerequisites are reused, its own skill is adapted from a stored skill whose milestones rename',
    'onto its own, or learned afresh when none fits. Constraints (Table 13) are taught by the same simulated LLM.',
    '',
    '### Table 4: goal completion and LLM requests',
    '',
    t4.table,
    '',
    ...t4.verdicts.map((v) => `- ${v}`),
    '',
    '### Table 5: "Find a Diamond", cumulative LLM requests at each milestone',
    '',
    t5.table,
    '',
    `- at the diamond: ${num(t5.diamond)} LLM requests vs CEDAR's 37 and Voyager's 75; the goal ≤ ${DIAMOND_GOAL}: ` +
      `${t5.diamond <= DIAMOND_GOAL ? 'met' : t5.diamond <= 37 ? 'not met (≤ 37 met)' : 'NOT met'}`,
    '',
    '### Table 13: component and reachable product sizes',
    '',
    t13.table,
    '',
    `- diamond ∩ sleep at night: at most ${num(t13.sleepMax)} reachable product states with LLM-taught skills (the` +
      ` paper's 17): ${t13.sleepMax <= 17 ? 'met' : 'NOT met'}; at most ${num(t13.sleepRunMax)} states in the` +
      ` product the controller runs: ${t13.sleepRunMax <= 17 ? 'met' : 'NOT met'}. Reachable states are the pairs` +
      ' of the trimmed automata (no sink); the product the controller runs is that one minimized (the same language,' +
      ' a rejecting sink added where transitions are missing).',
    '',
    footer,
  ].join('\n')
}

const JOB_ORDER = ['tasks', 'diamond'] as const

async function run(options: SuiteOptions): Promise<SuiteReport> {
  const n = Math.max(1, options.episodes ?? (options.quick ? 5 : 25))
  const seeds = Array.from({ length: n }, (_, i) => i)
  const width = Math.max(1, Math.min(os.cpus().length, 4))
  const jobsFor = (teacher: TrialTeacher): Job[] =>
    JOB_ORDER.flatMap((name) => seeds.map((seed): Job => ({ kind: name, seed, teacher })))
  const started = performance.now()
  options.log(`[skills-llm] ${2 * JOB_ORDER.length * n} jobs (seeds 0–${n - 1}) on ${width} worker processes`)
  // Each job's result as it ends, one JSON line each: a run stopped part way still leaves what it measured.
  const partial = join(
    options.outDir ?? join(dirname(fileURLToPath(import.meta.url)), 'results'),
    'skills-llm.jobs.jsonl',
  )
  mkdirSync(dirname(partial), { recursive: true })
  writeFileSync(partial, '')
  const keep = (result: JobResult) => appendFileSync(partial, `${JSON.stringify(result)}\n`)
  const llmResults = await runPool(jobsFor({ kind: 'llm', noise: NOISE }), width, options.log, keep)
  const recipeResults = await runPool(jobsFor({ kind: 'recipe' }), width, options.log, keep)
  const seconds = (performance.now() - started) / 1000
  const llm = collect(llmResults)
  const recipe = collect(recipeResults)
  const markdown = skillsLlmMarkdown(llm, recipe, n, `Trials: ${seconds.toFixed(1)} s on ${width} worker processes.`)
  const raw = { n, noise: NOISE, seconds, llm, recipe }
  return { markdown, raw, goals: skillsLlmGoals(llm, recipe, n) }
}

export const skillsLlmSuite: Suite = {
  name: 'skills-llm',
  description: 'CEDAR Tables 4, 5 and 13 with skills taught by the simulated LLM (p = 5%), in LLM requests',
  sources: ['bench/skills-llm.ts'],
  run,
}
