/**
 * The Sim's mutable state, its options and its constants. All of it is plain data so a world can be cloned in a
 * few microseconds (the planner clones one per search node).
 */
import { matchesObject } from '../../vocabulary/families.js'
import { DEFAULT_SEE_RADIUS } from '../predicates.js'
import { loadRules, type Rules } from '../rules.js'
import { LEVELS, REGION_SIZE, WorldMap } from './world-map.js'

export const DAY_TICKS = 24_000
export const NIGHT_START = 13_000
export const SIGHT_RADIUS = DEFAULT_SEE_RADIUS

/** Tick costs of the primitives (20 ticks a second). */
export const COSTS = {
  /** Walking one block (about 4.3 blocks a second). */
  walkPerBlock: 5,
  /** Blocks within this distance are reached without walking. */
  reach: 4,
  craft: 20,
  /** One item in a furnace (10 s, as in the game). */
  smelt: 200,
  place: 5,
  equip: 5,
  /** Eating takes 1.6 s. */
  eat: 32,
  fightBare: 80,
  fightSword: 30,
  /** Health a fight with a hostile mob costs, bare-handed and with a sword. */
  hitBare: 4,
  hitSword: 2,
  /** Blocks walked per step of an exploration. */
  exploreStep: 24,
  /** Blocks dug per block of height on a staircase down (or up). */
  stairDig: 2,
} as const

/** Hunger and health. */
export const BODY = {
  maxHealth: 20,
  maxFood: 20,
  /** One food point is lost every this many ticks. */
  hungerInterval: 1_600,
  /** With food at `regenFood` or more and nothing attacking, one health point comes back every this many ticks. */
  regenInterval: 200,
  regenFood: 18,
  /** With food at 0, one health point is lost every this many ticks, down to 1 (normal difficulty). */
  starveInterval: 400,
  /** Solid blocks placed within 2 blocks of the bot that make a shelter on the surface. */
  shelterBlocks: 4,
} as const

/** Default timeouts per verb, in ticks. */
export const TIMEOUTS: Readonly<Record<string, number>> = {
  mine: 1_200,
  craft: 600,
  smelt: 600,
  place: 200,
  equip: 100,
  explore: 12_000,
  sleep: 1_200,
  kill: 1_200,
  eat: 200,
  fish: 12_000,
  use: 200,
  plant: 200,
}

export interface SimOptions {
  /** Seeds the map and every random choice (default 0). */
  readonly seed?: number
  /** Chance that a walk fails with `path_failed` (default 0.02). */
  readonly pathFailureRate?: number
  /**
   * Chance that a mined block's drop never reaches the inventory (default 0): live, a drop that fell out of the
   * bot's pick-up range, or a log broken mid-dig. The block is gone, the time spent and the tool worn; `no_drop`.
   */
  readonly dropLossRate?: number
  /** Start at the surface of the nearest region of this biome (default `forest`). */
  readonly startBiome?: string
  readonly startInventory?: Readonly<Record<string, number>>
  /** Time of day at the start (default 0, sunrise). */
  readonly startTime?: number
  /** minecraft-data version of the rules (default 1.21.4). */
  readonly version?: string
  /** At night, awake and unsheltered on the surface, one health point is lost every this many ticks (600). */
  readonly nightDamageInterval?: number
  /** Steps an exploration walks before it gives up (24; a hunt for a mob twice as many). */
  readonly exploreSteps?: number
}

/** What every act needs besides the state; shared by clones. */
export interface SimContext {
  readonly seed: number
  readonly rules: Rules
  readonly map: WorldMap
  readonly pathFailureRate: number
  readonly dropLossRate: number
  readonly nightDamageInterval: number
  readonly exploreSteps: number
}

export interface Placed {
  readonly block: string
  readonly x: number
  readonly y: number
  readonly z: number
  /** A furnace's fuel left, in items it can still smelt. */
  fuel: number
  /** A crop's tick (`SimState.ticks`) at which it is ripe. */
  readonly ripeAt?: number
  /** A chest's contents, item → count. */
  contents?: Record<string, number>
}

export interface SimState {
  /** Ticks since the start. */
  ticks: number
  timeOfDay: number
  /** Days begun since the start (the time of day wrapped this often). */
  day: number
  x: number
  z: number
  /** Index into LEVELS: 0 is the surface. */
  level: number
  health: number
  food: number
  inventory: Map<string, number>
  equipped: string | undefined
  /** Armour worn, slot → piece (out of the inventory while worn). */
  worn: Map<string, string>
  /** Creature → how many the bot killed. */
  kills: Map<string, number>
  /** Uses spent by the tool in hand, per item name (the next one of a stack starts fresh). */
  wear: Map<string, number>
  placed: Placed[]
  /** Deposit id → blocks (or animals) taken from it. */
  taken: Map<string, number>
  /** Acts run so far: each act draws from its own generator, seeded by this. */
  acts: number
  dead: boolean
  /** Fractions of a point, carried between acts. */
  hurt: number
  healing: number
  hunger: number
  /** Biomes the act in progress must not enter (ActOptions.avoidBiomes); unset between acts. */
  avoidBiomes?: ReadonlySet<string> | undefined
}

export function createContext(options: SimOptions): SimContext {
  const seed = options.seed ?? 0
  const pathFailureRate = options.pathFailureRate ?? 0.02
  const dropLossRate = options.dropLossRate ?? 0
  for (const [name, rate] of [
    ['pathFailureRate', pathFailureRate],
    ['dropLossRate', dropLossRate],
  ] as const) {
    if (!(rate >= 0 && rate <= 1)) throw new RangeError(`${name} must be between 0 and 1, not ${rate}`)
  }
  return {
    seed,
    rules: loadRules(options.version),
    map: new WorldMap(seed),
    pathFailureRate,
    dropLossRate,
    nightDamageInterval: options.nightDamageInterval ?? 600,
    exploreSteps: options.exploreSteps ?? 24,
  }
}

export function initialState(context: SimContext, options: SimOptions): SimState {
  const biome = options.startBiome ?? 'forest'
  const start = context.map.findBiome(biome)
  if (!start) throw new Error(`no ${biome} region near the origin; biomes: forest, plains, desert, windswept_forest`)
  const inventory = new Map<string, number>()
  for (const [name, count] of Object.entries(options.startInventory ?? {})) {
    if (!context.rules.isItem(name)) throw new Error(`startInventory: unknown item ${name}`)
    if (count > 0) inventory.set(name, count)
  }
  return {
    ticks: 0,
    timeOfDay: (((options.startTime ?? 0) % DAY_TICKS) + DAY_TICKS) % DAY_TICKS,
    day: 0,
    x: start.rx * REGION_SIZE + REGION_SIZE / 2,
    z: start.rz * REGION_SIZE + REGION_SIZE / 2,
    level: 0,
    health: BODY.maxHealth,
    food: BODY.maxFood,
    inventory,
    equipped: undefined,
    worn: new Map(),
    kills: new Map(),
    wear: new Map(),
    placed: [],
    taken: new Map(),
    acts: 0,
    dead: false,
    hurt: 0,
    healing: 0,
    hunger: 0,
  }
}

export function cloneState(state: SimState): SimState {
  return {
    ...state,
    inventory: new Map(state.inventory),
    worn: new Map(state.worn),
    kills: new Map(state.kills),
    wear: new Map(state.wear),
    placed: state.placed.map((p) => (p.contents ? { ...p, contents: { ...p.contents } } : { ...p })),
    taken: new Map(state.taken),
  }
}

export const levelY = (level: number): number => LEVELS[level]?.y ?? 0
export const isNightTime = (timeOfDay: number): boolean => timeOfDay >= NIGHT_START

/** Items in the inventory that count as `object` (a name or a family), by name. */
export function held(state: SimState, object: string): string[] {
  return [...state.inventory.keys()].filter((name) => matchesObject(object, name)).sort()
}

export function countHeld(state: SimState, object: string): number {
  let n = 0
  for (const [name, count] of state.inventory) if (matchesObject(object, name)) n += count
  return n
}

export function addItem(state: SimState, name: string, count: number): void {
  state.inventory.set(name, (state.inventory.get(name) ?? 0) + count)
}

/** Removes `count` items matching `object` (members of a family in name order); the hand empties with its stack. */
export function removeItems(state: SimState, object: string, count: number): void {
  let left = count
  for (const name of held(state, object)) {
    const have = state.inventory.get(name) ?? 0
    const take = Math.min(have, left)
    left -= take
    if (have - take > 0) state.inventory.set(name, have - take)
    else {
      state.inventory.delete(name)
      state.wear.delete(name)
      if (state.equipped === name) state.equipped = undefined
    }
    if (left === 0) return
  }
}
