// Ore placement at vanilla depths and frequencies. The table is the Minecraft wiki's "Ore" page, section "Natural
// generation" (Java Edition 1.18+): per chunk, each rule makes `attempts` veins of up to `size` blocks at a height
// drawn from a uniform or a triangular distribution (the triangle peaks midway between its ends, which may lie
// outside the world: the part outside generates nothing). Mountain-only (emerald) and dripstone-cave rules are
// left out; the air-exposure discards are not modelled.

export type OreName = 'coal' | 'copper' | 'iron' | 'gold' | 'redstone' | 'lapis' | 'diamond'

export interface OreRule {
  readonly ore: OreName
  readonly shape: 'uniform' | 'triangle'
  readonly minY: number
  readonly maxY: number
  /** Veins per chunk; a fraction is the chance of one more. */
  readonly attempts: number
  /** Blocks a vein tries to place. */
  readonly size: number
}

export const ORE_RULES: readonly OreRule[] = [
  { ore: 'coal', shape: 'uniform', minY: 136, maxY: 320, attempts: 30, size: 17 },
  { ore: 'coal', shape: 'triangle', minY: 0, maxY: 192, attempts: 20, size: 17 },
  { ore: 'iron', shape: 'triangle', minY: 80, maxY: 384, attempts: 90, size: 9 },
  { ore: 'iron', shape: 'triangle', minY: -24, maxY: 56, attempts: 10, size: 9 },
  { ore: 'iron', shape: 'uniform', minY: -64, maxY: 72, attempts: 10, size: 4 },
  { ore: 'copper', shape: 'triangle', minY: -16, maxY: 112, attempts: 16, size: 10 },
  { ore: 'gold', shape: 'triangle', minY: -64, maxY: 32, attempts: 4, size: 9 },
  { ore: 'gold', shape: 'uniform', minY: -64, maxY: -48, attempts: 0.5, size: 9 },
  { ore: 'redstone', shape: 'uniform', minY: -64, maxY: 15, attempts: 4, size: 8 },
  { ore: 'redstone', shape: 'triangle', minY: -96, maxY: -32, attempts: 8, size: 8 },
  { ore: 'lapis', shape: 'triangle', minY: -32, maxY: 32, attempts: 2, size: 7 },
  { ore: 'lapis', shape: 'uniform', minY: -64, maxY: 64, attempts: 4, size: 7 },
  { ore: 'diamond', shape: 'triangle', minY: -144, maxY: 16, attempts: 7, size: 4 },
  { ore: 'diamond', shape: 'triangle', minY: -144, maxY: 16, attempts: 1 / 9, size: 12 },
  { ore: 'diamond', shape: 'triangle', minY: -144, maxY: 16, attempts: 4, size: 8 },
]

/** The block an ore becomes in stone (y >= 0 side) and in deepslate. */
export function oreBlockNames(ore: OreName): { readonly stone: string; readonly deepslate: string } {
  const stone = ore === 'lapis' ? 'lapis_ore' : `${ore}_ore`
  return { stone, deepslate: `deepslate_${stone}` }
}

/** A height from a rule's distribution, given two uniform numbers in [0, 1). */
export function sampleOreY(rule: OreRule, u1: number, u2: number): number {
  const span = rule.maxY - rule.minY
  if (rule.shape === 'uniform') return rule.minY + Math.floor(u1 * (span + 1))
  // The sum of two uniforms over half the span is the triangle vanilla uses (TrapezoidHeight with plateau 0).
  return rule.minY + Math.round((u1 + u2) * (span / 2))
}

/** The probability that a rule's vein centre lands in [lo, hi] (heights inclusive). */
export function probabilityInBand(rule: OreRule, lo: number, hi: number): number {
  const cdf = (y: number): number => {
    const t = (y - rule.minY) / (rule.maxY - rule.minY)
    if (t <= 0) return 0
    if (t >= 1) return 1
    if (rule.shape === 'uniform') return t
    return t <= 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t)
  }
  return cdf(hi + 0.5) - cdf(lo - 0.5)
}
