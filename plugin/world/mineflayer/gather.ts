import type { Bot } from 'mineflayer'
import pathfinderModule from 'mineflayer-pathfinder'
import type { Block } from 'prismarine-block'
import type { Entity } from 'prismarine-entity'
import type { Item } from 'prismarine-item'
import { Vec3 } from 'vec3'
import { armourSlot } from '../../vocabulary/armour.js'
import { isWater } from '../../vocabulary/block-classes.js'
import { matchesObject } from '../../vocabulary/families.js'
import { CHANCE_DROPS, CROPS } from '../../vocabulary/natural.js'
import { nearestStatePosition, statesOf } from '../block-search.js'
import { gentleMovements, walkNear } from '../pathfinding.js'
import { type Outcome, success } from '../port.js'
import { DEFAULT_SEE_RADIUS } from '../predicates.js'
import type { BotMemory } from './bot-memory.js'
import { landed } from './clock.js'
import { pickUpDrops } from './drop-pickup.js'
import { fail, isPathfinderGiveUp, PrimitiveFailure } from './limits.js'
import { placementSpot, roomForBlock } from './room.js'
import { buried, withinReach } from './tunnel-steps.js'
import { tunnelTo } from './underground.js'

const { goals } = pathfinderModule

export function blockIdsOf(bot: Bot, object: string): number[] {
  return bot.registry.blocksArray.filter((b) => matchesObject(object, b.name)).map((b) => b.id)
}

/** The nearest block of `object` within `radius` — the same search, and distance, as an Observation's `nearest`. */
export function findNearestBlock(
  bot: Bot,
  memory: BotMemory,
  object: string,
  radius = DEFAULT_SEE_RADIUS,
  accept?: (position: { x: number; y: number; z: number }) => boolean,
): Block | null {
  const fence = memory.fence
  const fenced = fence.avoiding
  const found = nearestStatePosition(
    bot,
    statesOf(bot, (name) => matchesObject(object, name)),
    radius,
    fenced || accept ? (position) => (!fenced || fence.outside(position)) && (!accept || accept(position)) : undefined,
  )
  return found ? bot.blockAt(new Vec3(found.x, found.y, found.z)) : null
}

/**
 * Not in the bot's own column below its feet, and not one the bot found no safe way to (`memory.unreachable`): the
 * nearest stone is often the block the bot stands on, and mining it, then the next, digs a one-wide shaft straight
 * down (where lava may wait, and where no furnace or bed has room). A player digs beside them, or a staircase; so does
 * the bot.
 */
function notUnderfoot(bot: Bot, memory: BotMemory): (position: { x: number; y: number; z: number }) => boolean {
  const feet = bot.entity.position.floored()
  const given = memory.unreachable
  return (p) => (p.x !== feet.x || p.z !== feet.z || p.y >= feet.y) && !given.has(`${p.x},${p.y},${p.z}`)
}

/** Remembers a block as one the bot found no safe way to (see BotMemory.unreachable). */
function giveUp(memory: BotMemory, at: Vec3): void {
  // Out of reach only behind the act's biome fence ("stay in the plains"), it is not out of reach for the next act.
  if (memory.fence.avoiding) return
  memory.unreachable.add(`${at.x},${at.y},${at.z}`)
}

/**
 * The nearest `object` the bot may mine: not under its feet, not one it found no safe way to; one open to the air
 * first (stone beside the bot, not the stone under the stone beside it: a tunnel toward a walled-in block costs a
 * planned dig of many steps where an open one is taken in one), else the nearest walled-in one (an ore, tunnelled
 * to).
 */
export function minable(bot: Bot, memory: BotMemory, object: string): Block | null {
  const allowed = notUnderfoot(bot, memory)
  const open = (p: { x: number; y: number; z: number }) => allowed(p) && !buried(bot, new Vec3(p.x, p.y, p.z))
  // Open ones only nearby: each candidate checked costs six block reads, and stone walls the bot in by thousands.
  return (
    findNearestBlock(bot, memory, object, OPEN_RADIUS, open) ??
    findNearestBlock(bot, memory, object, DEFAULT_SEE_RADIUS, allowed)
  )
}

/** How far (blocks) an open block is preferred to a nearer walled-in one. */
const OPEN_RADIUS = 6

/**
 * For `logs`, the nearest log of a wood the bot already holds (as logs or planks), if one is in sight: a table
 * takes four planks of one wood (recipes do not mix them), so a forest of oak and birch must not leave the bot with
 * three of each.
 */
function sameWood(bot: Bot, memory: BotMemory, object: string): Block | null {
  if (object !== 'logs') return null
  const woods = new Set(
    bot.inventory
      .items()
      .map((item) => /^(.*)_(log|planks)$/.exec(item.name)?.[1])
      .filter((wood): wood is string => wood !== undefined),
  )
  let best: Block | null = null
  for (const wood of woods) {
    const found = findNearestBlock(bot, memory, `${wood}_log`)
    if (
      found &&
      (!best || found.position.distanceTo(bot.entity.position) < best.position.distanceTo(bot.entity.position))
    )
      best = found
  }
  return best
}

export function inventoryItem(bot: Bot, object: string) {
  return bot.inventory.items().find((item) => matchesObject(object, item.name)) ?? null
}

/** mine.X: the nearest X within sight, collected with the tool in hand (which must be able to harvest it). */
export async function mine(bot: Bot, memory: BotMemory, object: string, signal: AbortSignal): Promise<Outcome> {
  let block = sameWood(bot, memory, object) ?? minable(bot, memory, object)
  if (!block) return fail('not_found', `no ${object} within ${DEFAULT_SEE_RADIUS} blocks; explore first`)
  if (object in CROPS && !ripe(block)) {
    // Broken unripe, a crop gives back only its seed: a bot that sowed and harvested at once sowed and harvested
    // again all day. It waits for the crop as a player does.
    const ripeOne = findNearestBlock(bot, memory, object, DEFAULT_SEE_RADIUS, (p) => {
      const crop = bot.blockAt(new Vec3(p.x, p.y, p.z))
      return crop !== null && ripe(crop)
    })
    if (!ripeOne) return fail('not_now', `no ${object} in sight is ripe yet (the nearest: ${growth(block)})`)
    block = ripeOne
  }
  const tools = block.harvestTools ? Object.keys(block.harvestTools).map(Number) : []
  const held = bot.heldItem
  if (tools.length > 0 && !(held && tools.includes(held.type))) {
    const names = tools.map((id) => bot.registry.items[id]?.name).filter(Boolean)
    return fail(
      'missing_tool',
      `${block.name} needs one of ${names.slice(0, 4).join(', ')} in hand (holding ${held?.name ?? 'nothing'})`,
    )
  }
  let before = countItems(bot)
  try {
    if (buried(bot, block.position)) {
      // Walled in (under the surface): dig a safe tunnel to it rather than let collectblock's pathfinder search
      // a way through the ground, which takes it too long and digs straight down. One no safe tunnel reaches is
      // left for the next; when none of a few is reached, the act has found none it can take: `not_found`, so the
      // controller explores (prospects) for more rather than give the goal up on ores that lie by lava or water.
      block = await tunnelToOne(bot, memory, object, block, signal)
      before = countItems(bot) // what the tunnel yielded is not the act's
      await landed(bot) // a dig begun in the air takes five times as long
      await bot.dig(bot.blockAt(block.position) ?? block, true)
    } else if (block.boundingBox === 'empty') {
      await breakPlant(bot, memory, block, signal)
    } else {
      // The trunk is read before the collect: collectblock's walk onto the drop in the hole digs the log above it
      // when the bot's head meets it (the log then no longer there to find).
      const trunk = object === 'logs' ? trunkAbove(bot, block) : []
      await collectWithin(bot, memory, block, COLLECT_MS)
      if (trunk.length > 0) await restOfTrunk(bot, block, trunk, signal)
    }
  } finally {
    // collectblock equips whatever digs fastest (for a log with no axe, any item, a stick say); the tool the skill
    // equipped goes back in hand, as the Sim and the event logger's `equipped` expect — after a failure too.
    await reequip(bot, held).catch(() => undefined)
  }
  // What was picked up meanwhile (the tunnel's spoil, lying about) is not the block's drop.
  const drops = new Set(dropNames(bot, block))
  const gotDrop = () => {
    const got = diffItems(before, countItems(bot))
    return drops.size === 0 ? got : got.filter((entry) => drops.has(entry.slice(entry.indexOf(' ') + 1)))
  }
  let gained = gotDrop()
  if (gained.length === 0) {
    // collectblock sometimes digs from reach distance and leaves the drop lying; the server only hands items to
    // players standing within ~1.75 blocks, so walk onto what fell.
    await pickUpDrops(bot, block.position, signal)
    gained = gotDrop()
    // The drop's entity goes before the server's slot update for it comes: wait a few ticks for that.
    for (let tick = 0; gained.length === 0 && tick < SLOT_UPDATE_TICKS && !signal.aborted; tick++) {
      await bot.waitForTicks(1)
      gained = gotDrop()
    }
  }
  // The act is for the item: a dig whose drop never reached the inventory has not done it, and the plan must not
  // go on as if it had (the next act, a craft from that item, would be refused or fail). The controller retries.
  if (gained.length === 0) {
    // Grass gives its seeds only by chance and nothing else: one that gave nothing was broken all the same (as in
    // the Sim), and the plan breaks another until they come, rather than give the act up after three. Leaves stay
    // a failure: a plan after their sticks or sapling has other ways to them.
    const chance = CHANCE_DROPS[block.name]
    if (chance !== undefined && GRASS.has(block.name)) {
      return success(`broke ${block.name}; nothing dropped (1 in ${Math.round(1 / chance)} does)`)
    }
    return fail('no_drop', `mined ${block.name}, but nothing was picked up`)
  }
  return success(`got ${gained.join(', ')}`)
}

/**
 * Grass, flowers and crops have no collision box, so collectblock's goal (looking at the block's face) is never met
 * for one a few blocks away, and its pathfinder thinks its full 5 s and gives up: a player walks up and breaks it.
 */
async function breakPlant(bot: Bot, memory: BotMemory, block: Block, signal: AbortSignal): Promise<void> {
  try {
    await walkNear(bot, block.position, 2, signal)
  } catch (error) {
    if (!isPathfinderGiveUp(error)) throw error
    giveUp(memory, block.position)
    return fail('path_failed', `found no way to the ${block.name} at ${block.position}: ${(error as Error).message}`)
  }
  await bot.dig(bot.blockAt(block.position) ?? block, true)
}

const GRASS = new Set(['short_grass', 'tall_grass'])

/** Ticks a picked-up drop's inventory slot may take to arrive after its entity went. */
const SLOT_UPDATE_TICKS = 10

/** A crop at its last growth stage (wheat, carrots and potatoes 7, beetroots 3). */
function ripe(crop: Block): boolean {
  const age = Number(crop.getProperties().age)
  return Number.isFinite(age) && age >= maxAge(crop)
}

function maxAge(crop: Block): number {
  return crop.name === 'beetroots' ? 3 : 7
}

function growth(crop: Block): string {
  return `stage ${Number(crop.getProperties().age)} of ${maxAge(crop)}`
}

/** Logs above the first that one `mine.logs` takes from its trunk, within reach. */
const TRUNK_LOGS = 3

/** The logs of `first`'s trunk above it, up to TRUNK_LOGS (a gap or another block ends the trunk). */
function trunkAbove(bot: Bot, first: Block): Vec3[] {
  const trunk: Vec3[] = []
  for (let dy = 1; dy <= TRUNK_LOGS; dy++) {
    const at = first.position.offset(0, dy, 0)
    if (bot.blockAt(at)?.name !== first.name) break
    trunk.push(at)
  }
  return trunk
}

/**
 * Wood for the tech tree (`mine.logs`, not a log asked for by name) is taken as a player takes it: the trunk above
 * the log, as far as the bot reaches from where it stands, a few seconds a log, not one log a walk (the way to an
 * iron pickaxe takes wood again and again, and a walk to a tree can take half a minute). Each drop is waited for and
 * walked onto. A dig refused or failed ends it quietly: the first log is the act's.
 */
async function restOfTrunk(bot: Bot, first: Block, trunk: Vec3[], signal: AbortSignal): Promise<void> {
  for (const at of trunk) {
    if (signal.aborted) return
    const next = bot.blockAt(at)
    if (next?.name === 'air') continue // dug by collectblock's walk onto the first drop; its drop is swept below
    if (next?.name !== first.name || !withinReach(bot, at)) break
    try {
      await landed(bot)
      await bot.dig(next, true)
    } catch {
      break
    }
    await pickUpDrops(bot, at, signal, 5)
  }
  // A drop from high up can land after its own walk ended, and one dug on the way was never walked to: a last sweep
  // round the trunk's foot, for every drop still lying there.
  await pickUpDrops(bot, first.position, signal, 5, { waitForSpawn: false })
}

/** Buried blocks one act tunnels towards before it says none is within reach. */
const TUNNEL_CANDIDATES = 3

/**
 * A tunnel dug to `first`, or else to the next buried `object`, up to TUNNEL_CANDIDATES of them (each one no safe
 * tunnel reaches left alone from then on, `giveUp`); the block reached.
 */
async function tunnelToOne(
  bot: Bot,
  memory: BotMemory,
  object: string,
  first: Block,
  signal: AbortSignal,
): Promise<Block> {
  const reasons: string[] = []
  for (
    let block: Block | null = first;
    block && reasons.length < TUNNEL_CANDIDATES;
    block = minable(bot, memory, object)
  ) {
    try {
      await tunnelTo(bot, memory, block.position, signal)
      return block
    } catch (error) {
      if (!(error instanceof PrimitiveFailure && error.outcome.failure === 'path_failed')) throw error
      giveUp(memory, block.position)
      reasons.push(error.outcome.message)
    }
  }
  return fail('not_found', `no ${object} in sight that I can safely reach (${reasons.join('; ')})`)
}

/**
 * How long collectblock may walk and dig for one block in the open: a block in reach of a walk is collected in
 * seconds, and one collectblock never reaches would otherwise hold the act to its full deadline (minutes of a day)
 * while another block lies near.
 */
const COLLECT_MS = 45_000

/** collectblock's collect, given up after `ms` (the block left alone from then on, `giveUp`) with `path_failed`. */
export async function collectWithin(bot: Bot, memory: BotMemory, block: Block, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), ms)
  })
  const collecting = bot.collectBlock.collect(block)
  try {
    if ((await Promise.race([collecting, expired])) !== 'expired') return
  } catch (error) {
    // Pathfinder found no way there, or took its 5 s to think and found none (a log on a steep hill): that block is
    // left, and the next act takes another, as a player would, rather than fail on it again.
    if (!isPathfinderGiveUp(error)) throw error
    giveUp(memory, block.position)
    return fail('path_failed', `found no way to the ${block.name} at ${block.position}: ${(error as Error).message}`)
  } finally {
    clearTimeout(timer)
  }
  collecting.catch(() => undefined) // cancelled below; its rejection is expected
  await bot.collectBlock.cancelTask().catch(() => undefined)
  bot.pathfinder.setGoal(null)
  giveUp(memory, block.position)
  return fail('path_failed', `could not reach the ${block.name} at ${block.position} in ${ms / 1000} s`)
}

export async function equip(bot: Bot, object: string): Promise<Outcome> {
  const item = inventoryItem(bot, object)
  if (!item) return fail('missing_ingredients', `no ${object} in the inventory`)
  // Armour is put on where it is worn (mineflayer moves it to the armour slot); anything else goes in hand.
  const slot = armourSlot(item.name)
  await bot.equip(item, slot ?? 'hand')
  return success(slot ? `wearing ${item.name}` : `holding ${item.name}`)
}

/** place.X: on top of a solid block next to the bot, where there is room. */
export async function place(bot: Bot, object: string, signal?: AbortSignal): Promise<Outcome> {
  const item = inventoryItem(bot, object)
  if (!item) return fail('missing_ingredients', `no ${object} in the inventory`)
  const spot = placementSpot(bot) ?? (await roomForBlock(bot, signal ?? new AbortController().signal))
  if (!spot) return fail('not_found', 'no free spot within 2 blocks of me to place a block on, and none safe to dig')
  await placeFromHand(bot, item, spot)
  return success(`placed ${item.name}`)
}

/**
 * Places `item` on top of `spot`. Placing goes through the hand; the tool held before goes back there, since in the
 * Sim (and in the event logger's `equipped`) placing a block leaves the tool equipped.
 */
export async function placeFromHand(bot: Bot, item: Item, spot: Block): Promise<void> {
  const held = bot.heldItem
  await bot.equip(item, 'hand')
  await bot.placeBlock(spot, new Vec3(0, 1, 0))
  await reequip(bot, held)
}

/** Puts an item of `held`'s kind back in hand if something else took its place (and one is still there). */
export async function reequip(bot: Bot, held: Item | null): Promise<void> {
  const tool = held ? bot.inventory.items().find((i) => i.type === held.type) : undefined
  if (tool && bot.heldItem?.type !== tool.type) await bot.equip(tool, 'hand')
}

/** eat.X: the food in hand, eaten. */
export async function eat(bot: Bot, object: string): Promise<Outcome> {
  const item = inventoryItem(bot, object)
  if (!item) return fail('missing_ingredients', `no ${object} to eat`)
  await bot.equip(item, 'hand')
  await bot.consume()
  return success(`ate ${item.name}`)
}

/** kill.X: the nearest such mob, attacked until it is gone. */
export async function kill(bot: Bot, object: string, signal: AbortSignal, memory?: BotMemory): Promise<Outcome> {
  const before = countItems(bot)
  const target = bot.nearestEntity((e) => e.name === object && e.type !== 'player' && !inWater(bot, e))
  if (!target) return fail('not_found', `no ${object} nearby (none out of the water)`)
  // A kill counts when the server says the mob fought died (its death status), not when it is merely gone.
  let died = false
  const onDead = (entity: Entity) => {
    if (entity.id === target.id) died = true
  }
  bot.on('entityDead', onDead)
  bot.pathfinder.setMovements(gentleMovements(bot))
  bot.pathfinder.setGoal(new goals.GoalFollow(target, 2), true)
  try {
    while (target.isValid && !signal.aborted) {
      if (bot.entity.position.distanceTo(target.position) < 3.5) bot.attack(target)
      await new Promise<void>((resolve) => bot.once('physicsTick', () => resolve()))
    }
  } finally {
    bot.pathfinder.setGoal(null)
    bot.off('entityDead', onDead)
  }
  if (died && memory) memory.kills.set(object, (memory.kills.get(object) ?? 0) + 1)
  if (signal.aborted) return fail('cancelled', `kill.${object} was cancelled`)
  // The drop (the meat a hunt is for) lies where the mob fell, and the server hands it only to a player on it.
  await pickUpDrops(bot, target.position.floored(), signal)
  const gained = diffItems(before, countItems(bot))
  return success(gained.length > 0 ? `${object} is gone; got ${gained.join(', ')}` : `${object} is gone`)
}

/**
 * Whether a mob stands in water. One is not chased: the chase would take the bot into the lake, the swimming reflex
 * take it ashore, and the chase in again, without end.
 */
export function inWater(bot: Bot, e: Entity): boolean {
  return isWater(bot.blockAt(e.position.floored())?.name)
}

/** The items a block drops when mined (minecraft-data's list), by name; empty when it does not say. */
function dropNames(bot: Bot, block: Block): string[] {
  const drops = (bot.registry.blocks[block.type] as { drops?: unknown[] } | undefined)?.drops ?? []
  return drops
    .map((drop) => (typeof drop === 'number' ? drop : (drop as { drop?: number | { id?: number } })?.drop))
    .map((drop) => (typeof drop === 'number' ? drop : drop?.id))
    .map((id) => (id === undefined ? undefined : bot.registry.items[id]?.name))
    .filter((name): name is string => name !== undefined)
}

function countItems(bot: Bot): Map<string, number> {
  const counts = new Map<string, number>()
  for (const item of bot.inventory.items()) counts.set(item.name, (counts.get(item.name) ?? 0) + item.count)
  return counts
}

function diffItems(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after]
    .filter(([name, n]) => n > (before.get(name) ?? 0))
    .map(([name, n]) => `${n - (before.get(name) ?? 0)} ${name}`)
}
