/**
 * The Sim's map: an endless 2-D grid of 64×64 regions, each of one biome, and four depth levels under each.
 * Everything here is a pure function of the seed, generated on demand and cached; what the bot takes away is kept
 * in its state, never here, so clones of a world share one map.
 *
 * - Biomes come in patches of 3×3 regions (forest 35%, plains 30%, desert 20%, windswept_forest 15%).
 * - Levels: the surface (y 64), upper caves (y 40), deep caves (y 8) and the deepslate layer (y −50). Each level has
 *   a ground that is always at hand (grass_block and dirt, sand and sandstone in deserts, stone in caves, deepslate
 *   in the deepslate layer) and deposits: a tree, an outcrop, an ore vein, a lava pool or a herd, with a size.
 * - Deposits per region are drawn per resource with the expected number in the tables below (a binomial around
 *   it), each at a uniform spot in the region, its size uniform in the range.
 */

import { type Random, randomInt, seededRandom } from '../../automata/random.js'
import { matchesObject } from '../../vocabulary/families.js'

export const SIM_BIOMES = ['forest', 'plains', 'desert', 'windswept_forest'] as const
export type SimBiome = (typeof SIM_BIOMES)[number]
const BIOME_WEIGHTS: Readonly<Record<SimBiome, number>> = {
  forest: 0.35,
  plains: 0.3,
  desert: 0.2,
  windswept_forest: 0.15,
}
/** Regions per side of a biome patch. */
const PATCH = 3
export const REGION_SIZE = 64

export interface Ground {
  readonly block: string
  /** How far the nearest one is, wherever the bot stands on this level. */
  readonly distance: number
}

export interface Resource {
  /** A block, or a mob for herds. */
  readonly name: string
  /** Expected deposits per region. */
  readonly perRegion: number
  /** Blocks (or animals) per deposit, inclusive. */
  readonly size: readonly [number, number]
}

export interface Layer {
  readonly ground: readonly Ground[]
  readonly resources: readonly Resource[]
}

const GRASS: readonly Ground[] = [
  { block: 'grass_block', distance: 1 },
  { block: 'dirt', distance: 2 },
  { block: 'short_grass', distance: 2 },
  // Ponds and rivers: never further than this on grassland (a water source never runs out).
  { block: 'water', distance: 16 },
]
/** Oak crowns everywhere in a forest, over its oak trunks. */
const OAK_CROWNS: Ground = { block: 'oak_leaves', distance: 4 }
const HERDS: readonly Resource[] = [
  { name: 'sheep', perRegion: 1.5, size: [2, 4] },
  { name: 'cow', perRegion: 1.5, size: [2, 3] },
  { name: 'pig', perRegion: 1, size: [2, 3] },
  { name: 'chicken', perRegion: 1, size: [2, 4] },
]

/** The surface of each biome. */
export const SURFACE: Readonly<Record<SimBiome, Layer>> = {
  forest: {
    ground: [...GRASS, OAK_CROWNS],
    resources: [
      { name: 'oak_log', perRegion: 14, size: [4, 6] },
      { name: 'birch_log', perRegion: 5, size: [5, 7] },
      ...HERDS.map((herd) => ({ ...herd, perRegion: herd.perRegion / 2 })),
      // Last: the generator draws per resource in order, so what came before stays put. Clay and sand by the water.
      { name: 'clay', perRegion: 0.5, size: [4, 8] },
      { name: 'sand', perRegion: 1, size: [6, 12] },
    ],
  },
  plains: {
    ground: GRASS,
    resources: [
      { name: 'oak_log', perRegion: 1.5, size: [4, 6] },
      ...HERDS,
      { name: 'clay', perRegion: 0.5, size: [4, 8] },
      { name: 'sand', perRegion: 1, size: [6, 12] },
    ],
  },
  desert: {
    ground: [
      { block: 'sand', distance: 1 },
      { block: 'sandstone', distance: 4 },
    ],
    resources: [{ name: 'cactus', perRegion: 3, size: [1, 3] }],
  },
  windswept_forest: {
    // Its few oaks' crowns are further off than a forest's.
    ground: [...GRASS, { ...OAK_CROWNS, distance: 8 }],
    resources: [
      { name: 'spruce_log', perRegion: 6, size: [6, 9] },
      { name: 'oak_log', perRegion: 2, size: [4, 6] },
      { name: 'stone', perRegion: 5, size: [6, 12] },
      { name: 'coal_ore', perRegion: 1, size: [3, 6] },
      { name: 'sheep', perRegion: 0.5, size: [2, 3] },
    ],
  },
}

/** Levels below the surface, the same under every biome. */
export const UNDERGROUND: readonly Layer[] = [
  {
    ground: [{ block: 'stone', distance: 1 }],
    resources: [
      { name: 'coal_ore', perRegion: 6, size: [4, 12] },
      { name: 'iron_ore', perRegion: 3, size: [3, 8] },
      { name: 'gravel', perRegion: 2, size: [4, 10] },
      // Mineshafts' cobwebs: string for a bow or a fishing rod without waiting for a spider at night.
      { name: 'cobweb', perRegion: 1, size: [3, 8] },
    ],
  },
  {
    ground: [{ block: 'stone', distance: 1 }],
    resources: [
      { name: 'coal_ore', perRegion: 2, size: [4, 10] },
      { name: 'iron_ore', perRegion: 3, size: [3, 8] },
      { name: 'redstone_ore', perRegion: 2, size: [4, 8] },
      { name: 'lava', perRegion: 1, size: [4, 12] },
      { name: 'diamond_ore', perRegion: 0.3, size: [1, 4] },
      // Last in the list: each region's generator draws for the resources in order, so the others stay put.
      { name: 'gold_ore', perRegion: 1, size: [3, 6] },
    ],
  },
  {
    ground: [{ block: 'deepslate', distance: 1 }],
    resources: [
      { name: 'deepslate_iron_ore', perRegion: 2, size: [3, 6] },
      { name: 'deepslate_redstone_ore', perRegion: 3, size: [4, 8] },
      { name: 'deepslate_diamond_ore', perRegion: 1.5, size: [2, 6] },
      { name: 'lava', perRegion: 3, size: [6, 16] },
      { name: 'deepslate_gold_ore', perRegion: 1, size: [3, 6] },
    ],
  },
]

export const LEVELS = [
  { name: 'surface', y: 64 },
  { name: 'upper caves', y: 40 },
  { name: 'deep caves', y: 8 },
  { name: 'deepslate', y: -50 },
] as const

/** Hostile mobs that come out on the surface at night. */
export const NIGHT_MOBS = ['zombie', 'skeleton', 'creeper', 'spider'] as const

export interface Deposit {
  /** `rx,rz,level,i`: the key under which the state counts what was taken. */
  readonly id: string
  readonly name: string
  readonly x: number
  readonly y: number
  readonly z: number
  readonly size: number
}

/** A 32-bit hash of integers (for seeding one generator per region, per act, per night). */
export function mix(...values: readonly number[]): number {
  let h = 0x9e3779b9
  for (const value of values) {
    h = Math.imul(h ^ (value | 0), 0x85ebca6b)
    h ^= h >>> 13
    h = Math.imul(h, 0xc2b2ae35)
    h ^= h >>> 16
  }
  return h >>> 0
}

export class WorldMap {
  private readonly deposits = new Map<string, readonly Deposit[]>()
  private readonly matching = new Map<string, Map<number, readonly Deposit[]>>()

  constructor(readonly seed: number) {}

  biomeAt(rx: number, rz: number): SimBiome {
    const u = seededRandom(mix(this.seed, Math.floor(rx / PATCH), Math.floor(rz / PATCH), 0xb10e))()
    let sum = 0
    for (const biome of SIM_BIOMES) {
      sum += BIOME_WEIGHTS[biome]
      if (u < sum) return biome
    }
    return 'forest'
  }

  layer(rx: number, rz: number, level: number): Layer {
    return level === 0 ? SURFACE[this.biomeAt(rx, rz)] : (UNDERGROUND[level - 1] ?? { ground: [], resources: [] })
  }

  /** The deposits of one region at one level, as generated (before anything was taken). */
  depositsIn(rx: number, rz: number, level: number): readonly Deposit[] {
    const key = `${rx},${rz},${level}`
    let list = this.deposits.get(key)
    if (!list) {
      list = generate(seededRandom(mix(this.seed, rx, rz, level)), this.layer(rx, rz, level), rx, rz, level)
      this.deposits.set(key, list)
    }
    return list
  }

  /** The deposits of one region and level that count as `object` (a name or a family). */
  depositsOf(rx: number, rz: number, level: number, object: string): readonly Deposit[] {
    let byPlace = this.matching.get(object)
    if (!byPlace) {
      byPlace = new Map()
      this.matching.set(object, byPlace)
    }
    const key = ((rx + 32_768) * 65_536 + (rz + 32_768)) * 8 + level
    let list = byPlace.get(key)
    if (!list) {
      list = this.depositsIn(rx, rz, level).filter((deposit) => matchesObject(object, deposit.name))
      byPlace.set(key, list)
    }
    return list
  }

  /** The nearest region of `biome` to the origin (a square spiral), as region coordinates. */
  findBiome(biome: string): { rx: number; rz: number } | undefined {
    for (let r = 0; r <= 40; r++) {
      for (let rx = -r; rx <= r; rx++) {
        for (let rz = -r; rz <= r; rz++) {
          if (Math.max(Math.abs(rx), Math.abs(rz)) === r && this.biomeAt(rx, rz) === biome) return { rx, rz }
        }
      }
    }
    return undefined
  }
}

function generate(random: Random, layer: Layer, rx: number, rz: number, level: number): Deposit[] {
  const deposits: Deposit[] = []
  for (const resource of layer.resources) {
    const trials = Math.max(1, Math.ceil(resource.perRegion * 2))
    const p = resource.perRegion / trials
    for (let t = 0; t < trials; t++) {
      const hit = random() < p
      const x = rx * REGION_SIZE + random() * REGION_SIZE
      const z = rz * REGION_SIZE + random() * REGION_SIZE
      const [low, high] = resource.size
      const size = low + randomInt(random, high - low + 1)
      if (hit) {
        const id = `${rx},${rz},${level},${deposits.length}`
        deposits.push({ id, name: resource.name, x, y: LEVELS[level]?.y ?? 0, z, size })
      }
    }
  }
  return deposits
}

/**
 * Where `object` (a name or family) can be found: each level's expected deposits per region (averaged over the
 * biomes on the surface), Infinity where it is the ground. Empty when the Sim's world has none anywhere.
 */
export function levelsWith(object: string): Map<number, number> {
  const found = new Map<number, number>()
  const add = (level: number, amount: number) => found.set(level, (found.get(level) ?? 0) + amount)
  const layers: Array<[number, Layer, number]> = [
    ...SIM_BIOMES.map((biome): [number, Layer, number] => [0, SURFACE[biome], SIM_BIOMES.length]),
    ...UNDERGROUND.map((layer, i): [number, Layer, number] => [i + 1, layer, 1]),
  ]
  for (const [level, layer, share] of layers) {
    if (layer.ground.some((g) => matchesObject(object, g.block))) add(level, Number.POSITIVE_INFINITY)
    for (const resource of layer.resources) {
      if (matchesObject(object, resource.name)) add(level, resource.perRegion / share)
    }
  }
  if ((NIGHT_MOBS as readonly string[]).includes(object)) add(0, Number.POSITIVE_INFINITY)
  return found
}

/** Every block and mob name the Sim's world holds somewhere (grounds, deposits, herds, night mobs). */
export function worldNames(): { readonly blocks: readonly string[]; readonly mobs: readonly string[] } {
  const layers = [...SIM_BIOMES.map((biome) => SURFACE[biome]), ...UNDERGROUND]
  const names = new Set(
    layers.flatMap((layer) => [...layer.ground.map((g) => g.block), ...layer.resources.map((r) => r.name)]),
  )
  const mobs = new Set<string>(NIGHT_MOBS)
  for (const herd of HERDS) mobs.add(herd.name)
  return { blocks: [...names].filter((name) => !mobs.has(name)), mobs: [...mobs] }
}
