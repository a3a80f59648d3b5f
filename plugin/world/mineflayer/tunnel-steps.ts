// One step of a dug tunnel and whether it is safe: the bot never digs a block next to lava or water (it would flow
// in), never digs into a column with gravel or sand above it (it would fall on the bot), never digs straight down,
// and never steps onto anything but a solid block (no drop into a cave, no lava below). Shared by the tunnel
// (underground.ts), its planner (tunnel-plan.ts) and the room dug for a furnace or a bed (room.ts).
import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import type { Vec3 } from 'vec3'
import { isFalling, isLiquid, isUnbreakable } from '../../vocabulary/block-classes.js'
import type { BiomeFence } from './biome-fence.js'

/** From the eyes to the block's centre: vanilla's reach is 4.5 blocks; a little less to be sure. */
export const REACH = 4
/** The four horizontal directions, [dx, dz] (the tunnel's steps, a bed's facing, a room's sides). */
export const HORIZONTAL: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
]
/** The six faces' neighbours, [dx, dy, dz]. */
export const NEIGHBOURS = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
] as const

/** What one step digs and where the bot then stands. */
export interface Step {
  readonly clear: readonly Vec3[]
  readonly stand: Vec3
}

/** A step's kind: a stair down, a level step, a stair up. */
export type StepKind = 'down' | 'level' | 'up'

/**
 * The step from `feet` one block in direction [dx, dz]. Down: into the column ahead through head height, then a
 * block lower; up: head room above the bot first.
 */
export function stepOf(feet: Vec3, dx: number, dz: number, kind: StepKind): Step {
  const ahead = feet.offset(dx, 0, dz)
  if (kind === 'down')
    return { clear: [ahead.offset(0, 1, 0), ahead, ahead.offset(0, -1, 0)], stand: ahead.offset(0, -1, 0) }
  if (kind === 'up')
    return { clear: [feet.offset(0, 2, 0), ahead.offset(0, 1, 0), ahead.offset(0, 2, 0)], stand: ahead.offset(0, 1, 0) }
  return { clear: [ahead, ahead.offset(0, 1, 0)], stand: ahead }
}

/**
 * Whether a block is walled in: no air on any side (its position known from the chunks, not seen). Leaves are not a
 * wall: a log inside a tree's canopy is reached through them, not by a tunnel (which cannot get there: its steps
 * stand on solid blocks, and the canopy is in the air).
 */
export function buried(bot: Bot, pos: Vec3): boolean {
  return !NEIGHBOURS.some(([dx, dy, dz]) => {
    const block = bot.blockAt(pos.offset(dx, dy, dz))
    return isAir(block) || block?.name.endsWith('_leaves') === true
  })
}

/** Air, cave air, grass and the like the bot walks through; not a liquid. */
export const isAir = (block: Block | null): boolean =>
  block !== null && block.boundingBox === 'empty' && !isLiquid(block.name)

/** Whether `target` can be dug from where the bot stands: within reach, open to the air on some side, not below. */
export function withinReach(bot: Bot, target: Vec3): boolean {
  const feet = bot.entity.position.floored()
  // Not from above: digging the block under one's feet is digging straight down.
  if (target.x === feet.x && target.z === feet.z && target.y < feet.y) return false
  const eyes = bot.entity.position.offset(0, bot.entity.height ?? 1.62, 0)
  if (eyes.distanceTo(target.offset(0.5, 0.5, 0.5)) > REACH) return false
  return NEIGHBOURS.some(([dx, dy, dz]) => isAir(bot.blockAt(target.offset(dx, dy, dz))))
}

/** Reads the block at a position: the bot's world, or a planner's cache of it. */
export type BlockReader = (pos: Vec3) => Block | null

/** Whether the bot at `feet` may take `step`: inside the biome fence, onto a solid floor, digging nothing unsafe. */
export function isSafe(
  bot: Bot,
  fence: BiomeFence,
  step: Step,
  feet: Vec3,
  read: BlockReader = (p) => bot.blockAt(p),
): boolean {
  // Not into a biome the act keeps out of ("stay in the plains"): pathfinder's moves are fenced, and a tunnel's steps
  // must be too, or a tunnel would come out under the avoided biome and the bot work on there.
  if (!fence.outside(step.stand)) return false
  const floor = read(step.stand.offset(0, -1, 0))
  if (floor?.boundingBox !== 'block' || isLiquid(floor.name)) return false
  return canClear(bot, step.clear, feet, read)
}

/**
 * Whether the blocks `clear` may be dug by a bot standing at `feet`: none is liquid or too hard, none is straight
 * below the feet, none lies against a liquid (it would flow in) or under gravel or sand that is not dug too.
 */
export function canClear(
  bot: Bot,
  clear: readonly Vec3[],
  feet: Vec3,
  read: BlockReader = (p) => bot.blockAt(p),
): boolean {
  const cleared = (pos: Vec3) => clear.some((c) => c.equals(pos))
  for (const pos of clear) {
    const block = read(pos)
    if (!block || isLiquid(block.name) || isUnbreakable(block.name)) return false
    if (pos.x === feet.x && pos.z === feet.z && pos.y < feet.y) return false // never straight down
    for (const [dx, dy, dz] of NEIGHBOURS) {
      const next = pos.offset(dx, dy, dz)
      const neighbour = read(next)
      if (neighbour === null) return false // the edge of the loaded world: unknown is not safe
      if (isLiquid(neighbour.name)) return false
      if (dy === 1 && !cleared(next) && isFalling(neighbour.name)) return false
    }
  }
  return true
}
