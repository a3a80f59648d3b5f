// Digging in for the night (`place.shelter`, the shelter reflex's act): three blocks straight down where the bot
// stands, a block it holds put over its head (flush with the ground), and there it stays until daybreak. Zombies
// walk the surface toward a player and hit only one within their reach and less than two blocks above or below
// them (hostile-mobs.ts, as vanilla's reach works out): two blocks down is not enough on a slope, where a zombie on
// the lower side stands one block above the bot's feet and reaches it; three is. A bot with work to go on with from
// the hole (`toWorkFrom`: an ore to dig down to) stays only until it is covered: a prospect's stairs from the bottom
// run under the ground the hole was dug in, out of the zombies' reach, and the night is not waited out for nothing.
import type { Bot } from 'mineflayer'
import pathfinderModule from 'mineflayer-pathfinder'
import type { Block } from 'prismarine-block'
import { Vec3 } from 'vec3'
import { AIR_BLOCKS, isLiquid, isUnsafeGround } from '../../vocabulary/block-classes.js'
import { gentleMovements } from '../pathfinding.js'
import { type Outcome, success } from '../port.js'
import { landed, untilClock, waitPhysicsTicks } from './clock.js'
import { fail } from './limits.js'

/** Blocks the bot may put over its head (it digs dirt or stone out of the hole itself). */
const COVERS = ['dirt', 'cobblestone', 'cobbled_deepslate', 'stone', 'netherrack', 'sand', 'gravel', 'oak_planks']
const DEPTH = 3
const { goals } = pathfinderModule

/** Under the open sky: nothing but air and leaves between the bot's head and 24 blocks up. */
export function underOpenSky(bot: Bot): boolean {
  if (!bot.entity) return false
  const head = bot.entity.position.floored().offset(0, 1, 0)
  for (let dy = 1; dy <= 24; dy++) {
    const name = bot.blockAt(head.offset(0, dy, 0))?.name
    if (name === undefined) return true // above the loaded world
    if (!AIR_BLOCKS.has(name) && !name.endsWith('_leaves')) return false
  }
  return true
}

export async function digIn(bot: Bot, signal: AbortSignal, { toWorkFrom = false } = {}): Promise<Outcome> {
  await landed(bot) // a bot caught mid-jump would read the air under it as the ground to dig into
  const site = await holeSite(bot)
  if (typeof site === 'string') return fail('not_found', site)
  const feet = site
  await centre(bot, feet, signal) // from a block's edge the bot would stand on beside its hole, not fall in
  const hole = Array.from({ length: DEPTH }, (_, k) => feet.offset(0, -1 - k, 0))
  const bottom = hole[DEPTH - 1] as Vec3
  const held = bot.heldItem?.name
  for (const at of hole) {
    const block = bot.blockAt(at) as Block
    // The right tool in hand: quicker, and the shield's laws refuse stone dug without a pickaxe (vanilla-hard's V1).
    const tool = bot.pathfinder?.bestHarvestTool(block)
    if (tool && bot.heldItem?.name !== tool.name) await bot.equip(tool, 'hand')
    await bot.dig(block, true)
    if (signal.aborted) return fail('cancelled', 'place.shelter was cancelled')
    await fallenTo(bot, at.y, signal)
    // A zombie's hit knocks the bot back: out of a hole not yet deep, digging on would dig a pit beside it.
    if (!inColumn(bot, feet))
      return fail('path_failed', `knocked out of the shelter while digging in (at ${here(bot)})`)
  }
  // Over the head: the first block dug, flush with the ground around.
  const covered = await cover(bot, feet.offset(0, -1, 0))
  if (held !== undefined && bot.heldItem?.name !== held) {
    const item = bot.inventory.items().find((i) => i.name === held)
    if (item) await bot.equip(item, 'hand').catch(() => {})
  }
  if (toWorkFrom && covered) return success(`dug in ${DEPTH} blocks down and covered, to work on from there`)
  const left = await waitInHole(bot, bottom, signal)
  if (signal.aborted) return fail('cancelled', 'place.shelter was cancelled')
  if (bot.health <= 0) return fail('server_error', `died in the shelter, ${DEPTH} blocks down`)
  // Out of the hole or hurt in it, the night is not waited out there (a bot that waits on, exposed or beside a
  // zombie fallen in, dies before daybreak): the act ends, and the reflexes (a fight, a new hole) take it from there.
  if (left !== undefined) return fail('path_failed', left)
  return success(`dug in ${DEPTH} blocks down${covered ? ', covered,' : ''} until daybreak`)
}

/**
 * Where to dig: where the bot stands, or else the nearest spot within SITE_RADIUS (a block up to two down) with
 * diggable ground, walked to: a bot on the edge of a block stands over air, and one on a tree's leaves over the air
 * under the canopy, and with no hole at all it is left to the zombies it meant to dig in against. A reason when there
 * is none, or the walk did not get there.
 */
async function holeSite(bot: Bot): Promise<Vec3 | string> {
  const feet = bot.entity.position.floored()
  const reason = unsuitable(bot, feet)
  if (reason === undefined) return feet
  const spots: Vec3[] = []
  for (let dx = -SITE_RADIUS; dx <= SITE_RADIUS; dx++)
    for (let dz = -SITE_RADIUS; dz <= SITE_RADIUS; dz++)
      for (const dy of [0, -1, 1, -2]) if (dx !== 0 || dz !== 0) spots.push(feet.offset(dx, dy, dz))
  const cost = (at: Vec3) => Math.hypot(at.x - feet.x, at.z - feet.z) + Math.abs(at.y - feet.y)
  const site = spots.sort((a, b) => cost(a) - cost(b)).find((at) => unsuitable(bot, at) === undefined)
  if (!site) return `${reason}, nor within ${SITE_RADIUS} blocks`
  bot.pathfinder.setMovements(gentleMovements(bot))
  await bot.pathfinder.goto(new goals.GoalBlock(site.x, site.y, site.z)).catch(() => {})
  await landed(bot)
  return bot.entity.position.floored().equals(site) ? site : `${reason}, and no way to ground beside it`
}

/** How far (blocks across) the bot looks for ground to dig into when there is none where it stands. */
const SITE_RADIUS = 4

/** Why a hole can not be dug under `feet` (room to stand there, sound ground three down, no liquid beside it). */
function unsuitable(bot: Bot, feet: Vec3): string | undefined {
  const room = [feet, feet.offset(0, 1, 0)].map((p) => bot.blockAt(p))
  if (room.some((b) => b?.boundingBox !== 'empty' || isLiquid(b.name))) return 'no room'
  const hole = Array.from({ length: DEPTH }, (_, k) => feet.offset(0, -1 - k, 0))
  const floor = bot.blockAt(feet.offset(0, -DEPTH - 1, 0))
  const unsafe = [...hole.map((p) => bot.blockAt(p)), floor].find(
    (b) => !b || isUnsafeGround(b.name) || b.boundingBox !== 'block',
  )
  if (unsafe !== undefined) return `no ground to dig into here (${unsafe?.name ?? 'unloaded'})`
  if (hole.some((p) => besideLiquid(bot, p))) return 'water or lava beside the hole'
  return undefined
}

/** Walks the bot to the middle of the block it stands on (a few ticks at most). */
async function centre(bot: Bot, feet: Vec3, signal: AbortSignal): Promise<void> {
  const middle = feet.offset(0.5, 0, 0.5)
  const off = () => Math.hypot(bot.entity.position.x - middle.x, bot.entity.position.z - middle.z)
  try {
    for (let tick = 0; tick < 40 && off() > 0.2 && !signal.aborted; tick++) {
      await bot.lookAt(middle.offset(0, bot.entity.height * 0.9, 0), true)
      bot.setControlState('sneak', true) // no step over the block's edge
      bot.setControlState('forward', true)
      await waitPhysicsTicks(bot, 1)
    }
  } finally {
    bot.clearControlStates()
  }
}

const here = (bot: Bot) => bot.entity.position.floored().toString()

/** The bot's feet over the block column of `at` (any height). */
function inColumn(bot: Bot, at: Vec3): boolean {
  const { x, z } = bot.entity.position
  return Math.floor(x) === at.x && Math.floor(z) === at.z
}

/**
 * Waits in the hole until daybreak (read at the server's time updates) or `signal`; ends sooner, with why, when the
 * bot is out of its hole or hurt there (a zombie fallen in with it).
 */
async function waitInHole(bot: Bot, bottom: Vec3, signal: AbortSignal): Promise<string | undefined> {
  const start = bot.health
  const why = (): string | undefined => {
    if (bot.health <= 0) return 'died'
    if (!inColumn(bot, bottom) || bot.entity.position.y > bottom.y + 1)
      return `knocked out of the shelter (at ${here(bot)})`
    if (bot.health < start) return `hurt in the shelter (health ${Math.round(bot.health)})`
    return undefined
  }
  let left: string | undefined
  const over = () => {
    left = why()
    return left !== undefined || bot.time.isDay
  }
  await untilClock(bot, over, signal, ['time', 'health', 'move'])
  return left
}

function besideLiquid(bot: Bot, at: Vec3): boolean {
  for (const [dx, dz] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const) {
    if (isLiquid(bot.blockAt(at.offset(dx, 0, dz))?.name)) return true
  }
  return false
}

/** Waits (a few seconds at most) until the bot's feet are down at `y`. */
async function fallenTo(bot: Bot, y: number, signal: AbortSignal): Promise<void> {
  for (let tick = 0; tick < 100 && !signal.aborted; tick++) {
    if (bot.entity.position.y < y + 0.1 && bot.entity.onGround) return
    await new Promise<void>((resolve) => bot.once('physicsTick', () => resolve()))
  }
}

/** A block held over the head (at the hole's top), against one of the hole's walls; false when none is held. */
async function cover(bot: Bot, top: Vec3): Promise<boolean> {
  const item = bot.inventory.items().find((i) => COVERS.includes(i.name))
  if (!item) return false
  for (const face of [new Vec3(1, 0, 0), new Vec3(-1, 0, 0), new Vec3(0, 0, 1), new Vec3(0, 0, -1)]) {
    const wall = bot.blockAt(top.plus(face))
    if (wall?.boundingBox !== 'block') continue
    try {
      await bot.equip(item, 'hand')
      await bot.placeBlock(wall, face.scaled(-1))
      return true
    } catch {
      // this wall would not take it: the next
    }
  }
  return false
}
