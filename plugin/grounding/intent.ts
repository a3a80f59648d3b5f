/**
 * What one part of an instruction talks about, read with the inventory's names: the verbs (each of a class:
 * obtain, craft, mine, smelt, locate, explore, kill, eat, place, equip, sleep, avoid, stay), the objects it
 * mentions (items, blocks, mobs, biomes, families, the group "minerals"), their counts, and the conditions
 * (night or day, low health, hunger, "with" a tool, restriction words such as only, never, don't).
 * Objects are matched longest first ("iron pickaxe" before "iron", "windswept forest" before "forest"), the one
 * named exactly so first ("potato" before the crop "potatoes"); a word that only ends item names ("a boat")
 * stands for the one the caller chooses. Phrasing is made regular first (`intent-words.ts`).
 */
import mcData from 'minecraft-data'
import { ALIASES, type Mention, normalize, VERBS, type VerbClass, withCount } from './intent-words.js'
import type { SymbolInventory } from './inventory.js'
import { lemma, words } from './lexicon.js'

export type { Mention, VerbClass } from './intent-words.js'
export { isVerbLemma } from './intent-words.js'

export interface Clause {
  /** The verb's class; undefined for objects before any verb. */
  readonly verb: VerbClass | undefined
  readonly mentions: readonly Mention[]
  /** Objects after "with" (tools in hand). */
  readonly tools: readonly Mention[]
}

export interface Intent {
  readonly clauses: readonly Clause[]
  readonly times: ReadonlySet<'day' | 'night'>
  /** only, never, not, don't, no, without, avoid: the part restricts rather than triggers. */
  readonly restriction: boolean
  readonly lowHealth: boolean
  readonly hungry: boolean
}

const NIGHT_WORDS = new Set(['night', 'nighttime', 'dark', 'darkness', 'evening', 'dusk', 'midnight'])
const DAY_WORDS = new Set(['day', 'daytime', 'daylight', 'morning', 'sunlight'])
const RESTRICTION_WORDS = new Set([
  'only',
  'never',
  'not',
  'no',
  'nor',
  'without',
  'except',
  'avoid',
  'dont',
  'doesnt',
  'cant',
  'wont',
  'shouldnt',
  'mustnt',
])
const MAX_PHRASE = 4
/** Words too general to stand for the items they end ("block", "item"). */
const NOT_HEADS = new Set(['block', 'item', 'egg', 'pattern', 'template', 'sherd', 'disc', 'banner', 'slab', 'stairs'])
const VALUE_KINDS = new Set(['time', 'health', 'food', 'sleep'])

/** Phrases of the inventory's objects (their names, display names and aliases), for matching in text. */
export class ObjectLexicon {
  private readonly phrases = new Map<string, Set<string>>()
  /** Last word of several item names → those items ("boat" → oak_boat, spruce_boat, …). */
  private readonly heads = new Map<string, string[]>()

  constructor(inventory: SymbolInventory) {
    const data = mcData(inventory.version)
    const add = (phrase: string, object: string) => {
      const key = normalize(words(phrase)).join(' ')
      if (key === '' || key.split(' ').length > MAX_PHRASE) return
      const set = this.phrases.get(key) ?? new Set<string>()
      set.add(object)
      this.phrases.set(key, set)
    }
    // Objects of things: not the values of time, health and food, nor sleep's bed and explore's any.
    const objects = new Set(
      inventory.entries.filter((e) => !VALUE_KINDS.has(e.verb) && e.object !== 'any').map((e) => e.object),
    )
    for (const object of objects) {
      add(object.replace(/_/g, ' '), object)
      const display =
        data?.itemsByName[object]?.displayName ??
        data?.blocksByName[object]?.displayName ??
        data?.entitiesByName[object]?.displayName ??
        data?.biomesByName[object]?.displayName
      if (display) add(display, object)
    }
    for (const [phrase, object] of Object.entries(ALIASES)) add(phrase, object)
    for (const object of objects) {
      const parts = object.split('_')
      const head = lemma(parts[parts.length - 1] ?? '')
      // A number is a count, never the last word of an item's name ("collect 5 diamonds" is not music_disc_5).
      if (parts.length < 2 || !data?.itemsByName[object] || NOT_HEADS.has(head) || this.phrases.has(head)) continue
      if (/^\d+$/.test(head)) continue
      this.heads.set(head, [...(this.heads.get(head) ?? []), object])
    }
  }

  /** The objects a lemma phrase names. */
  lookup(phrase: string): ReadonlySet<string> | undefined {
    return this.phrases.get(phrase)
  }

  /**
   * Reads a part of an instruction; only objects `allowed` accepts are matched (groups always are). A word that
   * names no object but ends several item names ("a boat") stands for the one `choose` picks of them.
   */
  read(
    text: string,
    allowed: (object: string) => boolean = () => true,
    choose: (objects: readonly string[]) => string | undefined = (objects) => objects[0],
  ): Intent {
    const tokens = normalize(words(text))
    const mentions: Mention[] = []
    for (let i = 0; i < tokens.length; ) {
      let found: Mention | undefined
      for (let n = Math.min(MAX_PHRASE, tokens.length - i); n >= 1 && !found; n--) {
        const phrase = tokens.slice(i, i + n).join(' ')
        const objects = this.lookup(phrase)
        // The object named exactly so first ("potato" the item before "potatoes" the crop block).
        const ordered = [...(objects ?? [])].sort(
          (a, b) => Number(a.replace(/_/g, ' ') !== phrase) - Number(b.replace(/_/g, ' ') !== phrase),
        )
        const object = ordered.find((o) => o.startsWith('@') || allowed(o))
        const previous = mentions[mentions.length - 1]?.end ?? 0
        if (object) found = withCount({ object, start: i, end: i + n }, tokens, previous)
      }
      const heads = found ? undefined : this.heads.get(tokens[i] ?? '')?.filter(allowed)
      const head = heads && heads.length > 0 ? choose(heads) : undefined
      if (head) found = withCount({ object: head, start: i, end: i + 1 }, tokens, mentions.at(-1)?.end ?? 0)
      if (found) mentions.push(found)
      i = found ? found.end : i + 1
    }
    const clauses: Clause[] = []
    let current: { verb: VerbClass | undefined; mentions: Mention[]; tools: Mention[] } = {
      verb: undefined,
      mentions: [],
      tools: [],
    }
    let afterWith = false
    tokens.forEach((token, i) => {
      const mention = mentions.find((m) => m.start === i)
      if (mention) {
        ;(afterWith ? current.tools : current.mentions).push(mention)
        return
      }
      if (mentions.some((m) => i > m.start && i < m.end)) return
      if (token === 'with' || token === 'using') afterWith = true
      const verb = VERBS[token]
      if (verb && !(token === 'keep' && current.verb !== undefined)) {
        if (current.verb !== undefined || current.mentions.length > 0) clauses.push(current)
        current = { verb, mentions: [], tools: [] }
        afterWith = false
      }
    })
    clauses.push(current)
    const times = new Set<'day' | 'night'>()
    for (const token of tokens) {
      if (NIGHT_WORDS.has(token)) times.add('night')
      if (DAY_WORDS.has(token)) times.add('day')
    }
    const has = (...ws: string[]) => ws.some((w) => tokens.includes(w))
    return {
      clauses,
      times,
      restriction: tokens.some((t) => RESTRICTION_WORDS.has(t)),
      lowHealth: has('hurt', 'injured', 'wounded') || (has('health', 'hp', 'heart') && has('low', 'below', 'under')),
      hungry: has('hunger', 'starve') || (has('food') && has('low')),
    }
  }
}
