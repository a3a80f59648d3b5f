/** A source of uniform numbers in [0, 1), so every random choice in the core can be seeded and replayed. */
export type Random = () => number

/** mulberry32: a small, fast seeded generator; good enough for sampling and simulation, not for secrets. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** An integer in [0, n). */
export function randomInt(random: Random, n: number): number {
  return Math.floor(random() * n)
}
