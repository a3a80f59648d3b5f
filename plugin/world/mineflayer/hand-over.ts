/**
 * Handing items to a player: walk up to them, face them, throw the items so they land at their feet, and see them
 * picked up. A throw comes down about two blocks ahead (vanilla's, and the embedded server's), so the bot stops a
 * little under three blocks away: the items land within the player's pick-up range and outside its own.
 */
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import { CedarError } from '../../errors.js'
import { matchesObject } from '../../vocabulary/families.js'
import { playerEntity, walkToDistance } from '../pathfinding.js'
import { onTimeUpdate } from './clock.js'

/** The player cannot be handed anything (not in sight, nothing of the kind held); the message says why. */
export class HandOverError extends CedarError {
  override name = 'HandOverError'
}

export interface HandOver {
  /** The item's name (`oak_log`), or the names when a family (`logs`) matched several. */
  readonly item: string
  readonly given: number
  /** How many were asked for (`given` is less when the bot had fewer). */
  readonly asked: number
  /** Items the player was seen to pick up. */
  readonly caught: number
}

/** How far from the player the bot throws: the throw lands two blocks out, a pick-up reaches 1.75 blocks. */
const THROW_RANGE = 2.5
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

/** Gives `count` (default: all) of the items `object` names (an item or a family such as `logs`) to `username`. */
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
  const player = playerEntity(bot, username)
  if (!player) throw new HandOverError(`I cannot see you, ${username}; come closer`)
  const asked = count ?? total
  await walkToDistance(bot, player, THROW_RANGE, signal)
  await bot.lookAt(player.position.offset(0, 1.0, 0), true)
  // The new look reaches the server with the next physics tick's packet; a throw before it flies the old way.
  await bot.waitForTicks(2)
  const caught = countPickUps(bot, player)
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
    return { item: held.map(([name]) => name).join(', '), given, asked, caught: await caught.until(given) }
  } finally {
    caught.stop()
  }
}

/**
 * Counts the items `player` picks up from now on; `until(n)` resolves when n were, or once both PICKUP_WAIT_MS and
 * PICKUP_WAIT_SERVER_SECONDS have passed (or PICKUP_WAIT_MAX_MS).
 */
function countPickUps(bot: Bot, player: Entity): { until(n: number): Promise<number>; stop(): void } {
  let caught = 0
  let wanted = Number.POSITIVE_INFINITY
  let settle: (() => void) | undefined
  // The raw packet, not mineflayer's playerCollect: only the packet says how many items were picked up (1.11+).
  const onCollect = (packet: { collectorEntityId: number; pickupItemCount?: number }) => {
    if (packet.collectorEntityId !== player.id) return
    caught += packet.pickupItemCount ?? 1
    if (caught >= wanted) settle?.()
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
    stop() {
      for (const timer of timers) clearTimeout(timer)
      bot._client.off('collect', onCollect)
      stopClock()
    },
  }
}
