import { familiesOf } from '../vocabulary/families.js'
import { type Primitive, parseSymbol, primitiveSymbol } from '../vocabulary/symbols.js'
import type { Observation, Outcome } from './port.js'
import { DEFAULT_NEAR_RADIUS, holdsIn, type PredicateOptions } from './predicates.js'

/** Blocks whose sight is an event by default: where resources and workstations are. */
const SIGHTS = [
  'logs',
  'coal_ore',
  'iron_ore',
  'gold_ore',
  'copper_ore',
  'redstone_ore',
  'lapis_ore',
  'diamond_ore',
  'emerald_ore',
  'crafting_table',
  'furnace',
  'beds',
]
const WORKSTATIONS = ['crafting_table', 'furnace', 'beds']

/** What the inventory holds, item → count. */
function heldCounts(observation: Observation): Record<string, number> {
  return Object.fromEntries([...observation.inventory].filter(([, n]) => n > 0))
}

/** One LogicGuard position pair: the predicates true before an action, and the action (with its outcome). */
export interface TraceStep {
  readonly state: ReadonlySet<string>
  readonly action: string
  readonly outcome: Outcome
  /** The inventory's counts before and after the action: how the critic tells a needed repeat from a wasted one. */
  readonly counts?: Readonly<Record<string, number>>
  readonly countsAfter?: Readonly<Record<string, number>>
}

/**
 * CEDAR's word extractor φ: turns a run (observations between acts) into a word — each act contributes its action
 * symbol, and each predicate contributes its event symbol at the moment it becomes true (edge-triggered):
 * `time.night` when night starts, `has.cobblestone.3` when the count reaches 3, `biome.X` on entering, `sees.X`,
 * `near.X`, `equipped.X`, `health.low`. It also keeps the LogicGuard trace: the set of predicates true at each state
 * position, alternating with the actions.
 *
 * Which predicates are tracked: every `has.<item>.1` for items held, `equipped.<item>`, `wears.<piece>`, `time.day|night`,
 * `biome.<current>`, `near.` workstations, `sees.` resources (logs, ores, workstations), `health.low` — plus any
 * predicate symbols passed in `watch` (e.g. the alphabet's `has.cobblestone.3`). All are evaluated by the one
 * definition in predicates.ts.
 */
export class EventLogger {
  private previous = new Set<string>()
  private readonly events: string[] = []
  private readonly steps: TraceStep[] = []
  private pending: ReadonlySet<string> | undefined
  private counts: Readonly<Record<string, number>> | undefined
  private readonly watch: readonly string[]

  constructor(
    watch: Iterable<string> = [],
    private readonly options: PredicateOptions = {},
    /** Counts tracked for every item held besides 1 (`has.cobblestone.3`): LogicGuard's critic sees progress by them. */
    private readonly thresholds: readonly number[] = [],
  ) {
    this.watch = [...watch].filter((symbol) => parseSymbol(symbol) !== undefined)
  }

  /** The first observation: predicates already true count as becoming true. Returns their events. */
  start(observation: Observation): string[] {
    this.previous = new Set()
    this.events.length = 0
    this.steps.length = 0
    return this.observe(observation)
  }

  /** A state position: returns the events of predicates that became true since the last observation. */
  observe(observation: Observation): string[] {
    const now = this.truePredicates(observation)
    const fresh = [...now].filter((p) => !this.previous.has(p)).sort()
    this.previous = now
    this.pending = now
    this.counts = heldCounts(observation)
    this.events.push(...fresh)
    return fresh
  }

  /** An act and what followed: the action symbol, then the events it caused. Returns them. */
  record(primitive: Primitive, outcome: Outcome, after: Observation): string[] {
    const action = primitiveSymbol(primitive)
    this.steps.push({
      state: this.pending ?? this.previous,
      action,
      outcome,
      ...(this.counts ? { counts: this.counts } : {}),
      countsAfter: heldCounts(after),
    })
    this.events.push(action)
    return [action, ...this.observe(after)]
  }

  /** The CEDAR word of the run so far: action symbols and event symbols, in order. */
  get word(): readonly string[] {
    return this.events
  }

  /** The LogicGuard trace so far. */
  get trace(): readonly TraceStep[] {
    return this.steps
  }

  /** The tracked predicates true in an observation. */
  truePredicates(observation: Observation): Set<string> {
    const candidates = new Set<string>(this.watch)
    for (const [item, count] of observation.inventory) {
      if (count > 0) candidates.add(`has.${item}.1`)
      for (const family of familiesOf(item)) candidates.add(`has.${family}.1`)
      for (const n of this.thresholds) {
        if (n > count && familiesOf(item).length === 0) continue
        candidates.add(`has.${item}.${n}`)
        for (const family of familiesOf(item)) candidates.add(`has.${family}.${n}`)
      }
    }
    if (observation.equipped) candidates.add(`equipped.${observation.equipped}`)
    for (const piece of observation.worn ?? []) candidates.add(`wears.${piece}`)
    for (const [item, n] of observation.stored ?? []) if (n > 0) candidates.add(`stored.${item}.1`)
    for (const [mob, n] of observation.kills ?? []) if (n > 0) candidates.add(`killed.${mob}.1`)
    candidates.add(observation.isNight ? 'time.night' : 'time.day')
    if (observation.biome) candidates.add(`biome.${observation.biome}`)
    for (const w of WORKSTATIONS) candidates.add(`near.${w}`)
    for (const s of SIGHTS) candidates.add(`sees.${s}`)
    candidates.add('health.low')
    const options = { nearRadius: DEFAULT_NEAR_RADIUS, ...this.options }
    return new Set([...candidates].filter((p) => holdsIn(observation, p, options)))
  }
}
