// A seeded survival world for flying-squid, built on prismarine-chunk: terrain from SurvivalTerrain, stone and
// deepslate with bedrock at the bottom, ores at the wiki's depths (ores.ts), caves that cut through them, lava pools
// deep down, lakes, trees, grass and flowers by biome, and the biome ids written into the chunk. Everything a chunk
// holds depends only on the seed and the chunk's coordinates, and stays inside the chunk (no neighbour writes), so
// chunks can be generated in any order.
import { hash4, SeededRandom, valueNoise3 } from './noise.js'
import { ORE_RULES, type OreName, oreBlockNames, sampleOreY } from './ores.js'
import { type Column, MAX_Y, MIN_Y, SEA_LEVEL, type SurvivalBiome, SurvivalTerrain } from './terrain.js'

interface Position {
  x: number
  y: number
  z: number
}

/** The part of prismarine-chunk's ChunkColumn (1.18+) the generator uses. */
export interface ChunkColumn {
  readonly minY: number
  setBlockStateId(pos: Position, stateId: number): void
  getBlockStateId(pos: Position): number
  setBiome(pos: Position, biomeId: number): void
  setSkyLight(pos: Position, light: number): void
  /** prismarine-chunk internals, used (when present) to fill whole sections at once. */
  sections?: unknown[]
  skyLightSections?: ({ data?: Uint32Array } | null)[]
}

interface SectionOptions {
  singleValue: number
  maxBitsPerBlock: number | undefined
  noSizePrefix: boolean | undefined
  hasFluidCount: boolean | undefined
}

export interface ChunkColumnClass {
  new (options?: { minY?: number; worldHeight?: number }): ChunkColumn
  /** prismarine-chunk's section class (1.18+). */
  readonly section?: new (
    options: SectionOptions,
  ) => unknown
}

/** What the generator needs from minecraft-data. */
export interface GenerationRegistry {
  blocksByName: Record<string, { defaultState: number } | undefined>
  biomesByName: Record<string, { id: number } | undefined>
}

type TreeKind = 'oak' | 'birch' | 'spruce'

const TREE_ATTEMPTS: Record<SurvivalBiome, number> = {
  plains: 1.6,
  forest: 9,
  desert: 0,
  windswept_hills: 2,
  windswept_forest: 6,
}
const FLOWERS = ['dandelion', 'poppy', 'oxeye_daisy', 'cornflower', 'azure_bluet'] as const
const CAVE_FLOOR_Y = -59
/** Sections made whole before the column loop: y -48..-1 deepslate, from y 16 stone (see prefillSections). */
const FULL_DEEPSLATE_FROM = -48
const FULL_STONE_FROM = 16
/** The deepest surface layer surfaceOf returns (desert sand). */
const SURFACE_DEPTH_MAX = 5
/** Carved space below this fills with lava, as in vanilla's deep caves. */
const LAVA_LEVEL = -55
/** Caves stay this far below the surface, so the ground players walk on stays whole. */
const CAVE_ROOF = 6

export class SurvivalWorldGenerator {
  readonly terrain: SurvivalTerrain
  private readonly state: Record<string, number>
  private readonly biomeIds: Record<SurvivalBiome, number>
  private readonly pos: Position = { x: 0, y: 0, z: 0 }

  constructor(
    readonly seed: number,
    private readonly registry: GenerationRegistry,
    private readonly Chunk: ChunkColumnClass,
  ) {
    this.terrain = new SurvivalTerrain(seed)
    const names = [
      'bedrock',
      'stone',
      'deepslate',
      'dirt',
      'grass_block',
      'sand',
      'sandstone',
      'gravel',
      'water',
      'lava',
      'air',
      'oak_log',
      'oak_leaves',
      'birch_log',
      'birch_leaves',
      'spruce_log',
      'spruce_leaves',
      'dead_bush',
      'cactus',
      ...FLOWERS,
    ]
    this.state = {}
    for (const name of names) this.state[name] = this.stateOf(name)
    // 1.20.3 renamed the plant `grass` to `short_grass`.
    this.state.short_grass = (registry.blocksByName.short_grass ?? registry.blocksByName.grass)?.defaultState ?? 0
    this.biomeIds = {} as Record<SurvivalBiome, number>
    for (const biome of ['plains', 'forest', 'desert', 'windswept_hills', 'windswept_forest'] as const) {
      const entry = registry.biomesByName[biome]
      if (entry === undefined) throw new Error(`This Minecraft version has no biome "${biome}" (1.18+ needed)`)
      this.biomeIds[biome] = entry.id
    }
    for (const rule of ORE_RULES) this.registerOre(rule.ore)
  }

  private stateOf(name: string): number {
    const block = this.registry.blocksByName[name]
    if (block === undefined) throw new Error(`The survival world needs block "${name}" (Minecraft 1.18+)`)
    return block.defaultState
  }

  private registerOre(ore: OreName): void {
    const { stone, deepslate } = oreBlockNames(ore)
    this.state[`${ore}:stone`] = this.stateOf(stone)
    this.state[`${ore}:deepslate`] = this.stateOf(deepslate)
  }

  /** The biome id Minecraft clients are sent for a biome name (the server's minecraft-data). */
  biomeId(biome: SurvivalBiome): number {
    return this.biomeIds[biome]
  }

  generateChunk(chunkX: number, chunkZ: number): ChunkColumn {
    const chunk = new this.Chunk({ minY: MIN_Y, worldHeight: MAX_Y - MIN_Y + 1 })
    const x0 = chunkX * 16
    const z0 = chunkZ * 16
    const columns: Column[] = []
    for (let z = 0; z < 16; z++) {
      for (let x = 0; x < 16; x++) columns.push(this.terrain.column(x0 + x, z0 + z))
    }
    const random = new SeededRandom(hash4(this.seed, chunkX, chunkZ, 0x0c4e))
    this.fillColumns(chunk, chunkX, chunkZ, columns)
    this.placeOres(chunk, random)
    this.carveCaves(chunk, x0, z0, columns)
    this.placeLavaPool(chunk, random, columns)
    this.decorate(chunk, random, columns)
    this.writeBiomes(chunk, x0, z0)
    this.writeSkyLight(chunk, columns)
    return chunk
  }

  private set(chunk: ChunkColumn, x: number, y: number, z: number, stateId: number): void {
    const p = this.pos
    p.x = x
    p.y = y
    p.z = z
    chunk.setBlockStateId(p, stateId)
  }

  private get(chunk: ChunkColumn, x: number, y: number, z: number): number {
    const p = this.pos
    p.x = x
    p.y = y
    p.z = z
    return chunk.getBlockStateId(p)
  }

  private fillColumns(chunk: ChunkColumn, chunkX: number, chunkZ: number, columns: readonly Column[]): void {
    const s = this.state as Record<string, number> & { stone: number }
    const filledBelow = this.prefillSections(chunk, columns)
    for (let z = 0; z < 16; z++) {
      for (let x = 0; x < 16; x++) {
        const column = columns[z * 16 + x] as Column
        const wx = chunkX * 16 + x
        const wz = chunkZ * 16 + z
        const { top, under, depth } = this.surfaceOf(column, wx, wz)
        for (let y = MIN_Y; y <= column.height; y++) {
          if (y === FULL_DEEPSLATE_FROM) y = Math.max(y, Math.min(0, filledBelow))
          if (y === FULL_STONE_FROM) y = Math.max(y, filledBelow)
          let id: number
          if (y === MIN_Y) id = s.bedrock as number
          else if (y < MIN_Y + 5 && hash4(this.seed, wx, y, wz) % 5 >= y - MIN_Y) id = s.bedrock as number
          else if (y === column.height) id = top
          else if (y > column.height - depth) id = under
          // Vanilla blends stone into deepslate between y=0 and y=8.
          else if (y < 0 || (y < 8 && hash4(this.seed + 1, wx, y, wz) % 8 >= y)) id = s.deepslate as number
          else id = s.stone
          this.set(chunk, x, y, z, id)
        }
        for (let y = column.height + 1; y <= SEA_LEVEL; y++) this.set(chunk, x, y, z, s.water as number)
      }
    }
  }

  /**
   * Writing 16x16 columns block by block is most of a chunk's cost: sections that are all deepslate (y -48..-1) or
   * all stone (from y 16 up to below the lowest surface layer) are made whole, as single-value sections. Returns
   * the y below which the column loop has nothing left to write (from FULL_STONE_FROM up); FULL_STONE_FROM when
   * prismarine-chunk offers no section class.
   */
  private prefillSections(chunk: ChunkColumn, columns: readonly Column[]): number {
    const Section = this.Chunk.section
    const sections = chunk.sections
    const sample = sections?.[0] as { noSizePrefix?: boolean; hasFluidCount?: boolean } | undefined
    const maxBitsPerBlock = (chunk as { maxBitsPerBlock?: number }).maxBitsPerBlock
    if (Section === undefined || sections === undefined || sample === undefined) return FULL_STONE_FROM
    const make = (singleValue: number) =>
      new Section({
        singleValue,
        maxBitsPerBlock,
        noSizePrefix: sample.noSizePrefix,
        hasFluidCount: sample.hasFluidCount,
      })
    for (let y = FULL_DEEPSLATE_FROM; y < 0; y += 16) sections[(y - MIN_Y) >> 4] = make(this.state.deepslate as number)
    let lowest = Number.POSITIVE_INFINITY
    for (const column of columns) lowest = Math.min(lowest, column.height - SURFACE_DEPTH_MAX)
    let y = FULL_STONE_FROM
    for (; y + 15 < lowest; y += 16) sections[(y - MIN_Y) >> 4] = make(this.state.stone as number)
    return y
  }

  private surfaceOf(column: Column, x: number, z: number): { top: number; under: number; depth: number } {
    const s = this.state as Record<string, number>
    const n = hash4(this.seed + 2, x >> 2, z >> 2, 7) % 100
    if (column.underwater) {
      const floor = n < 30 ? (s.gravel as number) : n < 60 ? (s.dirt as number) : (s.sand as number)
      return { top: floor, under: floor, depth: 3 }
    }
    if (column.biome === 'desert') return { top: s.sand as number, under: s.sand as number, depth: 5 }
    if (column.beach) return { top: s.sand as number, under: s.sand as number, depth: 3 }
    if (column.biome === 'windswept_hills' && column.height > 92) {
      const rock = n < 25 ? (s.gravel as number) : (s.stone as number)
      return { top: rock, under: s.stone as number, depth: 1 }
    }
    return { top: s.grass_block as number, under: s.dirt as number, depth: 4 }
  }

  private placeOres(chunk: ChunkColumn, random: SeededRandom): void {
    const stone = this.state.stone as number
    const deepslate = this.state.deepslate as number
    for (const rule of ORE_RULES) {
      const whole = Math.floor(rule.attempts)
      const veins = whole + (random.chance(rule.attempts - whole) ? 1 : 0)
      const inStone = this.state[`${rule.ore}:stone`] as number
      const inDeepslate = this.state[`${rule.ore}:deepslate`] as number
      for (let vein = 0; vein < veins; vein++) {
        let x = random.int(0, 15)
        let z = random.int(0, 15)
        let y = sampleOreY(rule, random.next(), random.next())
        for (let placed = 0; placed < rule.size; placed++) {
          if (y > MIN_Y && y <= MAX_Y) {
            const here = this.get(chunk, x, y, z)
            if (here === stone) this.set(chunk, x, y, z, inStone)
            else if (here === deepslate) this.set(chunk, x, y, z, inDeepslate)
          }
          // A random walk keeps the vein a connected blob, as vanilla's are.
          const step = random.int(0, 5)
          if (step === 0) x = Math.min(15, x + 1)
          else if (step === 1) x = Math.max(0, x - 1)
          else if (step === 2) z = Math.min(15, z + 1)
          else if (step === 3) z = Math.max(0, z - 1)
          // Vertical steps stay inside the rule's range, so no ore strays above or below its table's heights.
          else if (step === 4) y = Math.min(rule.maxY, y + 1)
          else y = Math.max(rule.minY, y - 1)
        }
      }
    }
  }

  /**
   * Caves: tunnels where two 3-D noises are both near their middle (the intersection of two surfaces is a winding
   * tube), and rarer caverns where a third is high. The noise is sampled every 4 blocks and interpolated, as
   * vanilla does, which keeps a chunk's caves to about a thousand noise samples.
   */
  private carveCaves(chunk: ChunkColumn, x0: number, z0: number, columns: readonly Column[]): void {
    let top = CAVE_FLOOR_Y
    for (const column of columns) top = Math.max(top, column.height - CAVE_ROOF)
    const ny = Math.ceil((top - CAVE_FLOOR_Y) / 4) + 1
    const grid = new Float32Array(5 * 5 * ny)
    for (let gy = 0; gy < ny; gy++) {
      const y = CAVE_FLOOR_Y + gy * 4
      for (let gz = 0; gz < 5; gz++) {
        for (let gx = 0; gx < 5; gx++) grid[(gy * 5 + gz) * 5 + gx] = this.caveScore(x0 + gx * 4, y, z0 + gz * 4)
      }
    }
    // Interpolation never exceeds its corners: a 4x4x4 cell whose eight corners are all <= 0 carves nothing.
    const cellMax = new Float32Array((ny - 1) * 16)
    for (let gy = 0; gy < ny - 1; gy++) {
      for (let gz = 0; gz < 4; gz++) {
        for (let gx = 0; gx < 4; gx++) {
          const i = gy * 25 + gz * 5 + gx
          cellMax[gy * 16 + gz * 4 + gx] = Math.max(
            grid[i] as number,
            grid[i + 1] as number,
            grid[i + 5] as number,
            grid[i + 6] as number,
            grid[i + 25] as number,
            grid[i + 26] as number,
            grid[i + 30] as number,
            grid[i + 31] as number,
          )
        }
      }
    }
    const air = this.state.air as number
    const lava = this.state.lava as number
    const water = this.state.water as number
    for (let z = 0; z < 16; z++) {
      for (let x = 0; x < 16; x++) {
        const column = columns[z * 16 + x] as Column
        // Under lakes the roof stays thicker, so no lake drains into a cave.
        const roof = column.height - (column.underwater || column.beach ? CAVE_ROOF + 6 : CAVE_ROOF)
        const gx = x >> 2
        const gz = z >> 2
        const tx = (x & 3) / 4
        const tz = (z & 3) / 4
        const base = gz * 5 + gx
        for (let y = CAVE_FLOOR_Y; y <= roof; y++) {
          const fy = (y - CAVE_FLOOR_Y) / 4
          const gy = Math.min(ny - 2, Math.floor(fy))
          if ((cellMax[gy * 16 + (gz << 2) + gx] as number) <= 0) {
            y = Math.max(y, CAVE_FLOOR_Y + gy * 4 + 3)
            continue
          }
          const ty = fy - gy
          const i0 = gy * 25 + base
          const i1 = i0 + 25
          const c00 = (grid[i0] as number) + ((grid[i0 + 1] as number) - (grid[i0] as number)) * tx
          const c01 = (grid[i0 + 5] as number) + ((grid[i0 + 6] as number) - (grid[i0 + 5] as number)) * tx
          const c10 = (grid[i1] as number) + ((grid[i1 + 1] as number) - (grid[i1] as number)) * tx
          const c11 = (grid[i1 + 5] as number) + ((grid[i1 + 6] as number) - (grid[i1 + 5] as number)) * tx
          const lower = c00 + (c01 - c00) * tz
          const upper = c10 + (c11 - c10) * tz
          if (lower + (upper - lower) * ty <= 0) continue
          if (this.get(chunk, x, y, z) === water) continue
          this.set(chunk, x, y, z, y < LAVA_LEVEL ? lava : air)
        }
      }
    }
  }

  private caveScore(x: number, y: number, z: number): number {
    const a = valueNoise3(this.seed + 11, x / 26, y / 13, z / 26)
    const b = valueNoise3(this.seed + 12, x / 26, y / 13, z / 26)
    const tunnel = 0.05 - Math.max(Math.abs(a - 0.5), Math.abs(b - 0.5))
    const cavern = valueNoise3(this.seed + 13, x / 36, y / 18, z / 36) - 0.82
    return Math.max(tunnel, cavern)
  }

  /** Now and then a lava pool in the deep stone: a bowl of lava with air above it. */
  private placeLavaPool(chunk: ChunkColumn, random: SeededRandom, columns: readonly Column[]): void {
    if (!random.chance(1 / 6)) return
    const cx = random.int(4, 11)
    const cz = random.int(4, 11)
    const cy = random.int(-50, -12)
    const radius = random.int(2, 3)
    const surface = (columns[cz * 16 + cx] as Column).height
    if (cy + 3 > surface - CAVE_ROOF) return
    for (let dy = -2; dy <= 2; dy++) {
      for (let dz = -radius; dz <= radius; dz++) {
        for (let dx = -radius; dx <= radius; dx++) {
          if ((dx * dx + dz * dz) / (radius * radius) + (dy * dy) / 4 > 1) continue
          const id = this.get(chunk, cx + dx, cy + dy, cz + dz)
          if (id === this.state.bedrock || id === this.state.water) continue
          this.set(chunk, cx + dx, cy + dy, cz + dz, dy <= 0 ? (this.state.lava as number) : (this.state.air as number))
        }
      }
    }
  }

  private decorate(chunk: ChunkColumn, random: SeededRandom, columns: readonly Column[]): void {
    const grass = this.state.grass_block as number
    const sand = this.state.sand as number
    const air = this.state.air as number
    // Trees first (they need the air above the ground), then the small plants where there is still room.
    const centre = columns[8 * 16 + 8] as Column
    const attempts = TREE_ATTEMPTS[centre.biome]
    const whole = Math.floor(attempts)
    const trees = whole + (random.chance(attempts - whole) ? 1 : 0)
    for (let tree = 0; tree < trees; tree++) {
      const x = random.int(2, 13)
      const z = random.int(2, 13)
      const column = columns[z * 16 + x] as Column
      if (column.underwater || this.get(chunk, x, column.height, z) !== grass) continue
      if (this.get(chunk, x, column.height + 1, z) !== air) continue
      this.growTree(chunk, random, x, column.height + 1, z, this.treeKind(column.biome, random))
    }
    for (let z = 0; z < 16; z++) {
      for (let x = 0; x < 16; x++) {
        const column = columns[z * 16 + x] as Column
        const ground = this.get(chunk, x, column.height, z)
        if (column.underwater || this.get(chunk, x, column.height + 1, z) !== air) continue
        const roll = random.next()
        if (ground === grass) {
          const grassChance = column.biome === 'plains' ? 0.14 : 0.06
          const flowerChance = column.biome === 'plains' ? 0.02 : column.biome === 'forest' ? 0.015 : 0.004
          if (roll < flowerChance) this.set(chunk, x, column.height + 1, z, this.state[random.pick(FLOWERS)] as number)
          else if (roll < flowerChance + grassChance)
            this.set(chunk, x, column.height + 1, z, this.state.short_grass as number)
        } else if (ground === sand && column.biome === 'desert') {
          if (roll < 0.006) this.set(chunk, x, column.height + 1, z, this.state.dead_bush as number)
          // A cactus breaks next to any block: only on even cells, so two never touch.
          else if (roll < 0.01 && x % 2 === 0 && z % 2 === 0 && x > 0 && z > 0 && x < 15 && z < 15) {
            const tall = random.int(1, 3)
            for (let dy = 1; dy <= tall; dy++) this.set(chunk, x, column.height + dy, z, this.state.cactus as number)
          }
        }
      }
    }
  }

  private treeKind(biome: SurvivalBiome, random: SeededRandom): TreeKind {
    if (biome === 'forest') return random.chance(0.25) ? 'birch' : 'oak'
    if (biome === 'windswept_forest' || biome === 'windswept_hills') return random.chance(0.7) ? 'spruce' : 'oak'
    return 'oak'
  }

  private growTree(chunk: ChunkColumn, random: SeededRandom, x: number, y: number, z: number, kind: TreeKind): void {
    const log = this.state[`${kind}_log`] as number
    const leaves = this.state[`${kind}_leaves`] as number
    const air = this.state.air as number
    const leaf = (lx: number, ly: number, lz: number) => {
      if (this.get(chunk, lx, ly, lz) === air) this.set(chunk, lx, ly, lz, leaves)
    }
    if (kind === 'spruce') {
      const trunk = random.int(6, 9)
      for (let dy = 0; dy < trunk; dy++) this.set(chunk, x, y + dy, z, log)
      // A cone: rings of radius 2, 1, 2, 1 ... narrowing to a tip above the trunk.
      for (let dy = 2; dy <= trunk; dy++) {
        const radius = dy === trunk ? 0 : dy >= trunk - 2 ? 1 : (trunk - dy) % 2 === 0 ? 1 : 2
        for (let dz = -radius; dz <= radius; dz++) {
          for (let dx = -radius; dx <= radius; dx++) {
            if (radius === 2 && Math.abs(dx) === 2 && Math.abs(dz) === 2) continue
            leaf(x + dx, y + dy, z + dz)
          }
        }
      }
      leaf(x, y + trunk, z)
      return
    }
    const trunk = kind === 'birch' ? random.int(5, 7) : random.int(4, 6)
    for (let dy = 0; dy < trunk; dy++) this.set(chunk, x, y + dy, z, log)
    for (let dy = trunk - 3; dy <= trunk; dy++) {
      const radius = dy >= trunk - 1 ? 1 : 2
      for (let dz = -radius; dz <= radius; dz++) {
        for (let dx = -radius; dx <= radius; dx++) {
          const corner = Math.abs(dx) === radius && Math.abs(dz) === radius
          // Vanilla's blob foliage: corners missing at the top, and at random below.
          if (corner && (dy === trunk || random.chance(0.5))) continue
          leaf(x + dx, y + dy, z + dz)
        }
      }
    }
  }

  private writeBiomes(chunk: ChunkColumn, x0: number, z0: number): void {
    const p = { x: 0, y: 0, z: 0 }
    for (let z = 0; z < 16; z += 4) {
      for (let x = 0; x < 16; x += 4) {
        const id = this.biomeIds[this.terrain.biomeAt(x0 + x, z0 + z)]
        p.x = x
        p.z = z
        for (let y = MIN_Y; y <= MAX_Y; y += 4) {
          p.y = y
          chunk.setBiome(p, id)
        }
      }
    }
  }

  /** Full daylight above the ground (what flying-squid's own generators send; clients draw the world dark without). */
  private writeSkyLight(chunk: ChunkColumn, columns: readonly Column[]): void {
    const p = { x: 0, y: 0, z: 0 }
    let highest = SEA_LEVEL
    for (const column of columns) highest = Math.max(highest, column.height)
    // Sections wholly above the ground: one write makes the section, then its nibbles are all set to 15 at once.
    const clearFrom = MIN_Y + (((highest + 16 - MIN_Y) >> 4) << 4)
    let whole = clearFrom
    for (; whole <= MAX_Y; whole += 16) {
      p.y = whole
      chunk.setSkyLight(p, 15)
      const section = chunk.skyLightSections?.[((whole - MIN_Y) >> 4) + 1]
      if (section?.data === undefined) break
      section.data.fill(0xffffffff)
    }
    for (let z = 0; z < 16; z++) {
      for (let x = 0; x < 16; x++) {
        const column = columns[z * 16 + x] as Column
        p.x = x
        p.z = z
        const end = whole > MAX_Y ? clearFrom - 1 : MAX_Y
        for (let y = Math.max(column.height, SEA_LEVEL) + 1; y <= end; y++) {
          p.y = y
          chunk.setSkyLight(p, 15)
        }
      }
    }
  }

  /**
   * Where players appear: the land column nearest the origin, on grass in the plains or a forest (as vanilla
   * prefers), with two blocks of air (or a plant) above, so nobody spawns inside a tree or in a lake, in a chunk
   * with a tree.
   */
  findSpawn(): Position {
    const passable = new Set([this.state.air, this.state.short_grass, ...FLOWERS.map((f) => this.state[f])])
    let cached: { key: string; chunk: ChunkColumn } | undefined
    for (let radius = 0; radius <= 512; radius += 4) {
      for (let dz = -radius; dz <= radius; dz += 4) {
        for (let dx = -radius; dx <= radius; dx += 4) {
          if (Math.max(Math.abs(dx), Math.abs(dz)) !== radius) continue
          const column = this.terrain.column(dx, dz)
          if (column.underwater || column.beach || (column.biome !== 'plains' && column.biome !== 'forest')) continue
          const key = `${dx >> 4},${dz >> 4}`
          if (cached?.key !== key) cached = { key, chunk: this.generateChunk(dx >> 4, dz >> 4) }
          const lx = dx & 15
          const lz = dz & 15
          const ground = this.get(cached.chunk, lx, column.height, lz)
          if (ground !== this.state.grass_block) continue
          if (!passable.has(this.get(cached.chunk, lx, column.height + 1, lz))) continue
          if (!passable.has(this.get(cached.chunk, lx, column.height + 2, lz))) continue
          if (!this.hasTree(cached.chunk, dx >> 4, dz >> 4)) continue
          return { x: dx + 0.5, y: column.height + 1, z: dz + 0.5 }
        }
      }
    }
    return { x: 0.5, y: this.terrain.heightAt(0, 0) + 1, z: 0.5 }
  }

  /** The y of a grass block with two passable blocks above it at (x, z), or undefined (water, sand, a tree ...). */
  groundAt(x: number, z: number): number | undefined {
    const column = this.terrain.column(x, z)
    if (column.underwater) return undefined
    const key = `${x >> 4},${z >> 4}`
    if (this.groundCache?.key !== key) this.groundCache = { key, chunk: this.generateChunk(x >> 4, z >> 4) }
    const { chunk } = this.groundCache
    if (this.get(chunk, x & 15, column.height, z & 15) !== this.state.grass_block) return undefined
    for (const dy of [1, 2]) {
      const above = this.get(chunk, x & 15, column.height + dy, z & 15)
      if (above !== this.state.air && above !== this.state.short_grass) return undefined
    }
    return column.height
  }

  private groundCache: { key: string; chunk: ChunkColumn } | undefined

  /** Whether a chunk has a tree: a player's first task is wood, so spawn is always within a chunk of one. */
  private hasTree(chunk: ChunkColumn, chunkX: number, chunkZ: number): boolean {
    const logs = new Set(['oak_log', 'birch_log', 'spruce_log'].map((name) => this.state[name]))
    for (let z = 0; z < 16; z++) {
      for (let x = 0; x < 16; x++) {
        const height = this.terrain.heightAt(chunkX * 16 + x, chunkZ * 16 + z)
        if (logs.has(this.get(chunk, x, height + 1, z))) return true
      }
    }
    return false
  }
}
