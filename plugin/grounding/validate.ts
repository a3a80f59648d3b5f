import type { IndexedData } from 'minecraft-data'
import { closestName } from '../vocabulary/closest-name.js'
import { isFamily } from '../vocabulary/families.js'
import { ACTION_VERBS, PREDICATE_KINDS, parseSymbol } from '../vocabulary/symbols.js'

type Registry = Pick<IndexedData, 'blocksByName' | 'itemsByName' | 'entitiesByName' | 'biomesByName'>

const FIXED_OBJECTS: Readonly<Record<string, readonly string[]>> = {
  time: ['day', 'night'],
  health: ['low', 'full'],
  food: ['low', 'full'],
  sleep: ['bed'],
  goto: ['position'],
}

/**
 * Why a symbol is not one the plugin can ground (undefined when it is): a wrong shape, an unknown verb, or an
 * object this Minecraft version does not have — with the nearest real name when there is one.
 */
export function symbolProblem(symbol: string, registry: Registry): string | undefined {
  const parsed = parseSymbol(symbol)
  if (!parsed) return `"${symbol}" is not a symbol; symbols look like mine.diamond_ore, has.cobblestone.3, time.night`
  const verbs: readonly string[] = [...ACTION_VERBS, ...PREDICATE_KINDS]
  if (!verbs.includes(parsed.verb)) {
    const near = closestName(parsed.verb, verbs)
    return `unknown verb "${parsed.verb}" in ${symbol}${near ? `; did you mean ${near}?` : `; known: ${verbs.join(', ')}`}`
  }
  const names = objectNames(parsed.verb, registry)
  if (names.has(parsed.object) || isFamily(parsed.object)) return undefined
  if (parsed.verb === 'explore' && parsed.object === 'any') return undefined
  const near = closestName(parsed.object, names)
  return `unknown ${parsed.verb} object "${parsed.object}" in ${symbol}${near ? `; did you mean ${parsed.verb}.${near}?` : ''}`
}

function objectNames(verb: string, registry: Registry): Set<string> {
  const fixed = FIXED_OBJECTS[verb]
  if (fixed) return new Set(fixed)
  switch (verb) {
    case 'mine':
    case 'near':
    case 'sees':
    case 'activate':
    case 'explore':
      return new Set(Object.keys(registry.blocksByName))
    case 'kill':
    case 'attack':
      return new Set(Object.keys(registry.entitiesByName))
    // The item in hand used on a block or a creature.
    case 'use':
      return new Set([...Object.keys(registry.blocksByName), ...Object.keys(registry.entitiesByName)])
    case 'biome':
      return new Set(Object.keys(registry.biomesByName))
    default:
      return new Set(Object.keys(registry.itemsByName))
  }
}
