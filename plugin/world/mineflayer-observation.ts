import type { Bot } from 'mineflayer'
import { matchesObject } from '../grounding/families.js'
import type { Observation } from './port.js'
import { DEFAULT_SEE_RADIUS } from './predicates.js'

/** Night in the game starts at 13,000 ticks and ends at 23,000 (mineflayer's `isDay` agrees). */
export const NIGHT_START = 13_000

/**
 * What the live bot sees, as an Observation. Inventory, hand, time, health and position are read at once;
 * `nearest` searches blocks only when asked (the block-id list per object is built once per observation).
 */
export function observeBot(bot: Bot, sightRadius = DEFAULT_SEE_RADIUS): Observation {
  const inventory = new Map<string, number>()
  for (const item of bot.inventory.items()) inventory.set(item.name, (inventory.get(item.name) ?? 0) + item.count)
  const timeOfDay = bot.time?.timeOfDay ?? 0
  const position = bot.entity?.position ?? { x: 0, y: 0, z: 0 }
  const found = new Map<string, number | undefined>()
  return {
    inventory,
    equipped: bot.heldItem?.name,
    timeOfDay,
    isNight: bot.time ? !bot.time.isDay : false,
    biome: biomeName(bot),
    position: { x: position.x, y: position.y, z: position.z },
    health: bot.health ?? 20,
    food: bot.food ?? 20,
    nearest(object, radius = sightRadius) {
      const key = `${object}@${radius}`
      if (!found.has(key)) found.set(key, nearestBlock(bot, object, Math.min(radius, sightRadius)))
      return found.get(key)
    },
  }
}

function nearestBlock(bot: Bot, object: string, radius: number): number | undefined {
  if (!bot.entity) return undefined
  const ids = bot.registry.blocksArray.filter((b) => matchesObject(object, b.name)).map((b) => b.id)
  if (ids.length === 0) return undefined
  const block = bot.findBlock({ matching: ids, maxDistance: radius })
  return block ? block.position.offset(0.5, 0.5, 0.5).distanceTo(bot.entity.position) : undefined
}

/**
 * The biome at the bot's feet, named through the registry by id: mineflayer 4.25 leaves `block.biome.name` empty,
 * and on 1.21.4 its registry's biome ids can disagree with the server's, which the test checks.
 */
export function biomeName(bot: Bot): string | undefined {
  if (!bot.entity) return undefined
  const id = bot.blockAt(bot.entity.position)?.biome?.id
  return id === undefined ? undefined : bot.registry.biomes[id]?.name
}
