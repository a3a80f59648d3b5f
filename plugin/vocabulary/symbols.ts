import { familiesOf } from './families.js'
import { smeltingOutput } from './smelting.js'

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
  'fish',
  'use',
  'plant',
  'store',
  'take',
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
  'fish',
  'use',
  'plant',
  'store',
  'take',
] as const satisfies readonly ActionVerb[]
export const PREDICATE_KINDS = [
  'has',
  'equipped',
  'wears',
  'stored',
  'killed',
  'near',
  'sees',
  'time',
  'biome',
  'health',
  'food',
] as const

/** Verbs that name a skill but no single act: `hunt.zombie` (look for one, then fight it), `wear.iron_helmet`. */
export const SKILL_ONLY_VERBS = ['hunt', 'wear'] as const

/**
 * A symbol of the vocabulary inside text (`has.oak_log.3`, `mine.iron_ore`, `hunt.zombie`): every action verb, skill
 * verb and predicate kind followed by a dot and an object. A source, so each user sets its own flags.
 */
export const SYMBOL_IN_TEXT_SOURCE = `\\b(?:${[...ACTION_VERBS, ...SKILL_ONLY_VERBS, ...PREDICATE_KINDS].join('|')})\\.[a-z0-9_]+(?:\\.\\d+)?\\b`

export type ActionVerb = (typeof ACTION_VERBS)[number]
export type PrimitiveVerb = (typeof PRIMITIVE_VERBS)[number]
export type PredicateKind = (typeof PREDICATE_KINDS)[number]

/**
 * One primitive: the action symbol `verb.object` of the alphabet. `mine.oak_log` (a block or a family such as
 * `logs`), `craft.wooden_pickaxe`, `smelt.raw_iron` (the input; `fuel` picks the fuel, else the best one held),
 * `place.crafting_table`, `equip.iron_pickaxe`, `explore.diamond_ore` (search until one is seen), `sleep.bed`,
 * `kill.zombie`, `eat.bread`; `fish.cod` (cast the rod in hand into water until that catch, or any fish for `fish.fish`),
 * `store.diamond` (every diamond held into the nearest chest, or `count` of them), `take.iron_ingot` (every one the
 * nearest chest holds, or `count`),
 * `use.water` (the item in hand on the nearest such block or creature: a bucket on water, lava or a cow, a hoe on
 * grass or dirt, shears on a sheep, bone meal on a crop), `plant.wheat_seeds` (on farmland in reach). A crop is
 * harvested by mining it (`mine.wheat`): the act waits for it to ripen.
 */
export interface Primitive {
  readonly verb: PrimitiveVerb
  readonly object: string
  readonly fuel?: string
  /** `store.X` and `take.X`: how many to move (not part of the symbol: the goal's count sets it). */
  readonly count?: number
}

export interface ParsedSymbol {
  readonly verb: string
  readonly object: string
  /** `has.cobblestone.3` → 3; absent means 1 for `has`. */
  readonly count?: number
}

/** Splits `has.cobblestone.3` into verb, object and count; undefined for names not of that shape. */
/** Parsed symbols by text: the Sim's planner and the learners parse the same few hundred symbols again and again. */
const parsedSymbols = new Map<string, ParsedSymbol | undefined>()

export function parseSymbol(symbol: string): ParsedSymbol | undefined {
  if (parsedSymbols.has(symbol)) return parsedSymbols.get(symbol)
  const match = /^(?<verb>[a-z_]+)\.(?<object>[a-z0-9_]+)(?:\.(?<count>\d+))?$/.exec(symbol)
  const { verb, object, count } = match?.groups ?? {}
  const parsed =
    verb === undefined || object === undefined
      ? undefined
      : Object.freeze(count === undefined ? { verb, object } : { verb, object, count: Number(count) })
  // Text from outside (a player's law, a model's reply) is parsed too: past this many, no more are kept.
  if (parsedSymbols.size < 20_000) parsedSymbols.set(symbol, parsed)
  return parsed
}

export function isActionSymbol(symbol: string): boolean {
  const parsed = parseSymbol(symbol)
  return parsed !== undefined && (ACTION_VERBS as readonly string[]).includes(parsed.verb)
}

/**
 * One act, one vocabulary at both shield levels: the controller names whole primitives (`kill.zombie`,
 * `explore.iron_ore`, `smelt.raw_iron`), the bot-method gate the steps other code calls (`attack.zombie`,
 * `goto.position`, a furnace's input). Each twin carries the other's name at its action position, so a law written
 * in either vocabulary holds wherever the act comes from:
 * - a hit (`attack.X`) is an act of killing (`kill.X`), and a kill is hits;
 * - an explore walks (`goto.position`);
 * - using the item in hand on a block (`use.grass_block`) activates it (`activate.grass_block`), and back;
 * - a smelt is named by its input (`smelt.raw_iron`) and by what it makes (`smelt.iron_ingot`), and it uses a
 *   furnace (`activate.furnace`).
 * There is no bot method that is an explore, so a law about `explore.X` has nothing to hold at the gate.
 */
function twinsOf(verb: string, object: string): string[] {
  switch (verb) {
    case 'attack':
      return [`kill.${object}`]
    case 'kill':
      return [`attack.${object}`]
    case 'explore':
      return ['goto.position']
    // Using an item on a block is activating it with the item in hand (bot.activateBlock).
    case 'use':
      return [`activate.${object}`]
    case 'activate':
      return [`use.${object}`]
    case 'smelt': {
      const output = smeltingOutput(object)
      return [...(output ? [`smelt.${output}`] : []), 'activate.furnace']
    }
    default:
      return []
  }
}

/**
 * The propositions true at an action position: the action's own symbol and the family symbols it is an instance
 * of, so a law about `mine.logs` sees `mine.oak_log`, and one about `mine.iron_ore` sees `mine.deepslate_iron_ore`;
 * and its twins' names at the other shield level (twinsOf), with their families.
 */
export function actionPropositions(action: string): Set<string> {
  const props = new Set([action])
  const parsed = parseSymbol(action)
  if (!parsed) return props
  for (const symbol of [action, ...twinsOf(parsed.verb, parsed.object)]) {
    const twin = parseSymbol(symbol)
    if (!twin) continue
    props.add(symbol)
    for (const family of familiesOf(twin.object)) props.add(`${twin.verb}.${family}`)
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
