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
  const before = lookedOverHere(bot, memory, object)
  if (before !== undefined) return fail('not_found', before)
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
  const start = bot.entity.position
  const covered = { minX: start.x, maxX: start.x, minZ: start.z, maxZ: start.z }
  const look = () => {
    const { x, z } = bot.entity.position
    covered.minX = Math.min(covered.minX, x)
    covered.maxX = Math.max(covered.maxX, x)
    covered.minZ = Math.min(covered.minZ, z)
    covered.maxZ = Math.max(covered.maxZ, z)
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
      if (seen || inSight()) {
        memory.lookedOver.delete(object)
        return success(`${object} in sight after ${leg + 1} legs`)
      }
    }
  } finally {
    bot.removeListener('move', look)
  }
  if (failures === legs) return fail('path_failed', `could not walk anywhere to look for ${object}`)
  if (!signal.aborted) memory.lookedOver.set(object, { ...covered, walked, at: Date.now() })
  return fail('not_found', `no ${object} in sight after ${legs} legs, about ${Math.round(walked)} blocks walked`)
}

/**
 * How long the ground a search saw no X on counts as looked over for X (5 minutes: a quarter of a game day at 20
 * ticks a second). Blocks do not move, and farm animals wander a few blocks a minute and spawn anew rarely (vanilla
 * puts them down with the chunk), so the same spiral walked again at once sees what it saw. The machine's clock, not
 * the time of day: a server's clock may be set on (a night skipped) or stand still, its animals walk on regardless.
 */
const LOOKED_OVER_MS = 300_000

/**
 * Why a search for `object` from where the bot stands would be the last one again: it stands on ground the last
 * search for it walked, not long ago, and saw none. With no sheep about (server-sleepless-night's world), the search
 * after each failed kill.sheep walked a spiral over the same ground, three in a row (770 blocks, 140 s, out of a night
 * shelter at daybreak); the bot starved on the walk and hunted cow, pig and chicken the same way, the logs it was
 * asked for never collected. Undefined when there is no such search (or it is out of date: then forgotten).
 */
function lookedOverHere(bot: Bot, memory: BotMemory, object: string): string | undefined {
  const last = memory.lookedOver.get(object)
  if (last === undefined) return undefined
  const ago = Date.now() - last.at
  if (ago > LOOKED_OVER_MS) {
    memory.lookedOver.delete(object)
    return undefined
  }
  const { x, z } = bot.entity.position
  // The walk's corners, and a little slack: a step or two aside since (a reflex's) is the same ground.
  const on = x >= last.minX - 2 && x <= last.maxX + 2 && z >= last.minZ - 2 && z <= last.maxZ + 2
  if (!on) return undefined
  const when = ago < 1000 ? 'just now' : `${Math.round(ago / 1000)} s ago`
  return `no ${object} in sight: ${when} I walked about ${Math.round(last.walked)} blocks around here looking for one and saw none`
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
