/**
 * The World port: what the agent sees and the primitives it can run, the same for the real game (Mineflayer) and
 * the symbolic Sim. Nothing above this port can tell the two apart.
 */

import type { Primitive } from '../vocabulary/symbols.js'

export type FailureKind =
  | 'missing_tool'
  | 'missing_ingredients'
  | 'not_found'
  | 'path_failed'
  | 'not_now' // e.g. sleeping by day
  | 'timeout'
  | 'cancelled'
  | 'blocked' // the shield refused it
  | 'unsupported' // the world cannot do this (an unknown primitive; a mechanic the server lacks)
  | 'server_error'
  | 'no_drop' // mined or killed, but nothing reached the inventory (the drop lay out of reach, or never came)
  | 'no_effect' // used on a block, which did not change (a hoe on grass the server would not till)

export type Outcome =
  | { readonly ok: true; readonly detail?: string }
  | { readonly ok: false; readonly failure: FailureKind; readonly message: string }

export interface Position {
  readonly x: number
  readonly y: number
  readonly z: number
}

/** A snapshot of the world as the agent sees it. */
export interface Observation {
  /** Item name → count (whole inventory, hotbar included). */
  readonly inventory: ReadonlyMap<string, number>
  /** The item in hand. */
  readonly equipped: string | undefined
  /** The armour worn (helmet, chestplate, leggings, boots: not in `inventory`); undefined when none is. */
  readonly worn?: ReadonlySet<string>
  /** Item → count in the chests the bot has put things in or looked into (as it last saw them); undefined: none. */
  readonly stored?: ReadonlyMap<string, number>
  /** Creature → how many the bot has killed (the world's deaths of those it fought); undefined: none yet. */
  readonly kills?: ReadonlyMap<string, number>
  /** 0..23999; night is 13,000 and later. */
  readonly timeOfDay: number
  readonly isNight: boolean
  readonly biome: string | undefined
  readonly position: Position
  readonly health: number
  readonly food: number
  /**
   * A liquid that endangers the bot where it is: `water` when it swims (in water with its head under, or over water
   * deeper than its feet; wading a block deep is not), `lava` when lava is within a step or two of its feet;
   * undefined when neither, or when the world does not tell (the Sim has no liquids to be caught in).
   */
  readonly hazard?: 'water' | 'lava'
  /**
   * Whether the bot stands under the open sky (nothing but air and leaves above its head), where hostile mobs
   * come at it; undefined when the world does not tell (the Sim keeps its own account of shelter).
   */
  readonly underSky?: boolean
  /**
   * Distance to the nearest block of `object` (a name, a family, or an ore that includes its deepslate variant)
   * within `radius` (at most the world's sight radius), or undefined when none is there. Computed on demand.
   */
  nearest(object: string, radius?: number): number | undefined
}

/**
 * `explore.safe_ground`: walk (or swim) to the nearest spot where the bot can stand out of water and away from
 * lava — the survival reflexes' way out of a liquid (agent/reflexes/escape-reflex.ts). A world without liquids fails it.
 */
export const SAFE_GROUND = 'safe_ground'

/**
 * `place.shelter`: dig in for the night where the bot stands (three blocks down, a block over its head) and stay
 * until daybreak, or only until covered with `toWorkFrom` — the shelter reflex's act (agent/reflexes/shelter-reflex.ts).
 * The Sim's shelter is blocks placed around.
 */
export const SHELTER = 'shelter'

export interface ActOptions {
  /** Give up after this long (ms for the real game, ticks' worth for the Sim); default per primitive. */
  readonly timeoutMs?: number
  /**
   * Biomes the act must not enter (a "stay in B" constraint: leaving shows only as an event after the fact, so the
   * controller passes it down). The Sim's walks keep out of those biomes, and so does a live bot: its pathfinder
   * and block searches are fenced off them while the act runs (`mineflayer/biome-fence.ts`).
   */
  readonly avoidBiomes?: readonly string[]
  /** While a long act runs, what it is doing now (an explore: its leg and the distance walked), for progress lines. */
  readonly onProgress?: (detail: string) => void
  /**
   * Time-of-day events (`time.night`, `time.day`) after which the act must not go on (under "sleep at night" a dig
   * begun by day is an act awake once night falls): a live act that is still running when one happens stops there
   * and fails `not_now`, and the controller plans again from the night. The Sim's acts are instants and ignore it.
   */
  readonly stopAt?: readonly string[]
  /**
   * `place.shelter` only: the plan has work to go on with from the hole (an ore below it), so the act ends once the
   * bot is dug in and covered instead of at daybreak: the night is the only time some work may be done ("mine
   * minerals only at night"). An uncovered hole is still waited in until daybreak: open to the sky, the shelter
   * reflex would dig in again from its bottom.
   */
  readonly toWorkFrom?: boolean
}

export interface World {
  observe(): Observation
  /** Runs one primitive. Never throws for game reasons: failures are outcomes. Honours `signal` (`!stop`). */
  act(primitive: Primitive, signal?: AbortSignal, options?: ActOptions): Promise<Outcome>
  /** Lets about `ticks` game ticks pass without acting (the controller waits for an event such as nightfall). */
  waitTicks?(ticks: number, signal?: AbortSignal): Promise<void>
}

export const failure = (kind: FailureKind, message: string): Outcome => ({ ok: false, failure: kind, message })
export const success = (detail?: string): Outcome => (detail === undefined ? { ok: true } : { ok: true, detail })
