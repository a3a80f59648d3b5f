// Farm animals' health and loot, which flying-squid lacks (its mobs have 20 HP and drop nothing): a sheep, cow,
// pig or chicken gets its vanilla health when it spawns, and when it dies drops what vanilla's loot tables give
// (unenchanted, no fire): sheep 1 white wool + 1-2 mutton, cow 0-2 leather + 1-3 beef, pig 1-3 porkchop, chicken
// 0-2 feathers + 1 chicken. The corpse is removed for every client after the death animation.
import type { MCServer, SquidEntity } from 'flying-squid'

interface Loot {
  readonly item: string
  readonly min: number
  readonly max: number
}

export const ANIMALS: Readonly<Record<string, { readonly health: number; readonly loot: readonly Loot[] }>> = {
  sheep: {
    health: 8,
    loot: [
      { item: 'white_wool', min: 1, max: 1 },
      { item: 'mutton', min: 1, max: 2 },
    ],
  },
  cow: {
    health: 10,
    loot: [
      { item: 'leather', min: 0, max: 2 },
      { item: 'beef', min: 1, max: 3 },
    ],
  },
  pig: { health: 10, loot: [{ item: 'porkchop', min: 1, max: 3 }] },
  chicken: {
    health: 4,
    loot: [
      { item: 'feather', min: 0, max: 2 },
      { item: 'chicken', min: 1, max: 1 },
    ],
  },
}

/** minecraft-data's entity types of living things other than players. */
const CREATURE_TYPES = new Set(['mob', 'animal', 'hostile', 'passive', 'water_creature', 'ambient'])

/** The vanilla death animation lasts 20 ticks; the corpse goes after it. */
const CORPSE_MS = 1_000
/** What flying-squid gives a mined block's drop: collectable after half a second. */
const PICKUP_MS = 500

interface Mob extends SquidEntity {
  name?: string
  health: number
  takeDamage(options: Record<string, unknown>): void
}

export function installAnimalDrops(serv: MCServer): void {
  const itemEntity = serv.registry.entitiesByName.item?.id
  // flying-squid's spawnMob looks the type up in registry.mobs, which holds only entities of type 'mob': animals
  // ('animal'), monsters ('hostile') and the other creatures are missing there and could not be spawned at all.
  const mobs = (serv.registry as unknown as { mobs: Record<number, unknown> }).mobs
  for (const entity of serv.registry.entitiesArray) {
    if (CREATURE_TYPES.has(String(entity.type))) mobs[entity.id] ??= entity
  }
  const spawnMob = (serv as unknown as { spawnMob: (type: number, ...rest: unknown[]) => Mob }).spawnMob
  ;(serv as unknown as { spawnMob: typeof spawnMob }).spawnMob = (type, ...rest) => {
    const mob = spawnMob(type, ...rest)
    const kind = ANIMALS[serv.registry.entities[type]?.name ?? '']
    if (kind !== undefined) mob.health = kind.health
    const takeDamage = mob.takeDamage.bind(mob)
    let dead = false
    mob.takeDamage = (options) => {
      if (dead) return
      takeDamage(options)
      if (mob.health > 0) return
      dead = true
      // flying-squid forgets a dead mob but leaves its body on the clients (a bot's kill waited on it for ever).
      setTimeout(() => mob._writeOthersNearby('entity_destroy', { entityIds: [mob.id] }), CORPSE_MS)
      if (kind === undefined || itemEntity === undefined) return
      for (const loot of kind.loot) {
        const count = loot.min + Math.floor(Math.random() * (loot.max - loot.min + 1))
        const itemId = serv.registry.itemsByName[loot.item]?.id
        if (count === 0 || itemId === undefined) continue
        // Without a pickup time flying-squid never lets anyone collect the item (its entity tick checks it).
        serv.spawnObject(itemEntity, mob.world, mob.position, { itemId, itemCount: count, pickupTime: PICKUP_MS })
      }
    }
    return mob
  }
}
