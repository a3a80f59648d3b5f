import type { Command } from 'commander'
import { closestName } from '../vocabulary/closest-name.js'
import { isFamily } from '../vocabulary/families.js'
import { SIM_BIOMES } from '../world/sim/world-map.js'
import type { CliIo } from './io.js'
import { createOutput, guarded } from './output.js'
import { addSimDoCommand } from './sim-do-command.js'

/** `cedar sim optimal <item>`: the symbolic world's shortest plan, the benchmarks' reference. */
export function addSimCommand(program: Command, io: CliIo): void {
  const sim = program.command('sim').description('the seeded symbolic Minecraft world the benchmarks run in')
  addSimDoCommand(sim, io)

  sim
    .command('optimal')
    .description('print the shortest plan to get an item in a fresh Sim world (path failures off)')
    .argument('<item>', 'the item to get, e.g. diamond, iron_pickaxe, or a family such as planks')
    .option('--seed <n>', 'the world seed', '0')
    .option('--biome <biome>', `the start biome: ${SIM_BIOMES.join(', ')}`, 'forest')
    .option('--json', 'print {"item", "length", "plan"}')
    .action(async (item: string, flags: { seed: string; biome: string; json?: boolean }) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const seed = Number(flags.seed)
        if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, not "${flags.seed}"`)
        if (!(SIM_BIOMES as readonly string[]).includes(flags.biome)) {
          const near = closestName(flags.biome, SIM_BIOMES)
          throw new Error(
            `unknown biome ${flags.biome}${near ? `; did you mean ${near}?` : `; biomes: ${SIM_BIOMES.join(', ')}`}`,
          )
        }
        // The rules and the Sim load here, not with the command line: every `cedar` call would pay for them.
        const [{ loadRules }, { optimalPlan }] = await Promise.all([
          import('../world/rules.js'),
          import('../world/sim/optimal.js'),
        ])
        const rules = loadRules()
        if (!rules.isItem(item) && !isFamily(item)) {
          const near = closestName(item, rules.itemNames)
          throw new Error(`unknown item ${item}${near ? `; did you mean ${near}?` : ''}`)
        }
        const result = optimalPlan(item, { seed, startBiome: flags.biome })
        const steps = `${result.length} step${result.length === 1 ? '' : 's'} to ${item} (seed ${seed}, start ${flags.biome})`
        out.result([...result.plan, steps].join('\n'), { item: result.item, length: result.length, plan: result.plan })
      })
    })
}
