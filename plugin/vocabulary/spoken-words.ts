import { actWords } from './player-words.js'
import { isActionSymbol, parseSymbol } from './symbols.js'

/**
 * Words of symbols as a player reads them: `time.day mine.iron_ore` is "in the day, mining iron ore". A player is
 * asked to confirm a constraint in these words, not in symbols (a person checks "mining iron ore at night: allowed"
 * at a glance; `time.night mine.iron_ore` asks them to learn the alphabet first).
 */
const GERUNDS: Record<string, string> = {
  mine: 'mining',
  craft: 'crafting',
  smelt: 'smelting',
  place: 'placing',
  equip: 'equipping',
  sleep: 'sleeping in',
  kill: 'killing',
  attack: 'attacking',
  eat: 'eating',
  activate: 'using',
  explore: 'looking for',
  goto: 'going to',
}

const spaced = (object: string) => object.replaceAll('_', ' ')

/** One symbol in a player's words: "mining iron ore", "at night", "in the plains", "getting hungry". */
export function spokenSymbol(symbol: string): string {
  if (symbol === 'time.day') return 'in the day'
  if (symbol === 'time.night') return 'at night'
  // An event in a sequence of steps: the food runs low here, it was not low all along.
  if (symbol === 'food.low') return 'getting hungry'
  const parsed = parseSymbol(symbol)
  if (!parsed) return symbol
  if (parsed.verb === 'biome') return `in the ${spaced(parsed.object)}`
  // The acts as the rest of the chat says them ("crafting a stick"); eating and sleeping read better as below.
  if (isActionSymbol(symbol) && parsed.verb !== 'eat' && parsed.verb !== 'sleep') {
    const said = actWords(symbol)
    if (said !== symbol) return said
  }
  const gerund = GERUNDS[parsed.verb]
  if (gerund === undefined) return `${parsed.verb} ${spaced(parsed.object)}`
  // "killing creepers" reads as a kind, "sleeping in a bed" as one thing.
  return parsed.verb === 'sleep' ? `${gerund} a ${spaced(parsed.object)}` : `${gerund} ${spaced(parsed.object)}`
}

/** A word in a player's words: "in the day, mining iron ore"; the empty word is "doing nothing". */
export function spokenWord(word: readonly string[]): string {
  return word.length === 0 ? 'doing nothing' : word.map(spokenSymbol).join(', then ')
}
