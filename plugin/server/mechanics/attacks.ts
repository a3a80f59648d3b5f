// Which of a player's attacks hurt, as vanilla counts them for what follows from a hit (exhaustion, a weapon's
// wear): a mob or a survival player within reach, not the attacker, and not one this player hurt in the last 10
// ticks (vanilla's invulnerability after a hurt). flying-squid itself lets every click through.
import type { MCServer, SquidEntity, SquidPlayer } from 'flying-squid'

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
