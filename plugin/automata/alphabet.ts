/**
 * An ordered set of symbol names (`mine.diamond_ore`, `time.night`), interned to the integers 0..size-1 that index
 * a DFA's transition table. Order matters: it is the column order of the table and the tie-break of every search
 * (shortest witnesses are the first in symbol order among the shortest).
 */
export class Alphabet {
  readonly symbols: readonly string[]
  private readonly indices: ReadonlyMap<string, number>

  constructor(symbols: Iterable<string>) {
    const list = [...symbols]
    const indices = new Map<string, number>()
    list.forEach((symbol, index) => {
      if (typeof symbol !== 'string' || symbol === '')
        throw new Error(`alphabet symbol ${index} must be a non-empty string`)
      if (indices.has(symbol)) throw new Error(`alphabet symbol "${symbol}" appears twice`)
      indices.set(symbol, index)
    })
    this.symbols = Object.freeze(list)
    this.indices = indices
  }

  get size(): number {
    return this.symbols.length
  }

  /** The symbol's column, or -1 when it is not in this alphabet. */
  indexOf(symbol: string): number {
    return this.indices.get(symbol) ?? -1
  }

  has(symbol: string): boolean {
    return this.indices.has(symbol)
  }

  symbol(index: number): string {
    const symbol = this.symbols[index]
    if (symbol === undefined) throw new RangeError(`no symbol at index ${index} (alphabet of ${this.size})`)
    return symbol
  }

  /** This alphabet's symbols in order, then the other's new ones in their order. */
  union(other: Alphabet | Iterable<string>): Alphabet {
    const extra = other instanceof Alphabet ? other.symbols : [...other]
    if (extra.every((s) => this.has(s))) return this
    return new Alphabet([...this.symbols, ...extra.filter((s, i) => !this.has(s) && extra.indexOf(s) === i)])
  }

  equals(other: Alphabet): boolean {
    return this === other || (this.size === other.size && this.symbols.every((s, i) => other.symbols[i] === s))
  }

  /** For each of `target`'s symbols, its index in this alphabet or -1. */
  mapTo(target: Alphabet): Int32Array {
    const map = new Int32Array(target.size)
    for (let i = 0; i < target.size; i++) map[i] = this.indexOf(target.symbols[i]!)
    return map
  }
}
