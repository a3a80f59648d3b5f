// Where a block goes beside the bot: a free spot on a solid block (placementSpot), or room dug beside the bot where
// it has none: a one-wide shaft or tunnel leaves no free block for a furnace or a table (without room, every smelt at
// the bottom of a shaft fails), nor two in a line for a bed. The room is dug at the level of the bot's feet, beside
// it (never below it), only where digging is safe (tunnel-steps.ts canClear: no liquid let in, no gravel brought
// down).
import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import { Vec3 } from 'vec3'
import { isLiquid } from '../../vocabulary/block-classes.js'
import { REPLACEABLE_BLOCKS } from '../../vocabulary/natural.js'
import { canClear, HORIZONTAL, isAir } from './tunnel-steps.js'
import { holdBestPickaxe } from './underground.js'

/**
 * Blocks a click uses rather than builds on (vanilla places on them only when the player sneaks, and mineflayer
 * does not): a table or furnace the bot put down beside it would open, and the block it meant to place never comes.
 */
const USED_ON_CLICK =
  /crafting_table|furnace|smoker|chest|barrel|shulker_box|_bed$|door|repeater|comparator|lever|button|anvil|hopper|dispenser|dropper|note_block|bell|loom|stonecutter|grindstone|table$|brewing_stand|enchanting/

/** Air, or grass and the like that a placed block replaces; not water or lava. */
export const isFree = (block: Block | null): boolean =>
  block !== null && REPLACEABLE_BLOCKS.has(block.name) && !isLiquid(block.name)

/** A full block something can be placed on with a plain click. */
export function canPlaceOn(block: Block | null): block is Block {
  return block?.boundingBox === 'block' && !USED_ON_CLICK.test(block.name)
}

/**
 * A solid block near the bot's feet level (one up or down on a slope) with two free blocks above it — air, or grass
 * and the like that a placed block replaces — not where the bot stands; the nearest first.
 */
export function placementSpot(bot: Bot): Block | null {
  const feet = bot.entity.position.floored()
  const spots: Array<readonly [number, number, number]> = []
  for (const dy of [0, -1, 1])
    for (let dx = -2; dx <= 2; dx++) for (let dz = -2; dz <= 2; dz++) if (dx !== 0 || dz !== 0) spots.push([dx, dy, dz])
  spots.sort((a, b) => Math.hypot(a[0], a[1], a[2]) - Math.hypot(b[0], b[1], b[2]))
  for (const [dx, dy, dz] of spots) {
    const below = bot.blockAt(feet.offset(dx, dy - 1, dz))
    if (!canPlaceOn(below)) continue
    if (isFree(bot.blockAt(feet.offset(dx, dy, dz))) && isFree(bot.blockAt(feet.offset(dx, dy + 1, dz)))) return below
  }
  return null
}

/** One way of making room: the blocks to dig, the floors that must stay under them, and the direction. */
interface Room {
  readonly clear: readonly Vec3[]
  readonly floors: readonly Vec3[]
  readonly direction: Vec3
}

/**
 * Digs the cheapest safe room of the given shape (fewest blocks to dig; none, if one is already open) and returns
 * its direction from the bot's feet, or undefined when every direction is unsafe or has no floor.
 */
async function digRoom(
  bot: Bot,
  shape: (feet: Vec3, d: Vec3) => Room,
  usable: (room: Room) => boolean,
  signal: AbortSignal,
): Promise<Vec3 | undefined> {
  const feet = bot.entity.position.floored()
  const rooms = HORIZONTAL.map(([dx, dz]) => shape(feet, new Vec3(dx, 0, dz)))
    .filter((room) => usable(room) && room.floors.every((f) => canPlaceOn(bot.blockAt(f))))
    .filter((room) => canClear(bot, room.clear, feet))
  const toDig = (room: Room) => room.clear.filter((p) => !isAir(bot.blockAt(p)))
  rooms.sort((a, b) => toDig(a).length - toDig(b).length)
  const room = rooms[0]
  if (!room) return undefined
  // A pickaxe in hand for stone: the shield refuses stone dug without one (LogicGuard's H5), and a bot at dusk may
  // hold a log or a bed, with which the nook for the bed would be refused.
  if (toDig(room).length > 0) await holdBestPickaxe(bot)
  for (const pos of toDig(room)) {
    if (signal.aborted) return undefined
    const block = bot.blockAt(pos)
    if (block && !isAir(block)) await bot.dig(block, true)
  }
  return room.clear.every((p) => isAir(bot.blockAt(p))) ? room.direction : undefined
}

/** Room for one block (a furnace, a table) beside the bot: the block where it goes and the one above, dug out. */
export async function roomForBlock(bot: Bot, signal: AbortSignal): Promise<Block | null> {
  const direction = await digRoom(
    bot,
    (feet, d) => ({
      clear: [feet.plus(d).offset(0, 1, 0), feet.plus(d)],
      floors: [feet.plus(d).offset(0, -1, 0)],
      direction: d,
    }),
    () => true,
    signal,
  )
  return direction ? bot.blockAt(bot.entity.position.floored().plus(direction).offset(0, -1, 0)) : null
}

/**
 * Room for a bed: two blocks in a line at the feet's level (and the two above them), away from the bot (a bed's head goes one further on
 * than its foot, away from the player), each on a floor. `faces` says which way a bed put down from here would face.
 */
export async function roomForBed(
  bot: Bot,
  faces: (foot: Vec3) => Vec3,
  signal: AbortSignal,
): Promise<{ stand: Vec3; foot: Vec3; head: Vec3; floor: Vec3 } | undefined> {
  // Two high, so the bot can step in for the bed's drop in the morning (it may roll to the far end, out of reach).
  const line = (feet: Vec3, d: Vec3): Room => ({
    clear: [feet.plus(d), feet.plus(d.scaled(2)), feet.plus(d).offset(0, 1, 0), feet.plus(d.scaled(2)).offset(0, 1, 0)],
    floors: [feet.plus(d).offset(0, -1, 0), feet.plus(d.scaled(2)).offset(0, -1, 0)],
    direction: d,
  })
  const direction = await digRoom(bot, line, (room) => faces(room.clear[0] as Vec3).equals(room.direction), signal)
  if (!direction) return undefined
  const stand = bot.entity.position.floored()
  const foot = stand.plus(direction)
  return { stand, foot, head: foot.plus(direction), floor: foot.offset(0, -1, 0) }
}
