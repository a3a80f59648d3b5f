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

/**
 * The player's entity, if the bot can see them. A player who left and came back is a new entity, and the old one
 * may linger (the server despawns it only for players near it; mineflayer then binds the first it finds): the
 * newest entity of that name is the player.
 */
export function playerEntity(bot: Bot, username: string): Entity | undefined {
  const listed = bot.players[username]
  if (!listed) return undefined
  let newest: Entity | undefined
  for (const entity of Object.values(bot.entities)) {
    if (entity.type !== 'player' || entity.username !== username || entity === bot.entity || !entity.isValid) continue
    if (!newest || entity.id > newest.id) newest = entity
  }
  return newest ?? listed.entity ?? undefined
}

/**
 * Forgets a player's entity when they leave: the server tells only players near them, and a bot that kept the old
 * entity would walk to where they once stood, or think itself beside them, after they came back elsewhere.
 * Returns the uninstaller.
 */
export function forgetPlayersWhoLeave(bot: Bot): () => void {
  const onLeft = (player: { username: string }) => {
    for (const entity of Object.values(bot.entities)) {
      if (entity.type !== 'player' || entity.username !== player.username || entity === bot.entity) continue
      delete bot.entities[entity.id]
      entity.isValid = false
      bot.emit('entityGone', entity)
    }
  }
  bot.on('playerLeft', onLeft)
  return () => bot.off('playerLeft', onLeft)
}

/**
 * A pathfinder failure in a player's words. Its own texts ("Took to long to decide path to goal!", "No path to the
 * goal!") say nothing to a player; `where` is the place ("to you", "to the birch log").
 */
export function pathProblem(error: unknown, where: string): string {
  const name = error instanceof Error ? error.name : ''
  const message = error instanceof Error ? error.message : String(error)
  if (name === 'Timeout' || /took to long|took too long/i.test(message))
    return `I could not find a path ${where} in time`
  if (name === 'NoPath' || /no path/i.test(message)) return `I found no way ${where} without digging or building`
  if (name === 'GoalChanged' || name === 'PathStopped') return `my walk ${where} was interrupted`
  return `I could not walk ${where}: ${message}`
}

/**
 * Walks to within `range` blocks of the player, following them if they move (and their new entity if they leave
 * and come back). Pathfinder "reaches" a goal it has no path to with an empty path, so this never trusts the walk:
 * what counts is the distance afterwards. Resolves undefined when there, else why not.
 */
export async function walkToPlayer(
  bot: Bot,
  username: string,
  range: number,
  signal: AbortSignal,
): Promise<string | undefined> {
  bot.pathfinder.setMovements(gentleMovements(bot))
  let why = `I found no way to you without digging or building`
  for (let attempt = 0; attempt < 4; attempt++) {
    const player = playerEntity(bot, username)
    if (!player) return 'I cannot see where you are; come closer'
    if (bot.entity.position.distanceTo(player.position) <= range + 1) return undefined
    const { x, y, z } = player.position
    const before = bot.entity.position.clone()
    try {
      await untilAborted(signal, bot, bot.pathfinder.goto(new goals.GoalNear(x, y, z, range)))
    } catch (error) {
      if (signal.aborted) throw error
      why = pathProblem(error, 'to you')
    }
    // Not a step made: another attempt would find the same nothing.
    if (bot.entity.position.distanceTo(before) < 0.5) break
  }
  const player = playerEntity(bot, username)
  if (!player) return 'I cannot see where you are; come closer'
  return bot.entity.position.distanceTo(player.position) <= range + 1 ? undefined : why
}

/** Walks to within `range` blocks of the entity's current position; rejects when the signal aborts. */
export async function walkTo(bot: Bot, target: Entity, range: number, signal: AbortSignal): Promise<void> {
  const { x, y, z } = target.position
  bot.pathfinder.setMovements(gentleMovements(bot))
  await untilAborted(signal, bot, bot.pathfinder.goto(new goals.GoalNear(x, y, z, range)))
}

/** Walks to within `range` blocks of a block's position; rejects when the signal aborts. */
export async function walkNear(bot: Bot, at: Vec3, range: number, signal: AbortSignal): Promise<void> {
  bot.pathfinder.setMovements(gentleMovements(bot))
  await untilAborted(signal, bot, bot.pathfinder.goto(new goals.GoalNear(at.x, at.y, at.z, range)))
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

/**
 * Keeps within `range` blocks of the player until the signal aborts; never resolves otherwise. A player who leaves
 * and comes back is a new entity: the follow moves on to it.
 */
export async function follow(bot: Bot, username: string, range: number, signal: AbortSignal): Promise<void> {
  bot.pathfinder.setMovements(gentleMovements(bot))
  let following: Entity | undefined
  const track = () => {
    const player = playerEntity(bot, username)
    if (!player || player === following) return
    following = player
    bot.pathfinder.setGoal(new goals.GoalFollow(player, range), true)
  }
  const onSpawn = (entity: Entity) => {
    if (entity.type === 'player' && entity.username === username) track()
  }
  track()
  bot.on('entitySpawn', onSpawn)
  bot.on('playerJoined', track)
  try {
    await untilAborted(signal, bot, new Promise<never>(() => {}))
  } finally {
    bot.off('entitySpawn', onSpawn)
    bot.off('playerJoined', track)
  }
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
