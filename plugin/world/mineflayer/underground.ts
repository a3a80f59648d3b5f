// Going underground: to a block the bot knows of (its position read from the loaded chunks, not from what it could
// see), a tunnel planned before the first dig (tunnel-plan.ts) and dug step by step; to prospect for an ore, a
// staircase down at 45° to the ore's depth, then a strip straight on, each step the safe one nearest the way ahead.
// No landings: a bed at night goes in a nook dug beside the stairs (room.ts), once a night, where landings of two
// level steps every six down would make every descent a third longer, and a day's way down to the diamonds run into
// the night. Every step is safe (tunnel-steps.ts): no block dug next to lava or water, none under gravel or sand,
// none straight down, no step onto anything but a solid block.
import type { Bot } from 'mineflayer'
import pathfinderModule from 'mineflayer-pathfinder'
import { Vec3 } from 'vec3'
import { isLiquid } from '../../vocabulary/block-classes.js'
import { gentleMovements } from '../pathfinding.js'
import type { BiomeFence } from './biome-fence.js'
import type { BotMemory } from './bot-memory.js'
import { landed } from './clock.js'
import { fail, isPathfinderGiveUp, PrimitiveFailure } from './limits.js'
import { planTunnel } from './tunnel-plan.js'
import { HORIZONTAL, isAir, isSafe, NEIGHBOURS, type Step, stepOf, withinReach } from './tunnel-steps.js'

const { goals } = pathfinderModule

/**
 * Digs a tunnel from the bot to within reach of `target`, planned before the first dig (tunnel-plan.ts), or fails
 * `path_failed` when no safe tunnel is found. Each step is checked again as it is taken: one no longer safe (water
 * flowed in), or a bot not where the plan expects, plans again from where the bot stands. The tool in hand digs (the
 * caller chose it); what the digging drops is picked up on the way.
 */
export async function tunnelTo(bot: Bot, memory: BotMemory, target: Vec3, signal: AbortSignal): Promise<void> {
  const against = NEIGHBOURS.map(([dx, dy, dz]) => bot.blockAt(target.offset(dx, dy, dz))).find(
    (b) => b !== null && isLiquid(b.name),
  )
  // Digging it would open the liquid onto the bot (lava) or flood the tunnel (water).
  if (against)
    return fail('path_failed', `the ${bot.blockAt(target)?.name ?? 'block'} at ${target} lies against ${against.name}`)
  for (let plans = 0; plans < MAX_PLANS && !withinReach(bot, target); plans++) {
    const { steps, searched } = await planTunnel(bot, memory.fence, target, signal)
    if (signal.aborted) return fail('cancelled', 'tunnelling: cancelled')
    if (!steps)
      return fail(
        'path_failed',
        `no safe way to dig to ${target} from ${bot.entity.position.floored()} (${searched} places searched)`,
      )
    for (const step of steps) {
      if (withinReach(bot, target)) return
      const feet = bot.entity.position.floored()
      if (!feet.equals(step.from) || !isSafe(bot, memory.fence, step, feet)) break
      await takeStep(bot, step, target, signal)
    }
  }
  if (!withinReach(bot, target))
    return fail('path_failed', `no way dug to ${target}: the plan went wrong ${MAX_PLANS} times`)
}

/** Plans per tunnel: the first, and again from where the bot stands when a step is no longer safe. */
const MAX_PLANS = 3

/**
 * The next prospect heads a quarter turn from the last, after a few blocks' walk that way on the surface: where the
 * bot stood, every step down lay by water or lava (by a lake, say), and prospecting from there again would fail at
 * once. Underground the walk goes nowhere (its movements dig nothing), so there the bot digs the few blocks level
 * instead: turning on the spot, every way down would stay refused from the one place it stands, explore after
 * explore.
 */
export async function turnProspect(bot: Bot, memory: BotMemory, signal: AbortSignal, walk = 8): Promise<void> {
  const [dx, dz] = memory.prospectHeading ?? [1, 0]
  const [nx, nz] = [-dz, dx]
  memory.prospectHeading = [nx, nz]
  const start = bot.entity.position.floored()
  bot.pathfinder.setMovements(gentleMovements(bot))
  await bot.pathfinder.goto(new goals.GoalNearXZ(start.x + nx * walk, start.z + nz * walk, 2)).catch(() => undefined)
  const across = () => Math.hypot(bot.entity.position.x - start.x - 0.5, bot.entity.position.z - start.z - 0.5)
  if (across() >= 3 || signal.aborted) return
  const level = start.offset(nx * walk, 0, nz * walk)
  // As far as safe level steps go; where none is left, the next prospect starts from there.
  await tunnel(bot, memory, level, () => across() >= walk - 1, signal, walk * 2).catch((error: unknown) => {
    if (!(error instanceof PrimitiveFailure)) throw error
  })
}

/**
 * Prospecting: a staircase down to `depth` (never below 5 blocks over the bottom of the world), then a strip
 * tunnel straight on, until `found()` (checked after every step) or `maxSteps`. Resolves with whether it found.
 */
export async function prospect(
  bot: Bot,
  memory: BotMemory,
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
    memory.prospectHeading ?? (Math.abs(fx) > Math.abs(fz) ? [Math.sign(fx), 0] : [0, Math.sign(fz) || 1])
  memory.prospectHeading = [dx, dz]
  const level = Math.max(minY + 5, Math.min(depth, feet.y))
  // A point one below the feet's level: a step levels off once its target is no more than a block down.
  const far = new Vec3(feet.x + dx * 10_000, level - 1, feet.z + dz * 10_000)
  return tunnel(bot, memory, far, found, signal, maxSteps)
}

/** Steps towards `target` until `arrived()`; false when `maxSteps` ran out. Fails when no safe step is left. */
async function tunnel(
  bot: Bot,
  memory: BotMemory,
  target: Vec3,
  arrived: () => boolean,
  signal: AbortSignal,
  maxSteps: number,
): Promise<boolean> {
  let stuck = 0
  for (let steps = 0; !arrived(); steps++) {
    if (signal.aborted) return fail('cancelled', 'tunnelling: cancelled')
    if (steps >= maxSteps) return false
    const step = nextStep(bot, memory.fence, target)
    const from = bot.entity.position.floored()
    if (!step) return fail('path_failed', `no safe way to dig towards ${target} from ${from}`)
    await takeStep(bot, step, target, signal)
    stuck = bot.entity.position.floored().equals(from) ? stuck + 1 : 0
    if (stuck >= 2) return fail('path_failed', `stuck at ${from} digging towards ${target}: no way onto the next step`)
  }
  return true
}

/** Digs what `step` clears (not `target`, which the caller digs and collects) and walks onto its standing block. */
async function takeStep(bot: Bot, step: Step, target: Vec3, signal: AbortSignal): Promise<void> {
  for (const pos of step.clear) {
    if (signal.aborted) return fail('cancelled', 'tunnelling: cancelled')
    if (pos.equals(target)) continue
    const block = bot.blockAt(pos)
    if (!block || isAir(block)) continue
    await landed(bot)
    await holdBestPickaxe(bot)
    await bot.dig(block, true)
  }
  bot.pathfinder.setMovements(gentleMovements(bot))
  await bot.pathfinder.goto(new goals.GoalBlock(step.stand.x, step.stand.y, step.stand.z)).catch((error: Error) => {
    // Pathfinder sees no way onto the step (it happens, rarely, on a step dug clear): the bot stays where it is, and
    // the tunnel plans again from there (a bot off the plan replans) rather than lose the act.
    if (!isPathfinderGiveUp(error)) throw error
  })
}

/** Whether the bot stands out on the ground, under the open sky (see OpenSky). */
export const underOpenSky = (bot: Bot): boolean => new OpenSky(bot).at(bot.entity.position.floored())

/**
 * Back up under the open sky from a tunnel or a dug-in shelter, as a player climbs out before looking around: the
 * walk back up (nothing dug: a prospect's staircase leads up), else a staircase dug up, back the way the prospect came
 * down, each step safe. Live, explore.water from an iron tunnel at y 59 walked its legs toward points on the surface
 * the walk never reached: 0 blocks, eight legs, again and again. Bounded: one walk (pathfinder's thinking time) and at
 * most `maxSteps` dug steps; fails path_failed, saying where it stopped, when no safe step up is left or the steps run
 * out, and `cancelled` as soon as `signal` aborts (the walk is stopped, not left running under the next act).
 */
export async function climbOut(bot: Bot, memory: BotMemory, signal: AbortSignal, maxSteps = 150): Promise<void> {
  const sky = new OpenSky(bot)
  if (sky.at(bot.entity.position.floored())) return
  if (signal.aborted) return fail('cancelled', 'climbing out: cancelled')
  const stop = () => bot.pathfinder.stop()
  signal.addEventListener('abort', stop, { once: true })
  try {
    bot.pathfinder.setMovements(gentleMovements(bot))
    await bot.pathfinder.goto(sky).catch((error: unknown) => {
      if (!isPathfinderGiveUp(error) && !signal.aborted) throw error
    })
  } finally {
    signal.removeEventListener('abort', stop)
    // Pathfinder keeps walking a partial path after its goto gave up (Timeout): not while the staircase is dug.
    bot.pathfinder.setGoal(null)
  }
  if (signal.aborted) return fail('cancelled', 'climbing out: cancelled')
  if (sky.at(bot.entity.position.floored())) return
  const [dx, dz] = memory.prospectHeading ?? [1, 0]
  const feet = bot.entity.position.floored()
  const { minY = 0, height = 256 } = bot.game as unknown as { minY?: number; height?: number }
  // Far back along the prospect's heading and above the world: every step goes up, the nearest way back first.
  const up = new Vec3(feet.x - dx * 10_000, minY + height + 10, feet.z - dz * 10_000)
  const out = await tunnel(bot, memory, up, () => underOpenSky(bot), signal, maxSteps).catch((error: unknown) => {
    if (!(error instanceof PrimitiveFailure) || error.outcome.failure !== 'path_failed') throw error
    return fail('path_failed', `no way up to the open sky from ${feet}: ${error.outcome.message}`)
  })
  if (!out) {
    const at = bot.entity.position.floored()
    return fail('path_failed', `not out under the open sky after ${maxSteps} steps up from ${feet} (at ${at})`)
  }
}

/**
 * Pathfinder's goal of standing out on the ground: nothing above the feet but air, plants or leaves, up to the top of
 * the world, and a column beside whose ground is level with the feet or a step up, as open. Open sky alone is not
 * out: a staircase dug up ends in a pit two deep at the surface, and no walk leads out of it. Each column's highest
 * cover is read once per goal (a search visits a column many times).
 */
class OpenSky extends goals.Goal {
  private readonly tops = new Map<string, number>()
  constructor(private readonly bot: Bot) {
    super()
  }

  /** Whether feet at `p` stand out on the ground. */
  at(p: { x: number; y: number; z: number }): boolean {
    if (this.coverTop(p.x, p.z) >= p.y) return false
    return HORIZONTAL.some(([dx, dz]) => {
      const ground = this.coverTop(p.x + dx, p.z + dz)
      return ground >= p.y - 1 && ground <= p.y
    })
  }

  /** No estimate: the nearest opening may lie any way (a plain search of the walkable places near the bot). */
  override heuristic(): number {
    return 0
  }

  override isEnd(node: { x: number; y: number; z: number }): boolean {
    return this.at(node)
  }

  /** The highest block over which no sky shows (anything but air, plants and leaves), or +∞ where unknown. */
  private coverTop(x: number, z: number): number {
    const key = `${x},${z}`
    const known = this.tops.get(key)
    if (known !== undefined) return known
    const { minY = 0, height = 256 } = this.bot.game as unknown as { minY?: number; height?: number }
    let top = Number.POSITIVE_INFINITY
    for (let y = minY + height - 1; y >= minY; y--) {
      const block = this.bot.blockAt(new Vec3(x, y, z))
      if (block === null) break
      if (!isAir(block) && !block.name.endsWith('_leaves')) {
        top = y
        break
      }
    }
    this.tops.set(key, top)
    return top
  }
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

/** The safe step that brings the bot nearest to `target`, or undefined. */
function nextStep(bot: Bot, fence: BiomeFence, target: Vec3): Step | undefined {
  const feet = bot.entity.position.floored()
  const dy = target.y - feet.y
  const kind = dy < -1 ? 'down' : dy > 1 ? 'up' : 'level'
  const ranked = [...HORIZONTAL].sort(
    ([ax, az], [bx, bz]) =>
      Math.hypot(target.x - (feet.x + ax), target.z - (feet.z + az)) -
      Math.hypot(target.x - (feet.x + bx), target.z - (feet.z + bz)),
  )
  for (const [dx, dz] of ranked) {
    const step = stepOf(feet, dx, dz, kind)
    if (isSafe(bot, fence, step, feet)) return step
  }
  return undefined
}
