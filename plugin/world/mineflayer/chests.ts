/**
 * Chests on the live bot: `store.X` walks to the nearest chest in sight (placing the one held when none is), opens
 * it (`bot.openContainer`) and deposits every X held (or the primitive's `count`); `take.X` withdraws every X the
 * nearest chest holds (or `count`). What the
 * bot saw inside each chest it opened is remembered (BotMemory.chests): the Observation's `stored`, so a goal such
 * as `stored.diamond.5` is what the chest showed, not what the bot meant to put there.
 */
import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import type { Item } from 'prismarine-item'
import { matchesObject } from '../../vocabulary/families.js'
import type { Primitive } from '../../vocabulary/symbols.js'
import { type Outcome, success } from '../port.js'
import type { BotMemory } from './bot-memory.js'
import { findNearestBlock, place } from './gather.js'
import { fail } from './limits.js'
import { walkNear } from './using.js'

type Chest = Awaited<ReturnType<Bot['openContainer']>>

/** The nearest chest in sight, or the one held put down; null when there is neither. */
async function nearestChest(
  bot: Bot,
  memory: BotMemory,
  placeHeld: boolean,
  signal: AbortSignal,
): Promise<Block | null> {
  const found = findNearestBlock(bot, memory, 'chest')
  if (found || !placeHeld || !bot.inventory.items().some((i) => i.name === 'chest')) return found
  const placed = await place(bot, 'chest', signal)
  return placed.ok ? findNearestBlock(bot, memory, 'chest') : null
}

/** Opens `block`, runs `use` on its window, remembers what it holds after, and closes it. */
async function withChest<T>(
  bot: Bot,
  memory: BotMemory,
  block: Block,
  signal: AbortSignal,
  use: (chest: Chest) => Promise<T>,
) {
  await walkNear(bot, block.position, 3, signal)
  const chest = await bot.openContainer(block)
  try {
    const result = await use(chest)
    const contents = new Map<string, number>()
    for (const item of chest.containerItems()) contents.set(item.name, (contents.get(item.name) ?? 0) + item.count)
    memory.chests.set(block.position.toString(), { at: block.position.clone(), contents })
    return result
  } finally {
    chest.close()
  }
}

/** Moves up to `count` (every one when undefined) of `stacks` with `move`, stack by stack; what moved, by name. */
async function moveStacks(
  stacks: readonly Item[],
  count: number | undefined,
  move: (item: Item, n: number) => Promise<void>,
): Promise<Map<string, number>> {
  let left = count ?? Number.POSITIVE_INFINITY
  const moved = new Map<string, number>()
  for (const item of stacks) {
    const n = Math.min(item.count, left)
    if (n <= 0) break
    await move(item, n)
    moved.set(item.name, (moved.get(item.name) ?? 0) + n)
    left -= n
  }
  return moved
}

/** A chest act on the live bot: `primitive.count` of its object moved, or every one. */
type ChestAct = (bot: Bot, memory: BotMemory, primitive: Primitive, signal: AbortSignal) => Promise<Outcome>

/** `store.X`: `primitive.count` of X, or every one held. */
export const storeInChest: ChestAct = async (bot, memory, { object, count }, signal) => {
  const wanted = (name: string) => matchesObject(object, name) && !(name === 'chest' && object !== 'chest')
  if (!bot.inventory.items().some((i) => wanted(i.name)))
    return fail('missing_ingredients', `no ${object} to put in a chest`)
  const block = await nearestChest(bot, memory, true, signal)
  if (!block) return fail('not_found', 'no chest in sight or in the inventory')
  const put = await withChest(bot, memory, block, signal, (chest) =>
    moveStacks(
      chest.items().filter((i) => wanted(i.name)),
      count,
      (item, n) => chest.deposit(item.type, item.metadata, n),
    ),
  )
  return success(`put ${[...put].map(([name, n]) => `${n} ${name}`).join(', ')} in the chest`)
}

/** `take.X`: `primitive.count` of X, or every one the chest holds. */
export const takeFromChest: ChestAct = async (bot, memory, { object, count }, signal) => {
  const block = await nearestChest(bot, memory, false, signal)
  if (!block) return fail('not_found', 'no chest in sight')
  const took = await withChest(bot, memory, block, signal, (chest) =>
    moveStacks(
      chest.containerItems().filter((i) => matchesObject(object, i.name)),
      count,
      (item, n) => chest.withdraw(item.type, item.metadata, n),
    ),
  )
  if (took.size === 0) return fail('not_found', `the chest holds no ${object}`)
  return success(`took ${[...took].map(([name, n]) => `${n} ${name}`).join(', ')} from the chest`)
}

/**
 * What the chests the bot opened held when it last saw them, for the Observation; a chest seen gone (broken, its
 * chunk loaded and no chest there) is forgotten.
 */
export function storedSeen(bot: Bot, memory: BotMemory): Map<string, number> {
  const stored = new Map<string, number>()
  for (const [key, { at, contents }] of memory.chests) {
    const block = bot.blockAt(at)
    if (block && block.name !== 'chest') {
      memory.chests.delete(key)
      continue
    }
    for (const [name, n] of contents) stored.set(name, (stored.get(name) ?? 0) + n)
  }
  return stored
}
