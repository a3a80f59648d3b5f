// Seeded, allocation-free noise and random numbers for the survival world generator: the same seed gives the same
// world on every machine (integer hashing only; no Math.random, no platform-dependent state).

/** A 32-bit hash of up to four integers; the basis of every noise value and random stream here. */
export function hash4(a: number, b: number, c: number, d: number): number {
  let h = Math.imul(a | 0, 0x27d4eb2d) ^ Math.imul(b | 0, 0x165667b1) ^ Math.imul(c | 0, 0x9e3779b1) ^ (d | 0)
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/** A uniform number in [0, 1) from a lattice point. */
function lattice2(seed: number, x: number, z: number): number {
  return hash4(seed, x, z, 0x51ed) / 4294967296
}

function lattice3(seed: number, x: number, y: number, z: number): number {
  return hash4(seed, x, z, y) / 4294967296
}

const fade = (t: number): number => t * t * (3 - 2 * t)
const lerp = (a: number, b: number, t: number): number => a + (b - a) * t

/** Smooth value noise in [0, 1) with features about one unit apart. */
export function valueNoise2(seed: number, x: number, z: number): number {
  const x0 = Math.floor(x)
  const z0 = Math.floor(z)
  const tx = fade(x - x0)
  const tz = fade(z - z0)
  const a = lerp(lattice2(seed, x0, z0), lattice2(seed, x0 + 1, z0), tx)
  const b = lerp(lattice2(seed, x0, z0 + 1), lattice2(seed, x0 + 1, z0 + 1), tx)
  return lerp(a, b, tz)
}

export function valueNoise3(seed: number, x: number, y: number, z: number): number {
  const x0 = Math.floor(x)
  const y0 = Math.floor(y)
  const z0 = Math.floor(z)
  const tx = fade(x - x0)
  const ty = fade(y - y0)
  const tz = fade(z - z0)
  const c00 = lerp(lattice3(seed, x0, y0, z0), lattice3(seed, x0 + 1, y0, z0), tx)
  const c10 = lerp(lattice3(seed, x0, y0 + 1, z0), lattice3(seed, x0 + 1, y0 + 1, z0), tx)
  const c01 = lerp(lattice3(seed, x0, y0, z0 + 1), lattice3(seed, x0 + 1, y0, z0 + 1), tx)
  const c11 = lerp(lattice3(seed, x0, y0 + 1, z0 + 1), lattice3(seed, x0 + 1, y0 + 1, z0 + 1), tx)
  return lerp(lerp(c00, c10, ty), lerp(c01, c11, ty), tz)
}

/** Fractal (octave) value noise in [0, 1): `octaves` layers, each twice as fine and half as strong. */
export function fractal2(seed: number, x: number, z: number, scale: number, octaves: number): number {
  let sum = 0
  let weight = 0
  let amplitude = 1
  let frequency = 1 / scale
  for (let octave = 0; octave < octaves; octave++) {
    sum += amplitude * valueNoise2(seed + octave * 7919, x * frequency, z * frequency)
    weight += amplitude
    amplitude /= 2
    frequency *= 2
  }
  return sum / weight
}

/** A seeded stream of uniform numbers in [0, 1) (mulberry32). */
export class SeededRandom {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T
  }
}
