import type { Command } from 'commander'
import minecraftData from 'minecraft-data'
import {
  agentGrounding,
  controllerGate,
  createAgent,
  createLaws,
  describeStuck,
  MemoryLibrary,
} from '../agent/index.js'
import { resolveStorePath } from '../config/data-dir.js'
import { offlineEnv, resolveOptions } from '../config/options.js'
import { printable } from '../errors.js'
import { groundingNotes } from '../grounding/llm-grounding.js'
import { symbolProblem } from '../grounding/validate.js'
import { openRecordStore } from '../store/open-store.js'
import type { StoreLogger } from '../store/record-store.js'
import { SHIPPED_SEEDS } from '../store/shipped-seeds.js'
import { DAY_TICKS, SIM_BIOMES, SimWorld } from '../world/sim/index.js'
import { constraintLine, constraintReports, llmReport } from './constraint-report.js'
import type { CliIo } from './io.js'
import { createOutput, guarded } from './output.js'

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
  sim
    .command('do')
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
    .action(async (words: string[], flags: SimDoFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const instruction = words.join(' ').trim()
        if (instruction === '') throw new Error('the instruction is empty')
        const seed = Number(flags.seed)
        if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, not "${flags.seed}"`)
        if (!(SIM_BIOMES as readonly string[]).includes(flags.biome)) {
          throw new Error(`unknown biome ${flags.biome}; biomes: ${SIM_BIOMES.join(', ')}`)
        }
        if (flags.teacher !== 'recipe' && flags.teacher !== 'llm') {
          throw new Error(`--teacher must be recipe or llm, not "${flags.teacher}"`)
        }
        if (flags.actor !== 'planner' && flags.actor !== 'llm') {
          throw new Error(`--actor must be planner or llm, not "${flags.actor}"`)
        }
        const days = flags.days === undefined ? undefined : Number(flags.days)
        if (days !== undefined && !(days > 0)) throw new Error(`--days must be a positive number, not "${flags.days}"`)
        const world = new SimWorld({
          seed,
          startBiome: flags.biome,
          ...(flags.bed === false ? {} : { startInventory: { white_bed: 1 } }),
        })
        const defaults = resolveOptions({}, flags.offline ? offlineEnv(io.env) : io.env)
        const grounding = agentGrounding(flags.offline ? undefined : defaults.llm)
        const { llm } = grounding
        const stats = grounding.grounding.stats
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
        const library = store ?? new MemoryLibrary()
        const agent = createAgent(grounding, library, {
          actor: flags.actor,
          onActorProblem: (problem) => {
            if (!flags.json) io.stderr.write(`cedar: ${printable(problem)}\n`)
          },
        })
        const stop = new AbortController()
        const report = await agent
          .do(instruction, world, {
            signal: stop.signal,
            // The Sim's primitives are not gated themselves, so the gate commits what ran.
            gate: controllerGate(laws.shield, { commits: true }),
            clock: () => world.ticks,
            teacher: flags.teacher,
            onProgress: (p) => {
              if (p.type === 'step' && days !== undefined && world.ticks >= days * DAY_TICKS) stop.abort()
            },
          })
          // A database store's connections would keep the command waiting.
          .finally(() => store?.close())
        const steps = (report.result?.steps ?? []).map((s) => ({
          tick: s.tick,
          action: s.action,
          ok: s.ok,
          night: s.night,
          biome: s.biome ?? null,
          blocked_by: s.blockedBy ?? null,
          // The transition of the automaton the controller ran (the skills × the constraints, minimized): the act,
          // when it worked, and its events took it from `from` to `to` (-1: out of the automaton).
          dfa: { from: s.from, to: s.state },
          events: s.events,
        }))
        const summary = {
          instruction,
          llm: llmReport(llm),
          grounding: stats
            ? {
                unavailable: stats.unavailable ?? null,
                splitDisagreements: stats.splitDisagreements,
                keptSymbols: stats.keptSymbols,
              }
            : null,
          goal: report.result?.outcome === 'goal',
          outcome: report.refusal ? 'refused' : (report.result?.outcome ?? 'refused'),
          message: report.refusal ?? report.result?.message ?? '',
          teacherQueries: report.membershipQueries,
          skills: report.skills.map((s) => ({
            name: s.name,
            path: s.path,
            states: s.dfa.stateCount,
            teacher: s.record.provenance.teacher,
          })),
          constraints: constraintReports(report.constraints),
          laws: laws.shield.monitors().map((m) => ({ id: m.id, kind: m.kind, text: m.text })),
          product: report.composition
            ? { reachable: report.composition.reachableStates, states: report.composition.productStates }
            : null,
          // What the constraints needed first (a bed for "sleep at night" without one), run before the instruction.
          needs: (report.needs ?? []).map((n) => ({
            item: n.item,
            action: n.action,
            constraint: n.constraint,
            instruction: n.instruction,
            outcome: n.refusal ? 'refused' : (n.result?.outcome ?? 'refused'),
          })),
          steps,
          stuck: report.stuck ?? null,
        }
        if (report.refusal) {
          // Nothing ran: a refusal (a conflict, a count or size past the limits) is a failed command, in one line;
          // `--json` still prints what was grounded, for a script to see why.
          if (out.json) {
            out.result('', summary)
            io.setExitCode(1)
          } else out.fail(`refused: ${report.refusal}`)
          return
        }
        const text = [
          `${summary.goal ? 'goal reached' : `goal not reached (${summary.outcome})`}: ${summary.message}`,
          ...(report.stuck ? [`stuck: ${describeStuck(report.stuck)}`] : []),
          ...summary.needs.map((n) => `first, for ${n.action} ("${n.constraint}"): "${n.instruction}": ${n.outcome}`),
          `skills: ${summary.skills.map((s) => `${s.name} (${s.path}, ${s.states} states)`).join(', ')}`,
          ...summary.constraints.map(constraintLine),
          ...(stats ? groundingNotes(stats).map((note) => `grounding: ${note}`) : []),
          `laws: ${summary.laws.length === 0 ? 'none' : summary.laws.map((l) => l.id).join(' ')}`,
          `product: ${summary.product ? `${summary.product.states} states` : 'not built'}; teacher queries: ${summary.teacherQueries}; actions: ${steps.length}`,
          ...steps.map(
            (s) =>
              `  ${String(s.tick).padStart(6)} ${s.night ? 'night' : 'day  '} ${s.ok ? 'ok  ' : 'FAIL'} ${s.action}${s.blocked_by ? ` (blocked by ${s.blocked_by})` : ''}${s.dfa.to === s.dfa.from ? '' : ` q${s.dfa.from}→q${s.dfa.to}`}`,
          ),
        ]
        out.result(text.join('\n'), summary)
      })
    })
}
