import type { Command } from 'commander'
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
import { DAY_TICKS, SIM_BIOMES, SimWorld } from '../world/sim/index.js'
import type { CliIo } from './io.js'
import { createOutput, guarded, type Output } from './output.js'
import { type SimDoContext, simDoSummary, simDoText } from './sim-do-report.js'

interface SimDoFlags {
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

/** A store file set aside is said on stderr; the run goes on without it. */
const storeLogger: StoreLogger = { warn: (message) => process.stderr.write(`cedar: ${message}\n`) }

const collect = (value: string, previous: string[] = []) => [...previous, value]

/**
 * `cedar sim do "<instruction>"`: the whole pipeline — grounding, learning (the recipe and phrase teachers) or
 * reuse, composition, shielded execution — in a seeded Sim: a dry run a player can try before letting the bot loose.
 * The agent is assembled as the bot's is (the LLM and CEDAR_EMBED_MODEL from the environment), and every act passes
 * the same shield: LogicGuard's default law sets (the plugin's default options), plus each `--law`.
 */
export function addSimDoCommand(sim: Command, io: CliIo): void {
  simDoOptions(sim.command('do')).action(async (words: string[], flags: SimDoFlags) => {
    const out = createOutput(flags.json ?? false, io)
    await guarded(out, () => simDo(words, flags, io, out))
  })
}

/** The command's arguments, options and help. */
function simDoOptions(command: Command): Command {
  return command
    .description(
      'run an instruction in the Sim as the bot would, under its laws: goal reached, constraint violations, teacher queries, the trace',
    )
    .argument('<instruction...>', 'e.g. "collect a diamond but sleep at night"')
    .option('--seed <n>', 'the world seed', '0')
    .option('--days <d>', 'stop after this many in-game days (default: until the goal or 400 actions)')
    .option('--biome <biome>', `the start biome: ${SIM_BIOMES.join(', ')}`, 'forest')
    .option('--no-bed', 'start without a bed (by default the bot is given one)')
    .option('--offline', 'never ask the LLM, even when OPENAI_BASE_URL or OPENAI_API_KEY is set')
    .option(
      '--teacher <who>',
      'who teaches the skills: recipe (the recipe book) or llm (the configured LLM; execution in the Sim checks)',
      'recipe',
    )
    .option(
      '--actor <who>',
      'who picks each next action: planner (the shortest way through the skills) or llm (the configured LLM, LogicGuard’s actor; every pick passes the shield, an unusable reply falls back to the planner)',
      'planner',
    )
    .option(
      '--law <formula>',
      'one more hard law every act must keep, written as for !ltl add, e.g. "G !craft.stick" (repeatable)',
      collect,
    )
    .option('--no-laws', `leave out the bot's default law sets (${resolveOptions({}, {}).shield.lawSets.join(', ')})`)
    .option(
      '--store <dir>',
      'run with the skills of this store (its seeds, and what `cedar skills import` put there; what is learned is saved there); default: a store in memory, empty',
    )
    .option(
      '--json',
      'print {"goal", "outcome", "teacherQueries", "skills", "constraints", "grounding", "laws", "product", "steps", "stuck"}; a step the shield refused names the law in "blocked_by", and each says the automaton transition it took ("dfa": {"from", "to"}) and its "events"',
    )
    .addHelpText(
      'after',
      '\nExit status: 0 when the run ran (goal reached or not: the report says which); 1 when the instruction was\nrefused before anything ran (a conflict, a count or size past the limits) or the command failed.',
    )
}

/** What to run, from the command line, each flag checked. */
interface SimDoRun {
  readonly instruction: string
  readonly seed: number
  readonly biome: string
  readonly days: number | undefined
  readonly teacher: 'recipe' | 'llm'
  readonly actor: 'planner' | 'llm'
}

function parseSimDo(words: readonly string[], flags: SimDoFlags): SimDoRun {
  const instruction = words.join(' ').trim()
  if (instruction === '') throw new Error('the instruction is empty')
  const seed = Number(flags.seed)
  if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, not "${flags.seed}"`)
  if (!(SIM_BIOMES as readonly string[]).includes(flags.biome)) {
    throw new Error(`unknown biome ${flags.biome}; biomes: ${SIM_BIOMES.join(', ')}`)
  }
  const { teacher, actor } = flags
  if (teacher !== 'recipe' && teacher !== 'llm') throw new Error(`--teacher must be recipe or llm, not "${teacher}"`)
  if (actor !== 'planner' && actor !== 'llm') throw new Error(`--actor must be planner or llm, not "${actor}"`)
  const days = flags.days === undefined ? undefined : Number(flags.days)
  if (days !== undefined && !(days > 0)) throw new Error(`--days must be a positive number, not "${flags.days}"`)
  return { instruction, seed, biome: flags.biome, days, teacher, actor }
}

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

async function simDo(words: readonly string[], flags: SimDoFlags, io: CliIo, out: Output): Promise<void> {
  const run = parseSimDo(words, flags)
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
