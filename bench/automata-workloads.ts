// Inputs and workloads of the automata suite: seeded random DFAs, their refa twins, and the three operations
// measured (built untimed, prepared untimed before every run, run timed). Split from automata.ts, which runs them.
import { createHash } from 'node:crypto'
import { CharSet, DFA } from 'refa'
import {
  Alphabet,
  coReachableStates,
  Dfa,
  intersect,
  minimize,
  NONE,
  type Random,
  randomInt,
  reachableStates,
  seededRandom,
} from '../plugin/automata/index.js'

export const SYMBOLS = 20
/** Each state of a random DFA accepts independently with this probability. */
const ACCEPT_PROBABILITY = 0.5
export const WORDS = 1000
export const MAX_WORD_LENGTH = 40

export type WorkloadName = 'intersect' | 'minimize-random' | 'minimize-redundant'
export const WORKLOADS: readonly WorkloadName[] = ['intersect', 'minimize-random', 'minimize-redundant']

export interface Sizes {
  /** States of each intersect operand. */
  readonly intersect: number
  /** States of the uniformly random DFA to minimize. */
  readonly random: number
  /** The redundant DFA: `copies` interlinked copies of a random `small`-state DFA. */
  readonly small: number
  readonly copies: number
}
export const FULL: Sizes = { intersect: 1000, random: 100_000, small: 250, copies: 400 }
export const QUICK: Sizes = { intersect: 150, random: 10_000, small: 100, copies: 100 }

// ---------------------------------------------------------------------------------------------------------------
// Inputs

const alphabet = new Alphabet(Array.from({ length: SYMBOLS }, (_, i) => `s${i}`))

/** A complete DFA with uniformly random targets; state 0 is initial. */
export function randomDfa(n: number, random: Random): Dfa {
  const table = new Int32Array(n * SYMBOLS)
  for (let i = 0; i < table.length; i++) table[i] = randomInt(random, n)
  const accepting = new Uint8Array(n)
  for (let s = 0; s < n; s++) accepting[s] = random() < ACCEPT_PROBABILITY ? 1 : 0
  return new Dfa(alphabet, 0, accepting, table)
}

/**
 * `copies` copies of a random `small`-state DFA, where every transition goes to the right state of a *random* copy:
 * all copies of a state are equivalent, so it minimizes to (at most) `small` states, yet every copy is reachable.
 */
export function redundantDfa(small: number, copies: number, random: Random): Dfa {
  const base = randomDfa(small, random)
  const n = small * copies
  const table = new Int32Array(n * SYMBOLS)
  const accepting = new Uint8Array(n)
  for (let c = 0; c < copies; c++) {
    for (let q = 0; q < small; q++) {
      const s = c * small + q
      accepting[s] = base.accepting[q]!
      for (let a = 0; a < SYMBOLS; a++) {
        table[s * SYMBOLS + a] = randomInt(random, copies) * small + base.table[q * SYMBOLS + a]!
      }
    }
  }
  return new Dfa(alphabet, base.initial, accepting, table)
}

/** Our DFA as a refa DFA: symbol index i is the character i, one `linkNodes` per (state, target) pair. */
export function toRefa(dfa: Dfa): DFA {
  const k = dfa.alphabet.size
  const builder = new DFA.Builder(DFA.nodeFactory)
  const nodes: DFA.Node[] = new Array(dfa.stateCount)
  nodes[dfa.initial] = builder.initial
  for (let s = 0; s < dfa.stateCount; s++) nodes[s] ??= builder.createNode()
  const chars = new Map<number, number[]>()
  for (let s = 0; s < dfa.stateCount; s++) {
    chars.clear()
    for (let a = 0; a < k; a++) {
      const t = dfa.table[s * k + a]!
      if (t === NONE) continue
      const list = chars.get(t)
      if (list) list.push(a)
      else chars.set(t, [a])
    }
    for (const [t, list] of chars) builder.linkNodes(nodes[s]!, nodes[t]!, CharSet.fromCharacters(k - 1, list))
    if (dfa.accepting[s]) builder.makeFinal(nodes[s]!)
  }
  return DFA.fromBuilder(builder, { maxCharacter: k - 1 })
}

/** A refa DFA back as ours (reachable nodes only, breadth-first from the initial node; partial where refa is). */
export function fromRefa(dfa: DFA): Dfa {
  const k = dfa.maxCharacter + 1
  const ids = new Map<DFA.ReadonlyNode, number>([[dfa.initial, 0]])
  const order: DFA.ReadonlyNode[] = [dfa.initial]
  let table = new Int32Array(1024 * k).fill(NONE)
  for (let s = 0; s < order.length; s++) {
    if ((s + 1) * k > table.length) {
      const bigger = new Int32Array(table.length * 2).fill(NONE)
      bigger.set(table)
      table = bigger
    }
    order[s]!.out.forEach((to, range) => {
      let t = ids.get(to)
      if (t === undefined) {
        t = order.length
        ids.set(to, t)
        order.push(to)
      }
      for (let c = range.min; c <= range.max; c++) table[s * k + c] = t
    })
  }
  const accepting = new Uint8Array(order.length)
  order.forEach((node, s) => {
    if (dfa.finals.has(node as DFA.Node)) accepting[s] = 1
  })
  return new Dfa(
    new Alphabet(Array.from({ length: k }, (_, i) => `s${i}`)),
    0,
    accepting,
    table.slice(0, order.length * k),
  )
}

export function randomWords(seed: number): number[][] {
  const random = seededRandom(seed)
  return Array.from({ length: WORDS }, () =>
    Array.from({ length: randomInt(random, MAX_WORD_LENGTH + 1) }, () => randomInt(random, SYMBOLS)),
  )
}

export function acceptsIndices(dfa: Dfa, word: readonly number[]): boolean {
  const k = dfa.alphabet.size
  let s = dfa.initial
  for (const a of word) {
    s = dfa.table[s * k + a]!
    if (s === NONE) return false
  }
  return dfa.accepting[s] === 1
}

export function sha1(...parts: ArrayBufferView[]): string {
  const hash = createHash('sha1')
  for (const p of parts) hash.update(new Uint8Array(p.buffer, p.byteOffset, p.byteLength))
  return hash.digest('hex').slice(0, 16)
}

/** Useful states: reachable and able to reach acceptance (what a trim automaton like refa's keeps). */
export function usefulStates(dfa: Dfa): number {
  const reach = reachableStates(dfa)
  const alive = coReachableStates(dfa)
  let count = 0
  for (let s = 0; s < dfa.stateCount; s++) if (reach[s] && alive[s]) count++
  return count
}

// ---------------------------------------------------------------------------------------------------------------
// Workloads: build (untimed, once), prepare (untimed, before every run), run (timed).

export interface Workload {
  readonly label: (sizes: Sizes) => string
  readonly description: (sizes: Sizes) => string
  /** Ground truth for the word check, computed on the inputs. */
  readonly truth: (inputs: Dfa[], word: readonly number[]) => boolean
  readonly build: (sizes: Sizes) => Dfa[]
  /** The operation of each library; `prepare` runs before every timed `run` and is not timed. */
  readonly ours: (inputs: Dfa[]) => Dfa
  readonly refa: {
    readonly convert: (inputs: Dfa[]) => DFA[]
    readonly prepare: (inputs: DFA[]) => DFA[]
    readonly run: (args: DFA[]) => DFA
  }
}

export const SEEDS = { intersectLeft: 1001, intersectRight: 1002, random: 2001, redundant: 3001, words: 4001 }

/** refa minimizes in place, so every run gets a fresh copy, made outside the timed region. */
const REFA_MINIMIZE: Workload['refa'] = {
  convert: (inputs) => inputs.map(toRefa),
  prepare: ([d]) => [d!.copy(DFA.nodeFactory)],
  run: ([d]) => {
    d!.minimize()
    return d!
  },
}

export const WORKLOAD: Record<WorkloadName, Workload> = {
  intersect: {
    label: (z) => `intersect ${z.intersect.toLocaleString('en')} × ${z.intersect.toLocaleString('en')}`,
    description: (z) =>
      `intersection of two random complete DFAs with ${z.intersect.toLocaleString('en')} states each over ` +
      `${SYMBOLS} symbols (uniform random targets, each state accepting with probability ${ACCEPT_PROBABILITY}); ` +
      'both libraries build the product over the pairs reachable from the initial pair',
    truth: ([a, b], word) => acceptsIndices(a!, word) && acceptsIndices(b!, word),
    build: (z) => [
      randomDfa(z.intersect, seededRandom(SEEDS.intersectLeft)),
      randomDfa(z.intersect, seededRandom(SEEDS.intersectRight)),
    ],
    ours: ([a, b]) => intersect(a!, b!),
    refa: {
      convert: (inputs) => inputs.map(toRefa),
      prepare: (inputs) => inputs,
      run: ([a, b]) => DFA.fromIntersection(a!, b!, DFA.nodeFactory),
    },
  },
  'minimize-random': {
    label: (z) => `minimize random ${z.random.toLocaleString('en')}`,
    description: (z) =>
      `minimization of a random complete DFA with ${z.random.toLocaleString('en')} states over ${SYMBOLS} symbols ` +
      `(uniform random targets, each state accepting with probability ${ACCEPT_PROBABILITY}): already almost minimal`,
    truth: ([d], word) => acceptsIndices(d!, word),
    build: (z) => [randomDfa(z.random, seededRandom(SEEDS.random))],
    ours: ([d]) => minimize(d!),
    refa: REFA_MINIMIZE,
  },
  'minimize-redundant': {
    label: (z) => `minimize redundant ${(z.small * z.copies).toLocaleString('en')} (${z.copies} copies × ${z.small})`,
    description: (z) =>
      `minimization of ${z.copies} interlinked copies of a random complete ${z.small}-state DFA ` +
      `(${(z.small * z.copies).toLocaleString('en')} states over ${SYMBOLS} symbols; every transition goes to ` +
      `the right state of a random copy): collapses to at most ${z.small} states`,
    truth: ([d], word) => acceptsIndices(d!, word),
    build: (z) => [redundantDfa(z.small, z.copies, seededRandom(SEEDS.redundant))],
    ours: ([d]) => minimize(d!),
    refa: REFA_MINIMIZE,
  },
}
