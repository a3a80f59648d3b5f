// Going underground to a block the bot knows of (its position read from the loaded chunks, not from what it could
// see): a tunnel dug step by step, a staircase down at 45° while the block is below, level once at its height,
// up again if it is above, until the block is within reach of the tunnel; every few steps down, a short landing
// (room for a bed at night). Every step is checked first, and a step
// that is not safe is tried in another direction: the bot never digs a block next to lava or water (it would flow
// in), never digs into a column with gravel or sand above it (it would fall on the bot), never digs straight down,
// and never steps onto anything but a solid block (no drop into a cave, no lava below).
import type { Bot } from 'mineflayer'
import pathfinderModule from 'mineflayer-pathfinder'
import type { Block } from 'prismarine-block'
import { Vec3 } from 'vec3'
import { gentleMovements } from '../pathfinding.js'
import { outsideFence } from './biome-fence.js'
import { fail } from './limits.js'

const { goals } = pathfinderModule

const LIQUIDS = new Set(['water', 'lava', 'bubble_column'])
const FALLING = new Set(['gravel', 'sand', 'red_sand', 'suspicious_gravel', 'suspicious_sand'])
/** Blocks a tunnel goes around rather than through: too slow to dig by hand or not diggable at all. */
const UNBREAKABLE = new Set(['bedrock', 'obsidian', 'crying_obsidian', 'reinforced_deepslate', 'end_portal_frame'])
/** From the eyes to the block's centre: vanilla's reach is 4.5 blocks; a little less to be sure. */
const REACH = 4
/** The four horizontal directions, [dx, dz] (the tunnel's steps, a bed's facing, a room's sides). */
export const HORIZONTAL: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
]
const NEIGHBOURS = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
] as const

/** What one step digs and where the bot then stands. */
interface Step {
  readonly clear: readonly Vec3[]
  readonly stand: Vec3
}

/**
 * Whether a block is walled in: no air on any side (its position known from the chunks, not seen). Leaves are not a
 * wall: a log inside a tree's canopy is reached through them, not by a tunnel (one dug 160 steps toward a log in the
 * leaves and never got there).
 */
export function buried(bot: Bot, pos: Vec3): boolean {
  return !NEIGHBOURS.some(([dx, dy, dz]) => {
    const block = bot.blockAt(pos.offset(dx, dy, dz))
    return isAir(block) || block?.name.endsWith('_leaves') === true
  })
}

/** Air, cave air, grass and the like the bot walks through; not a liquid. */
export const isAir = (block: Block | null): boolean =>
  block !== null && block.boundingBox === 'empty' && !LIQUIDS.has(block.name)

/** Whether `target` can be dug from where the bot stands: within reach, open to the air on some side, not below. */
export function withinReach(bot: Bot, target: Vec3): boolean {
  const feet = bot.entity.position.floored()
  // Not from above: digging the block under one's feet is digging straight down.
  if (target.x === feet.x && target.z === feet.z && target.y < feet.y) return false
  const eyes = bot.entity.position.offset(0, bot.entity.height ?? 1.62, 0)
  if (eyes.distanceTo(target.offset(0.5, 0.5, 0.5)) > REACH) return false
  return NEIGHBOURS.some(([dx, dy, dz]) => isAir(bot.blockAt(target.offset(dx, dy, dz))))
}

/**
 * Digs a tunnel from the bot to within reach of `target` (at most `maxSteps` steps), or fails `path_failed` when no
 * safe step is left. The tool in hand digs (the caller chose it); what the digging drops is picked up on the way.
 */
export async function tunnelTo(bot: Bot, target: Vec3, signal: AbortSignal, maxSteps = 160): Promise<void> {
  const against = NEIGHBOURS.map(([dx, dy, dz]) => bot.blockAt(target.offset(dx, dy, dz))).find(
    (b) => b !== null && LIQUIDS.has(b.name),
  )
  // Digging it would open the liquid onto the bot (lava) or flood the tunnel (water).
  if (against)
    return fail('path_failed', `the ${bot.blockAt(target)?.name ?? 'block'} at ${target} lies against ${against.name}`)
  if (!(await tunnel(bot, target, () => withinReach(bot, target), signal, maxSteps)))
    return fail('path_failed', `no way dug to ${target} in ${maxSteps} steps`)
}

/** The way each bot's prospecting heads, [dx, dz]: kept from one explore to the next. */
const prospectHeadings = new WeakMap<Bot, readonly [number, number]>()

/**
 * The next prospect heads a quarter turn from the last, after a few blocks' walk that way on the surface: where the
 * bot stood, every step down lay by water or lava (a live bot back up for logs by a lake failed its explore for
 * diamonds there at once, and the instruction ended).
 */
export async function turnProspect(bot: Bot, walk = 8): Promise<void> {
  const [dx, dz] = prospectHeadings.get(bot) ?? [1, 0]
  const [nx, nz] = [-dz, dx]
  prospectHeadings.set(bot, [nx, nz])
  const { x, z } = bot.entity.position
  bot.pathfinder.setMovements(gentleMovements(bot))
  await bot.pathfinder.goto(new goals.GoalNearXZ(x + nx * walk, z + nz * walk, 2)).catch(() => undefined)
}

/**
 * Prospecting: a staircase down to `depth` (never below 5 blocks over the bottom of the world), then a strip
 * tunnel straight on, until `found()` (checked after every step) or `maxSteps`. Resolves with whether it found.
 */
export async function prospect(
  bot: Bot,
  depth: number,
  found: () => boolean,
  signal: AbortSignal,
  maxSteps = 200,
): Promise<boolean> {
  const { minY = 0 } = bot.game as unknown as { minY?: number }
  const feet = bot.entity.position.floored()
  // Straight on (the way the bot faced at its first prospect, to the nearest axis), far enough never to arrive: the
  // tunnel's steps head there and level off at `depth`. A later prospect goes on the same way (the bot turned round
  // to put its bed down, or to a drop): back along its own tunnel it would find nothing new.
  const [fx, fz] = [-Math.sin(bot.entity.yaw), -Math.cos(bot.entity.yaw)]
  const [dx, dz] =
    prospectHeadings.get(bot) ?? (Math.abs(fx) > Math.abs(fz) ? [Math.sign(fx), 0] : [0, Math.sign(fz) || 1])
  prospectHeadings.set(bot, [dx, dz])
  const level = Math.max(minY + 5, Math.min(depth, feet.y))
  // A point one below the feet's level: a step levels off once its target is no more than a block down.
  const far = new Vec3(feet.x + dx * 10_000, level - 1, feet.z + dz * 10_000)
  return tunnel(bot, far, found, signal, maxSteps)
}

/** Steps towards `target` until `arrived()`; false when `maxSteps` ran out. Fails when no safe step is left. */
async function tunnel(
  bot: Bot,
  target: Vec3,
  arrived: () => boolean,
  signal: AbortSignal,
  maxSteps: number,
): Promise<boolean> {
  let downSteps = 0
  let landing = 0
  for (let steps = 0; !arrived(); steps++) {
    if (signal.aborted) return fail('cancelled', 'tunnelling: cancelled')
    if (steps >= maxSteps) return false
    if (downSteps >= LANDING_EVERY) {
      downSteps = 0
      landing = LANDING_LENGTH
    }
    const step = nextStep(bot, target, landing > 0) ?? (landing > 0 ? nextStep(bot, target) : undefined)
    if (!step) return fail('path_failed', `no safe way to dig towards ${target} from ${bot.entity.position.floored()}`)
    for (const pos of step.clear) {
      if (signal.aborted) return fail('cancelled', 'tunnelling: cancelled')
      if (pos.equals(target)) continue // dug by the caller, which collects its drop
      const block = bot.blockAt(pos)
      if (!block || isAir(block)) continue
      await landed(bot)
      await holdBestPickaxe(bot)
      await bot.dig(block, true)
    }
    bot.pathfinder.setMovements(gentleMovements(bot))
    const from = bot.entity.position.floored()
    await bot.pathfinder.goto(new goals.GoalBlock(step.stand.x, step.stand.y, step.stand.z))
    if (step.stand.y < from.y) downSteps++
    else landing = Math.max(0, landing - 1)
  }
  return true
}

/** Pickaxes, best first (a tunnel is stone and deepslate, and ores a poorer one cannot harvest). */
const PICKAXES = [
  'netherite_pickaxe',
  'diamond_pickaxe',
  'iron_pickaxe',
  'stone_pickaxe',
  'golden_pickaxe',
  'wooden_pickaxe',
]

/**
 * A pickaxe in hand, if the bot has one: the one held, or else the best carried. A pickaxe worn out mid-tunnel left
 * an empty hand, and the shield refuses stone dug without a pickaxe (LogicGuard's H5): the prospect failed there.
 * Whether one is in hand.
 */
export async function holdBestPickaxe(bot: Bot): Promise<boolean> {
  if (bot.heldItem?.name.endsWith('_pickaxe')) return true
  const carried = bot.inventory.items().filter((i) => PICKAXES.includes(i.name))
  carried.sort((a, b) => PICKAXES.indexOf(a.name) - PICKAXES.indexOf(b.name))
  const best = carried[0]
  if (!best) return false
  await bot.equip(best, 'hand')
  return true
}

/** Up to half a second for the bot to stand on the ground again: a dig begun in the air takes five times as long. */
async function landed(bot: Bot): Promise<void> {
  for (let tick = 0; tick < 10 && !bot.entity.onGround; tick++) await bot.waitForTicks(1)
}

/**
 * A staircase is levelled for a few steps every so often: on stairs alone there is nowhere to put a bed down (its
 * two blocks need a level stretch behind the bot, bed.ts), so a bot caught by nightfall on the way down walks back
 * at most this many steps to a landing.
 */
const LANDING_EVERY = 6
/** Level steps per landing: with the stair's foot, three level blocks (a bed's two and one to stand on). */
const LANDING_LENGTH = 2

/** The safe step that brings the bot nearest to `target` (a level one on a landing), or undefined. */
function nextStep(bot: Bot, target: Vec3, level = false): Step | undefined {
  const feet = bot.entity.position.floored()
  const dy = level ? 0 : target.y - feet.y
  const ranked = [...HORIZONTAL].sort(
    ([ax, az], [bx, bz]) =>
      Math.hypot(target.x - (feet.x + ax), target.z - (feet.z + az)) -
      Math.hypot(target.x - (feet.x + bx), target.z - (feet.z + bz)),
  )
  for (const [dx, dz] of ranked) {
    const ahead = feet.offset(dx, 0, dz)
    // Down: into the column ahead through head height, then a block lower; up: head room first.
    const step: Step =
      dy < -1
        ? { clear: [ahead.offset(0, 1, 0), ahead, ahead.offset(0, -1, 0)], stand: ahead.offset(0, -1, 0) }
        : dy > 1
          ? {
              clear: [feet.offset(0, 2, 0), ahead.offset(0, 1, 0), ahead.offset(0, 2, 0)],
              stand: ahead.offset(0, 1, 0),
            }
          : { clear: [ahead, ahead.offset(0, 1, 0)], stand: ahead }
    if (isSafe(bot, step, feet)) return step
  }
  return undefined
}

function isSafe(bot: Bot, step: Step, feet: Vec3): boolean {
  // Not into a biome the act keeps out of ("stay in the plains"): pathfinder's moves are fenced, a tunnel's steps
  // too (a live tunnel to coal came out under the windswept hills, and the bot worked on there).
  if (!outsideFence(bot, step.stand)) return false
  const floor = bot.blockAt(step.stand.offset(0, -1, 0))
  if (floor?.boundingBox !== 'block' || LIQUIDS.has(floor.name)) return false
  return canClear(bot, step.clear, feet)
}

/**
 * Whether the blocks `clear` may be dug by a bot standing at `feet`: none is liquid or too hard, none is straight
 * below the feet, none lies against a liquid (it would flow in) or under gravel or sand that is not dug too.
 */
export function canClear(bot: Bot, clear: readonly Vec3[], feet: Vec3): boolean {
  const cleared = (pos: Vec3) => clear.some((c) => c.equals(pos))
  for (const pos of clear) {
    const block = bot.blockAt(pos)
    if (!block || LIQUIDS.has(block.name) || UNBREAKABLE.has(block.name)) return false
    if (pos.x === feet.x && pos.z === feet.z && pos.y < feet.y) return false // never straight down
    for (const [dx, dy, dz] of NEIGHBOURS) {
      const next = pos.offset(dx, dy, dz)
      const neighbour = bot.blockAt(next)
      if (neighbour === null) return false // the edge of the loaded world: unknown is not safe
      if (LIQUIDS.has(neighbour.name)) return false
      if (dy === 1 && !cleared(next) && FALLING.has(neighbour.name)) return false
    }
  }
  return true
}
