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
/**
 * The verbs a World can run as one primitive (the Mineflayer adapter and the Sim both do all of them); the other
 * action verbs name things a player may say or a law may mention that no World runs as one step.
 */
export const PRIMITIVE_VERBS = [
  'mine',
  'craft',
  'smelt',
  'place',
  'equip',
  'explore',
  'sleep',
  'kill',
  'eat',
] as const satisfies readonly ActionVerb[]
export const PREDICATE_KINDS = ['has', 'equipped', 'near', 'sees', 'time', 'biome', 'health', 'food'] as const

export type ActionVerb = (typeof ACTION_VERBS)[number]
export type PrimitiveVerb = (typeof PRIMITIVE_VERBS)[number]
export type PredicateKind = (typeof PREDICATE_KINDS)[number]

/**
 * One primitive: the action symbol `verb.object` of the alphabet. `mine.oak_log` (a block or a family such as
 * `logs`), `craft.wooden_pickaxe`, `smelt.raw_iron` (the input; `fuel` picks the fuel, else the best one held),
 * `place.crafting_table`, `equip.iron_pickaxe`, `explore.diamond_ore` (search until one is seen), `sleep.bed`,
 * `kill.zombie`, `eat.bread`.
 */
export interface Primitive {
  readonly verb: PrimitiveVerb
  readonly object: string
  readonly fuel?: string
}

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
 * The bot-method gate's names for acts that are steps of a primitive the controller names otherwise: a hit
 * (`bot.attack`, `attack.zombie`) is an act of killing (`kill.zombie`), so one law holds at both levels.
 */
const SAME_ACT: Readonly<Record<string, string>> = { attack: 'kill' }

/**
 * The propositions true at an action position: the action's own symbol and the family symbols it is an instance
 * of, so a law about `mine.logs` sees `mine.oak_log`, and one about `mine.iron_ore` sees `mine.deepslate_iron_ore`;
 * and the controller's name for a gate-level act (`kill.zombie` for `attack.zombie`).
 */
export function actionPropositions(action: string): Set<string> {
  const props = new Set([action])
  const parsed = parseSymbol(action)
  if (!parsed) return props
  const verbs = [parsed.verb, ...(SAME_ACT[parsed.verb] ? [SAME_ACT[parsed.verb] as string] : [])]
  for (const verb of verbs) {
    props.add(`${verb}.${parsed.object}`)
    for (const family of familiesOf(parsed.object)) props.add(`${verb}.${family}`)
  }
  return props
}

export function primitiveSymbol(primitive: Primitive): string {
  return `${primitive.verb}.${primitive.object}`
}

/** `mine.oak_log` → { verb: 'mine', object: 'oak_log' }; undefined for a symbol that is not a primitive. */
export function parsePrimitive(symbol: string): Primitive | undefined {
  const { verb, object } = /^(?<verb>[a-z]+)\.(?<object>[a-z0-9_]+)$/.exec(symbol)?.groups ?? {}
  if (verb === undefined || object === undefined) return undefined
  return (PRIMITIVE_VERBS as readonly string[]).includes(verb) ? { verb: verb as PrimitiveVerb, object } : undefined
}
