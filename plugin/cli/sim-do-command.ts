import type { Command } from 'commander'
import { resolveOptions } from '../config/options.js'
import { SIM_BIOMES } from '../world/sim/world-map.js'
import type { CliIo } from './io.js'
import { createOutput, guarded } from './output.js'
import type { SimDoFlags, SimDoRun } from './sim-do-run.js'

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
    await guarded(out, async () => {
      const run = parseSimDo(words, flags)
      // The agent, the Sim and minecraft-data load when a run starts, not with every `cedar` call.
      const { simDo } = await import('./sim-do-run.js')
      await simDo(run, flags, io, out)
    })
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
