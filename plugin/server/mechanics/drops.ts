// Dropping items into the world the way flying-squid's digging does (one item entity per stack, picked up by
// walking over it), for what a closed or broken container cannot keep.
import type { MCServer, SquidVec3, SquidWorld } from 'flying-squid'
import { Vec3 } from 'vec3'

interface ObjectSpawner {
  spawnObject(type: number, world: SquidWorld, position: unknown, data: Record<string, unknown>): void
}

export function dropItem(serv: MCServer, world: SquidWorld, at: SquidVec3, itemId: number, count: number): void {
  const itemEntity = serv.registry.entitiesByName.item?.id
  if (itemEntity === undefined || count <= 0) return
  ;(serv as unknown as ObjectSpawner).spawnObject(itemEntity, world, new Vec3(at.x, at.y, at.z), {
    velocity: new Vec3(0, 0, 0),
    itemId,
    itemDamage: 0,
    itemCount: count,
    pickupTime: 500,
    deathTime: 60 * 5 * 1000,
  })
}
