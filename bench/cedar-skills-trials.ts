// The worker side of the cedar-skills and skills-llm suites: the trials of what bench/cedar-skills-cases.ts measures
// (Table 4's crafting tasks, "Find a Diamond" with its milestones, the skill–constraint compositions), and the pool
// of child processes that runs them. This file is also the worker script the pool forks.

import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { AgentProgress, CedarAgent } from '../plugin/agent/index.js'
import {
  type AgentGrounding,
  agentGrounding,
  createAgent,
  MemoryLibrary,
  UnknownGoalError,
} from '../plugin/agent/index.js'
import { LlmClient } from '../plugin/llm/llm-client.js'
import { matchesObject } from '../plugin/vocabulary/families.js'
import { SimWorld } from '../plugin/world/sim/index.js'
import { COMPOSITIONS, type CompositionCase, MILESTONES, TASKS, type Task } from './cedar-skills-cases.js'
import { type SimulatedLlm, startSimulatedLlm } from './simulated-llm.js'

export { COMPOSITIONS, type CompositionCase, MILESTONES, PAPER_TABLE5, TASKS } from './cedar-skills-cases.js'

// ---------------------------------------------------------------------------------------------------------------
// Trials (worker side).

interface SkillCost {
  readonly name: string
  readonly item: string
  readonly path: string
  /** The stored skill an adapted one was renamed from. */
  readonly from?: string
  readonly states: number
  /** Distinct words the teacher answered for this skill, and the batched calls that carried them. */
  readonly words: number
  readonly calls: number
}

export interface TaskTrial {
  readonly task: string
  readonly library: boolean
  /** The skills the library held when the trial started: the other tasks' (never the task's own skill). */
  readonly libraryHeld: readonly string[]
  readonly seed: number
  readonly instruction?: string
  readonly unmapped: readonly { readonly instruction: string; readonly reason: string }[]
  readonly goal: readonly string[]
  /** The agent's own goal (what the instruction grounded to) was reached. */
  readonly reached: boolean
  readonly targetHeld: boolean
  readonly outcome: string
  readonly words: number
  readonly calls: number
  /** DoReport.membershipQueries, to check the event count against. */
  readonly reportedWords: number
  readonly skills: readonly SkillCost[]
}

export interface MilestoneTrial {
  readonly seed: number
  readonly reached: boolean
  readonly skills: readonly SkillCost[]
  /** Per milestone: the cumulative calls and words of the skills up to the one running when it was first held. */
  readonly at: readonly ({ readonly calls: number; readonly words: number; readonly action: number } | null)[]
}

export interface CompositionTrial {
  readonly name: string
  readonly seed: number
  readonly reached: boolean
  readonly kept: boolean
  readonly skills: readonly SkillCost[]
  readonly skillStates: number
  readonly constraintStates: number
  readonly reachableStates: number
  readonly productStates: number
}

/** Loaded on first use: only the workers need them, and they take a couple of seconds. */
let loaded: AgentGrounding | undefined
const shared = () => {
  loaded ??= agentGrounding(undefined)
  return loaded
}

/** Who teaches the skills: the recipe book, or the simulated LLM lying on a share `noise` of the words. */
export type TrialTeacher = { readonly kind: 'recipe' } | { readonly kind: 'llm'; readonly noise: number }

/** The job's simulated LLM (bench/simulated-llm.ts on 127.0.0.1), seeded by the trial: started per job, closed after. */
let simulated: SimulatedLlm | undefined

/**
 * A fresh agent whose recipe teacher tries words in the trial's world (same seed, no path failures); with the LLM
 * teacher, the simulated LLM answers the skills' (and the constraints') membership queries. Grounding stays
 * offline either way: the requests counted are the teachers'.
 */
const agentFor = (library: MemoryLibrary, seed: number) => {
  if (!simulated) return createAgent(shared(), library, { learningWorld: { seed } })
  // On loopback a slow answer measures the machine's load, not the model: a two-core machine shared by other work
  // once went past the default 30 s and ended a compass's learning.
  const llm = new LlmClient({ baseURL: simulated.baseURL, model: 'simulated', backoffMs: 5, timeoutMs: 300_000 })
  return createAgent({ ...shared(), llm }, library, { learningWorld: { seed }, skillTeacher: 'llm' })
}

const holds = (inventory: Readonly<Record<string, number>>, item: string) =>
  Object.entries(inventory).some(([name, n]) => n > 0 && matchesObject(item, name))
const sum = (skills: readonly SkillCost[], key: 'words' | 'calls') => skills.reduce((n, s) => n + s[key], 0)

/** Runs one instruction, counting each teacher call (a queries event with new words) against its skill. */
async function measured(agent: CedarAgent, instruction: string, world: SimWorld, observe?: (p: AgentProgress) => void) {
  const cost = new Map<string, { words: number; calls: number }>()
  const onProgress = (p: AgentProgress) => {
    if (p.type === 'learning' && p.event.type === 'queries' && p.event.newWords > 0) {
      const c = cost.get(p.skill) ?? { words: 0, calls: 0 }
      cost.set(p.skill, { words: c.words + p.event.newWords, calls: c.calls + 1 })
    }
    observe?.(p)
  }
  const report = await agent.do(instruction, world, { clock: () => world.ticks, onProgress })
  const skills: SkillCost[] = report.skills.map((s) => ({
    name: s.name,
    item: s.key.item,
    path: s.path,
    ...(s.from === undefined ? {} : { from: s.from }),
    states: s.dfa.stateCount,
    ...(cost.get(s.name) ?? { words: 0, calls: 0 }),
  }))
  return { report, skills, reached: report.result?.outcome === 'goal' }
}

/** One Table 4 trial in a fresh world of `seed`, with `library` (empty: every skill is learned). */
async function taskTrial(task: Task, seed: number, library: MemoryLibrary, withLibrary: boolean): Promise<TaskTrial> {
  const unmapped: { instruction: string; reason: string }[] = []
  const nothing = { goal: [], reached: false, targetHeld: false, words: 0, calls: 0, reportedWords: 0, skills: [] }
  const libraryHeld = (await library.list('skill')).map((r) => r.name).sort()
  const base = { task: task.name, library: withLibrary, libraryHeld, seed, unmapped }
  for (const instruction of task.instructions) {
    const world = new SimWorld({ seed })
    try {
      const { report, skills, reached } = await measured(agentFor(library, seed), instruction, world)
      return {
        ...base,
        instruction,
        goal: report.goal,
        reached,
        targetHeld: holds(world.state.inventory, task.target),
        outcome: report.refusal ? 'refused' : (report.result?.outcome ?? 'refused'),
        words: sum(skills, 'words'),
        calls: sum(skills, 'calls'),
        reportedWords: report.membershipQueries,
        skills,
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      if (!(error instanceof UnknownGoalError)) return { ...base, ...nothing, instruction, outcome: `error: ${reason}` }
      unmapped.push({ instruction, reason })
    }
  }
  return { ...base, ...nothing, outcome: 'no skill' }
}

/**
 * "Find a Diamond" from scratch. Our agent learns every skill before it acts, so a call is charged to the milestone
 * at which the skill it taught is first needed: each milestone costs the calls of every skill up to the one running
 * when the item is first held (the first skill whose own item was not yet held) — what a learner that learned each
 * skill just in time would have spent by then.
 */
async function milestoneTrial(seed: number, library: MemoryLibrary): Promise<MilestoneTrial> {
  const world = new SimWorld({ seed })
  const chain: string[] = []
  const firstHeld: ({ skill: number; action: number } | null)[] = MILESTONES.map(() => null)
  let running = 0
  let actions = 0
  const observe = (p: AgentProgress) => {
    // Skills are announced in run order before the first step.
    if (p.type === 'skill') chain.push(p.skill.key.item)
    if (p.type !== 'step') return
    const inventory = world.state.inventory
    actions++
    MILESTONES.forEach((m, i) => {
      if (firstHeld[i] || !m.items.some((item) => holds(inventory, item))) return
      firstHeld[i] = { skill: running, action: actions }
    })
    while (running < chain.length && holds(inventory, chain[running]!)) running++
  }
  const run = await measured(agentFor(library, seed), 'collect a diamond', world, observe)
  const at = firstHeld.map((held) => {
    const upTo = run.skills.slice(0, (held?.skill ?? -1) + 1)
    return held && { calls: sum(upTo, 'calls'), words: sum(upTo, 'words'), action: held.action }
  })
  return { seed, reached: run.reached, skills: run.skills, at }
}

async function compositionTrial(c: CompositionCase, seed: number, library: MemoryLibrary): Promise<CompositionTrial> {
  const world = new SimWorld(c.world(seed))
  const { report, skills, reached } = await measured(agentFor(library, seed), c.instruction, world)
  const composition = report.composition
  if (!composition) throw new Error(`${c.instruction}: refused before composing: ${report.refusal}`)
  return {
    name: c.name,
    seed,
    reached,
    kept: c.kept(report.result?.steps ?? []),
    skills,
    skillStates: composition.skillStates,
    constraintStates: composition.constraintStates.reduce((n, s) => n + s.states, 0),
    reachableStates: composition.reachableStates,
    productStates: composition.productStates,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Jobs: a few long-lived child processes take one (task, seed) or (diamond, seed) job at a time, so the pool stays
// busy to the end and each child loads the rules and the symbol inventory once.

/** `tasks`: every Table 4 task of one seed, from scratch and then with the others' library; `diamond`: Table 5 and 13. */
export type Job = { readonly kind: 'tasks' | 'diamond'; readonly seed: number } & { readonly teacher?: TrialTeacher }

export interface JobResult {
  readonly job: Job
  readonly seconds: number
  readonly tasks: readonly TaskTrial[]
  readonly milestones: readonly MilestoneTrial[]
  readonly compositions: readonly CompositionTrial[]
}

async function runJob(job: Job): Promise<JobResult> {
  if (job.teacher?.kind === 'llm') simulated = await startSimulatedLlm({ noise: job.teacher.noise, seed: job.seed })
  try {
    return await runTrials(job)
  } finally {
    await simulated?.close()
    simulated = undefined
  }
}

/** The skills the other tasks' from-scratch trials learned, without `task`'s own skill. */
async function othersLibrary(task: Task, learned: ReadonlyMap<string, MemoryLibrary>): Promise<MemoryLibrary> {
  const library = new MemoryLibrary()
  for (const [name, theirs] of learned) {
    if (name === task.name) continue
    for (const record of await theirs.list('skill')) {
      if (record.name !== task.skill && !(await library.get('skill', record.name))) await library.save(record)
    }
  }
  return library
}

async function runTrials(job: Job): Promise<JobResult> {
  const started = performance.now()
  const library = new MemoryLibrary()
  const tasks: TaskTrial[] = []
  const milestones: MilestoneTrial[] = []
  const compositions: CompositionTrial[] = []
  if (job.kind === 'tasks') {
    // Every task from scratch, each with a library of its own; then each again in a fresh world of the seed with
    // a library of what the other tasks learned, less the task's own skill: its prerequisites are reused, and the
    // skill itself is adapted from a stored one (or learned afresh when none fits).
    const learned = new Map<string, MemoryLibrary>()
    for (const task of TASKS) {
      const own = new MemoryLibrary()
      learned.set(task.name, own)
      tasks.push(await taskTrial(task, job.seed, own, false))
    }
    for (const task of TASKS) tasks.push(await taskTrial(task, job.seed, await othersLibrary(task, learned), true))
  } else {
    milestones.push(await milestoneTrial(job.seed, library))
    // The compositions reuse the diamond chain just learned: the state counts do not depend on how it was obtained.
    for (const c of COMPOSITIONS) compositions.push(await compositionTrial(c, job.seed, library))
  }
  return { job, seconds: (performance.now() - started) / 1000, tasks, milestones, compositions }
}

const WORKER_FILE = fileURLToPath(import.meta.url)

/** Runs the jobs, in the order given (longest first), on `width` worker processes; `onResult` sees each as it ends. */
export async function runPool(
  jobs: readonly Job[],
  width: number,
  log: (line: string) => void,
  onResult?: (result: JobResult) => void,
): Promise<JobResult[]> {
  const results: JobResult[] = []
  const children: ChildProcess[] = []
  let next = 0
  const lane = () =>
    new Promise<void>((resolve, reject) => {
      const child = fork(WORKER_FILE, ['--worker'], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
      children.push(child)
      let busy = false
      const feed = () => {
        const job = jobs[next++]
        busy = job !== undefined
        if (job) child.send(job)
        else child.disconnect()
      }
      child.on('message', (message) => {
        const result = message as JobResult
        results.push(result)
        onResult?.(result)
        const what = result.job.kind === 'tasks' ? 'the Table 4 tasks' : 'find a diamond + compositions'
        log(
          `[cedar-skills] ${what}, seed ${result.job.seed}: ${result.seconds.toFixed(1)} s (${results.length}/${jobs.length})`,
        )
        feed()
      })
      child.on('error', reject)
      child.on('exit', (code, signal) => {
        if (busy || code !== 0) reject(new Error(`a cedar-skills worker exited with ${signal ?? `code ${code}`}`))
        else resolve()
      })
      feed()
    })
  try {
    await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, lane))
  } catch (error) {
    // One worker failed: the others' results would be incomplete, so stop them too.
    for (const child of children) if (child.exitCode === null) child.kill()
    throw error
  }
  return results
}

// Worker entry (node --import tsx bench/cedar-skills-trials.ts --worker): runs each job the parent sends, replies
// with its result, and exits when the parent disconnects.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] !== '--worker' || !process.send) {
    console.error('bench/cedar-skills-trials.ts is a worker of `npm run bench -- cedar-skills`; run that instead')
    process.exit(2)
  }
  process.on('message', (job: Job) => {
    runJob(job).then((result) => process.send?.(result))
  })
}
