import { parsePrimitive } from '../vocabulary/symbols.js'
import { EventLogger } from '../world/event-logger.js'
import type { Outcome, World } from '../world/port.js'

export interface ScriptStep {
  readonly symbol: string
  readonly outcome: Outcome
}

export interface ScriptResult {
  readonly steps: readonly ScriptStep[]
  /** Every step ran and succeeded. */
  readonly completed: boolean
  /** The CEDAR word of the run (actions and events). */
  readonly word: readonly string[]
}

/** Enough wood for a wooden pickaxe: 3 logs → 12 planks → a table (4), sticks (2), the pickaxe (3). */
export const WOODEN_PICKAXE_SCRIPT: readonly string[] = [
  'mine.logs',
  'mine.logs',
  'mine.logs',
  'craft.planks',
  'craft.planks',
  'craft.planks',
  'craft.crafting_table',
  'place.crafting_table',
  'craft.stick',
  'craft.wooden_pickaxe',
]

/**
 * The smallest agent: runs a fixed list of primitive symbols on any World, stopping at the first failure, and
 * logs the run's word. It knows nothing about which adapter it runs on.
 */
export async function runScript(
  world: World,
  symbols: readonly string[],
  options: { readonly signal?: AbortSignal; readonly logger?: EventLogger; readonly timeoutMs?: number } = {},
): Promise<ScriptResult> {
  const logger = options.logger ?? new EventLogger()
  logger.start(world.observe())
  const steps: ScriptStep[] = []
  for (const symbol of symbols) {
    const primitive = parsePrimitive(symbol)
    if (!primitive) throw new Error(`"${symbol}" is not a primitive (verb.object)`)
    const outcome = await world.act(
      primitive,
      options.signal,
      options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
    )
    logger.record(primitive, outcome, world.observe())
    steps.push({ symbol, outcome })
    if (!outcome.ok) return { steps, completed: false, word: logger.word }
  }
  return { steps, completed: true, word: logger.word }
}
