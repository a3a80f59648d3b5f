/**
 * The symbolic World: seeded, deterministic, fast. Same seed and same acts → same outcomes and observations.
 *
 * The model (numbers in `state.ts`, the map in `world-map.ts`, the body in `body.ts`, the search in `explore.ts`):
 * - a map of 64×64 regions in biome patches (forest, plains, desert, windswept_forest) over four levels (surface,
 *   upper caves, deep caves, deepslate), resources by biome and depth; the bot sees 32 blocks around it;
 * - a 24,000-tick day, night from 13,000; every primitive costs ticks: mining `rules.miningTicks` plus the walk
 *   (5 ticks a block beyond reach 4), crafting 20, smelting 200 per item, placing and equipping 5, eating 32, a
 *   fight 80 (30 with a sword), exploring by distance and digging;
 * - at night on the surface, awake and unsheltered (fewer than 4 solid blocks placed around it), mobs take a
 *   health point every 600 ticks; sleeping in a placed bed skips to morning; food drops every 1,600 ticks and
 *   health comes back by day when fed; death ends the episode (every act then fails with `server_error`);
 * - walks fail with `path_failed` at `pathFailureRate` (2% by default) so executions fail for real.
 *
 * `act` honours an aborted signal (`cancelled`, nothing happens) and a timeout: `timeoutMs` is game time, 50 ms a
 * tick (defaults per verb in `TIMEOUTS`); work that would take longer spends the timeout and fails with `timeout`.
 */

import { seededRandom } from '../../automata/random.js'
import type { Primitive } from '../../vocabulary/symbols.js'
import type { ActOptions, Observation, Outcome, World } from '../port.js'
import { failure } from '../port.js'
import { craft, eat, equip, mine, place, smelt } from './actions.js'
import { passTime } from './body.js'
import { storeInChest, takeFromChest } from './chests.js'
import { explore, kill, sleep } from './explore.js'
import { fish } from './fishing.js'
import { type ActEnv, deathOutcome } from './perform.js'
import {
  cloneState,
  createContext,
  initialState,
  isNightTime,
  levelY,
  type SimContext,
  type SimOptions,
  type SimState,
  TIMEOUTS,
} from './state.js'
import { plant, use } from './using.js'
import { nearestThing, observeState, regionOf } from './view.js'
import { LEVELS, mix } from './world-map.js'

/** A plain copy of the Sim's state, for logs, benches and tests. */
export interface SimSnapshot {
  readonly ticks: number
  readonly timeOfDay: number
  readonly day: number
  readonly isNight: boolean
  readonly position: { readonly x: number; readonly y: number; readonly z: number }
  readonly level: string
  readonly biome: string
  readonly health: number
  readonly food: number
  readonly inventory: Readonly<Record<string, number>>
  readonly equipped: string | undefined
  readonly placed: ReadonlyArray<{ readonly block: string; readonly x: number; readonly y: number; readonly z: number }>
  readonly acts: number
  readonly dead: boolean
}

export class SimWorld implements World {
  private readonly context: SimContext
  private current: SimState
  /** Nearest distances asked since the last act (the planner asks the same ones often). */
  private readonly sights = new Map<string, number | undefined>()

  constructor(options: SimOptions = {}, from?: { context: SimContext; state: SimState }) {
    this.context = from?.context ?? createContext(options)
    this.current = from ? cloneState(from.state) : initialState(this.context, options)
  }

  get seed(): number {
    return this.context.seed
  }

  /** Ticks elapsed since the start. */
  get ticks(): number {
    return this.current.ticks
  }

  get dead(): boolean {
    return this.current.dead
  }

  get rules() {
    return this.context.rules
  }

  get state(): SimSnapshot {
    const s = this.current
    return {
      ticks: s.ticks,
      timeOfDay: s.timeOfDay,
      day: s.day,
      isNight: isNightTime(s.timeOfDay),
      position: { x: s.x, y: levelY(s.level), z: s.z },
      level: LEVELS[s.level]?.name ?? 'surface',
      biome: this.context.map.biomeAt(regionOf(s.x), regionOf(s.z)),
      health: s.health,
      food: s.food,
      inventory: Object.fromEntries([...s.inventory].sort(([a], [b]) => (a < b ? -1 : 1))),
      equipped: s.equipped,
      placed: s.placed.map(({ block, x, y, z }) => ({ block, x, y, z })),
      acts: s.acts,
      dead: s.dead,
    }
  }

  /** The live state, read-only (the planner reads it without copying). */
  get raw(): Readonly<SimState> {
    return this.current
  }

  /** Distance to the nearest `object` in sight, without taking an Observation. */
  nearest(object: string, radius?: number): number | undefined {
    const key = radius === undefined ? object : `${object}@${radius}`
    if (!this.sights.has(key)) this.sights.set(key, nearestThing(this.current, this.context, object, radius)?.distance)
    return this.sights.get(key)
  }

  /** An independent copy (same map, same future given the same acts). */
  clone(): SimWorld {
    return new SimWorld({}, { context: this.context, state: this.current })
  }

  /** Lets `ticks` pass with the bot standing where it is (nights, hunger and mobs go on); for tests and benches. */
  wait(ticks: number): void {
    this.sights.clear()
    passTime(this.current, this.context, ticks)
  }

  async waitTicks(ticks: number, signal?: AbortSignal): Promise<void> {
    if (!signal?.aborted) this.wait(ticks)
  }

  observe(): Observation {
    return observeState(this.current, this.context)
  }

  async act(primitive: Primitive, signal?: AbortSignal, options?: ActOptions): Promise<Outcome> {
    return this.actNow(primitive, signal, options)
  }

  /** `act`, synchronously (the planner's search and the benches use it). */
  actNow(primitive: Primitive, signal?: AbortSignal, options?: ActOptions): Outcome {
    if (signal?.aborted) return failure('cancelled', `${primitive.verb}.${primitive.object} was cancelled`)
    this.sights.clear()
    const state = this.current
    const dead = deathOutcome(state)
    if (dead) return dead
    const timeout = Math.max(
      0,
      Math.ceil(options?.timeoutMs !== undefined ? options.timeoutMs / 50 : (TIMEOUTS[primitive.verb] ?? 1200)),
    )
    const env: ActEnv = { random: seededRandom(mix(this.context.seed, state.acts, 0xac7)), timeout }
    state.acts += 1
    state.avoidBiomes = options?.avoidBiomes?.length ? new Set(options.avoidBiomes) : undefined
    try {
      return this.perform(primitive, state, env)
    } finally {
      state.avoidBiomes = undefined
    }
  }

  private perform(primitive: Primitive, state: SimState, env: ActEnv): Outcome {
    const { object } = primitive
    switch (primitive.verb) {
      case 'mine':
        return mine(state, this.context, env, object)
      case 'craft':
        return craft(state, this.context, env, object)
      case 'smelt':
        return smelt(state, this.context, env, object, primitive.fuel)
      case 'place':
        return place(state, this.context, env, object)
      case 'equip':
        return equip(state, this.context, env, object)
      case 'explore':
        return explore(state, this.context, env, object)
      case 'sleep':
        return sleep(state, this.context, env)
      case 'kill':
        return kill(state, this.context, env, object)
      case 'eat':
        return eat(state, this.context, env, object)
      case 'fish':
        return fish(state, this.context, env, object)
      case 'use':
        return use(state, this.context, env, object)
      case 'plant':
        return plant(state, this.context, env, object)
      case 'store':
        return storeInChest(state, this.context, env, primitive)
      case 'take':
        return takeFromChest(state, this.context, env, primitive)
      default:
        return failure('unsupported', `unknown primitive ${String(primitive.verb)}`)
    }
  }
}
