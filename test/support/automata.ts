// Random DFAs for property tests, and a reference interpreter written independently of plugin/automata.
import fc from 'fast-check'
import { Dfa } from '../../plugin/automata/index.js'

export const SYMBOLS = ['a', 'b', 'c'] as const

export interface DfaSpec {
  alphabet: string[]
  initial: number
  accepting: number[]
  transitions: (number | null)[][]
}

/** Up to `maxStates` states over `alphabet`; with `partial`, about one transition in six is missing. */
export function dfaSpec(
  alphabet: readonly string[] = SYMBOLS,
  { maxStates = 8, partial = true }: { maxStates?: number; partial?: boolean } = {},
): fc.Arbitrary<DfaSpec> {
  return fc.integer({ min: 1, max: maxStates }).chain((n) =>
    fc.record({
      alphabet: fc.constant([...alphabet]),
      initial: fc.integer({ min: 0, max: n - 1 }),
      accepting: fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: n }),
      transitions: fc.array(
        fc.array(
          partial
            ? fc.oneof(
                { weight: 5, arbitrary: fc.integer({ min: 0, max: n - 1 }) },
                { weight: 1, arbitrary: fc.constant(null) },
              )
            : fc.integer({ min: 0, max: n - 1 }),
          { minLength: alphabet.length, maxLength: alphabet.length },
        ),
        { minLength: n, maxLength: n },
      ),
    }),
  )
}

/** A random non-empty sub-alphabet of a, b, c (in that order). */
export const subAlphabet: fc.Arbitrary<string[]> = fc
  .subarray([...SYMBOLS], { minLength: 1 })
  .map((symbols) => SYMBOLS.filter((s) => symbols.includes(s)))

export const dfaOverSomeAlphabet: fc.Arbitrary<DfaSpec> = subAlphabet.chain((alphabet) => dfaSpec(alphabet))

export const toDfa = (spec: DfaSpec): Dfa => Dfa.from(spec)

/**
 * The reference semantics, straight from the definitions: symbols outside the DFA's alphabet are erased, a
 * missing transition rejects, and the word is accepted when the run ends in an accepting state.
 */
export function refAccepts(spec: DfaSpec, word: readonly string[]): boolean {
  let state: number | null = spec.initial
  for (const symbol of word) {
    const column = spec.alphabet.indexOf(symbol)
    if (column < 0) continue
    state = spec.transitions[state]![column] ?? null
    if (state === null) return false
  }
  return spec.accepting.includes(state)
}

/** All words over `alphabet` up to `maxLength`, in shortlex order (shorter first, then alphabet order). */
export function wordsUpTo(alphabet: readonly string[], maxLength: number): string[][] {
  const words: string[][] = [[]]
  let layer: string[][] = [[]]
  for (let length = 1; length <= maxLength; length++) {
    layer = layer.flatMap((w) => alphabet.map((s) => [...w, s]))
    words.push(...layer)
  }
  return words
}

/** The language up to `maxLength` as a set of space-joined words. */
export function language(
  accepts: (word: string[]) => boolean,
  alphabet: readonly string[],
  maxLength = 6,
): Set<string> {
  return new Set(
    wordsUpTo(alphabet, maxLength)
      .filter(accepts)
      .map((w) => w.join(' ')),
  )
}
