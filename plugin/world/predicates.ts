import type { Bot } from 'mineflayer'
import { matchesObject } from '../grounding/families.js'
import { parseSymbol } from '../grounding/symbols.js'

export interface PredicateOptions {
  /** `near.X`: within this many blocks (default 6, a little beyond reach). */
  readonly nearRadius?: number
  /** `sees.X`: within this many blocks (default 32, LogicGuard's "in chunk" and the primitives' search radius). */
  readonly seeRadius?: number
  /** `health.low`: at or below this (default 6 of 20). */
  readonly lowHealth?: number
}

/**
 * The truth of state predicates on the live bot, computed only when asked (the shield asks only about the
 * propositions its laws mention):
 * `has.X[.n]` (at least n, default 1, of item or family X in the inventory), `equipped.X` (held in hand),
 * `near.X` / `sees.X` (a block of X within the near / sight radius), `time.day`, `time.night`, `health.low`,
 * `health.full`, `biome.X`. Action symbols and unknown predicates are false at a state position.
 */
export function botValuation(bot: Bot, options: PredicateOptions = {}): (proposition: string) => boolean {
  const nearRadius = options.nearRadius ?? 6
  const seeRadius = options.seeRadius ?? 32
  const lowHealth = options.lowHealth ?? 6
  const blockIds = new Map<string, number[]>()
  const idsOf = (object: string): number[] => {
    let ids = blockIds.get(object)
    if (!ids) {
      ids = bot.registry.blocksArray.filter((b) => matchesObject(object, b.name)).map((b) => b.id)
      blockIds.set(object, ids)
    }
    return ids
  }
  const blockWithin = (object: string, radius: number): boolean => {
    const ids = idsOf(object)
    return ids.length > 0 && bot.entity !== undefined && bot.findBlock({ matching: ids, maxDistance: radius }) !== null
  }

  return (proposition) => {
    const symbol = parseSymbol(proposition)
    if (!symbol) return false
    const { verb, object } = symbol
    switch (verb) {
      case 'has': {
        const wanted = symbol.count ?? 1
        let count = 0
        for (const item of bot.inventory.items()) if (matchesObject(object, item.name)) count += item.count
        return count >= wanted
      }
      case 'equipped':
        return bot.heldItem !== null && matchesObject(object, bot.heldItem.name)
      case 'near':
        return blockWithin(object, nearRadius)
      case 'sees':
        return blockWithin(object, seeRadius)
      case 'time':
        if (!bot.time) return false
        return object === 'day' ? bot.time.isDay : object === 'night' ? !bot.time.isDay : false
      case 'health':
        return object === 'low' ? bot.health <= lowHealth : object === 'full' ? bot.health >= 20 : false
      case 'biome':
        return biomeName(bot) === object
      default:
        return false
    }
  }
}

/** The biome at the bot's feet, by id through the registry (block.biome.name is empty in mineflayer 4.25). */
function biomeName(bot: Bot): string | undefined {
  if (!bot.entity) return undefined
  const block = bot.blockAt(bot.entity.position)
  const id = block?.biome?.id
  return id === undefined ? undefined : bot.registry.biomes[id]?.name
}
