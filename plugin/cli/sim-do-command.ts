import type { Command } from 'commander'
import { CedarAgent } from '../agent/cedar-agent.js'
import { MemoryLibrary } from '../agent/skill-manager.js'
import { resolveOptions } from '../config/options.js'
import { llmGrounding } from '../grounding/llm-grounding.js'
import { offlineGrounding } from '../grounding/pipeline.js'
import { llmClientFor } from '../llm/llm-client.js'
import { loadRules } from '../world/rules.js'
import { DAY_TICKS, SIM_BIOMES, SimWorld } from '../world/sim/index.js'
import { constraintLine, constraintReports, llmReport } from './constraint-report.js'
import { createOutput, guarded } from './output.js'

interface SimDoFlags {
  seed: string
  days?: string
  biome: string
  bed?: boolean
  offline?: boolean
  json?: boolean
}

/**
 * `cedar sim do "<instruction>"`: the whole pipeline — grounding, learning (the recipe and phrase teachers) or
 * reuse, composition, shielded execution — in a seeded Sim: a dry run a player can try before letting the bot loose.
 */
export function addSimDoCommand(sim: Command): void {
  sim
    .command('do')
    .description('run an instruction in the Sim: goal reached, constraint violations, teacher queries, the trace')
    .argument('<instruction...>', 'e.g. "collect a diamond but sleep at night"')
    .option('--seed <n>', 'the world seed', '0')
    .option('--days <d>', 'stop after this many in-game days (default: until the goal or 400 actions)')
    .option('--biome <biome>', `the start biome: ${SIM_BIOMES.join(', ')}`, 'forest')
    .option('--no-bed', 'start without a bed (by default the bot is given one)')
    .option('--offline', 'never ask the LLM, even when OPENAI_BASE_URL or OPENAI_API_KEY is set')
    .option('--json', 'print {"goal", "outcome", "teacherQueries", "skills", "constraints", "product", "steps"}')
    .action(async (words: string[], flags: SimDoFlags) => {
      const out = createOutput(flags.json ?? false)
      await guarded(out, async () => {
        const instruction = words.join(' ').trim()
        if (instruction === '') throw new Error('the instruction is empty')
        const seed = Number(flags.seed)
        if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, not "${flags.seed}"`)
        if (!(SIM_BIOMES as readonly string[]).includes(flags.biome)) {
          throw new Error(`unknown biome ${flags.biome}; biomes: ${SIM_BIOMES.join(', ')}`)
        }
        const days = flags.days === undefined ? undefined : Number(flags.days)
        if (days !== undefined && !(days > 0)) throw new Error(`--days must be a positive number, not "${flags.days}"`)
        const world = new SimWorld({
          seed,
          startBiome: flags.biome,
          ...(flags.bed === false ? {} : { startInventory: { white_bed: 1 } }),
        })
        const llm = flags.offline ? undefined : llmClientFor(resolveOptions({}).llm)
        const agent = new CedarAgent({
          rules: loadRules(),
          grounding: llm ? llmGrounding(llm) : offlineGrounding(),
          library: new MemoryLibrary(),
          biomes: SIM_BIOMES,
          ...(llm ? { llm } : {}),
        })
        const stop = new AbortController()
        const report = await agent.do(instruction, world, {
          signal: stop.signal,
          clock: () => world.ticks,
          onProgress: (p) => {
            if (p.type === 'step' && days !== undefined && world.ticks >= days * DAY_TICKS) stop.abort()
          },
        })
        const steps = (report.result?.steps ?? []).map((s) => ({
          tick: s.tick,
          action: s.action,
          ok: s.ok,
          night: s.night,
          biome: s.biome ?? null,
          blocked_by: s.blockedBy ?? null,
        }))
        const summary = {
          instruction,
          llm: llmReport(llm),
          goal: report.result?.outcome === 'goal',
          outcome: report.refusal ? 'refused' : (report.result?.outcome ?? 'refused'),
          message: report.refusal ?? report.result?.message ?? '',
          teacherQueries: report.membershipQueries,
          skills: report.skills.map((s) => ({ name: s.name, path: s.path, states: s.dfa.stateCount })),
          constraints: constraintReports(report.constraints),
          product: report.composition
            ? { reachable: report.composition.reachableStates, states: report.composition.productStates }
            : null,
          steps,
        }
        const text = [
          `${summary.goal ? 'goal reached' : `goal not reached (${summary.outcome})`}: ${summary.message}`,
          `skills: ${summary.skills.map((s) => `${s.name} (${s.path}, ${s.states} states)`).join(', ')}`,
          ...summary.constraints.map(constraintLine),
          `product: ${summary.product ? `${summary.product.states} states` : 'not built'}; teacher queries: ${summary.teacherQueries}; actions: ${steps.length}`,
          ...steps.map(
            (s) =>
              `  ${String(s.tick).padStart(6)} ${s.night ? 'night' : 'day  '} ${s.ok ? 'ok  ' : 'FAIL'} ${s.action}${s.blocked_by ? ` (blocked by ${s.blocked_by})` : ''}`,
          ),
        ]
        out.result(text.join('\n'), summary)
      })
    })
}
