/**
 * The words of instructions: a tokenizer, a light English lemmatizer (plurals and the -ing/-ed forms of the verbs
 * instructions use), number words, and a Minecraft synonym table. The same `lemma` is applied to symbol
 * descriptions and to instructions, so "diamonds" meets `diamond` and "torches" meets `torch`.
 */

import { ORES } from '../vocabulary/natural.js'

const IRREGULAR: Readonly<Record<string, string>> = {
  leaves: 'leaf',
  wolves: 'wolf',
  knives: 'knife',
  shelves: 'shelf',
  loaves: 'loaf',
  geese: 'goose',
  mice: 'mouse',
  teeth: 'tooth',
  feet: 'foot',
  men: 'man',
  women: 'woman',
  children: 'child',
  dwarves: 'dwarf',
  zombies: 'zombie',
  cookies: 'cookie',
  pies: 'pie',
  // Verb forms.
  mining: 'mine',
  mined: 'mine',
  making: 'make',
  made: 'make',
  placing: 'place',
  placed: 'place',
  exploring: 'explore',
  explored: 'explore',
  baking: 'bake',
  baked: 'bake',
  creating: 'create',
  smelting: 'smelt',
  smelted: 'smelt',
  crafting: 'craft',
  crafted: 'craft',
  collecting: 'collect',
  collected: 'collect',
  gathering: 'gather',
  digging: 'dig',
  dug: 'dig',
  chopping: 'chop',
  chopped: 'chop',
  getting: 'get',
  got: 'get',
  sleeping: 'sleep',
  slept: 'sleep',
  staying: 'stay',
  avoiding: 'avoid',
  killing: 'kill',
  killed: 'kill',
  eating: 'eat',
  ate: 'eat',
  cooking: 'cook',
  cooked: 'cook',
  building: 'build',
  built: 'build',
  finding: 'find',
  found: 'find',
  hunting: 'hunt',
  fighting: 'fight',
  attacking: 'attack',
  leaving: 'leave',
  left: 'leave',
  wandering: 'wander',
  roaming: 'roam',
  searching: 'search',
  looking: 'look',
  going: 'go',
  went: 'go',
  equipping: 'equip',
  holding: 'hold',
  breaking: 'break',
  broke: 'break',
  harvesting: 'harvest',
  working: 'work',
  hungry: 'hunger',
  starving: 'hunger',
  // Words the plural rule would break.
  lapis: 'lapis',
  cactus: 'cactus',
  always: 'always',
  glass: 'glass',
  grass: 'grass',
  moss: 'moss',
  boss: 'boss',
  chorus: 'chorus',
  nautilus: 'nautilus',
  this: 'this',
  its: 'its',
  has: 'has',
  is: 'is',
  was: 'was',
  as: 'as',
  us: 'us',
  does: 'does',
  yes: 'yes',
}

/** The base form of a lowercase word. */
export function lemma(word: string): string {
  const irregular = IRREGULAR[word]
  if (irregular !== undefined) return irregular
  if (word.length <= 3 || /\d/.test(word)) return word
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`
  if (word.endsWith('axes')) return word.slice(0, -1)
  if (/(ch|sh|x|z|ss|o)es$/.test(word)) return word.slice(0, -2)
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1)
  return word
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  dozen: 12,
  couple: 2,
  sixteen: 16,
  twenty: 20,
  thirty: 30,
  stack: 64,
}

/** A count written as digits or a word ("3", "three", "a dozen", "a stack"), or undefined. */
export function numberValue(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word)
  return NUMBER_WORDS[word]
}

/** Lowercase words and numbers in order (underscores and punctuation split words; number words become digits). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
}

/** Lemmas of `text`'s words, number words as digits. */
export function lemmas(text: string): string[] {
  return words(text).map((w) => {
    const n = NUMBER_WORDS[w]
    return n === undefined || w === 'stack' ? lemma(w) : String(n)
  })
}

/** Words that carry no meaning for retrieval. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the some any of to for in on at by with from into onto and or but while then also as it its this that ' +
    'these those your you my me i we us our be is are was were been being do does can could should would will ' +
    'shall may might must please there here up down out over just very much many more most few lot lots until ' +
    'when whenever if so than too all every each what which who whom whose how possible different'
  ).split(' '),
)

/**
 * Minecraft synonyms, lemma → lemmas the game's names use (retrieval expands a query with them). Verbs map to
 * our verbs, everyday names to Minecraft's ("wood" → logs, "cobble" → cobblestone, "night" ← "dark").
 */
export const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  wood: ['log'],
  wooden: ['wooden', 'plank'],
  tree: ['log'],
  trunk: ['log'],
  timber: ['log'],
  lumber: ['plank'],
  board: ['plank'],
  cobble: ['cobblestone'],
  rock: ['stone', 'cobblestone'],
  iron: ['iron', 'ingot'],
  gold: ['gold', 'ingot'],
  copper: ['copper', 'ingot'],
  pick: ['pickaxe'],
  workbench: ['crafting', 'table'],
  bench: ['crafting', 'table'],
  oven: ['furnace'],
  smelter: ['furnace'],
  mineral: ['ore'],
  dark: ['night'],
  darkness: ['night'],
  nighttime: ['night'],
  evening: ['night'],
  dusk: ['night'],
  midnight: ['night'],
  daytime: ['day'],
  daylight: ['day'],
  morning: ['day'],
  sunlight: ['day'],
  rest: ['sleep', 'bed'],
  nap: ['sleep', 'bed'],
  hunger: ['food', 'low'],
  starve: ['food', 'low'],
  hurt: ['health', 'low'],
  injured: ['health', 'low'],
  wounded: ['health', 'low'],
  hp: ['health'],
  heart: ['health'],
  chop: ['mine', 'log'],
  dig: ['mine'],
  break: ['mine'],
  harvest: ['mine'],
  quarry: ['mine'],
  gather: ['mine', 'have'],
  collect: ['have', 'mine'],
  get: ['have'],
  obtain: ['have'],
  acquire: ['have'],
  keep: ['have'],
  make: ['craft'],
  build: ['craft', 'place'],
  create: ['craft'],
  forge: ['craft'],
  assemble: ['craft'],
  cook: ['smelt', 'cooked'],
  roast: ['smelt', 'cooked'],
  melt: ['smelt'],
  find: ['explore', 'see'],
  locate: ['explore', 'see'],
  search: ['explore'],
  seek: ['explore'],
  look: ['explore', 'see'],
  wander: ['explore'],
  roam: ['explore'],
  hunt: ['kill'],
  slay: ['kill'],
  fight: ['kill'],
  attack: ['kill'],
  murder: ['kill'],
  defeat: ['kill'],
  wield: ['equip'],
  hold: ['equip', 'equipped'],
  consume: ['eat'],
  stay: ['biome'],
  remain: ['biome'],
  leave: ['biome'],
  armor: ['helmet', 'chestplate', 'legging', 'boot'],
  armour: ['helmet', 'chestplate', 'legging', 'boot'],
  weapon: ['sword'],
  meat: ['beef', 'porkchop', 'mutton'],
  steak: ['cooked', 'beef'],
}

/** Words for game objects, lemma → the objects they stand for ("diamonds" → diamond, diamond ore; "wood" → logs). */
export const OBJECT_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  diamond: ['diamond', 'diamond_ore'],
  wood: ['logs', 'planks'],
  tree: ['logs'],
  log: ['logs'],
  trunk: ['logs'],
  timber: ['logs'],
  plank: ['planks'],
  board: ['planks'],
  cobble: ['cobblestone'],
  iron: ['iron_ingot', 'raw_iron', 'iron_ore'],
  gold: ['gold_ingot', 'raw_gold', 'gold_ore'],
  copper: ['copper_ingot', 'raw_copper', 'copper_ore'],
  coal: ['coal', 'coal_ore'],
  redstone: ['redstone', 'redstone_ore'],
  lapis: ['lapis_lazuli', 'lapis_ore'],
  emerald: ['emerald', 'emerald_ore'],
  mineral: ORES,
  ore: ORES,
  bed: ['beds', 'white_bed'],
  table: ['crafting_table'],
  workbench: ['crafting_table'],
  oven: ['furnace'],
  pick: ['wooden_pickaxe', 'stone_pickaxe', 'iron_pickaxe', 'diamond_pickaxe'],
  night: ['night'],
  dark: ['night'],
  day: ['day'],
  steak: ['cooked_beef'],
  pork: ['porkchop'],
}
