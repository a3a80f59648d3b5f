/**
 * The words of the controlled English that `intent.ts` reads: verbs and their classes, everyday names of objects,
 * and the rewrites that make phrasing regular before objects are matched ("wood pickaxe" → "wooden pickaxe",
 * "a pickaxe out of stone" → "stone pickaxe", "an iron one" after a pickaxe → "iron pickaxe", "birch trees" →
 * "birch log", "go to bed" → "sleep"), and the count before a mention.
 */
import { lemma, numberValue } from './lexicon.js'

export type VerbClass =
  | 'obtain'
  | 'craft'
  | 'mine'
  | 'smelt'
  | 'locate'
  | 'explore'
  | 'kill'
  | 'eat'
  | 'place'
  | 'equip'
  | 'wear'
  | 'store'
  | 'take'
  | 'sleep'
  | 'avoid'
  | 'stay'

export const VERBS: Readonly<Record<string, VerbClass>> = {
  get: 'obtain',
  obtain: 'obtain',
  collect: 'obtain',
  gather: 'obtain',
  acquire: 'obtain',
  grab: 'obtain',
  fetch: 'obtain',
  bring: 'obtain',
  keep: 'obtain',
  need: 'obtain',
  want: 'obtain',
  catch: 'obtain',
  fish: 'obtain',
  fill: 'obtain',
  farm: 'obtain',
  grow: 'obtain',
  craft: 'craft',
  make: 'craft',
  build: 'craft',
  create: 'craft',
  forge: 'craft',
  assemble: 'craft',
  bake: 'craft',
  mine: 'mine',
  dig: 'mine',
  chop: 'mine',
  cut: 'mine',
  break: 'mine',
  harvest: 'mine',
  quarry: 'mine',
  smelt: 'smelt',
  cook: 'smelt',
  roast: 'smelt',
  melt: 'smelt',
  find: 'locate',
  locate: 'locate',
  search: 'locate',
  seek: 'locate',
  look: 'locate',
  spot: 'locate',
  explore: 'explore',
  wander: 'explore',
  roam: 'explore',
  scout: 'explore',
  kill: 'kill',
  hunt: 'kill',
  slay: 'kill',
  fight: 'kill',
  attack: 'kill',
  defeat: 'kill',
  eat: 'eat',
  consume: 'eat',
  place: 'place',
  put: 'place',
  equip: 'equip',
  wield: 'equip',
  hold: 'equip',
  wear: 'wear',
  don: 'wear',
  store: 'store',
  stash: 'store',
  deposit: 'store',
  withdraw: 'take',
  sleep: 'sleep',
  avoid: 'avoid',
  away: 'avoid',
  stay: 'stay',
  remain: 'stay',
  leave: 'stay',
  go: 'stay',
  enter: 'stay',
}

/** Is this lemma a verb an instruction's clause can start with? */
export function isVerbLemma(word: string): boolean {
  return word in VERBS && word !== 'away'
}

/** Everyday names for objects, lemma phrase → object (groups start with @). */
export const ALIASES: Readonly<Record<string, string>> = {
  wood: 'logs',
  tree: 'logs',
  trunk: 'logs',
  timber: 'logs',
  log: 'logs',
  plank: 'planks',
  board: 'planks',
  lumber: 'planks',
  cobble: 'cobblestone',
  iron: 'iron_ingot',
  gold: 'gold_ingot',
  copper: 'copper_ingot',
  lapis: 'lapis_lazuli',
  redstone: 'redstone',
  bed: 'beds',
  table: 'crafting_table',
  workbench: 'crafting_table',
  oven: 'furnace',
  'bucket of lava': 'lava_bucket',
  'bucket of water': 'water_bucket',
  'water bucket': 'water_bucket',
  'bucket with water': 'water_bucket',
  'bucket of milk': 'milk_bucket',
  'milk bucket': 'milk_bucket',
  milk: 'milk_bucket',
  fish: 'fish',
  seed: 'wheat_seeds',
  apple: 'apple',
  mineral: '@ores',
  ore: '@ores',
  armour: '@armour',
  armor: '@armour',
}

export interface Mention {
  /** An inventory object (`iron_pickaxe`, `logs`, `windswept_forest`) or a group (`@ores`). */
  readonly object: string
  readonly start: number
  readonly end: number
  readonly count?: number
  /** Named as what another object is for ("enough cobblestone for a furnace"). */
  readonly purpose?: boolean
}

const TOOL_WORDS = new Set(['pickaxe', 'axe', 'shovel', 'hoe', 'sword', 'helmet', 'chestplate', 'legging', 'boot'])
const MATERIAL_ADJECTIVES: Readonly<Record<string, string>> = { wood: 'wooden', gold: 'golden' }
const MATERIALS = new Set(['wood', 'wooden', 'stone', 'iron', 'gold', 'golden', 'diamond', 'netherite', 'leather'])
const WOOD_TYPES = new Set(['oak', 'spruce', 'birch', 'jungle', 'acacia', 'dark', 'mangrove', 'cherry', 'pale'])
const ARMOUR_WORDS = new Set(['armour', 'armor'])
const ARMOUR_MATERIALS: Readonly<Record<string, string>> = {
  leather: 'leather',
  iron: 'iron',
  gold: 'golden',
  golden: 'golden',
  diamond: 'diamond',
  chainmail: 'chainmail',
  netherite: 'netherite',
}
const ARMOUR_PIECES = ['helmet', 'chestplate', 'leggings', 'boots']

/**
 * "Put on your armour", "put the iron armour on" → "wear …"; "iron armour" → its four pieces ("iron helmet iron
 * chestplate iron leggings iron boots"), so each is a mention of its own.
 */
function armourPhrases(words: readonly string[]): string[] {
  const out = [...words]
  for (let i = out.indexOf('put'); i >= 0; i = out.indexOf('put', i + 1)) {
    const on = out.slice(i + 1, i + 6).indexOf('on')
    const worn = out.slice(i + 1, i + 1 + Math.max(0, on)).some((t) => ARMOUR_WORDS.has(t) || isPiece(t))
    if (on === 0 || (on > 0 && worn)) {
      out.splice(i + 1 + on, 1)
      out[i] = 'wear'
    }
  }
  const result: string[] = []
  for (let i = 0; i < out.length; i++) {
    const w = out[i] ?? ''
    const material = ARMOUR_MATERIALS[w]
    if (material && ARMOUR_WORDS.has(out[i + 1] ?? '')) {
      result.push(...ARMOUR_PIECES.flatMap((piece) => [material, lemma(piece)]))
      i++
    } else result.push(w)
  }
  return result
}

const INTO = new Set(['in', 'into', 'inside'])
const OUT_OF = new Set(['from', 'out'])
const PUTS = new Set(['put', 'place', 'store', 'stash', 'deposit', 'drop', 'leave', 'keep'])
const TAKES = new Set(['take', 'get', 'grab', 'fetch', 'bring', 'withdraw', 'collect'])

/**
 * "Put the diamonds in the chest" → "deposit the diamonds"; "take the iron from the chest", "get the iron out of the
 * chest" → "withdraw the iron": the chest is where, not what, so it is no object to make.
 */
function chestPhrases(words: readonly string[]): string[] {
  const out = [...words]
  for (let i = out.indexOf('chest'); i >= 0; i = out.indexOf('chest', i + 1)) {
    let j = i - 1
    while (j > 0 && ['the', 'a', 'my', 'your', 'that', 'this', 'of', 'nearest', 'near'].includes(out[j] ?? '')) j--
    const into = INTO.has(out[j] ?? '')
    const outOf = OUT_OF.has(out[j] ?? '')
    if (!into && !outOf) continue
    const verbs = into ? PUTS : TAKES
    const verb = out.slice(0, j).findLastIndex((w) => verbs.has(w))
    if (verb < 0) continue
    out[verb] = into ? 'deposit' : 'withdraw'
    out.splice(j, i - j + 1)
    i = j - 1
  }
  return out
}

const isPiece = (word: string) => ARMOUR_PIECES.some((piece) => lemma(piece) === word)

/** Idioms rewritten to one verb. */
const IDIOMS: ReadonlyArray<readonly [readonly string[], string]> = [
  [['go', 'to', 'bed'], 'sleep'],
  [['go', 'to', 'sleep'], 'sleep'],
  [['head', 'to', 'bed'], 'sleep'],
  [['get', 'some', 'sleep'], 'sleep'],
]

/**
 * Lemmas, made regular: "pick" → "pickaxe"; "wood pickaxe" → "wooden pickaxe"; "a pickaxe out of stone" / "made
 * of iron" → "stone pickaxe" / "iron pickaxe"; "a stone pickaxe, then an iron one" → "… iron pickaxe"; "birch
 * trees" → "birch log"; "go to bed" → "sleep" ("don't" is already "dont").
 */
export function normalize(raw: readonly string[]): string[] {
  let out = raw.map((word) => {
    const w = lemma(word)
    return w === 'pick' || w === 'pickax' ? 'pickaxe' : w
  })
  for (const [idiom, verb] of IDIOMS) {
    for (let i = out.indexOf(idiom[0] ?? ''); i >= 0; i = out.indexOf(idiom[0] ?? '', i + 1)) {
      if (idiom.every((w, j) => out[i + j] === w)) out.splice(i, idiom.length, verb)
    }
  }
  out = chestPhrases(armourPhrases(out))
  let lastTool: string | undefined
  for (let i = 0; i < out.length; i++) {
    const w = out[i] ?? ''
    if (w === 'one' && lastTool && MATERIALS.has(out[i - 1] ?? '')) out[i] = lastTool
    if (w === 'tree' && WOOD_TYPES.has(out[i - 1] ?? '')) out[i] = 'log'
    if (!TOOL_WORDS.has(out[i] ?? '')) continue
    lastTool = out[i]
    const of = out[i + 1] === 'of' ? 1 : ['out', 'made'].includes(out[i + 1] ?? '') && out[i + 2] === 'of' ? 2 : 0
    const material = of > 0 ? out[i + 1 + of] : undefined
    if (material !== undefined && MATERIALS.has(material)) {
      out.splice(i, 2 + of, MATERIAL_ADJECTIVES[material] ?? material, w)
    }
  }
  out = out.map((w, i) =>
    MATERIAL_ADJECTIVES[w] && TOOL_WORDS.has(out[i + 1] ?? '') ? (MATERIAL_ADJECTIVES[w] ?? w) : w,
  )
  return out
}

/**
 * A count just before the mention, within three words and after the previous mention ("3 iron ingots", "4 wooden
 * planks", "a dozen torches", "a stack of cobblestone"); a verb or a connective stops the search. A mention
 * right after "for" ("for a furnace") is a purpose.
 */
export function withCount(mention: Mention, tokens: readonly string[], previousEnd: number): Mention {
  let found: Mention = mention
  for (let j = mention.start - 1; j >= Math.max(previousEnd, mention.start - 3); j--) {
    const token = tokens[j] ?? ''
    if (token === 'for') return { ...found, purpose: true }
    const n = numberValue(token)
    if (n !== undefined && found.count === undefined) found = { ...found, count: n }
    else if (VERBS[token] || ['and', 'or', 'but', 'then', 'with'].includes(token)) break
  }
  return found
}
