/**
 * Handing items to a player: walk up to them, face them, throw the items so they land at their feet, and see them
 * picked up (or see them lying, and say where). A bot that cannot get near keeps the items. A throw comes down about two blocks ahead (vanilla's, and the embedded server's), so the bot stops a
 * little under three blocks away: the items land within the player's pick-up range and outside its own.
 */
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import { CedarError } from '../../errors.js'
import { matchesObject } from '../../vocabulary/families.js'
import { asOwnAct } from '../bot-method-guard.js'
import { pathProblem, playerEntity, walkTo, walkToDistance } from '../pathfinding.js'
import { onTimeUpdate, waitPhysicsTicks } from './clock.js'

/** The player cannot be handed anything (not in sight, nothing of the kind held); the message says why. */
export class HandOverError extends CedarError {
  override name = 'HandOverError'
}

export interface HandOver {
  /** The item's name (`oak_log`), or the names when a family (`logs`) matched several. */
  readonly item: string
  /** The names, one each. */
  readonly items: readonly string[]
  readonly given: number
  /** How many were asked for (`given` is less when the bot had fewer). */
  readonly asked: number
  /** Items the player was seen to pick up. */
  readonly caught: number
  /** Thrown items still lying when the wait was over: how many, and how far the nearest is from the player. */
  readonly lying?: { readonly count: number; readonly distance: number }
  /** Thrown items the bot picked up again. */
  readonly reclaimed?: number
  /** Nothing was thrown: the bot could not get near the player (how far apart they are, and why). */
  readonly unreachable?: Distance & { readonly why: string }
}

/** How far apart the bot and a player are: straight-line blocks, and how much higher the player stands. */
export interface Distance {
  readonly blocks: number
  readonly above: number
}

/** How far from the player the bot throws: the throw lands two blocks out, a pick-up reaches 1.75 blocks. */
const THROW_RANGE = 2.5
/** The farthest the bot throws from: further, the items would land out of the player's reach. */
export const THROW_LIMIT = 4
/** How long thrown items may lie before they are reported as lying there (a pick-up is an event, awaited). */
const PICKUP_WAIT_MS = 6000
/**
 * Server seconds (time updates, one per 20 ticks) that must also pass: a loaded server checks pick-ups late, and
 * wall time alone reported items as lying there that were picked up a moment later. A server that sends no time
 * (its daylight cycle off) is waited for PICKUP_WAIT_MAX_MS at most.
 */
const PICKUP_WAIT_SERVER_SECONDS = 6
const PICKUP_WAIT_MAX_MS = 30_000

/** Item name → count, for `!inventory`. */
export function inventoryCounts(bot: Bot): Map<string, number> {
  const counts = new Map<string, number>()
  for (const item of bot.inventory.items()) counts.set(item.name, (counts.get(item.name) ?? 0) + item.count)
  return counts
}

/** How far `player` is from the bot. */
export function distanceTo(bot: Bot, player: Entity): Distance {
  const blocks = bot.entity.position.distanceTo(player.position)
  return { blocks, above: player.position.y - bot.entity.position.y }
}

/**
 * Gives `count` (default: all) of the items `object` names (an item or a family such as `logs`) to `username`:
 * walks to them first and throws only from within THROW_LIMIT blocks; what became of the items is what the world
 * showed (picked up by the player, lying, picked up again), never assumed.
 */
export async function handOver(
  bot: Bot,
  username: string,
  object: string,
  count: number | undefined,
  signal: AbortSignal,
): Promise<HandOver> {
  const held = [...inventoryCounts(bot)].filter(([name]) => matchesObject(object, name))
  const total = held.reduce((n, [, c]) => n + c, 0)
  if (total === 0) throw new HandOverError(`I have no ${object}`)
  const asked = count ?? total
  const items = held.map(([name]) => name)
  const base = { item: items.join(', '), items, asked, caught: 0 }
  const reached = await approach(bot, username, signal)
  if ('why' in reached) return { ...base, given: 0, unreachable: reached }
  const player = reached.player
  // Standing still and facing the player: a walk's last turn or a step still under way sends the throw elsewhere.
  bot.pathfinder.setGoal(null)
  bot.clearControlStates()
  await bot.lookAt(player.position.offset(0, 1.0, 0), true)
  // The new look reaches the server with the next physics tick's packet; a throw before it flies the old way.
  await waitPhysicsTicks(bot, 2)
  await bot.lookAt(player.position.offset(0, 1.0, 0), true)
  await waitPhysicsTicks(bot, 2)
  const watch = watchThrow(bot, player)
  let given = 0
  try {
    for (const [name, n] of held) {
      const amount = Math.min(n, asked - given)
      if (amount <= 0) break
      signal.throwIfAborted()
      const type = bot.registry.itemsByName[name]?.id
      if (type === undefined) continue
      await bot.toss(type, null, amount)
      given += amount
    }
    const caught = await watch.until(given)
    const now = playerEntity(bot, username) ?? player
    return { ...base, given, caught, ...watch.rest(now) }
  } finally {
    watch.stop()
  }
}

/**
 * Walks to THROW_RANGE of the player (by their current entity: one who left and came back has a new one); when
 * that spot cannot be reached, as near as the way allows. The player, or how far apart they stayed and why.
 */
async function approach(
  bot: Bot,
  username: string,
  signal: AbortSignal,
): Promise<{ player: Entity } | (Distance & { why: string })> {
  let why = 'I found no way to you without digging or building'
  for (const walk of [
    (p: Entity) => walkToDistance(bot, p, THROW_RANGE, signal),
    (p: Entity) => walkTo(bot, p, 2, signal),
  ]) {
    const player = playerEntity(bot, username)
    if (!player) return { blocks: Number.POSITIVE_INFINITY, above: 0, why: 'I cannot see where you are' }
    const now = distanceTo(bot, player).blocks
    // Too near is no good either: a throw from on top of the player lands beyond their reach.
    if (now >= THROW_RANGE - 1 && now <= THROW_RANGE + 0.5) return { player }
    try {
      // The walk is the plugin's own (the shield gate judges it by every law).
      await asOwnAct(bot, () => walk(player))
    } catch (error) {
      if (signal.aborted) throw error
      why = pathProblem(error, 'to you')
    }
    const after = playerEntity(bot, username)
    if (after && distanceTo(bot, after).blocks <= THROW_LIMIT) return { player: after }
  }
  const player = playerEntity(bot, username)
  if (!player) return { blocks: Number.POSITIVE_INFINITY, above: 0, why: 'I cannot see where you are' }
  return { ...distanceTo(bot, player), why }
}

/** Near the bot when they spawn: the items it throws (they spawn at its eyes). */
const THROWN_NEAR = 3

/**
 * Watches a throw: the items `player` picks up from now on, the item entities the throw made, and the ones the bot
 * picked up again. `until(n)` resolves when n were picked up, or once both PICKUP_WAIT_MS and
 * PICKUP_WAIT_SERVER_SECONDS have passed (or PICKUP_WAIT_MAX_MS); `rest` is what the world shows of the others.
 */
function watchThrow(
  bot: Bot,
  player: Entity,
): {
  until(n: number): Promise<number>
  rest(player: Entity): Pick<HandOver, 'lying' | 'reclaimed'>
  stop(): void
} {
  let caught = 0
  let reclaimed = 0
  const thrown = new Map<number, Entity>()
  let wanted = Number.POSITIVE_INFINITY
  let settle: (() => void) | undefined
  // The raw packet, not mineflayer's playerCollect: only the packet says how many items were picked up (1.11+).
  const onCollect = (packet: { collectorEntityId: number; collectedEntityId: number; pickupItemCount?: number }) => {
    const items = packet.pickupItemCount ?? 1
    if (packet.collectorEntityId === bot.entity.id && thrown.has(packet.collectedEntityId)) reclaimed += items
    if (packet.collectorEntityId !== player.id) return
    caught += items
    if (caught >= wanted) settle?.()
  }
  const onSpawn = (entity: Entity) => {
    if (entity.name === 'item' && entity.position.distanceTo(bot.entity.position) <= THROWN_NEAR) {
      thrown.set(entity.id, entity)
    }
  }
  let serverSeconds = 0
  let wallDone = false
  const giveUpIfWaited = () => {
    if (wallDone && serverSeconds >= PICKUP_WAIT_SERVER_SECONDS) settle?.()
  }
  const onTime = () => {
    serverSeconds++
    giveUpIfWaited()
  }
  bot._client.on('collect', onCollect)
  bot.on('entitySpawn', onSpawn)
  const stopClock = onTimeUpdate(bot, onTime)
  const timers: ReturnType<typeof setTimeout>[] = []
  return {
    until(n) {
      wanted = n
      if (caught >= n) return Promise.resolve(caught)
      return new Promise((resolve) => {
        settle = () => resolve(caught)
        timers.push(
          setTimeout(() => {
            wallDone = true
            giveUpIfWaited()
          }, PICKUP_WAIT_MS),
          setTimeout(() => resolve(caught), PICKUP_WAIT_MAX_MS),
        )
      })
    },
    rest(now) {
      const lying = [...thrown.values()].filter((e) => e.isValid && bot.entities[e.id] === e)
      const count = lying.reduce((n, e) => n + (e.getDroppedItem()?.count ?? 1), 0)
      const distance = Math.min(...lying.map((e) => e.position.distanceTo(now.position)))
      return {
        ...(lying.length > 0 ? { lying: { count, distance } } : {}),
        ...(reclaimed > 0 ? { reclaimed } : {}),
      }
    },
    stop() {
      for (const timer of timers) clearTimeout(timer)
      bot._client.off('collect', onCollect)
      bot.off('entitySpawn', onSpawn)
      stopClock()
    },
  }
}
