/**
 * Items named as a player names them: "oak log", "3 oak logs", "coal 5", "oak_log" — read back to the game's
 * name (`oak_log`) and a count, so `!give` takes what its own replies say ("come closer and say !give 2 oak logs").
 */
import { closestName } from './closest-name.js'
import { itemsWords, itemWords, singularWords } from './player-words.js'

/** The families a player names whole: "logs" is any log. */
const FAMILIES = ['logs', 'planks']

/** Words a player might say before an item and that name nothing: "!give me the oak logs". */
const FILLER = new Set(['me', 'the', 'my', 'your', 'some', 'all', 'of'])

export interface ItemRequest {
  /** The game's name (`oak_log`), a family (`logs`), or the words as typed when none fits (`oak_lgo`). */
  readonly name: string
  /** Whether `name` is an item or family the game knows. */
  readonly known: boolean
  /** How many, when the player said ("3", "a"); undefined: all of them. */
  readonly count: number | undefined
}

/** Each item's words, singular and plural, to its game name: "oak log" and "oak logs" → `oak_log`. */
function wordsToNames(names: Iterable<string>): Map<string, string> {
  const byWords = new Map<string, string>()
  for (const name of [...FAMILIES, ...names]) {
    for (const said of [name, name.replaceAll('_', ' '), singularWords(name), itemsWords(name)]) {
      if (!byWords.has(said)) byWords.set(said, name)
    }
  }
  return byWords
}

const cache = new WeakMap<object, Map<string, string>>()

/** `wordsToNames` of a registry's names, built once per registry (a few thousand entries). */
function namesOf(registry: { readonly itemsByName: Readonly<Record<string, unknown>> }): Map<string, string> {
  let byWords = cache.get(registry)
  if (!byWords) {
    byWords = wordsToNames(Object.keys(registry.itemsByName))
    cache.set(registry, byWords)
  }
  return byWords
}

/**
 * What `said` asks for: an item (or family) and maybe a count, first or last ("3 oak logs", "oak_log 3", "an iron
 * pickaxe"). Names the registry does not know come back as typed, `known: false`.
 */
export function readItemRequest(
  said: string,
  registry: { readonly itemsByName: Readonly<Record<string, unknown>> },
): ItemRequest | { readonly problem: string } {
  const words = said.toLowerCase().trim().split(/\s+/).filter(Boolean)
  while (words.length > 1 && FILLER.has(words[0] ?? '')) words.shift()
  let count: number | undefined
  const first = words[0]
  const last = words.at(-1)
  if (first === 'a' || first === 'an') {
    count = 1
    words.shift()
  } else if (last !== undefined && /^-?\d+$/.test(last) && words.length > 1) {
    count = Number(words.pop())
  } else if (first !== undefined && /^-?\d+$/.test(first)) {
    count = Number(words.shift())
  }
  if (count !== undefined && count < 1) return { problem: `I can hand over 1 or more, not ${count}` }
  const typed = words.join(' ')
  if (typed === '') return { problem: 'say which item, e.g. !give 3 oak logs' }
  const name = namesOf(registry).get(typed)
  return name === undefined ? { name: typed, known: false, count } : { name, known: true, count }
}

/** The known item whose words are closest to a typo, in words: "oak lgo" → "oak log". */
export function closestItemWords(typed: string, names: Iterable<string>): string | undefined {
  const byWords = wordsToNames(names)
  const guess = closestName(
    typed.replaceAll('_', ' '),
    [...byWords.keys()].filter((w) => !w.includes('_')),
  )
  const name = guess === undefined ? undefined : byWords.get(guess)
  return name === undefined ? undefined : singularWords(name)
}

/** An item and count as `!give` takes them back: "2 oak logs", "1 oak log", "oak logs" (all of them). */
export function giveWords(name: string, count: number | undefined): string {
  if (count === undefined || count < 1) return itemsWords(name)
  return count === 1 ? `1 ${singularWords(name)}` : itemWords(name, count)
}
