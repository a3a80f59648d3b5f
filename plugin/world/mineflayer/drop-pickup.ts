// Walking onto drops: the server hands an item over only to a player within ~1.75 blocks of it, and collectblock
// sometimes digs from reach distance and leaves the drop lying (a trunk's top log lands a few blocks off).
import type { Bot } from 'mineflayer'
import pathfinderModule from 'mineflayer-pathfinder'
import type { Entity } from 'prismarine-entity'
import type { Vec3 } from 'vec3'
import { gentleMovements } from '../pathfinding.js'

const { goals } = pathfinderModule

/** How long a drop walked onto may take to reach the inventory. */
const PICKUP_WAIT_MS = 2_000

/**
 * Walks onto item entities lying within `radius` blocks of `around`. The drop's spawn packet can arrive after the dig is
 * done, so when none is there yet, the first one to spawn there (within 2 s) is awaited, unless `waitForSpawn` is off
 * (a sweep for drops already lying about).
 */
export async function pickUpDrops(
  bot: Bot,
  around: Vec3,
  signal: AbortSignal,
  radius = 3,
  { waitForSpawn = true } = {},
): Promise<void> {
  const center = around.offset(0.5, 0.5, 0.5)
  const isDrop = (e: Entity) => e.name === 'item' && e.position.distanceTo(center) < radius
  let drops = Object.values(bot.entities).filter(isDrop)
  if (drops.length === 0 && waitForSpawn) {
    const spawned = await new Promise<Entity | undefined>((resolve) => {
      const onSpawn = (e: Entity) => {
        if (!isDrop(e)) return
        clearTimeout(timer)
        bot.off('entitySpawn', onSpawn)
        resolve(e)
      }
      const timer = setTimeout(() => {
        bot.off('entitySpawn', onSpawn)
        resolve(undefined)
      }, 2000)
      bot.on('entitySpawn', onSpawn)
    })
    drops = spawned ? [spawned] : []
  }
  bot.pathfinder.setMovements(gentleMovements(bot))
  for (const drop of drops) {
    // Twice: a drop from high up (a trunk's top log) is still falling when first walked to, and lands beside.
    for (let walk = 0; walk < 2 && !signal.aborted && drop.isValid; walk++) {
      const { x, y, z } = drop.position
      try {
        await bot.pathfinder.goto(new goals.GoalNear(x, y, z, 0.5))
      } catch {
        // the item may have been picked up or despawned on the way
      }
      await collected(bot, drop, PICKUP_WAIT_MS)
    }
  }
}

/** The server hands a drop over half a second after it fell: waits (up to `ms`) until this one is gone. */
function collected(bot: Bot, drop: Entity, ms: number): Promise<void> {
  if (!drop.isValid) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      bot.off('entityGone', onGone)
      resolve()
    }
    const onGone = (e: Entity) => {
      if (e === drop || e.id === drop.id) done()
    }
    const timer = setTimeout(done, ms)
    bot.on('entityGone', onGone)
  })
}

/** equip.X: from the inventory into the hand. */
