// ActOptions.avoidBiomes on a live bot: while an act runs, every pathfinder Movements the bot uses (ours and
// collectblock's) refuses to step into a block of an avoided biome, and block searches ignore blocks there — the
// real-server side of what the Sim does for a "stay in this biome" constraint.
import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import { biomeAt } from '../mineflayer-observation.js'

/** Added to a step's cost; pathfinder drops any move that costs over 100, so this fences the biome off. */
const FENCE_COST = 1_000

type StepExclusion = (block: Block) => number
interface FenceableMovements {
  exclusionAreasStep: StepExclusion[]
}

const fences = new WeakMap<Bot, ReadonlySet<string>>()

/** The biomes the act in progress must keep out of, if any. */
export function avoidedBiomes(bot: Bot): ReadonlySet<string> | undefined {
  return fences.get(bot)
}

/** Whether a position is outside every avoided biome (always, when nothing is avoided). */
export function outsideFence(bot: Bot, position: { x: number; y: number; z: number }): boolean {
  const avoid = fences.get(bot)
  if (!avoid) return true
  const biome = biomeAt(bot, position)
  return biome === undefined || !avoid.has(biome)
}

/** Runs `work` with the biomes fenced off (nothing changes when `avoid` is empty). */
export async function withBiomeFence<T>(
  bot: Bot,
  avoid: readonly string[] | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!avoid || avoid.length === 0 || !bot.pathfinder) return work()
  const avoided = new Set(avoid)
  // A block in an unloaded chunk comes as a stand-in with no position: its biome is unknown, as outside the fence.
  const fence: StepExclusion = (block) =>
    block.position === undefined || outsideFence(bot, block.position) ? 0 : FENCE_COST
  const fenced = new Set<FenceableMovements>()
  const addFence = (movements: unknown) => {
    const m = movements as FenceableMovements | undefined
    if (!m?.exclusionAreasStep || m.exclusionAreasStep.includes(fence)) return
    m.exclusionAreasStep.push(fence)
    fenced.add(m)
  }
  const pathfinder = bot.pathfinder
  const setMovements = pathfinder.setMovements
  pathfinder.setMovements = (movements) => {
    addFence(movements)
    setMovements.call(pathfinder, movements)
  }
  addFence(pathfinder.movements)
  fences.set(bot, avoided)
  try {
    return await work()
  } finally {
    pathfinder.setMovements = setMovements
    for (const m of fenced) m.exclusionAreasStep = m.exclusionAreasStep.filter((f) => f !== fence)
    fences.delete(bot)
  }
}
