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

/** The biomes the act in progress keeps out of, for one bot (none between acts). */
export class BiomeFence {
  private avoided: ReadonlySet<string> | undefined

  constructor(private readonly bot: Bot) {}

  /** The biomes the act in progress must keep out of, if any. */
  get avoiding(): ReadonlySet<string> | undefined {
    return this.avoided
  }

  /** Whether a position is outside every avoided biome (always, when nothing is avoided). */
  outside(position: { x: number; y: number; z: number }): boolean {
    const avoid = this.avoided
    if (!avoid) return true
    const biome = biomeAt(this.bot, position)
    return biome === undefined || !avoid.has(biome)
  }

  /** Runs `work` with the biomes fenced off (nothing changes when `avoid` is empty). */
  async during<T>(avoid: readonly string[] | undefined, work: () => Promise<T>): Promise<T> {
    const bot = this.bot
    if (!avoid || avoid.length === 0 || !bot.pathfinder) return work()
    const avoided = new Set(avoid)
    // A block in an unloaded chunk comes as a stand-in with no position: its biome is unknown, as outside the fence.
    const fence: StepExclusion = (block) =>
      block.position === undefined || this.outside(block.position) ? 0 : FENCE_COST
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
    this.avoided = avoided
    try {
      return await work()
    } finally {
      pathfinder.setMovements = setMovements
      for (const m of fenced) m.exclusionAreasStep = m.exclusionAreasStep.filter((f) => f !== fence)
      this.avoided = undefined
    }
  }
}
