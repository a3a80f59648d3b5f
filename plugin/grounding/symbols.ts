import { familiesOf } from './families.js'

/**
 * Symbols are `verb.object` for actions (`mine.diamond_ore`, `craft.wooden_pickaxe`) and `kind.object[.count]`
 * for predicates (`has.cobblestone.3`, `equipped.iron_pickaxe`, `time.night`).
 */
export const ACTION_VERBS = [
  'mine',
  'craft',
  'smelt',
  'place',
  'equip',
  'sleep',
  'kill',
  'attack',
  'eat',
  'activate',
  'explore',
  'goto',
] as const
export const PREDICATE_KINDS = ['has', 'equipped', 'near', 'sees', 'time', 'biome', 'health', 'food'] as const

export type ActionVerb = (typeof ACTION_VERBS)[number]
export type PredicateKind = (typeof PREDICATE_KINDS)[number]

export interface ParsedSymbol {
  readonly verb: string
  readonly object: string
  /** `has.cobblestone.3` → 3; absent means 1 for `has`. */
  readonly count?: number
}

/** Splits `has.cobblestone.3` into verb, object and count; undefined for names not of that shape. */
export function parseSymbol(symbol: string): ParsedSymbol | undefined {
  const match = /^(?<verb>[a-z_]+)\.(?<object>[a-z0-9_]+)(?:\.(?<count>\d+))?$/.exec(symbol)
  const { verb, object, count } = match?.groups ?? {}
  if (verb === undefined || object === undefined) return undefined
  return count === undefined ? { verb, object } : { verb, object, count: Number(count) }
}

export function isActionSymbol(symbol: string): boolean {
  const parsed = parseSymbol(symbol)
  return parsed !== undefined && (ACTION_VERBS as readonly string[]).includes(parsed.verb)
}

/**
 * The propositions true at an action position: the action's own symbol and the family symbols it is an instance
 * of, so a law about `mine.logs` sees `mine.oak_log`, and one about `mine.iron_ore` sees `mine.deepslate_iron_ore`.
 */
export function actionPropositions(action: string): Set<string> {
  const props = new Set([action])
  const parsed = parseSymbol(action)
  if (parsed) for (const family of familiesOf(parsed.object)) props.add(`${parsed.verb}.${family}`)
  return props
}
