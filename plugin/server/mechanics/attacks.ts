// Which of a player's attacks hurt, as vanilla counts them for what follows from a hit (exhaustion, a weapon's
// wear): a mob or a survival player within reach, not the attacker, and not one this player hurt in the last 10
// ticks (vanilla's invulnerability after a hurt). flying-squid itself lets every click through.
import type { MCServer, SquidEntity, SquidPlayer } from 'flying-squid'
import { Vec3 } from 'vec3'

/** Vanilla hurts an entity again only 10 ticks after it was last hurt; a hit that does not hurt counts for nothing. */
const INVULNERABLE_TICKS = 10
/** Vanilla's attack reach (3) with its 1-block leeway, from the feet rather than the eyes, and some slack. */
const ATTACK_REACH = 6

/** Calls `hurt` for each attack of `player`'s that can hurt its target, as their client sends it. */
export function onHurtingAttack(serv: MCServer, player: SquidPlayer, hurt: (victim: SquidEntity) => void): void {
  /** The tick this player last hurt each entity (by id). */
  const lastHurt = new Map<number, number>()
  player._client.on('use_entity', ({ mouse, target }: { mouse?: unknown; target?: unknown }) => {
    if (mouse !== 1 || typeof target !== 'number') return
    const victim = serv.entities[target] as (SquidEntity & { gameMode?: number }) | undefined
    // A mob or a survival player in reach, not an item or a creative one.
    if (victim === undefined || target === player.id) return
    const hurtable = victim.type === 'mob' || (victim.type === 'player' && victim.gameMode === 0)
    if (!hurtable || victim.position.distanceTo(player.position) > ATTACK_REACH) return
    if (serv.tickCount - (lastHurt.get(target) ?? Number.NEGATIVE_INFINITY) < INVULNERABLE_TICKS) return
    if (lastHurt.size > 256) lastHurt.clear() // entities come and go; only the last few ticks matter
    lastHurt.set(target, serv.tickCount)
    hurt(victim)
  })
}

/** Vanilla's knockback from a player's hit (LivingEntity.knockback(0.4)), in blocks a second: away and a little up. */
const KNOCKBACK_AWAY = 4
const KNOCKBACK_UP = 2

/**
 * A player's hit pushes its target back as vanilla's does: a fixed push away from the attacker and a little up.
 * flying-squid pushes by five times the distance between them (17 blocks a second at 3.5 blocks, capped at 4 a
 * second on each axis but added hit after hit), which threw a zombie three blocks into the air and out of reach.
 */
export function installKnockback(serv: MCServer): void {
  serv.on('newPlayer', (player: SquidPlayer) => {
    player.on('attack_cancel', (data: { attackedEntity?: SquidEntity; velocity?: unknown; maxVelocity?: unknown }) => {
      const target = data.attackedEntity
      if (!target) return
      const [dx, dz] = [target.position.x - player.position.x, target.position.z - player.position.z]
      const flat = Math.hypot(dx, dz) || 1
      data.velocity = new Vec3((dx / flat) * KNOCKBACK_AWAY, KNOCKBACK_UP, (dz / flat) * KNOCKBACK_AWAY)
      data.maxVelocity = new Vec3(KNOCKBACK_AWAY, KNOCKBACK_UP, KNOCKBACK_AWAY)
    })
  })
}
