// Out of a liquid (`explore.safe_ground`, the escape reflex's act): what endangers the bot where it stands (the
// Observation's `hazard`), the nearest spot it can stand on out of water and away from lava, and getting there —
// swimming straight at it (the pathfinder plans no swims: it will not enter water deeper than a block), or walking
// with the pathfinder when the bot stands on land beside lava.
import type { Bot } from 'mineflayer'
import pathfinderModule from 'mineflayer-pathfinder'
import { Vec3 } from 'vec3'
import { isLiquid, isWater } from '../../vocabulary/block-classes.js'
import { gentleMovements } from '../pathfinding.js'
import { type Outcome, success } from '../port.js'
import { fail } from './limits.js'

const { goals } = pathfinderModule

/** Lava this close to the feet (one block across, at the feet or below them) is a step away. */
const LAVA_REACH = 1
/** A safe spot keeps this far from lava. */
const LAVA_CLEAR = 2
/** How far the search for a spot looks, across and up or down. */
const SEARCH_ACROSS = 12
const SEARCH_DOWN = 3
const SEARCH_UP = 4
/** Swim ticks without getting nearer before the swim gives up (stuck against a wall the search did not see). */
const STALL_TICKS = 200

/**
 * `water` when the bot swims (in water with its head under, or over water deeper than its feet), `lava` when lava is
 * a step away. Water a block deep is waded, not swum: pathfinder jumps while in water, so a wading bot is off the
 * ground half the time, and reading that as swimming would call the escape reflex again and again (a chase along a
 * lake shore would be taken ashore every second).
 */
export function hazardAt(bot: Bot): 'water' | 'lava' | undefined {
  if (!bot.entity) return undefined
  const feet = bot.entity.position.floored()
  if (lavaWithin(bot, feet, LAVA_REACH, -1)) return 'lava'
  if (!isWater(bot.blockAt(feet)?.name)) return undefined
  const headUnder = isWater(bot.blockAt(feet.offset(0, 1, 0))?.name)
  const deep = isWater(bot.blockAt(feet.offset(0, -1, 0))?.name)
  return headUnder || deep ? 'water' : undefined
}

function lavaWithin(bot: Bot, at: Vec3, across: number, below: number): boolean {
  for (let dx = -across; dx <= across; dx++)
    for (let dz = -across; dz <= across; dz++)
      for (let dy = below; dy <= 1; dy++) if (bot.blockAt(at.offset(dx, dy, dz))?.name === 'lava') return true
  return false
}

/** Where the bot could stand: solid below, room for its body (no liquid in it), no lava near. */
function standable(bot: Bot, at: Vec3): boolean {
  const below = bot.blockAt(at.offset(0, -1, 0))
  const feet = bot.blockAt(at)
  const head = bot.blockAt(at.offset(0, 1, 0))
  if (!below || !feet || !head || below.boundingBox !== 'block') return false
  const clear = (b: typeof feet) => b.boundingBox === 'empty' && !isLiquid(b.name)
  return clear(feet) && clear(head) && !lavaWithin(bot, at, LAVA_CLEAR, -1)
}

/** The nearest standable spot in the loaded world, or undefined. */
export function nearestSafeGround(bot: Bot): Vec3 | undefined {
  const here = bot.entity.position.floored()
  const spots: Vec3[] = []
  for (let dx = -SEARCH_ACROSS; dx <= SEARCH_ACROSS; dx++)
    for (let dz = -SEARCH_ACROSS; dz <= SEARCH_ACROSS; dz++)
      for (let dy = -SEARCH_DOWN; dy <= SEARCH_UP; dy++) spots.push(here.offset(dx, dy, dz))
  const cost = (at: Vec3) => at.distanceTo(here) + Math.max(0, at.y - here.y)
  spots.sort((a, b) => cost(a) - cost(b))
  return spots.find((at) => standable(bot, at))
}

export async function toSafeGround(bot: Bot, signal: AbortSignal): Promise<Outcome> {
  const hazard = hazardAt(bot)
  if (hazard === undefined) return success('already on safe ground')
  const spot = nearestSafeGround(bot)
  if (!spot) return fail('not_found', `no ground to stand on out of the ${hazard} within ${SEARCH_ACROSS} blocks`)
  if (hazard === 'water') await swimTo(bot, spot, signal)
  else {
    bot.pathfinder.setMovements(gentleMovements(bot))
    await bot.pathfinder.goto(new goals.GoalBlock(spot.x, spot.y, spot.z)).catch(() => {})
  }
  if (signal.aborted) return fail('cancelled', 'explore.safe_ground was cancelled')
  const left = hazardAt(bot)
  if (left !== undefined) return fail('path_failed', `still ${left === 'water' ? 'in the water' : 'beside lava'}`)
  const at = bot.entity.position.floored()
  return success(`out of the ${hazard}, at ${at.x} ${at.y} ${at.z}`)
}

/** Straight at the spot, swimming up (jump) all the way, until the bot stands out of the water. */
async function swimTo(bot: Bot, spot: Vec3, signal: AbortSignal): Promise<void> {
  const aim = spot.offset(0.5, 0, 0.5)
  let best = Number.POSITIVE_INFINITY
  let stalled = 0
  try {
    while (!signal.aborted && stalled < STALL_TICKS) {
      const position = bot.entity.position
      const across = Math.hypot(aim.x - position.x, aim.z - position.z)
      if (hazardAt(bot) === undefined && bot.entity.onGround && across < 1.5) return
      if (across < best - 0.05) {
        best = across
        stalled = 0
      } else stalled++
      await bot.lookAt(new Vec3(aim.x, position.y + bot.entity.height * 0.9, aim.z), true)
      bot.setControlState('forward', across > 0.3)
      bot.setControlState('jump', true)
      await new Promise<void>((resolve) => bot.once('physicsTick', () => resolve()))
    }
  } finally {
    bot.clearControlStates()
  }
}
