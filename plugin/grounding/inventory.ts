/**
 * CEDAR's global symbol inventory Σ_global (§3.1): every action and event-predicate symbol the plugin can ground,
 * each with a short description for retrieval and its binding — the primitive the World port runs, or the
 * predicate `holdsIn` evaluates. A symbol without a working binding cannot exist: the constructor checks that
 * every primitive round-trips through `parsePrimitive`, that every predicate is of a kind `holdsIn` evaluates and
 * tells a state where it holds from one where it does not, and that every object is a real name of the version.
 */
import mcData, { type IndexedData } from 'minecraft-data'
import { isFamily } from '../vocabulary/families.js'
import { PRIMITIVE_VERBS, type Primitive, parsePrimitive, parseSymbol, primitiveSymbol } from '../vocabulary/symbols.js'
import type { Observation } from '../world/port.js'
import { holdsIn } from '../world/predicates.js'
import { DEFAULT_RULES_VERSION, loadRules } from '../world/rules.js'
import { Bm25Index, documentTerms, queryTerms } from './bm25.js'
import { buildEntries, type RawEntry } from './inventory-build.js'
import { symbolProblem } from './validate.js'

export type SymbolBinding =
  | { readonly type: 'primitive'; readonly primitive: Primitive }
  | { readonly type: 'predicate'; readonly symbol: string }

export interface SymbolEntry {
  readonly symbol: string
  readonly kind: 'action' | 'predicate'
  /** The action verb (`mine`) or the predicate kind (`has`). */
  readonly verb: string
  readonly object: string
  /** `has.cobblestone.3` → 3. */
  readonly count?: number
  readonly description: string
  readonly binding: SymbolBinding
}

/** The predicate kinds `holdsIn` evaluates (predicates.ts). */
export const EVALUATED_PREDICATES = ['has', 'equipped', 'near', 'sees', 'time', 'health', 'food', 'biome'] as const

export class SymbolBindingError extends Error {
  override readonly name = 'SymbolBindingError'
}

const cache = new Map<string, SymbolInventory>()

export class SymbolInventory {
  readonly entries: readonly SymbolEntry[]
  private readonly bySymbol: ReadonlyMap<string, SymbolEntry>
  private index: Bm25Index | undefined

  /** Binds and checks `raw` (throws SymbolBindingError naming the first symbol without a working binding). */
  constructor(
    readonly version: string,
    raw: readonly RawEntry[],
  ) {
    const data = mcData(version)
    if (!data) throw new Error(`minecraft-data has no data for Minecraft ${version}`)
    const known = knownObjects(data)
    const bySymbol = new Map<string, SymbolEntry>()
    for (const { symbol, description } of raw) {
      if (bySymbol.has(symbol)) continue
      const entry = bindEntry(symbol, description)
      // validate.ts's check, with the name sets built once (symbolProblem builds them per call).
      if (!known(entry.verb, entry.object)) {
        throw new SymbolBindingError(symbolProblem(symbol, data) ?? `${symbol} names no known object`)
      }
      bySymbol.set(symbol, entry)
    }
    this.bySymbol = bySymbol
    this.entries = [...bySymbol.values()]
  }

  /** The inventory of a Minecraft version (built once per version). */
  static forVersion(version: string = DEFAULT_RULES_VERSION): SymbolInventory {
    let inventory = cache.get(version)
    if (!inventory) {
      inventory = new SymbolInventory(version, buildEntries(loadRules(version)))
      cache.set(version, inventory)
    }
    return inventory
  }

  get size(): number {
    return this.entries.length
  }

  get(symbol: string): SymbolEntry | undefined {
    return this.bySymbol.get(symbol)
  }

  has(symbol: string): boolean {
    return this.bySymbol.has(symbol)
  }

  /** The entries whose symbol, description or synonyms best match `text` (BM25), best first. */
  search(text: string, k = 10): { entry: SymbolEntry; score: number }[] {
    this.index ??= new Bm25Index(this.entries.map((e) => documentTerms(e.symbol, e.description)))
    return this.index.search(queryTerms(text), k).flatMap(({ index, score }) => {
      const entry = this.entries[index]
      return entry ? [{ entry, score }] : []
    })
  }

  /** How many symbols each verb and predicate kind has, actions first. */
  countsByKind(): Record<string, number> {
    const counts: Record<string, number> = {}
    const order = [...PRIMITIVE_VERBS, ...EVALUATED_PREDICATES] as readonly string[]
    for (const verb of order) counts[verb] = 0
    for (const entry of this.entries) counts[entry.verb] = (counts[entry.verb] ?? 0) + 1
    for (const verb of order) if (counts[verb] === 0) delete counts[verb]
    return counts
  }

  /** Entries with this verb or predicate kind. */
  withVerb(verb: string): SymbolEntry[] {
    return this.entries.filter((entry) => entry.verb === verb)
  }
}

/** Does the verb's object name something of this version (as `symbolProblem` of validate.ts decides)? */
function knownObjects(data: IndexedData): (verb: string, object: string) => boolean {
  const items = new Set(Object.keys(data.itemsByName))
  const blocks = new Set(Object.keys(data.blocksByName))
  const entities = new Set(Object.keys(data.entitiesByName))
  const biomes = new Set(Object.keys(data.biomesByName))
  const fixed: Readonly<Record<string, readonly string[]>> = {
    time: ['day', 'night'],
    health: ['low', 'full'],
    food: ['low', 'full'],
    sleep: ['bed'],
  }
  return (verb, object) => {
    const values = fixed[verb]
    if (values) return values.includes(object)
    if (isFamily(object) || (verb === 'explore' && object === 'any')) return true
    if (['mine', 'near', 'sees', 'explore'].includes(verb)) return blocks.has(object)
    if (verb === 'kill') return entities.has(object)
    if (verb === 'use') return blocks.has(object) || entities.has(object)
    if (verb === 'biome') return biomes.has(object)
    return items.has(object)
  }
}

function bindEntry(symbol: string, description: string): SymbolEntry {
  const parsed = parseSymbol(symbol)
  if (!parsed) throw new SymbolBindingError(`"${symbol}" is not a symbol`)
  const primitive = parsePrimitive(symbol)
  if (primitive) {
    if (primitiveSymbol(primitive) !== symbol) {
      throw new SymbolBindingError(`${symbol} does not round-trip through parsePrimitive`)
    }
    return {
      symbol,
      kind: 'action',
      verb: primitive.verb,
      object: primitive.object,
      description,
      binding: bound(primitive),
    }
  }
  if (!(EVALUATED_PREDICATES as readonly string[]).includes(parsed.verb)) {
    throw new SymbolBindingError(`${symbol} is neither a primitive nor a predicate holdsIn evaluates`)
  }
  const [holds, fails] = witnesses(parsed.verb, parsed.object, parsed.count ?? 1)
  if (!holdsIn(holds, symbol) || holdsIn(fails, symbol)) {
    throw new SymbolBindingError(`holdsIn does not evaluate ${symbol}: it does not tell a state where it holds`)
  }
  const entry = { symbol, kind: 'predicate', verb: parsed.verb, object: parsed.object, description } as const
  const binding = { type: 'predicate', symbol } as const
  return parsed.count === undefined ? { ...entry, binding } : { ...entry, count: parsed.count, binding }
}

const bound = (primitive: Primitive): SymbolBinding => ({ type: 'primitive', primitive })

/** An observation where nothing holds: empty hands, day, mid health and food, nowhere, nothing in sight. */
export const BLANK_OBSERVATION: Observation = {
  inventory: new Map(),
  equipped: undefined,
  timeOfDay: 6000,
  isNight: false,
  biome: undefined,
  position: { x: 0, y: 64, z: 0 },
  health: 12,
  food: 12,
  nearest: () => undefined,
}

/** Two observations that a predicate of this kind, object and count must tell apart: where it holds, where not. */
export function witnesses(kind: string, object: string, count: number): [Observation, Observation] {
  const at =
    (distance: number): Observation['nearest'] =>
    (o) =>
      o === object ? distance : undefined
  switch (kind) {
    case 'has':
      return [
        { ...BLANK_OBSERVATION, inventory: new Map([[object, count]]) },
        { ...BLANK_OBSERVATION, inventory: new Map([[object, count - 1]]) },
      ]
    case 'equipped':
      return [{ ...BLANK_OBSERVATION, equipped: object }, BLANK_OBSERVATION]
    case 'near':
      return [
        { ...BLANK_OBSERVATION, nearest: at(3) },
        { ...BLANK_OBSERVATION, nearest: (o, radius = 32) => (o === object && radius >= 20 ? 20 : undefined) },
      ]
    case 'sees':
      return [
        { ...BLANK_OBSERVATION, nearest: (o, radius = 32) => (o === object && radius >= 20 ? 20 : undefined) },
        BLANK_OBSERVATION,
      ]
    case 'time': {
      const night = { ...BLANK_OBSERVATION, isNight: true, timeOfDay: 18_000 }
      return object === 'night' ? [night, BLANK_OBSERVATION] : [BLANK_OBSERVATION, night]
    }
    case 'health':
    case 'food': {
      const low = { ...BLANK_OBSERVATION, [kind]: 2 }
      const full = { ...BLANK_OBSERVATION, [kind]: 20 }
      return object === 'low' ? [low, full] : [full, low]
    }
    case 'biome':
      return [{ ...BLANK_OBSERVATION, biome: object }, BLANK_OBSERVATION]
    default:
      return [BLANK_OBSERVATION, BLANK_OBSERVATION]
  }
}
