// Picking up a dropped stack whole. flying-squid's `player.collect` adds one item whatever the entity holds (a
// thrown stack of 3 logs arrives as 1) and its collect packet names no count; here the stack goes into the
// inventory as a pick-up does in vanilla (onto stacks of its kind first, then empty slots; what does not fit stays
// on the ground), and the packet carries `pickupItemCount`, which clients show and bots can count.
import type { MCServer, SquidEntity } from 'flying-squid'
import { itemClass } from './prismarine.js'
import { insertStack } from './window-session.js'

interface ItemEntity extends SquidEntity {
  itemCount?: number
  damage?: number
  destroy(): void
  _writeNearby(packetName: string, params: Record<string, unknown>): void
}

export function installWholeStackPickups(serv: MCServer): void {
  const Item = itemClass(serv)
  serv.on('newPlayer', (player) => {
    const collector = player as typeof player & { collect(entity: ItemEntity): void; playSoundAtSelf?(s: string): void }
    collector.collect = (entity: ItemEntity) => {
      if (entity.itemId === undefined) return
      const count = entity.itemCount ?? 1
      const left = insertStack(player.inventory, new Item(entity.itemId, count, entity.damage ?? 0), Item)
      const picked = count - left
      if (picked === 0) return
      // To the collector too: the client animates the pick-up and learns the count.
      entity._writeNearby('collect', {
        collectedEntityId: entity.id,
        collectorEntityId: player.id,
        pickupItemCount: picked,
      })
      collector.playSoundAtSelf?.('random.pop')
      if (left === 0) entity.destroy()
      else entity.itemCount = left
    }
  })
}
