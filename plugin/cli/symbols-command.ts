import type { Command } from 'commander'
import minecraftData from 'minecraft-data'
import { type SymbolEntry, SymbolInventory } from '../grounding/inventory.js'
import { DEFAULT_RULES_VERSION } from '../world/rules.js'
import type { CliIo } from './io.js'
import { createOutput, guarded } from './output.js'

interface SymbolsFlags {
  search?: string
  mcVersion?: string
  limit: string
  json?: boolean
}

/** `cedar symbols [--search text]`: the global symbol inventory, counted per kind, or searched. */
export function addSymbolsCommand(program: Command, io: CliIo): void {
  program
    .command('symbols')
    .description('the global symbol inventory (every action and event predicate, each bound): counts per kind')
    .option('-s, --search <text>', 'list the symbols that best match this text, with their descriptions')
    // Not --version: the program's own -V, --version takes it wherever it stands (as for `cedar start`).
    .option('--mc-version <version>', `Minecraft version (default ${DEFAULT_RULES_VERSION})`)
    .option('-n, --limit <n>', 'how many matches --search lists', '10')
    .option('--json', 'print {"version", "total", "actions", "predicates", "counts", "matches"?}')
    .action(async (flags: SymbolsFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const version = flags.mcVersion ?? DEFAULT_RULES_VERSION
        const limit = Number(flags.limit)
        if (!Number.isInteger(limit) || limit < 1) throw new Error(`--limit must be a positive whole number`)
        const inventory = SymbolInventory.forVersion(checkedVersion(version))
        const counts = inventory.countsByKind()
        const actions = inventory.entries.filter((e) => e.kind === 'action').length
        const summary = {
          version: inventory.version,
          total: inventory.size,
          actions,
          predicates: inventory.size - actions,
          counts,
        }
        if (flags.search === undefined) {
          out.result(countsText(summary), summary)
          return
        }
        // The counted variants of one symbol (has.diamond.1 ... .64) would fill the list: one row stands for them.
        const matches = collapseCounts(inventory.search(flags.search, limit * 20)).slice(0, limit)
        const text = matches.length === 0 ? `no symbol matches "${flags.search}"` : matchesText(matches)
        out.result(text, {
          ...summary,
          matches: matches.map(({ entry, score }) => ({ ...entry, score: Number(score.toFixed(3)) })),
        })
      })
    })
}

/** A version minecraft-data knows, else an error naming it. */
export function checkedVersion(version: string): string {
  if (!minecraftData(version)) throw new Error(`minecraft-data has no data for Minecraft ${version}`)
  return version
}

function countsText(s: {
  version: string
  total: number
  actions: number
  predicates: number
  counts: Record<string, number>
}): string {
  const width = Math.max(...Object.keys(s.counts).map((k) => k.length))
  return [
    `${s.total} symbols for Minecraft ${s.version}: ${s.actions} actions, ${s.predicates} event predicates`,
    ...Object.entries(s.counts).map(([kind, n]) => `  ${kind.padEnd(width)}  ${String(n).padStart(5)}`),
  ].join('\n')
}

interface Match {
  readonly entry: SymbolEntry
  readonly score: number
  /** How many counted variants (`has.diamond.1` ... `.9`) this row stands for, when more than one. */
  readonly variants?: number
}

/** Keeps the best-scoring variant of each counted symbol, named `has.diamond.N`, in rank order. */
export function collapseCounts(matches: readonly { entry: SymbolEntry; score: number }[]): Match[] {
  const rows = new Map<string, Match>()
  for (const match of matches) {
    const counted = /^(.+)\.\d+$/.exec(match.entry.symbol)?.[1]
    const key = counted ? `${counted}.N` : match.entry.symbol
    const row = rows.get(key)
    if (!row) {
      const entry = counted ? { ...match.entry, symbol: key } : match.entry
      rows.set(key, { ...match, entry, ...(counted ? { variants: 1 } : {}) })
    } else if (row.variants !== undefined) {
      rows.set(key, { ...row, variants: row.variants + 1 })
    }
  }
  return [...rows.values()]
}

function matchesText(matches: readonly Match[]): string {
  const width = Math.max(...matches.map((m) => m.entry.symbol.length))
  return matches
    .map(({ entry, variants }) => {
      const counts = variants === undefined ? '' : ' (.N: at least N)'
      return `${entry.symbol.padEnd(width)}  ${entry.description}${counts}`
    })
    .join('\n')
}
