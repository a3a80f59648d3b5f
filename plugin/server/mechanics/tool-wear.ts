// Tools wear out, which flying-squid 1.12 does not model (a pickaxe there lasts for ever, so a bot's plan never meets
// a broken tool on this server). As vanilla's Item.mineBlock / hurtEnemy do: a block that is not broken instantly
// (hardness above 0) costs the tool in hand 1 use (a sword 2); a hit that hurts costs a sword 1 use and a digging
// tool used as a weapon 2. The damage is the item's own — the `damage` component on 1.20.5+, NBT `Damage` before,
// which is where prismarine-item (mineflayer's `item.durabilityUsed`) reads it — and the slot is resent, so the
// client sees it grow; when it reaches minecraft-data's `maxDurability` the tool breaks: the slot empties, and the
// client hears of it (the slot, and the entity event vanilla sends for a broken main-hand item).
// Not modelled: Unbreaking (vanilla skips a use with chance level/(level+1)), the unbreakable flag, shears' and
// other tools' special rules, the off hand.
import type { MCServer, SquidItem, SquidPlayer } from 'flying-squid'
import type { Block } from 'prismarine-block'
import { onHurtingAttack } from './attacks.js'
import type { ComponentItem } from './prismarine.js'

/** Vanilla's entity event for "the item in the main hand broke" (the client plays the break sound and particles). */
const MAIN_HAND_BREAK = 47
const DIGGERS = /_(pickaxe|axe|shovel|hoe)$/
const SWORDS = /_sword$/

/** Uses a block broken costs the item, by its name (vanilla 1.20.5+: the tool component's damage per block). */
export function wearPerBlock(itemName: string): number {
  if (SWORDS.test(itemName)) return 2
  return DIGGERS.test(itemName) || itemName === 'shears' ? 1 : 0
}

/** Uses a hit that hurts costs the item, by its name (vanilla: SwordItem 1, a digging tool 2). */
export function wearPerHit(itemName: string): number {
  if (SWORDS.test(itemName)) return 1
  return DIGGERS.test(itemName) ? 2 : 0
}

/** Uses spent on `item`, wherever its version keeps them. */
export function durabilityUsed(serv: MCServer, item: SquidItem): number {
  const damage = (item as ComponentItem).componentMap?.get('damage')?.data
  if (typeof damage === 'number') return damage
  if (serv.supportFeature('itemsWithComponents')) return 0
  const nbtDamage = (item.nbt as { value?: { Damage?: { value?: unknown } } } | null)?.value?.Damage?.value
  return typeof nbtDamage === 'number' ? nbtDamage : 0
}

/** Sets the uses spent on `item` where the client reads them: the `damage` component (1.20.5+), NBT `Damage` before. */
export function setDurabilityUsed(serv: MCServer, item: SquidItem, used: number): void {
  const withComponents = item as ComponentItem
  if (serv.supportFeature('itemsWithComponents')) {
    const damage = { type: 'damage', data: used }
    withComponents.components = [...(withComponents.components ?? []).filter((c) => c.type !== 'damage'), damage]
    withComponents.componentMap ??= new Map()
    withComponents.componentMap.set('damage', damage)
    return
  }
  // prismarine-item's setter writes NBT Damage (an int) on these versions, creating the compound if need be.
  ;(item as SquidItem & { durabilityUsed: number }).durabilityUsed = used
}

/** Wears the item in `player`'s hand by `uses(its name)`; breaks it at its maximum. */
export function wearHeldItem(serv: MCServer, player: SquidPlayer, uses: (itemName: string) => number): void {
  const { registry } = serv
  // Creative players' tools do not wear (vanilla's hurtAndBreak skips them); spectators do not dig.
  if (player.gameMode !== 0 && player.gameMode !== 2) return
  const slot = 36 + player.heldItemSlot
  const item = player.inventory.slots[slot]
  if (!item) return
  const max = registry.items[item.type]?.maxDurability
  const cost = uses(registry.items[item.type]?.name ?? '')
  if (!max || cost === 0) return
  const used = durabilityUsed(serv, item) + cost
  if (used >= max) {
    player.inventory.updateSlot(slot, null)
    const broke = { entityId: player.id, entityStatus: MAIN_HAND_BREAK }
    player._client.write('entity_status', broke)
    player._writeOthersNearby('entity_status', broke)
    return
  }
  setDurabilityUsed(serv, item, used)
  player.inventory.updateSlot(slot, item)
}

export function installToolWear(serv: MCServer): void {
  const wear = (player: SquidPlayer, uses: (itemName: string) => number) => wearHeldItem(serv, player, uses)

  serv.on('newPlayer', (player: SquidPlayer) => {
    player.on('dug_done', ({ block }: { block: Block }, cancelled: boolean) => {
      // Vanilla wears a tool only on blocks that take time to break: grass, flowers, torches cost nothing.
      if (!cancelled && block.hardness !== null && block.hardness > 0) wear(player, wearPerBlock)
    })
    onHurtingAttack(serv, player, () => wear(player, wearPerHit))
  })
}
