// explore.X on a real server: a block or an animal searched for until it is "in sight" (the loaded chunk data's 32
// blocks for a block; the entities the server sent, within 32 blocks, for an animal). An ore, with a pickaxe,
// is prospected for underground (underground.ts); anything else is looked for on a square spiral on the surface.
import type { Bot } from 'mineflayer'
import pathfinderModule from 'mineflayer-pathfinder'
import { ORE_DEPTHS } from '../../vocabulary/natural.js'
import { gentleMovements } from '../pathfinding.js'
import { type Outcome, success } from '../port.js'
import { DEFAULT_SEE_RADIUS } from '../predicates.js'
import type { BotMemory } from './bot-memory.js'
import { blockIdsOf, inWater, minable } from './gather.js'
import { fail, PrimitiveFailure } from './limits.js'
import { climbOut, holdBestPickaxe, prospect, turnProspect, underOpenSky } from './underground.js'

const { goals } = pathfinderModule

/**
 * explore.X: for an ore, with a pickaxe in hand, dig down to the ore's depth and strip-mine (underground.ts);
 * otherwise walk outwards in a square spiral of legs until X is in sight, looking as the bot moves (so a leg ends
 * the moment X appears, not at its far end).
 */
export interface SearchExtent {
  /** Legs of the square spiral (default 8). */
  readonly legs: number
  /** The first legs' length in blocks; every second leg is longer by as much (default 16: 320 blocks in all). */
  readonly legLength: number
}

export const DEFAULT_SEARCH: SearchExtent = { legs: 8, legLength: 16 }

/** Quarter turns a prospect blocked where it stands may take (each after a few blocks' walk). */
const PROSPECT_TURNS = 3

export async function explore(
  bot: Bot,
  memory: BotMemory,
  object: string,
  signal: AbortSignal,
  { legs, legLength }: SearchExtent = DEFAULT_SEARCH,
  onProgress?: (detail: string) => void,
): Promise<Outcome> {
  // An animal (explore.sheep for wool, explore.cow for a meal) is looked for as the bot walks, like a block.
  const animal = blockIdsOf(bot, object).length === 0 && bot.registry.entitiesByName[object] !== undefined
  const inSight = animal ? () => nearestMob(bot, object, SIGHT) !== null : () => minable(bot, memory, object) !== null
  if (inSight()) return success(`${object} is in sight`)
  if (!animal && blockIdsOf(bot, object).length === 0) {
    return fail('not_found', `there is no block or animal called ${object}`)
  }
  const depth = ORE_DEPTHS[object]
  // Its best pickaxe in hand: with one crafted and not yet equipped (or worn out and replaced), the check below would
  // send the bot walking the surface for an ore that lies underground.
  if (depth !== undefined && (await holdBestPickaxe(bot))) {
    // Ores lie under the surface: a staircase down to where the ore is common, then a strip tunnel.
    for (let turns = 0; ; turns++) {
      try {
        if (await prospect(bot, memory, depth, () => minable(bot, memory, object) !== null, signal))
          return success(`${object} in sight underground, at y=${Math.floor(bot.entity.position.y)}`)
        return fail('not_found', `no ${object} found digging down to y=${depth} and along`)
      } catch (error) {
        const blocked = error instanceof PrimitiveFailure && error.outcome.failure === 'path_failed'
        if (!blocked || turns >= PROSPECT_TURNS || signal.aborted) throw error
        await turnProspect(bot, memory, signal)
      }
    }
  }
  // Looked for on the surface: from a tunnel or a shelter dug in for the night, the legs' walks lead nowhere.
  if (!underOpenSky(bot)) {
    onProgress?.('climbing back up to the open sky first')
    await climbOut(bot, memory, signal)
  }
  const directions = [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ] as const
  let seen = false
  let moves = 0
  const look = () => {
    if (++moves % 5 !== 0 || seen) return
    if (inSight()) {
      seen = true
      bot.pathfinder.setGoal(null)
    }
  }
  bot.on('move', look)
  let failures = 0
  let walked = 0
  try {
    for (let leg = 0; leg < legs && !signal.aborted && !seen; leg++) {
      const [dx, dz] = directions[leg % 4] ?? [1, 0]
      const length = legLength * (1 + Math.floor(leg / 2))
      const from = bot.entity.position.clone()
      const { x, z } = from
      onProgress?.(`leg ${leg + 1} of ${legs}, about ${Math.round(walked)} blocks walked`)
      bot.pathfinder.setMovements(gentleMovements(bot))
      try {
        await bot.pathfinder.goto(new goals.GoalNearXZ(x + dx * length, z + dz * length, 2))
      } catch {
        if (!seen) failures++
      }
      walked += bot.entity.position.distanceTo(from)
      if (seen || inSight()) return success(`${object} in sight after ${leg + 1} legs`)
    }
  } finally {
    bot.removeListener('move', look)
  }
  if (failures === legs) return fail('path_failed', `could not walk anywhere to look for ${object}`)
  return fail('not_found', `no ${object} in sight after ${legs} legs, about ${Math.round(walked)} blocks walked`)
}

/** How far an animal is "in sight": the chunk data's 32 blocks, as for blocks. */
const SIGHT = DEFAULT_SEE_RADIUS

/** The nearest living `name` within `range` blocks (not a player, not in water: kill.X leaves those), if any. */
function nearestMob(bot: Bot, name: string, range: number) {
  return bot.nearestEntity(
    (e) =>
      e.name === name && e.type !== 'player' && e.position.distanceTo(bot.entity.position) <= range && !inWater(bot, e),
  )
}
