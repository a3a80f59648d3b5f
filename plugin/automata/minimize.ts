import { Dfa, NONE } from './dfa.js'
import { complete } from './search.js'

/**
 * A refinable partition of 0..n-1 (Valmari & Lehtinen): elements sit in `elems`, each set is the contiguous range
 * first[s]..past[s], `loc` is each element's position and `setOf` its set. Marking moves an element to the front
 * of its set; `split` then separates marked from unmarked parts, keeping the larger one under the old name.
 */
class Partition {
  count: number
  readonly elems: Int32Array
  readonly loc: Int32Array
  readonly setOf: Int32Array
  readonly first: Int32Array
  readonly past: Int32Array

  constructor(
    n: number,
    private readonly marked: Int32Array,
    private readonly touched: Int32Array,
    private readonly work: { size: number },
  ) {
    this.count = n > 0 ? 1 : 0
    this.elems = new Int32Array(n)
    this.loc = new Int32Array(n)
    this.setOf = new Int32Array(n)
    this.first = new Int32Array(n + 1)
    this.past = new Int32Array(n + 1)
    for (let i = 0; i < n; i++) {
      this.elems[i] = i
      this.loc[i] = i
    }
    if (n > 0) this.past[0] = n
  }

  mark(e: number): void {
    const s = this.setOf[e]!
    const i = this.loc[e]!
    const j = this.first[s]! + this.marked[s]!
    this.elems[i] = this.elems[j]!
    this.loc[this.elems[i]!] = i
    this.elems[j] = e
    this.loc[e] = j
    if (this.marked[s]!++ === 0) this.touched[this.work.size++] = s
  }

  split(): void {
    while (this.work.size > 0) {
      const s = this.touched[--this.work.size]!
      const j = this.first[s]! + this.marked[s]!
      if (j === this.past[s]) {
        this.marked[s] = 0
        continue
      }
      const z = this.count
      if (this.marked[s]! <= this.past[s]! - j) {
        this.first[z] = this.first[s]!
        this.past[z] = j
        this.first[s] = j
      } else {
        this.past[z] = this.past[s]!
        this.first[z] = j
        this.past[s] = j
      }
      for (let i = this.first[z]!; i < this.past[z]!; i++) this.setOf[this.elems[i]!] = z
      this.marked[s] = 0
      this.marked[z] = 0
      this.count++
    }
  }
}

/**
 * The minimal DFA for the same language, by Valmari & Lehtinen's O(m log n) partition refinement ("Efficient
 * minimization of DFAs with partial transition functions", 2008). Unreachable and dead states are removed first,
 * so the result is the unique minimal *trim* automaton; with `complete` (the default) a single rejecting sink is
 * added where transitions are missing, giving the unique minimal complete DFA. States are numbered in
 * breadth-first order from the initial state (symbols in alphabet order), so equal languages over the same
 * alphabet minimize to identical tables.
 */
export function minimize(dfa: Dfa, options: { complete?: boolean } = {}): Dfa {
  const minimal = canonicalize(refine(dfa))
  // canonicalize is idempotent, so a minimal DFA that is already complete needs no second pass.
  return options.complete === false || minimal.isComplete ? minimal : canonicalize(complete(minimal))
}

/** Trim + refine; returns a partial DFA whose states are the blocks of the coarsest stable partition. */
function refine(dfa: Dfa): Dfa {
  const n = dfa.stateCount
  const k = dfa.alphabet.size
  // Transitions as three parallel arrays: tail, label, head.
  let m = 0
  for (let i = 0; i < dfa.table.length; i++) if (dfa.table[i] !== NONE) m++
  let tails = new Int32Array(m)
  let labels = new Int32Array(m)
  let heads = new Int32Array(m)
  m = 0
  for (let s = 0; s < n; s++) {
    for (let a = 0; a < k; a++) {
      const t = dfa.table[s * k + a]!
      if (t === NONE) continue
      tails[m] = s
      labels[m] = a
      heads[m] = t
      m++
    }
  }

  const size = Math.max(n, m) + 1
  const marked = new Int32Array(size)
  const touched = new Int32Array(size)
  const work = { size: 0 }
  const blocks = new Partition(n, marked, touched, work)
  const adjacent = new Int32Array(m)
  const offsets = new Int32Array(n + 1)

  const makeAdjacent = (key: Int32Array): void => {
    offsets.fill(0)
    for (let t = 0; t < m; t++) offsets[key[t]!]!++
    for (let q = 0; q < n; q++) offsets[q + 1]! += offsets[q]!
    for (let t = m; t-- > 0; ) adjacent[--offsets[key[t]!]!] = t
  }

  // Keeping only states reached from `starts` along `from -> to`, by moving them to the front of block 0.
  let reached = 0
  const reach = (q: number): void => {
    const i = blocks.loc[q]!
    if (i >= reached) {
      blocks.elems[i] = blocks.elems[reached]!
      blocks.loc[blocks.elems[i]!] = i
      blocks.elems[reached] = q
      blocks.loc[q] = reached++
    }
  }
  const removeUnreached = (from: Int32Array, to: Int32Array): void => {
    makeAdjacent(from)
    for (let i = 0; i < reached; i++) {
      const q = blocks.elems[i]!
      for (let j = offsets[q]!; j < offsets[q + 1]!; j++) reach(to[adjacent[j]!]!)
    }
    let kept = 0
    for (let t = 0; t < m; t++) {
      if (blocks.loc[tails[t]!]! < reached && blocks.loc[heads[t]!]! < reached) {
        heads[kept] = heads[t]!
        labels[kept] = labels[t]!
        tails[kept] = tails[t]!
        kept++
      }
    }
    m = kept
    blocks.past[0] = reached
    reached = 0
  }

  reach(dfa.initial)
  removeUnreached(tails, heads)
  let finals = 0
  for (let q = 0; q < n; q++) {
    if (dfa.accepting[q] && blocks.loc[q]! < blocks.past[0]!) {
      reach(q)
      finals++
    }
  }
  if (finals === 0) return Dfa.empty(dfa.alphabet)
  removeUnreached(heads, tails)
  tails = tails.subarray(0, m)
  labels = labels.subarray(0, m)
  heads = heads.subarray(0, m)

  // Split the useful states into accepting (first `finals` positions) and the rest.
  marked[0] = finals
  touched[work.size++] = 0
  blocks.split()

  // Cords: transitions grouped by label, one cord per label that occurs, in label order. A stable counting sort
  // (labels are < k): linear, where a comparison sort of the m transitions was the largest single cost.
  const cords = new Partition(m, marked, touched, work)
  if (m > 0) {
    const next = new Int32Array(k + 1)
    for (let t = 0; t < m; t++) next[labels[t]! + 1]!++
    for (let a = 0; a < k; a++) next[a + 1]! += next[a]!
    const cordOf = new Int32Array(k)
    cords.count = 0
    for (let a = 0; a < k; a++) {
      if (next[a] === next[a + 1]) continue
      cords.first[cords.count] = next[a]!
      cords.past[cords.count] = next[a + 1]!
      marked[cords.count] = 0
      cordOf[a] = cords.count++
    }
    for (let t = 0; t < m; t++) {
      const a = labels[t]!
      const i = next[a]!++
      cords.elems[i] = t
      cords.loc[t] = i
      cords.setOf[t] = cordOf[a]!
    }
  }

  makeAdjacent(heads)
  let b = 1
  let c = 0
  while (c < cords.count) {
    for (let i = cords.first[c]!; i < cords.past[c]!; i++) blocks.mark(tails[cords.elems[i]!]!)
    blocks.split()
    c++
    while (b < blocks.count) {
      for (let i = blocks.first[b]!; i < blocks.past[b]!; i++) {
        const q = blocks.elems[i]!
        for (let j = offsets[q]!; j < offsets[q + 1]!; j++) cords.mark(adjacent[j]!)
      }
      cords.split()
      b++
    }
  }

  // Block ids of useful states become the new states; every useful state is in a block < blocks.count.
  const count = blocks.count
  const table = new Int32Array(count * k).fill(NONE)
  const accepting = new Uint8Array(count)
  for (let t = 0; t < m; t++) {
    table[blocks.setOf[tails[t]!]! * k + labels[t]!] = blocks.setOf[heads[t]!]!
  }
  for (let q = 0; q < n; q++) {
    if (dfa.accepting[q] && isUseful(blocks, q)) {
      accepting[blocks.setOf[q]!] = 1
    }
  }
  return new Dfa(dfa.alphabet, blocks.setOf[dfa.initial]!, accepting, table)
}

/** Useless states were pushed out of every block's range when the reached prefix was cut. */
function isUseful(blocks: Partition, q: number): boolean {
  const s = blocks.setOf[q]!
  const at = blocks.loc[q]!
  return at >= blocks.first[s]! && at < blocks.past[s]!
}

/**
 * Renumbers the reachable states in breadth-first order from the initial state, trying symbols in alphabet
 * order; unreachable states are dropped. Two DFAs that differ only in state names become identical.
 */
export function canonicalize(dfa: Dfa): Dfa {
  const n = dfa.stateCount
  const k = dfa.alphabet.size
  const id = new Int32Array(n).fill(NONE)
  const order = new Int32Array(n)
  let count = 0
  id[dfa.initial] = count
  order[count++] = dfa.initial
  for (let head = 0; head < count; head++) {
    const base = order[head]! * k
    for (let a = 0; a < k; a++) {
      const t = dfa.table[base + a]!
      if (t !== NONE && id[t] === NONE) {
        id[t] = count
        order[count++] = t
      }
    }
  }
  const table = new Int32Array(count * k)
  const accepting = new Uint8Array(count)
  for (let i = 0; i < count; i++) {
    const s = order[i]!
    accepting[i] = dfa.accepting[s]!
    for (let a = 0; a < k; a++) {
      const t = dfa.table[s * k + a]!
      table[i * k + a] = t === NONE ? NONE : id[t]!
    }
  }
  return new Dfa(dfa.alphabet, 0, accepting, table)
}
