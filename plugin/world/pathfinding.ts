import type { Bot } from 'mineflayer'
import pathfinderModule from 'mineflayer-pathfinder'
import type { Entity } from 'prismarine-entity'
import { Vec3 } from 'vec3'

// Named ESM imports of pathfinder type-check but fail at run time (it is CommonJS): destructure the default.
const { goals, Movements } = pathfinderModule

/** Movements that never break or build: a bot sent to a player should not tunnel through their house. */
export function gentleMovements(bot: Bot): InstanceType<typeof Movements> {
  const movements = new Movements(bot)
  movements.canDig = false
  movements.allow1by1towers = false
  movements.scafoldingBlocks = []
  return movements
}

/** The player's entity, if the bot can see them. */
export function playerEntity(bot: Bot, username: string): Entity | undefined {
  return bot.players[username]?.entity ?? undefined
}

/** Walks to within `range` blocks of the entity's current position; rejects when the signal aborts. */
export async function walkTo(bot: Bot, target: Entity, range: number, signal: AbortSignal): Promise<void> {
  const { x, y, z } = target.position
  bot.pathfinder.setMovements(gentleMovements(bot))
  await untilAborted(signal, bot, bot.pathfinder.goto(new goals.GoalNear(x, y, z, range)))
}

/**
 * Walks to a spot `distance` blocks from the entity, on the side the bot is on (a bot standing on the player steps
 * back): for acts that need some room, such as throwing an item to land at the player's feet.
 */
export async function walkToDistance(bot: Bot, target: Entity, distance: number, signal: AbortSignal): Promise<void> {
  const from = target.position
  const away = bot.entity.position.minus(from)
  away.y = 0
  const length = away.norm()
  const direction = length < 0.5 ? new Vec3(1, 0, 0) : away.scaled(1 / length)
  const spot = from.plus(direction.scaled(distance))
  bot.pathfinder.setMovements(gentleMovements(bot))
  await untilAborted(signal, bot, bot.pathfinder.goto(new goals.GoalBlock(spot.x, from.y, spot.z)))
}

/**
 * Walks back to `position` (where a player was), then to the player if the bot can see them by then. A long way
 * back crosses chunks the bot no longer has, so the pathfinder goes in partial paths and is asked again.
 */
export async function returnTo(
  bot: Bot,
  username: string,
  position: { readonly x: number; readonly y: number; readonly z: number },
  range: number,
  signal: AbortSignal,
): Promise<void> {
  bot.pathfinder.setMovements(gentleMovements(bot))
  for (let attempt = 0; attempt < 4; attempt++) {
    const player = playerEntity(bot, username)
    const goal = player?.position ?? position
    if (bot.entity.position.distanceTo(new Vec3(goal.x, goal.y, goal.z)) <= range + 0.5) return
    try {
      await untilAborted(signal, bot, bot.pathfinder.goto(new goals.GoalNear(goal.x, goal.y, goal.z, range)))
    } catch (error) {
      if (signal.aborted) throw error
      // no full path yet: walk the part there is, and ask again
    }
  }
}

/** Keeps within `range` blocks of the entity until the signal aborts; never resolves otherwise. */
export async function follow(bot: Bot, target: Entity, range: number, signal: AbortSignal): Promise<void> {
  bot.pathfinder.setMovements(gentleMovements(bot))
  bot.pathfinder.setGoal(new goals.GoalFollow(target, range), true)
  await untilAborted(signal, bot, new Promise<never>(() => {}))
}

async function untilAborted<T>(signal: AbortSignal, bot: Bot, work: Promise<T>): Promise<T> {
  signal.throwIfAborted()
  let onAbort: () => void = () => {}
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      bot.pathfinder.setGoal(null)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
  // goto rejects with GoalChanged when the goal is cleared; that rejection is expected once aborted.
  work.catch(() => {})
  try {
    return await Promise.race([work, aborted])
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
}

/** Halts every motion the bot may be in, whoever started it. */
export function haltMotion(bot: Bot): void {
  bot.pathfinder?.setGoal(null)
  bot.pathfinder?.stop()
  void bot.collectBlock?.cancelTask().catch(() => {})
  if (bot.targetDigBlock) bot.stopDigging()
  bot.clearControlStates()
}
