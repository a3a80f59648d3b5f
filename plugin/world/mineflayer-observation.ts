import minecraftData, { type IndexedData } from 'minecraft-data'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { matchesObject } from '../vocabulary/families.js'
import { nearestState, statesOf } from './block-search.js'
import { hazardAt } from './mineflayer/safe-ground.js'
import { underOpenSky } from './mineflayer/shelter.js'
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
  // The armour slots of the player's window: 5 head, 6 torso, 7 legs, 8 feet.
  const worn = new Set(bot.inventory.slots.slice(5, 9).flatMap((item) => (item ? [item.name] : [])))
  return {
    inventory,
    equipped: bot.heldItem?.name,
    ...(worn.size > 0 ? { worn } : {}),
    timeOfDay,
    isNight: bot.time ? !bot.time.isDay : false,
    biome: biomeName(bot),
    position: { x: position.x, y: position.y, z: position.z },
    health: bot.health ?? 20,
    food: bot.food ?? 20,
    ...withHazard(hazardAt(bot)),
    get underSky() {
      return underOpenSky(bot)
    },
    nearest(object, radius = sightRadius) {
      const key = `${object}@${radius}`
      if (!found.has(key)) found.set(key, nearestBlock(bot, object, Math.min(radius, sightRadius)))
      return found.get(key)
    },
  }
}

const withHazard = (hazard: 'water' | 'lava' | undefined) => (hazard === undefined ? {} : { hazard })

/** The nearest block of `object`, or (for a mob's name, as in the Sim) the nearest such mob. */
function nearestBlock(bot: Bot, object: string, radius: number): number | undefined {
  if (bot.registry.entitiesByName?.[object] && !bot.registry.blocksByName[object]) {
    const here = bot.entity?.position
    const mob = here && bot.nearestEntity((e) => e.name === object && e.type !== 'player')
    const distance = mob ? mob.position.distanceTo(here) : undefined
    return distance !== undefined && distance <= radius ? distance : undefined
  }
  return nearestState(
    bot,
    statesOf(bot, (name) => matchesObject(object, name)),
    radius,
  )
}

/**
 * The biome at the bot's feet, named by id through minecraft-data's table for the bot's version. Mineflayer 4.25
 * leaves `block.biome.name` empty, and its registry takes biome ids from the server's registry codec — which
 * flying-squid sends in an order that disagrees with the ids it writes into chunks (its id 40, plains, arrives as
 * river). Vanilla's codec order is the table's order, so the table is right for both; an id the table lacks (a
 * datapack's biome) falls back to the codec's name.
 */
export function biomeName(bot: Bot): string | undefined {
  if (!bot.entity) return undefined
  return biomeAt(bot, bot.entity.position)
}

/** The biome at a position in a loaded chunk, named as `biomeName` names it. */
export function biomeAt(bot: Bot, position: { x: number; y: number; z: number }): string | undefined {
  const world = bot.world as unknown as { getBiome?(pos: unknown): number | undefined }
  const id = world.getBiome?.(new Vec3(Math.floor(position.x), Math.floor(position.y), Math.floor(position.z)))
  if (id === undefined) return undefined
  return staticBiomes(bot.version)[id]?.name ?? bot.registry.biomes[id]?.name
}

const biomeTables = new Map<string, IndexedData['biomes']>()

function staticBiomes(version: string): IndexedData['biomes'] {
  let table = biomeTables.get(version)
  if (!table) {
    table = minecraftData(version).biomes
    biomeTables.set(version, table)
  }
  return table
}
