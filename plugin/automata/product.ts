import { Dfa, NONE } from './dfa.js'
import { PairIds } from './pair-ids.js'
import { shortestWitness } from './search.js'
import { checkStates, stateLimit } from './size-limit.js'

/** How the two sides' acceptance combine. */
export type ProductOperation = 'intersection' | 'union' | 'difference' | 'symmetricDifference'

const ACCEPTS: Record<ProductOperation, (a: boolean, b: boolean) => boolean> = {
  intersection: (a, b) => a && b,
  union: (a, b) => a || b,
  difference: (a, b) => a && !b,
  symmetricDifference: (a, b) => a !== b,
}

/** Pairs in which a side has fallen off its partial DFA can never matter for these operations. */
const PRUNE: Record<ProductOperation, (aDead: boolean, bDead: boolean) => boolean> = {
  intersection: (a, b) => a || b,
  union: (a, b) => a && b,
  difference: (a) => a,
  symmetricDifference: (a, b) => a && b,
}

/** Above this many pair slots (128 MiB of Int32), pair ids live in a hash table instead of a dense array. */
const DENSE_PAIR_LIMIT = 1 << 25

export interface ProductOptions {
  /** Pair-slot count above which pairs are hashed (for tests of the hashed path). */
  readonly densePairLimit?: number
  /** Reachable pairs past which the build stops with a `TooManyStatesError` (default `DEFAULT_MAX_STATES`). */
  readonly maxStates?: number
  /** What is being built, for that error's message (default: `the <operation> product`). */
  readonly building?: string
}

/**
 * The product automaton, built on the fly over the pairs reachable from the initial pair only. The alphabet is
 * the union of both (the left's order first); a symbol that one side does not know leaves that side where it is
 * (see `Dfa`), so L(A ∩ B) is the set of words whose erasures to each side's alphabet each side accepts. A side
 * that hits a missing transition stays "fallen off" (it rejects from then on). The result is partial where a
 * pair can no longer affect acceptance, and is not minimized.
 */
export function product(left: Dfa, right: Dfa, operation: ProductOperation, options: ProductOptions = {}): Dfa {
  const alphabet = left.alphabet.union(right.alphabet)
  const k = alphabet.size
  const kl = left.alphabet.size
  const kr = right.alphabet.size
  const leftColumn = left.alphabet.mapTo(alphabet)
  const rightColumn = right.alphabet.mapTo(alphabet)
  const accepts = ACCEPTS[operation]
  const prune = PRUNE[operation]
  const maxStates = stateLimit(options.maxStates)
  const building = options.building ?? `the ${operation} product`
  // Side states are shifted by one so that 0 encodes "fallen off" (NONE).
  const width = right.stateCount + 1
  const slots = (left.stateCount + 1) * width
  const dense = slots <= (options.densePairLimit ?? DENSE_PAIR_LIMIT) ? new Int32Array(slots).fill(-1) : undefined
  const sparse = dense ? undefined : new PairIds()

  let pairs = new Int32Array(1024) // left+1, right+1 for each product state
  let table = new Int32Array(512 * k)
  let accepting = new Uint8Array(512)
  let count = 0

  const idOf = (l: number, r: number): number => {
    const key = (l + 1) * width + (r + 1)
    const known = dense ? dense[key]! : sparse!.get(key)
    if (known >= 0) return known
    if (prune(l === NONE, r === NONE)) return NONE
    checkStates(count + 1, maxStates, building)
    const id = count++
    if (dense) dense[key] = id
    else sparse!.set(key, id)
    if (id >= accepting.length) {
      const grown = accepting.length * 2
      pairs = grow(pairs, grown * 2)
      table = grow(table, grown * k)
      accepting = grow(accepting, grown)
    }
    pairs[2 * id] = l
    pairs[2 * id + 1] = r
    accepting[id] = accepts(l !== NONE && left.accepting[l] === 1, r !== NONE && right.accepting[r] === 1) ? 1 : 0
    return id
  }

  const initial = idOf(left.initial, right.initial)
  if (initial === NONE) return Dfa.empty(alphabet)
  for (let s = 0; s < count; s++) {
    const l = pairs[2 * s]!
    const r = pairs[2 * s + 1]!
    const lBase = l * kl
    const rBase = r * kr
    for (let a = 0; a < k; a++) {
      const lc = leftColumn[a]!
      const rc = rightColumn[a]!
      const nl = l === NONE ? NONE : lc === NONE ? l : left.table[lBase + lc]!
      const nr = r === NONE ? NONE : rc === NONE ? r : right.table[rBase + rc]!
      // idOf may grow (replace) `table`, so read the binding only after the call: `table[i] = idOf(...)` would
      // evaluate `table` first and write the transition into the discarded array.
      const target = idOf(nl, nr)
      table[s * k + a] = target
    }
  }
  return new Dfa(alphabet, initial, accepting.slice(0, count), table.slice(0, count * k))
}

function grow<T extends Int32Array | Uint8Array>(array: T, length: number): T {
  if (array.length >= length) return array
  const bigger = new (array.constructor as new (n: number) => T)(length)
  bigger.set(array)
  return bigger
}

export const intersect = (a: Dfa, b: Dfa): Dfa => product(a, b, 'intersection')
export const union = (a: Dfa, b: Dfa): Dfa => product(a, b, 'union')
export const difference = (a: Dfa, b: Dfa): Dfa => product(a, b, 'difference')
export const symmetricDifference = (a: Dfa, b: Dfa): Dfa => product(a, b, 'symmetricDifference')

export interface Equivalence {
  readonly equivalent: boolean
  /** A shortest word that exactly one side accepts (first in symbol order), or null when equivalent. */
  readonly counterexample: string[] | null
  /** Whether `left` accepts the counterexample (so `right` does not). */
  readonly acceptedBy: 'left' | 'right' | null
}

/** Language equality (over the union alphabet), with a shortest distinguishing word when they differ. */
export function equivalent(left: Dfa, right: Dfa): Equivalence {
  const word = shortestWitness(symmetricDifference(left, right))
  if (!word) return { equivalent: true, counterexample: null, acceptedBy: null }
  return { equivalent: false, counterexample: word, acceptedBy: left.accepts(word) ? 'left' : 'right' }
}

/** True when every word `a` accepts, `b` accepts too. */
export function isSubsetOf(a: Dfa, b: Dfa): boolean {
  return shortestWitness(difference(a, b)) === undefined
}
