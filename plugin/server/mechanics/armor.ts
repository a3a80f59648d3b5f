// Armour, which flying-squid 1.12 does not model (a player in an iron chestplate there takes a zombie's hit in
// full). As vanilla (1.21) does for a mob's hit, with the Minecraft Wiki's figures (minecraft.wiki/w/Armor):
// - each piece in the four armour slots gives armour points and toughness (the table below; minecraft-data has no
//   such field);
// - damage after armour = damage × (1 − min(20, max(points / 5, points − 4 · damage / (toughness + 8))) / 25)
//   (CombatRules.getDamageAfterAbsorb: 2 + toughness / 4 = (toughness + 8) / 4);
// - a hit that armour absorbs costs each worn piece max(1, ⌊damage / 4⌋) uses (Inventory.hurtArmor), and a piece
//   that reaches minecraft-data's `maxDurability` breaks (the slot empties).
// Not modelled: enchantments (Protection and the others), Unbreaking, the turtle helmet's effect, netherite's
// knockback resistance, and damage types armour does not stop (fall, starvation, /kill: they do not come here).
import type { MCServer, SquidPlayer } from 'flying-squid'
import { durabilityUsed, setDurabilityUsed } from './tool-wear.js'

/** Armour points and toughness of each piece, by item name (minecraft.wiki/w/Armor#Defense_points). */
export const ARMOR_PIECES: Readonly<Record<string, { readonly points: number; readonly toughness: number }>> = {
  leather_helmet: { points: 1, toughness: 0 },
  leather_chestplate: { points: 3, toughness: 0 },
  leather_leggings: { points: 2, toughness: 0 },
  leather_boots: { points: 1, toughness: 0 },
  chainmail_helmet: { points: 2, toughness: 0 },
  chainmail_chestplate: { points: 5, toughness: 0 },
  chainmail_leggings: { points: 4, toughness: 0 },
  chainmail_boots: { points: 1, toughness: 0 },
  golden_helmet: { points: 2, toughness: 0 },
  golden_chestplate: { points: 5, toughness: 0 },
  golden_leggings: { points: 3, toughness: 0 },
  golden_boots: { points: 1, toughness: 0 },
  iron_helmet: { points: 2, toughness: 0 },
  iron_chestplate: { points: 6, toughness: 0 },
  iron_leggings: { points: 5, toughness: 0 },
  iron_boots: { points: 2, toughness: 0 },
  turtle_helmet: { points: 2, toughness: 0 },
  diamond_helmet: { points: 3, toughness: 2 },
  diamond_chestplate: { points: 8, toughness: 2 },
  diamond_leggings: { points: 6, toughness: 2 },
  diamond_boots: { points: 3, toughness: 2 },
  netherite_helmet: { points: 3, toughness: 3 },
  netherite_chestplate: { points: 8, toughness: 3 },
  netherite_leggings: { points: 6, toughness: 3 },
  netherite_boots: { points: 3, toughness: 3 },
}

/** The player window's armour slots: head, chest, legs, feet (prismarine-windows' inventory layout). */
export const ARMOR_SLOTS = [5, 6, 7, 8] as const

/** Vanilla's damage after armour of `points` and `toughness`. */
export function damageAfterArmor(damage: number, points: number, toughness: number): number {
  const absorbed = Math.min(20, Math.max(points / 5, points - (4 * damage) / (toughness + 8)))
  return damage * (1 - absorbed / 25)
}

/** The armour `player` wears now: summed points and toughness of the pieces in the armour slots. */
export function wornArmor(serv: MCServer, player: SquidPlayer): { points: number; toughness: number } {
  let points = 0
  let toughness = 0
  for (const slot of ARMOR_SLOTS) {
    const item = player.inventory.slots[slot]
    const piece = item ? ARMOR_PIECES[serv.registry.items[item.type]?.name ?? ''] : undefined
    if (!piece) continue
    points += piece.points
    toughness += piece.toughness
  }
  return { points, toughness }
}

interface Hurtable extends SquidPlayer {
  takeDamage(options: Record<string, unknown>): void
}

/**
 * A mob's hit of `damage` on `player`, through the armour it wears: the damage reduced as vanilla reduces it, each
 * worn piece worn by the hit (and broken at its maximum), then flying-squid's own `takeDamage` with the rest.
 */
export function hurtThroughArmor(
  serv: MCServer,
  player: SquidPlayer,
  damage: number,
  options: Record<string, unknown> = {},
): number {
  const { points, toughness } = wornArmor(serv, player)
  const taken = points > 0 ? damageAfterArmor(damage, points, toughness) : damage
  if (points > 0 && player.gameMode === 0) wearArmor(serv, player, Math.max(1, Math.floor(damage / 4)))
  ;(player as Hurtable).takeDamage({ ...options, damage: taken })
  return taken
}

function wearArmor(serv: MCServer, player: SquidPlayer, uses: number): void {
  for (const slot of ARMOR_SLOTS) {
    const item = player.inventory.slots[slot]
    if (!item) continue
    const info = serv.registry.items[item.type]
    if (!info || !ARMOR_PIECES[info.name] || !info.maxDurability) continue
    const used = durabilityUsed(serv, item) + uses
    if (used >= info.maxDurability) {
      player.inventory.updateSlot(slot, null)
      continue
    }
    setDurabilityUsed(serv, item, used)
    player.inventory.updateSlot(slot, item)
  }
}
