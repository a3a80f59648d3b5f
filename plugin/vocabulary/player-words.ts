/**
 * The words a player uses for what the symbols name: "3 oak logs", "an iron pickaxe", "mining iron ore",
 * "crafting a stone pickaxe", "1 action". Chat speaks these; the symbols (`has.oak_log.3`, `mine.iron_ore`) are for
 * `--verbose`, the console and the log.
 */
import { parseSymbol, SYMBOL_IN_TEXT_SOURCE } from './symbols.js'

/** Things counted by the heap, not one by one: "3 coal", "5 cobblestone", "2 iron ore". */
const MASS = new Set([
  'coal',
  'charcoal',
  'cobblestone',
  'cobbled_deepslate',
  'stone',
  'deepslate',
  'dirt',
  'sand',
  'red_sand',
  'gravel',
  'clay',
  'glass',
  'bread',
  'wheat',
  'redstone',
  'lapis_lazuli',
  'flint',
  'string',
  'gunpowder',
  'leather',
  'sugar',
  'bone_meal',
  'flint_and_steel',
  'sugar_cane',
  'netherrack',
  'obsidian',
  'fuel',
  'wool',
  'lava',
  'water',
  'stone_crafting_materials',
])

/** Names a player says otherwise than the symbol's name reads. */
const SAID_AS: Readonly<Record<string, string>> = {
  logs: 'log',
  planks: 'plank',
  beds: 'bed',
  stone_crafting_materials: 'cobblestone',
  lapis_lazuli: 'lapis lazuli',
}

function isMass(name: string): boolean {
  return MASS.has(name) || /(^raw_|_ore$|_wool$|_dye$|_seeds$)/.test(name)
}

/** The singular words for a name: `oak_planks` → "oak plank", `iron_pickaxe` → "iron pickaxe", `logs` → "log". */
export function singularWords(name: string): string {
  const said = SAID_AS[name] ?? name.replace(/_/g, ' ')
  // Already plural in the game's name ("oak planks", "oak leaves").
  if (/ planks$/.test(said)) return said.slice(0, -1)
  if (/ leaves$/.test(said)) return `${said.slice(0, -'leaves'.length)}leaf`
  return said
}

/** English plural of a noun phrase: its last word takes the ending. */
export function pluralWords(words: string): string {
  if (/(^| )(sheep|fish|cod|salmon)$/.test(words)) return words
  if (/(s|x|z|ch|sh)$/.test(words)) return `${words}es`
  if (/[^aeiou]y$/.test(words)) return `${words.slice(0, -1)}ies`
  if (/leaf$/.test(words)) return `${words.slice(0, -1)}ves`
  if (/ knife$/.test(words)) return `${words.slice(0, -2)}ves`
  return `${words}s`
}

/** "a"/"an" for a phrase (by its first letter: good enough for the game's item names). */
export function withArticle(words: string): string {
  return `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`
}

/**
 * A count of an item as a player says it: `(oak_log, 3)` → "3 oak logs", `(iron_pickaxe, 1)` → "an iron pickaxe",
 * `(coal, 1)` → "1 coal", `(logs, 2)` → "2 logs".
 */
export function itemWords(name: string, count: number): string {
  const singular = singularWords(name)
  if (isMass(name)) return `${count} ${singular}`
  if (count === 1) return withArticle(singular)
  return `${count} ${pluralWords(singular)}`
}

/** An item without a count: "oak logs" when several are meant ("I have no oak logs"), "coal" for mass nouns. */
export function itemsWords(name: string): string {
  const singular = singularWords(name)
  return isMass(name) ? singular : pluralWords(singular)
}

/** "1 action", "2 actions": a count with its noun, plural when it is not one. */
export function counted(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : pluralWords(noun)}`
}

/** Words joined as a player lists them: "a, b and c". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? ''
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/** What an act is, as a sentence's verb phrase: `mine.iron_ore` → "mining iron ore", `craft.stick` → "crafting a stick". */
export function actWords(symbol: string): string {
  const parsed = parseSymbol(symbol)
  if (!parsed) return symbol
  const { verb, object } = parsed
  // A family (planks, logs, beds) is any of its kinds: "crafting planks", not "crafting a plank".
  const thing = isMass(object)
    ? singularWords(object)
    : object in SAID_AS
      ? itemsWords(object)
      : withArticle(singularWords(object))
  switch (verb) {
    case 'mine':
      return `mining ${isMass(object) ? singularWords(object) : itemsWords(object)}`
    case 'craft':
      return `crafting ${thing}`
    case 'smelt':
      return `smelting ${singularWords(object)}`
    case 'place':
      return `placing ${thing}`
    case 'equip':
      return `taking ${isMass(object) ? singularWords(object) : `the ${singularWords(object)}`} in hand`
    case 'explore':
      return `looking for ${itemsWords(object)}`
    case 'sleep':
      return 'sleeping'
    case 'kill':
    case 'attack':
      return `fighting ${thing}`
    case 'eat':
      return `eating ${isMass(object) ? singularWords(object) : withArticle(singularWords(object))}`
    case 'activate':
      return `using ${withArticle(singularWords(object))}`
    case 'goto':
      return 'walking'
    case 'store':
      return `putting ${itemsWords(object)} in a chest`
    case 'take':
      return `taking ${itemsWords(object)} out of a chest`
    case 'fish':
      return object === 'fish' ? 'fishing' : `fishing for ${singularWords(object)}`
    case 'use':
      return `using what I hold on ${isMass(object) ? singularWords(object) : withArticle(singularWords(object))}`
    case 'hunt':
      return `hunting ${itemsWords(object)}`
    case 'wear':
      return `putting on ${withArticle(singularWords(object))}`
    case 'plant':
      return `planting ${isMass(object) ? singularWords(object) : itemsWords(object)}`
    default:
      return symbol
  }
}

/** What a predicate says, as a player would: `has.oak_log.3` → "3 oak logs", `time.night` → "night". */
export function stateWords(symbol: string): string {
  const parsed = parseSymbol(symbol)
  if (!parsed) return symbol
  const { verb, object, count } = parsed
  switch (verb) {
    case 'has':
      return itemWords(object, count ?? 1)
    case 'equipped':
      return `${withArticle(singularWords(object))} in hand`
    case 'wears':
      return `wearing ${withArticle(singularWords(object))}`
    case 'stored':
      return `${itemWords(object, count ?? 1)} in the chest`
    case 'killed':
      return `${itemWords(object, count ?? 1)} killed`
    case 'near':
      return `near ${withArticle(singularWords(object))}`
    case 'sees':
      return `${withArticle(singularWords(object))} in sight`
    case 'time':
      return object === 'night' ? 'night' : object === 'day' ? 'day' : `the ${singularWords(object)}`
    case 'biome':
      return `in the ${singularWords(object)}`
    case 'health':
    case 'food':
      return `${verb} ${singularWords(object)}`
    default:
      return actWords(symbol)
  }
}

/** A symbol in a line, or a quoted stretch (what someone typed, said back as typed: `"mine.foo"`), kept whole. */
const SYMBOL_IN_TEXT = new RegExp(`"[^"]*"|${SYMBOL_IN_TEXT_SOURCE}`, 'g')

/**
 * A line of the bot's own terms in a player's words: each symbol as words (`mine.iron_ore` → "mining iron ore",
 * `has.oak_log.3` → "3 oak logs"), and the automata's sizes left out. For lines built by code that knows only the
 * symbols (a stuck run's reason, a constraint's need); lines written for players say their words directly. Quoted
 * text is what someone said or typed and stays as it is.
 */
export function inPlayerWords(text: string): string {
  return (
    text
      .replace(/\s*\((?:\d+ (?:states?|symbols?))[^)]*\)/g, '')
      // mineflayer-pathfinder's own texts, typo included.
      .replace(/Took to long to decide path to goal!?/g, 'I could not find a path in time')
      .replace(/No path to the goal!?/g, 'I found no path there')
      .replace(/\bthe bot died\b/g, 'I died')
      .replace(SYMBOL_IN_TEXT, (found) => (found.startsWith('"') ? found : stateWords(found)))
  )
}

/** An act as a command, for laws: `mine.diamond_ore` → "mine diamond ore", `craft.stick` → "craft a stick". */
export function actCommand(symbol: string): string {
  const parsed = parseSymbol(symbol)
  if (!parsed) return symbol
  const { verb, object } = parsed
  const needs = /^needs_(.+)$/.exec(object)?.[1]
  if (needs) return `${verb} anything that needs ${withArticle(singularWords(needs))}`
  const one = isMass(object)
    ? singularWords(object)
    : object in SAID_AS
      ? itemsWords(object)
      : withArticle(singularWords(object))
  switch (verb) {
    case 'mine':
      return `mine ${isMass(object) ? singularWords(object) : itemsWords(object)}`
    case 'explore':
      return `look for ${itemsWords(object)}`
    case 'equip':
      return `take ${one} in hand`
    case 'kill':
    case 'attack':
      return `fight ${one}`
    case 'sleep':
      return 'sleep'
    case 'goto':
      return 'walk'
    case 'activate':
      return `use ${one}`
    case 'smelt':
      return `smelt ${singularWords(object)}`
    default:
      return `${verb} ${one}`
  }
}
