// Dropping items into the world the way flying-squid's digging does (one item entity per stack, picked up by
// walking over it), for what a closed or broken container cannot keep.
import type { MCServer, SquidPlayer, SquidVec3, SquidWorld } from 'flying-squid'
import { Vec3 } from 'vec3'

interface ObjectSpawner {
  spawnObject(type: number, world: SquidWorld, position: unknown, data: Record<string, unknown>): void
}

export function dropItem(
  serv: MCServer,
  world: SquidWorld,
  at: SquidVec3,
  itemId: number,
  count: number,
  pickupTime = 500,
): void {
  const itemEntity = serv.registry.entitiesByName.item?.id
  if (itemEntity === undefined || count <= 0) return
  ;(serv as unknown as ObjectSpawner).spawnObject(itemEntity, world, new Vec3(at.x, at.y, at.z), {
    velocity: new Vec3(0, 0, 0),
    itemId,
    itemDamage: 0,
    itemCount: count,
    pickupTime,
    deathTime: 60 * 5 * 1000,
  })
}

/** Vanilla's pickup delay for an item a player throws (40 ticks): the thrower does not catch it at once. */
const THROWN_PICKUP_MS = 2000
/** How far ahead of the thrower a thrown item comes down (vanilla's throw lands about two blocks out). */
const THROW_DISTANCE = 2

/** A player with the yaw of the last look its client sent (see `trackLooks`), in degrees as the packet has it. */
interface LookingPlayer extends SquidPlayer {
  cedarLookYaw?: number
}

/**
 * Keeps the yaw of each look `player`'s client sends, as it arrives. flying-squid applies a look only after its
 * asynchronous behavior hooks, so a look and a throw read from one TCP chunk (a loaded server reads them together)
 * reached the throw first: an item handed to a player flew the way the thrower had walked, away from them.
 */
export function trackLooks(player: SquidPlayer): void {
  const looking = player as LookingPlayer
  const keep = ({ yaw }: { yaw?: unknown }) => {
    if (typeof yaw === 'number' && Number.isFinite(yaw)) looking.cedarLookYaw = yaw
  }
  player._client.on('look', keep)
  player._client.on('position_look', keep)
}

/**
 * An item a player throws (Q, or a click outside the inventory window), landing where vanilla's throw would: about
 * two blocks ahead along the player's look, not in the thrower's own pick-up range, so it can be handed to a player
 * standing there. Yaw 0 faces +z and turns towards -x (the packet's degrees, or flying-squid's 1/256 turns).
 */
export function throwItem(serv: MCServer, player: SquidPlayer, itemId: number, count: number): void {
  const degrees = (player as LookingPlayer).cedarLookYaw
  const turn = degrees === undefined ? (player.yaw * 2 * Math.PI) / 256 : (degrees * Math.PI) / 180
  const at = player.position.offset(-Math.sin(turn) * THROW_DISTANCE, 0.25, Math.cos(turn) * THROW_DISTANCE)
  dropItem(serv, player.world, at, itemId, count, THROWN_PICKUP_MS)
}
