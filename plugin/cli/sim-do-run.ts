// `cedar sim do`'s run: the agent assembled as the bot's is, in a seeded Sim (sim-do-command.ts parses the command).
import minecraftData from 'minecraft-data'
import {
  agentGrounding,
  type CedarAgent,
  controllerGate,
  createAgent,
  createLaws,
  type DoReport,
  type LawBook,
  MemoryLibrary,
} from '../agent/index.js'
import { resolveStorePath } from '../config/data-dir.js'
import { offlineEnv, resolveOptions } from '../config/options.js'
import { printable } from '../errors.js'
import { symbolProblem } from '../grounding/validate.js'
import { openRecordStore } from '../store/open-store.js'
import type { RecordStore, StoreLogger } from '../store/record-store.js'
import { SHIPPED_SEEDS } from '../store/shipped-seeds.js'
import { DAY_TICKS, SimWorld } from '../world/sim/index.js'
import type { CliIo } from './io.js'
import type { Output } from './output.js'
import { type SimDoContext, simDoSummary, simDoText } from './sim-do-report.js'

export interface SimDoFlags {
  seed: string
  days?: string
  biome: string
  bed?: boolean
  offline?: boolean
  laws: boolean
  law?: string[]
  teacher: string
  actor: string
  json?: boolean
  store?: string
}

/** What to run, from the command line, each flag checked. */
export interface SimDoRun {
  readonly instruction: string
  readonly seed: number
  readonly biome: string
  readonly days: number | undefined
  readonly teacher: 'recipe' | 'llm'
  readonly actor: 'planner' | 'llm'
}

/** A store file set aside is said on stderr; the run goes on without it. */
const storeLogger: StoreLogger = { warn: (message) => process.stderr.write(`cedar: ${message}\n`) }

/** The agent as the bot's is assembled (the LLM and CEDAR_EMBED_MODEL from the environment), with its laws. */
interface SimAgent extends SimDoContext {
  readonly agent: CedarAgent
  readonly laws: LawBook
  /** `--store`'s store; undefined: a library in memory. */
  readonly store: RecordStore | undefined
}

function simAgent(run: SimDoRun, flags: SimDoFlags, io: CliIo): SimAgent {
  const defaults = resolveOptions({}, flags.offline ? offlineEnv(io.env) : io.env)
  const grounding = agentGrounding(flags.offline ? undefined : defaults.llm)
  const registry = minecraftData(grounding.version)
  const laws = createLaws({
    lawSets: flags.laws ? defaults.shield.lawSets : [],
    extraLaws: flags.law ?? [],
    softBlockLimit: defaults.shield.softBlockLimit,
    symbolProblem: (symbol) => symbolProblem(symbol, registry),
  })
  const store = flags.store
    ? openRecordStore(resolveStorePath(flags.store, io.env), {
        logger: storeLogger,
        env: io.env,
        ...(SHIPPED_SEEDS ? { seeds: SHIPPED_SEEDS } : {}),
      })
    : undefined
  const agent = createAgent(grounding, store ?? new MemoryLibrary(), {
    actor: run.actor,
    onActorProblem: (problem) => {
      if (!flags.json) io.stderr.write(`cedar: ${printable(problem)}\n`)
    },
  })
  return { instruction: run.instruction, agent, laws, store, llm: grounding.llm, stats: grounding.grounding.stats }
}

/** Runs the instruction in a seeded Sim under the laws, until the goal, the actions' limit or `--days`. */
async function runInSim(run: SimDoRun, flags: SimDoFlags, { agent, laws, store }: SimAgent): Promise<DoReport> {
  const world = new SimWorld({
    seed: run.seed,
    startBiome: run.biome,
    ...(flags.bed === false ? {} : { startInventory: { white_bed: 1 } }),
  })
  const stop = new AbortController()
  return agent
    .do(run.instruction, world, {
      signal: stop.signal,
      // The Sim's primitives are not gated themselves, so the gate commits what ran.
      gate: controllerGate(laws.shield, { commits: true }),
      clock: () => world.ticks,
      teacher: run.teacher,
      onProgress: (p) => {
        if (p.type === 'step' && run.days !== undefined && world.ticks >= run.days * DAY_TICKS) stop.abort()
      },
    })
    .finally(() => store?.close()) // a database store's connections would keep the command waiting
}

export async function simDo(run: SimDoRun, flags: SimDoFlags, io: CliIo, out: Output): Promise<void> {
  const assembled = simAgent(run, flags, io)
  const report = await runInSim(run, flags, assembled)
  const summary = simDoSummary(report, assembled)
  if (report.refusal) {
    // Nothing ran: a refusal (a conflict, a count or size past the limits) is a failed command, in one line;
    // `--json` still prints what was grounded, for a script to see why.
    if (out.json) {
      out.result('', summary)
      io.setExitCode(1)
    } else out.fail(`refused: ${report.refusal}`)
    return
  }
  out.result(simDoText(summary, report, assembled.stats), summary)
}
