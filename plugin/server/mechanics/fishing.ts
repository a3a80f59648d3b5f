// Fishing, which flying-squid 1.12 lacks, the way unmodified mineflayer's `bot.fish()` expects it: a fishing rod used
// (use_item) casts a bobber into the nearest water within 6 blocks; after vanilla's wait (5–30 s at Lure 0,
// `vocabulary/fishing.ts`, the Minecraft wiki's Fishing page) a fish bites — six bubble particles at the bobber,
// which mineflayer answers by using the rod again — and is hooked for 20–40 ticks: reeled in then, the catch (vanilla's
// loot table: a fish 85%, junk 10%, treasure 5%) comes to the player and the rod wears one use; reeled in early,
// nothing. Not modelled: the bobber's flight and bobbing, rain, open-water treasure rules, Lure and Luck of the Sea.
import type { MCServer, SquidEntity, SquidPlayer, SquidVec3 } from 'flying-squid'
import { Vec3 } from 'vec3'
import { FISHING_WAIT_TICKS, fishingCatch } from '../../vocabulary/fishing.js'
import { dropItem } from './drops.js'
import { wearHeldItem } from './tool-wear.js'

interface Bobber {
  readonly entity: SquidEntity & { destroy(): unknown }
  readonly at: SquidVec3
  biteAt: number
  /** Set while a fish is on the hook: the tick it lets go. */
  hookedUntil?: number | undefined
}

interface Spawner {
  spawnObject(
    type: number,
    world: unknown,
    position: unknown,
    data: Record<string, unknown>,
  ): SquidEntity & { destroy(): unknown }
  emitParticle(particle: number, world: unknown, position: unknown, options: Record<string, unknown>): void
}

const REACH = 6

export function installFishing(serv: MCServer, random: () => number = Math.random): void {
  const { registry } = serv
  const bobberType = registry.entitiesByName.fishing_bobber?.id
  if (bobberType === undefined) return
  const spawner = serv as unknown as Spawner
  const bobbers = new Map<SquidPlayer, Bobber>()
  const waitTicks = () => {
    const [low, high] = FISHING_WAIT_TICKS
    return low + Math.floor(random() * (high - low + 1))
  }
  const holdsRod = (player: SquidPlayer) => {
    const item = player.inventory.slots[36 + player.heldItemSlot]
    return item ? registry.items[item.type]?.name === 'fishing_rod' : false
  }

  async function nearestWater(player: SquidPlayer): Promise<SquidVec3 | undefined> {
    const feet = player.position.floored()
    let best: { at: SquidVec3; d: number } | undefined
    for (let dx = -REACH; dx <= REACH; dx++) {
      for (let dz = -REACH; dz <= REACH; dz++) {
        for (let dy = -3; dy <= 1; dy++) {
          const at = feet.offset(dx, dy, dz)
          if (registry.blocks[await player.world.getBlockType(at)]?.name !== 'water') continue
          const d = dx * dx + dy * dy + dz * dz
          if (!best || d < best.d) best = { at, d }
        }
      }
    }
    return best?.at
  }

  function remove(player: SquidPlayer): void {
    const bobber = bobbers.get(player)
    if (!bobber) return
    bobbers.delete(player)
    Promise.resolve(bobber.entity.destroy()).catch(() => undefined)
  }

  async function cast(player: SquidPlayer): Promise<void> {
    const water = await nearestWater(player)
    if (!water || bobbers.has(player)) return
    const at = new Vec3(water.x + 0.5, water.y + 0.9, water.z + 0.5)
    // No velocity: flying-squid's physics leave it floating where it lands.
    const entity = spawner.spawnObject(bobberType as number, player.world, at, { velocity: new Vec3(0, 0, 0) })
    ;(entity as { velocity?: unknown }).velocity = undefined
    bobbers.set(player, { entity, at, biteAt: serv.tickCount + waitTicks() })
  }

  function reel(player: SquidPlayer, bobber: Bobber): void {
    const hooked = bobber.hookedUntil !== undefined && serv.tickCount <= bobber.hookedUntil
    remove(player)
    if (!hooked) return
    const id = registry.itemsByName[fishingCatch(random(), random())]?.id
    // Picked up at once (a pickup time of 0 would never be).
    if (id !== undefined) dropItem(serv, player.world, player.position, id, 1, 1)
    wearHeldItem(serv, player, () => 1)
  }

  serv.on('newPlayer', (player: SquidPlayer) => {
    player._client.on('use_item', () => {
      if (!holdsRod(player)) return
      const bobber = bobbers.get(player)
      if (bobber) reel(player, bobber)
      else cast(player).catch((error: unknown) => serv.emit('error', error))
    })
    player._client.on('end', () => remove(player))
  })

  serv.on('tick', () => {
    for (const [player, bobber] of bobbers) {
      if (bobber.hookedUntil !== undefined && serv.tickCount > bobber.hookedUntil) {
        // The fish got away: the next one after another wait.
        bobber.hookedUntil = undefined
        bobber.biteAt = serv.tickCount + waitTicks()
      }
      if (bobber.hookedUntil === undefined && serv.tickCount >= bobber.biteAt) {
        bobber.hookedUntil = serv.tickCount + 20 + Math.floor(random() * 21)
        spawner.emitParticle(0, player.world, bobber.at, { count: 6, size: new Vec3(0.1, 0, 0.1) })
      }
    }
  })
}
