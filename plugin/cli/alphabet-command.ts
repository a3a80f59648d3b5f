import type { Command } from 'commander'
import { resolveOptions } from '../config/options.js'
import type { GroundedPart } from '../grounding/pipeline.js'
import { DEFAULT_RULES_VERSION } from '../world/rules.js'
import type { CliIo } from './io.js'
import { createOutput, guarded } from './output.js'
import { checkedVersion } from './symbols-command.js'

interface AlphabetFlags {
  mcVersion?: string
  json?: boolean
  offline?: boolean
}

/**
 * `cedar alphabet "<instruction>"`: the instruction split into goal and constraint parts, each with its pruned
 * alphabet. With an LLM configured (OPENAI_BASE_URL / OPENAI_API_KEY) the model splits and prunes (its replies
 * validated, unknown symbols dropped) and CEDAR_EMBED_MODEL adds embedding retrieval; otherwise, or with
 * --offline, the grammar splitter, BM25 retrieval and the rules-based pruner do.
 */
export function addAlphabetCommand(program: Command, io: CliIo): void {
  program
    .command('alphabet')
    .description('ground an instruction: its goal and constraint parts, each with the alphabet a DFA is learned over')
    .argument('<instruction...>', 'the instruction, e.g. "collect diamonds but sleep at night"')
    // Not --version: the program's own -V, --version takes it wherever it stands (as for `cedar start`).
    .option('--mc-version <version>', `Minecraft version (default ${DEFAULT_RULES_VERSION})`)
    .option('--offline', 'never ask the LLM, even when OPENAI_BASE_URL or OPENAI_API_KEY is set')
    .option('--json', 'print {"goals": [{"text", "alphabet"}], "constraints": [{"text", "alphabet"}], "grounding"}')
    .action(async (words: string[], flags: AlphabetFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const instruction = words.join(' ').trim()
        if (instruction === '') throw new Error('the instruction is empty')
        // The agent's grounding loads here, not with every `cedar` call.
        const [{ agentGrounding, checkInstructionLength }, { groundingNotes }, { groundInstruction }] =
          await Promise.all([
            import('../agent/index.js'),
            import('../grounding/llm-grounding.js'),
            import('../grounding/pipeline.js'),
          ])
        checkInstructionLength(instruction)
        const version = checkedVersion(flags.mcVersion ?? DEFAULT_RULES_VERSION)
        const assembled = agentGrounding(flags.offline ? undefined : resolveOptions({}, io.env).llm, version)
        const client = assembled.llm
        const components = assembled.grounding
        const grounded = await groundInstruction(instruction, components)
        const grounding = client
          ? {
              by: 'llm',
              model: client.modelFor('prune'),
              requests: client.stats.requests,
              cacheHits: client.stats.cacheHits,
              rejectedSymbols: components.stats?.rejectedSymbols ?? [],
              fallbacks: components.stats?.fallbacks ?? 0,
              splitDisagreements: components.stats?.splitDisagreements ?? [],
              keptSymbols: components.stats?.keptSymbols ?? [],
              ...(components.stats?.unavailable ? { unavailable: components.stats.unavailable } : {}),
            }
          : { by: 'offline' }
        const part = (role: string, p: GroundedPart) =>
          `${role}: ${p.text}\n  ${p.alphabet.length === 0 ? '(no symbols)' : p.alphabet.join(' ')}`
        const text = [
          ...grounded.goals.map((p) => part('goal', p)),
          ...grounded.constraints.map((p) => part('constraint', p)),
        ]
        if (text.length === 0) text.push('no goal or constraint found')
        if (components.stats) text.push(...groundingNotes(components.stats).map((note) => `(${note})`))
        const unavailable = components.stats?.unavailable
        if (client && unavailable) text.push(`(grounded offline: ${unavailable})`)
        else if (client) text.push(`(grounded by ${client.modelFor('prune')}: ${client.stats.requests} requests)`)
        out.result(text.join('\n'), { ...grounded, grounding })
      })
    })
}
