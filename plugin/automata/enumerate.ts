import type { Alphabet } from './alphabet.js'
import { type Dfa, NONE } from './dfa.js'
import { type Random, randomInt } from './random.js'
import { distancesToAcceptance } from './search.js'

/**
 * Accepted words of length at most `maxLength`, in shortlex order (shorter first, then by symbol order), at most
 * `limit` of them. Branches that cannot reach acceptance in the remaining length are never expanded.
 */
export function enumerateAccepted(dfa: Dfa, maxLength: number, limit = 10_000): string[][] {
  const k = dfa.alphabet.size
  const distance = distancesToAcceptance(dfa)
  const words: string[][] = []
  let layer: { state: number; word: number[] }[] = [{ state: dfa.initial, word: [] }]
  for (let length = 0; length <= maxLength && layer.length > 0; length++) {
    for (const { state, word } of layer) {
      if (dfa.accepting[state]) {
        words.push(word.map((a) => dfa.alphabet.symbol(a)))
        if (words.length >= limit) return words
      }
    }
    const next: { state: number; word: number[] }[] = []
    const remaining = maxLength - length - 1
    for (const { state, word } of layer) {
      for (let a = 0; a < k; a++) {
        const t = dfa.next(state, a)
        if (t !== NONE && distance[t]! >= 0 && distance[t]! <= remaining) next.push({ state: t, word: [...word, a] })
      }
    }
    layer = next
  }
  return words
}

/** Every word over the alphabet of length at most `maxLength`, in shortlex order (for brute-force checks). */
export function* allWords(alphabet: Alphabet, maxLength: number): Generator<string[]> {
  let layer: string[][] = [[]]
  for (let length = 0; length <= maxLength; length++) {
    yield* layer
    if (length < maxLength) layer = layer.flatMap((word) => alphabet.symbols.map((s) => [...word, s]))
  }
}

/**
 * counts[l][s] = how many words of length l lead from state s to acceptance. Doubles: exact up to 2^53, then
 * approximate, which only blurs the uniformity of sampling for astronomically many words.
 */
function completionCounts(dfa: Dfa, length: number): Float64Array[] {
  const n = dfa.stateCount
  const k = dfa.alphabet.size
  const counts = [Float64Array.from(dfa.accepting)]
  for (let l = 1; l <= length; l++) {
    const previous = counts[l - 1]!
    const current = new Float64Array(n)
    for (let s = 0; s < n; s++) {
      let total = 0
      for (let a = 0; a < k; a++) {
        const t = dfa.next(s, a)
        if (t !== NONE) total += previous[t]!
      }
      current[s] = total
    }
    counts.push(current)
  }
  return counts
}

/** How many accepted words have exactly `length` symbols. */
export function countAccepted(dfa: Dfa, length: number): number {
  return completionCounts(dfa, length)[length]![dfa.initial]!
}

/** A uniformly random accepted word of exactly `length` symbols, or undefined when there is none. */
export function sampleAccepted(dfa: Dfa, length: number, random: Random): string[] | undefined {
  const counts = completionCounts(dfa, length)
  if (counts[length]![dfa.initial] === 0) return undefined
  const word: string[] = []
  let state = dfa.initial
  for (let remaining = length; remaining > 0; remaining--) {
    const below = counts[remaining - 1]!
    let pick = random() * counts[remaining]![state]!
    let chosen = -1
    for (let a = 0; a < dfa.alphabet.size && chosen < 0; a++) {
      const t = dfa.next(state, a)
      if (t === NONE || below[t] === 0) continue
      pick -= below[t]!
      if (pick < 0) chosen = a
    }
    if (chosen < 0) chosen = lastLiveSymbol(dfa, state, below) // rounding left pick at ~0
    word.push(dfa.alphabet.symbol(chosen))
    state = dfa.next(state, chosen)
  }
  return word
}

function lastLiveSymbol(dfa: Dfa, state: number, below: Float64Array): number {
  for (let a = dfa.alphabet.size - 1; a >= 0; a--) {
    const t = dfa.next(state, a)
    if (t !== NONE && below[t]! > 0) return a
  }
  throw new Error('no live symbol: the counts are inconsistent')
}

/** A uniformly random word over the alphabet of exactly `length` symbols. */
export function randomWord(alphabet: Alphabet, length: number, random: Random): string[] {
  return Array.from({ length }, () => alphabet.symbol(randomInt(random, alphabet.size)))
}
