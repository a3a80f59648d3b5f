// The survival world's shape: surface height and biome of every column, from the seed alone. Chunk generation
// (survival-generation.ts) reads these; so do spawn search and the tests that check what the world claims.
import { fractal2 } from './noise.js'

/** The biomes the generator writes, by their minecraft-data names. */
export const SURVIVAL_BIOMES = ['plains', 'forest', 'desert', 'windswept_hills', 'windswept_forest'] as const
export type SurvivalBiome = (typeof SURVIVAL_BIOMES)[number]

export const SEA_LEVEL = 62
export const MIN_Y = -64
export const MAX_Y = 319

export interface Column {
  /** The y of the topmost solid block. */
  readonly height: number
  readonly biome: SurvivalBiome
  /** Under a lake: the surface is below sea level and water stands on it. */
  readonly underwater: boolean
  /** A sand strip at the water's edge. */
  readonly beach: boolean
}

const smoothstep = (lo: number, hi: number, v: number): number => {
  const t = Math.min(1, Math.max(0, (v - lo) / (hi - lo)))
  return t * t * (3 - 2 * t)
}

export class SurvivalTerrain {
  constructor(readonly seed: number) {}

  private hilliness(x: number, z: number): number {
    return smoothstep(0.56, 0.66, fractal2(this.seed + 3, x, z, 160, 3))
  }

  private lakeDepth(x: number, z: number): number {
    return Math.max(0, fractal2(this.seed + 5, x, z, 110, 3) - 0.6) * 90
  }

  /** Biomes change only between 4x4 cells (Minecraft stores one biome per 4x4x4 cell): sample the cell's centre. */
  biomeAt(x: number, z: number): SurvivalBiome {
    const cx = (x & ~3) + 2
    const cz = (z & ~3) + 2
    const temperature = fractal2(this.seed + 1, cx, cz, 150, 3)
    const humidity = fractal2(this.seed + 2, cx, cz, 130, 3)
    if (this.hilliness(cx, cz) > 0.5) return humidity > 0.5 ? 'windswept_forest' : 'windswept_hills'
    if (temperature > 0.57 && humidity < 0.5) return 'desert'
    if (humidity > 0.5) return 'forest'
    return 'plains'
  }

  heightAt(x: number, z: number): number {
    const rolling = (fractal2(this.seed + 4, x, z, 90, 4) - 0.5) * 18
    const hills = this.hilliness(x, z) * (24 + 40 * fractal2(this.seed + 6, x, z, 45, 3))
    return Math.round(SEA_LEVEL + 4 + rolling + hills - this.lakeDepth(x, z))
  }

  column(x: number, z: number): Column {
    const height = this.heightAt(x, z)
    const biome = this.biomeAt(x, z)
    const underwater = height < SEA_LEVEL
    const beach = !underwater && height <= SEA_LEVEL + 1 && this.lakeDepth(x, z) > 0
    return { height, biome, underwater, beach }
  }
}
