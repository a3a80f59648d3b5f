// sleep.bed on a real server: a bed placed within sight is used where it stands; a bed carried is put down where
// both its halves fit, slept in, and taken back in the morning (as the Sim's sleep does: a bed left behind on the
// surface is out of reach the next night, 60 blocks down a tunnel). A bed goes down facing away from the player
// (its head one block further on than its foot, the way vanilla's BedItem and our server do it), so a spot must
// have room for two blocks in a line away from where the bot stands: in a 1-wide tunnel that is along the tunnel,
// behind the bot, never at its side; on a staircase there is none (each step is a block lower), so the bot walks to
// the nearest place that has one (a landing, a level stretch, the surface). Only when no such place is within
// reach are two blocks dug out beside the bot for the bed (room.ts): that dig is part of going to bed, as walking to
// the bed is, not a mine act of its own; the shield's gate judges it by the laws, not by "sleep at night", which
// judged the sleep (bot-method-guard.ts Preparations).
import type { Bot } from 'mineflayer'
import pathfinderModule from 'mineflayer-pathfinder'
import type { Block } from 'prismarine-block'
import { Vec3 } from 'vec3'
import { isLiquid } from '../../vocabulary/block-classes.js'
import { gentleMovements } from '../pathfinding.js'
import { type Outcome, success } from '../port.js'
import type { BotMemory } from './bot-memory.js'
import { firstEvent, untilClock, untilInventory } from './clock.js'
import { pickUpDrops } from './drop-pickup.js'
import { findNearestBlock, inventoryItem, kill, reequip } from './gather.js'
import { fail } from './limits.js'
import { canPlaceOn, isFree, roomForBed } from './room.js'
import { HORIZONTAL } from './tunnel-steps.js'
import { workstation } from './workstations.js'

const { goals } = pathfinderModule

/** How far (blocks, each axis) the bot looks for a place to put its bed down. */
const SITE_RADIUS = 12
/** How long the bot may lie in bed before the night is skipped (vanilla: 100 ticks; the server's rate varies). */
const WAKE_WAIT_MS = 10_000

/** Where a carried bed goes: the bot stands at `stand`, the foot is placed on `floor` (the block under it). */
export interface BedSite {
  readonly stand: Vec3
  readonly foot: Vec3
  readonly head: Vec3
  readonly floor: Vec3
}

/** sleep.bed: only at night, in a bed in sight (walked to) or one carried (put down, slept in, taken back). */
export async function sleep(bot: Bot, memory: BotMemory, signal: AbortSignal): Promise<Outcome> {
  if (bot.time.isDay) return fail('not_now', 'you can only sleep at night')
  const carried = inventoryItem(bot, 'beds')
  const held = bot.heldItem
  // Should putting it down fail, the bed stays where it is: the next try finds it in sight (dug up at night, its drop
  // may never be picked up, and the bed is lost), and takes it back in the morning as its own.
  const bed =
    findNearestBlock(bot, memory, 'beds') || !carried
      ? await workstation(bot, memory, 'beds', signal)
      : await memory.preparations
          .during(() => placeBed(bot, memory, signal))
          .catch(async (error: unknown) => {
            // Not put down (or not seen to be): the tool goes back in hand now, part of the failed going to bed.
            await memory.preparations.during(() => reequip(bot, held)).catch(() => undefined)
            throw error
          })
  await sleepIn(bot, bed, signal)
  // Asleep is not done: the act lasts the night, so nothing is done awake after it before morning (an act that ended
  // at lying down would let the next act, mining say, run in the dark). Not woken (another player up, the night not
  // skipped), the bot is left lying there.
  if (!(await woken(bot, signal))) return success('asleep')
  // The server's time comes after the wake.
  await untilClock(bot, () => bot.time.isDay, signal)
  await fightOff(bot, signal)
  const taken = putDownHere(memory, bed) ? await takeBack(bot, bed, signal) : false
  await reequip(bot, held)
  return success(`slept until morning${taken ? ', and took the bed back' : ''}`)
}

/**
 * Into the bed, from within mineflayer's reach of it (5 blocks from the eyes): walked up to when further, and tried
 * once more (the block read afresh) after the bot walked up again when mineflayer says it cannot click it or it is
 * too far (mineflayer can say "cant click the bed" beside a bed the bot has just put down on a staircase, for no
 * cause we know), or after it fought off the zombies when mineflayer says there are monsters nearby.
 */
async function sleepIn(bot: Bot, bed: Block, signal: AbortSignal): Promise<void> {
  const walkUp = async () => {
    bot.pathfinder.setMovements(gentleMovements(bot))
    await bot.pathfinder.goto(new goals.GoalNear(bed.position.x, bed.position.y, bed.position.z, 1))
  }
  const eyes = bot.entity.position.offset(0, bot.entity.height ?? 1.62, 0)
  if (eyes.distanceTo(bed.position.offset(0.5, 0.5, 0.5)) > 4) await walkUp()
  try {
    await bot.sleep(bot.blockAt(bed.position) ?? bed)
  } catch (error) {
    const message = (error as Error).message
    // Zombies come at dusk, and at a raised tick rate they reach the bot within seconds: it fights them off (each
    // blow judged by the shield like any attack) and lies down again.
    if (/monsters nearby/.test(message)) await fightOff(bot, signal)
    else if (/cant click|too far/.test(message)) await walkUp()
    else throw error
    await bot.sleep(bot.blockAt(bed.position) ?? bed)
  }
}

/** Sites tried, nearest first, when the way to one cannot be walked (the far side of a wall, say). */
const SITES_TRIED = 4

/**
 * The walk to a bed's place: the gentle walk (no digging, no towers), but leaves may be broken on the way, as a player
 * breaks them to climb down out of a tree (live, a bot beside a trunk with leaves round its head had no other way).
 */
function throughLeaves(bot: Bot): ReturnType<typeof gentleMovements> {
  const movements = gentleMovements(bot)
  movements.canDig = true
  movements.exclusionAreasBreak = [(block) => (block.name.endsWith('_leaves') ? 0 : 100)]
  return movements
}

/** The carried bed, put down at the nearest site with room for it (walked to when it is not where the bot is). */
async function placeBed(bot: Bot, memory: BotMemory, signal: AbortSignal): Promise<Block> {
  let tried = 0
  let lastError: unknown
  for (const site of bedSites(bot)) {
    if (tried++ >= SITES_TRIED) break
    if (signal.aborted) return fail('cancelled', 'sleep: cancelled')
    if (!bot.entity.position.floored().equals(site.stand)) {
      bot.pathfinder.setMovements(throughLeaves(bot))
      try {
        await bot.pathfinder.goto(new goals.GoalBlock(site.stand.x, site.stand.y, site.stand.z))
      } catch (error) {
        lastError = error
        continue
      }
      // pathfinder's goto resolves, without an error, when it finds no path at all (the bot at the bottom of a
      // shaft under a surface site, or walled in): the bed would go down out of its reach ("the bed is too far").
      if (bot.entity.position.floored().distanceTo(site.stand) > 1) {
        lastError = new Error(
          `no way to walk to a place for the bed (${site.stand}) from ${bot.entity.position.floored()}`,
        )
        continue
      }
    }
    // Where the bot came to rest decides which way the bed faces: off the stand's centre it may face into a wall,
    // and then the next site is tried.
    if (!isFree(bot.blockAt(site.foot.plus(facingFrom(bot.entity.position, site.foot))))) continue
    try {
      return await putDown(bot, memory, site)
    } catch (error) {
      // The server refused it ("the block is still air": the head faced a wall after all): the next site.
      lastError = error
    }
  }
  // Nowhere within reach (the bottom of a one-wide shaft, a tunnel with no landing, sites with no way to them): two
  // blocks are dug out beside the bot for it, as a player makes a nook for their bed. It is part of going to bed,
  // not an act of its own.
  const nook = await roomForBed(bot, (foot) => facingFrom(bot.entity.position, foot), signal)
  if (nook) return putDown(bot, memory, nook)
  if (lastError !== undefined) throw lastError
  return fail(
    'not_found',
    `no room for a bed within ${SITE_RADIUS} blocks (two free blocks in a line), and none safe to dig`,
  )
}

/** Whether the bot put `bed` down itself (see BotMemory.bedsPutDown): a bed it found is left standing. */
function putDownHere(memory: BotMemory, bed: Block): boolean {
  return memory.bedsPutDown.some((at) => at.equals(bed.position))
}

/** The bed placed from where the bot stands at `site`. */
async function putDown(bot: Bot, memory: BotMemory, site: BedSite): Promise<Block> {
  const item = inventoryItem(bot, 'beds')
  const floor = bot.blockAt(site.floor)
  if (!item || !floor) return fail('not_found', 'the bed or the block under it is gone')
  // The tool goes back in hand in the morning (takeBack): at night under "sleep at night" an equip is an act awake,
  // and the shield refuses it.
  await bot.equip(item, 'hand')
  // Remembered before the server answers: a bed placed whose update came too late ("Event blockUpdate did not fire")
  // is still this bot's, found in sight by the next try.
  memory.bedsPutDown.push(site.foot, site.head)
  await bot.placeBlock(floor, new Vec3(0, 1, 0))
  const placed = bot.blockAt(site.foot)
  if (!placed?.name.endsWith('_bed')) return fail('server_error', `placed a bed but see ${placed?.name ?? 'nothing'}`)
  return placed
}

/**
 * Places to stand from which a bed fits, nearest first: the foot one block off (level, or a block up or down) on a
 * solid block, the head one further on away from the bot, both free (air, grass and the like; not water or lava),
 * neither in the bot's own column. The stand itself is a free column of two with a floor.
 */
export function* bedSites(bot: Bot, radius = SITE_RADIUS): Generator<BedSite> {
  const here = bot.entity.position.floored()
  const candidates: Vec3[] = []
  for (let dx = -radius; dx <= radius; dx++)
    for (let dy = -radius; dy <= radius; dy++)
      for (let dz = -radius; dz <= radius; dz++) candidates.push(here.offset(dx, dy, dz))
  // Nearest first, a block up or down counting double: climbing out of a tunnel or up a tree is the longer way.
  const cost = (p: Vec3) => (p.x - here.x) ** 2 + 4 * (p.y - here.y) ** 2 + (p.z - here.z) ** 2
  candidates.sort((a, b) => cost(a) - cost(b))
  for (const stand of candidates) {
    if (!canStand(bot, stand)) continue
    // Standing still where the bot is, its actual position decides the facing; elsewhere it will be centred.
    const from = stand.equals(here) ? bot.entity.position : stand.offset(0.5, 0, 0.5)
    const site = siteFrom(bot, stand, from)
    if (site) yield site
  }
}

function siteFrom(bot: Bot, stand: Vec3, from: Vec3): BedSite | undefined {
  for (const [dx, dz] of HORIZONTAL)
    for (const dy of [0, -1, 1]) {
      const foot = stand.offset(dx, dy, dz)
      const head = foot.plus(facingFrom(from, foot))
      const floor = foot.offset(0, -1, 0)
      if (!canPlaceOn(bot.blockAt(floor))) continue
      if (!isFree(bot.blockAt(foot)) || !isFree(bot.blockAt(head))) continue
      if (head.x === stand.x && head.z === stand.z) continue
      return { stand, foot, head, floor }
    }
  return undefined
}

/** The horizontal unit step a bed placed at `foot` by a player at `from` faces (away from the player). */
export function facingFrom(from: Vec3, foot: Vec3): Vec3 {
  const dx = foot.x + 0.5 - from.x
  const dz = foot.z + 0.5 - from.z
  return Math.abs(dx) > Math.abs(dz) ? new Vec3(Math.sign(dx), 0, 0) : new Vec3(0, 0, Math.sign(dz) || 1)
}

function canStand(bot: Bot, at: Vec3): boolean {
  const floor = bot.blockAt(at.offset(0, -1, 0))
  // Not on a tree's leaves: a stand in the canopy is near as the crow flies and out of walking reach.
  return (
    floor?.boundingBox === 'block' &&
    !floor.name.endsWith('_leaves') &&
    isPassable(bot.blockAt(at)) &&
    isPassable(bot.blockAt(at.offset(0, 1, 0)))
  )
}

const isPassable = (block: Block | null): boolean =>
  block !== null && block.boundingBox === 'empty' && !isLiquid(block.name)

/** Resolves true when the bot leaves its bed (the night skipped), false on the signal or after WAKE_WAIT_MS. */
function woken(bot: Bot, signal: AbortSignal): Promise<boolean> {
  return firstEvent(
    bot,
    bot,
    'wake',
    () => true,
    { ms: WAKE_WAIT_MS },
    () => false,
    signal,
  )
}

/** How near a zombie must be at daybreak to be fought (its follow range is 35; one this near will find the bot). */
const FIGHT_RANGE = 12
/** Zombies fought at most, one after another, before the morning goes on, and for how long each. */
const MAX_FIGHTS = 4
const FIGHT_MS = 8_000

/**
 * At daybreak, the zombies that came at dusk before the bot lay down are still there: they burn in the sun for 400
 * ticks and hit for 3 every 20, so three of them can take a bot from full health to nothing in its first act of the
 * morning. A player fights them off before going on; so does the bot, the nearest first.
 */
async function fightOff(bot: Bot, signal: AbortSignal): Promise<void> {
  const near = () =>
    bot.nearestEntity((e) => e.name === 'zombie' && e.position.distanceTo(bot.entity.position) < FIGHT_RANGE)
  for (let fights = 0; fights < MAX_FIGHTS && near() && !signal.aborted; fights++) {
    // One it cannot reach (up on the surface, say) is given up on, not chased until the act's deadline.
    await kill(bot, 'zombie', AbortSignal.any([signal, AbortSignal.timeout(FIGHT_MS)])).catch(() => undefined)
  }
}

/** The bed dug up and its drop picked up; whether it is back in the inventory. */
async function takeBack(bot: Bot, bed: Block, signal: AbortSignal): Promise<boolean> {
  const before = inventoryItem(bot, 'beds')?.count ?? 0
  const back = () => (inventoryItem(bot, 'beds')?.count ?? 0) > before
  // Twice: one go may leave the bed out of the inventory (a half still standing, or its drop rolled away).
  for (let attempt = 0; attempt < 2 && !signal.aborted; attempt++) {
    const block = bedPartNear(bot, bed.position)
    if (block) await bot.dig(block, true)
    await pickUpDrops(bot, block?.position ?? bed.position, signal)
    // The server hands a drop over on its entity tick, which can come seconds after the bot stands on the bed's drop
    // in a nook: a few seconds more for it.
    if (await untilInventory(bot, back, PICKUP_GRACE_MS)) return true
  }
  return back()
}

/** The bed's foot where it was put down, or its head (or what is left of either) beside it. */
function bedPartNear(bot: Bot, foot: Vec3): Block | null {
  const at = [foot, ...HORIZONTAL.map(([dx, dz]) => foot.offset(dx, 0, dz))]
  return at.map((p) => bot.blockAt(p)).find((b) => b?.name.endsWith('_bed')) ?? null
}

const PICKUP_GRACE_MS = 5_000
