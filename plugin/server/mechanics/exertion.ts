// What a player does that makes them hungry, read from the packets their client sends, with vanilla's exhaustion
// for each (Java Edition, the Minecraft wiki's Hunger page, "Exhaustion level increase"; FoodConstants in the game):
// sprinting on the ground 0.1 and swimming 0.01 per metre, a jump 0.05 (0.2 sprinting), a block broken 0.005, an
// attack 0.1. Walking and sneaking cost nothing in Java Edition. Damage taken (0.1 a hit) is counted by hunger.ts,
// which sees the health.
import type { MCServer, SquidPlayer } from 'flying-squid'
import { Vec3 } from 'vec3'
import { isWater as isWaterBlock } from '../../vocabulary/block-classes.js'
import { onHurtingAttack } from './attacks.js'
import { blockFactory } from './prismarine.js'

export const EXHAUSTION = {
  sprintPerMetre: 0.1,
  swimPerMetre: 0.01,
  jump: 0.05,
  sprintJump: 0.2,
  blockBroken: 0.005,
  attack: 0.1,
  damage: 0.1,
} as const

/**
 * A move longer than this in one packet is a teleport (or a client the server will correct), not a walk: vanilla
 * counts no statistics for it either.
 */
const TELEPORT_METRES = 10

interface MovePacket {
  x?: number
  y?: number
  z?: number
  onGround?: boolean
  /** 1.21.2+: onGround moved into movement flags. */
  flags?: { onGround?: boolean }
}

interface Position {
  x: number
  y: number
  z: number
}

/** Calls `exhaust` with the exhaustion of each action `player` takes, as their client reports it. */
export function trackExertion(serv: MCServer, player: SquidPlayer, exhaust: (amount: number) => void): void {
  const Block = blockFactory(serv)
  let last: Position | undefined
  let onGround = true
  let sprinting = false

  const isWater = async (pos: Position): Promise<boolean> => {
    const stateId = await player.world.getBlockStateId(new Vec3(pos.x, pos.y, pos.z).floored())
    return isWaterBlock(Block.fromStateId(stateId, 0).name)
  }
  const report = (error: unknown): void => {
    serv.emit('error', error instanceof Error ? error : new Error(String(error)))
  }

  function moved(packet: MovePacket): void {
    const nowOnGround = packet.flags?.onGround ?? packet.onGround ?? onGround
    const wasOnGround = onGround
    onGround = nowOnGround
    if (typeof packet.x !== 'number' || typeof packet.y !== 'number' || typeof packet.z !== 'number') return
    const next: Position = { x: packet.x, y: packet.y, z: packet.z }
    const from = last
    last = next
    if (from === undefined) return
    const [dx, dy, dz] = [next.x - from.x, next.y - from.y, next.z - from.z]
    const horizontal = Math.hypot(dx, dz)
    if (Math.hypot(horizontal, dy) > TELEPORT_METRES) return
    // Vanilla's server makes the player jump when a move leaves the ground upwards.
    if (wasOnGround && !nowOnGround && dy > 0) exhaust(sprinting ? EXHAUSTION.sprintJump : EXHAUSTION.jump)
    if (horizontal === 0 && dy === 0) return
    // Vanilla counts movement in whole centimetres.
    const metres = (distance: number) => Math.round(distance * 100) / 100
    Promise.all([isWater(next), isWater({ ...next, y: next.y + 1.62 })])
      .then(([feet, eyes]) => {
        if (eyes) exhaust(EXHAUSTION.swimPerMetre * metres(Math.hypot(horizontal, dy)))
        else if (feet) exhaust(EXHAUSTION.swimPerMetre * metres(horizontal))
        else if (nowOnGround && sprinting) exhaust(EXHAUSTION.sprintPerMetre * metres(horizontal))
      })
      .catch(report)
  }

  const client = player._client
  for (const name of ['position', 'position_look', 'look', 'flying']) client.on(name, moved)
  client.on('entity_action', ({ actionId }: { actionId?: unknown }) => {
    if (actionId === 3 || actionId === 'start_sprinting') sprinting = true
    else if (actionId === 4 || actionId === 'stop_sprinting') sprinting = false
  })
  onHurtingAttack(serv, player, () => exhaust(EXHAUSTION.attack))
  player.on('dug_done', (_data: unknown, cancelled: boolean) => {
    if (!cancelled) exhaust(EXHAUSTION.blockBroken)
  })
}
