/**
 * Ids of state pairs, for products too large for a dense table: open addressing with linear probing over typed
 * arrays. Keys are integers below 2^53 (`left * width + right`); a JavaScript Map would stop at ~16.7M entries.
 */
export class PairIds {
  private keys: Float64Array
  private values: Int32Array
  private size = 0

  constructor(capacity = 1 << 16) {
    const slots = 2 ** Math.ceil(Math.log2(Math.max(16, capacity * 2)))
    this.keys = new Float64Array(slots)
    this.values = new Int32Array(slots).fill(-1)
  }

  /** The id stored for `key`, or -1. */
  get(key: number): number {
    const mask = this.values.length - 1
    for (let i = hash(key) & mask; ; i = (i + 1) & mask) {
      const value = this.values[i]!
      if (value === -1 || this.keys[i] === key) return value
    }
  }

  /** Stores a new key (ids are never negative; a key is set once). */
  set(key: number, value: number): void {
    if ((this.size + 1) * 2 > this.values.length) this.grow()
    this.insert(key, value)
    this.size++
  }

  private insert(key: number, value: number): void {
    const mask = this.values.length - 1
    let i = hash(key) & mask
    while (this.values[i] !== -1) i = (i + 1) & mask
    this.keys[i] = key
    this.values[i] = value
  }

  private grow(): void {
    const { keys, values } = this
    this.keys = new Float64Array(keys.length * 2)
    this.values = new Int32Array(values.length * 2).fill(-1)
    for (let i = 0; i < values.length; i++) if (values[i] !== -1) this.insert(keys[i]!, values[i]!)
  }
}

/** Mixes both 32-bit halves of the key (murmur3's finalizer). */
function hash(key: number): number {
  let h = (key >>> 0) ^ Math.imul(Math.floor(key / 4294967296), 0x9e3779b1)
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}
