// Digging in for the night (`place.shelter`, the shelter reflex's act): three blocks straight down where the bot
// stands, a block it holds put over its head (flush with the ground), and there it stays until daybreak. Zombies
// walk the surface toward a player and hit only one within their reach and less than two blocks above or below
// them (hostile-mobs.ts, as vanilla's reach works out): two blocks down was not enough on a slope (a zombie on the
// lower side stood one block above the bot's feet, and a live bench bot died in its hole), three is.
import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import { Vec3 } from 'vec3'
import { type Outcome, success } from '../port.js'
import { untilClock } from './clock.js'
import { fail } from './limits.js'

/** Blocks the bot may put over its head (it digs dirt or stone out of the hole itself). */
const COVERS = ['dirt', 'cobblestone', 'cobbled_deepslate', 'stone', 'netherrack', 'sand', 'gravel', 'oak_planks']
const DEPTH = 3
/** A block that would not hold the bot up, or would pour in on it. */
const UNSAFE = new Set(['water', 'lava', 'air', 'cave_air', 'gravel', 'sand', 'red_sand', 'bedrock'])

/** Under the open sky: nothing but air and leaves between the bot's head and 24 blocks up. */
export function underOpenSky(bot: Bot): boolean {
  if (!bot.entity) return false
  const head = bot.entity.position.floored().offset(0, 1, 0)
  for (let dy = 1; dy <= 24; dy++) {
    const name = bot.blockAt(head.offset(0, dy, 0))?.name
    if (name === undefined) return true // above the loaded world
    if (name !== 'air' && name !== 'cave_air' && !name.endsWith('_leaves')) return false
  }
  return true
}

export async function digIn(bot: Bot, signal: AbortSignal): Promise<Outcome> {
  const feet = bot.entity.position.floored()
  const hole = Array.from({ length: DEPTH }, (_, k) => feet.offset(0, -1 - k, 0))
  const floor = bot.blockAt(feet.offset(0, -DEPTH - 1, 0))
  const blocks = hole.map((p) => bot.blockAt(p))
  const unsafe = [...blocks, floor].find((b) => !b || UNSAFE.has(b.name) || b.boundingBox !== 'block')
  if (unsafe !== undefined) return fail('not_found', `no ground to dig into here (${unsafe?.name ?? 'unloaded'})`)
  if (hole.some((p) => besideLiquid(bot, p))) return fail('not_found', 'water or lava beside the hole')
  const held = bot.heldItem?.name
  for (const at of hole) {
    const block = bot.blockAt(at) as Block
    // The right tool in hand: quicker, and the shield's laws refuse stone dug without a pickaxe (LogicGuard's H5).
    const tool = bot.pathfinder?.bestHarvestTool(block)
    if (tool && bot.heldItem?.name !== tool.name) await bot.equip(tool, 'hand')
    await bot.dig(block, true)
    if (signal.aborted) return fail('cancelled', 'place.shelter was cancelled')
    await fallenTo(bot, at.y, signal)
  }
  // Over the head: the first block dug, flush with the ground around.
  const covered = await cover(bot, feet.offset(0, -1, 0))
  if (held !== undefined && bot.heldItem?.name !== held) {
    const item = bot.inventory.items().find((i) => i.name === held)
    if (item) await bot.equip(item, 'hand').catch(() => {})
  }
  await untilClock(bot, () => bot.time.isDay || bot.health <= 0, signal)
  if (signal.aborted) return fail('cancelled', 'place.shelter was cancelled')
  if (bot.health <= 0) return fail('server_error', `died in the shelter, ${DEPTH} blocks down`)
  return success(`dug in ${DEPTH} blocks down${covered ? ', covered,' : ''} until daybreak`)
}

function besideLiquid(bot: Bot, at: Vec3): boolean {
  for (const [dx, dz] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const) {
    const name = bot.blockAt(at.offset(dx, 0, dz))?.name
    if (name === 'water' || name === 'lava') return true
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
