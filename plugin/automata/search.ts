import { Dfa, NONE } from './dfa.js'

/** 1 for every state reachable from the initial state. */
export function reachableStates(dfa: Dfa): Uint8Array {
  const n = dfa.stateCount
  const k = dfa.alphabet.size
  const seen = new Uint8Array(n)
  const queue = new Int32Array(n)
  let head = 0
  let tail = 0
  seen[dfa.initial] = 1
  queue[tail++] = dfa.initial
  while (head < tail) {
    const base = queue[head++]! * k
    for (let a = 0; a < k; a++) {
      const t = dfa.table[base + a]!
      if (t !== NONE && !seen[t]) {
        seen[t] = 1
        queue[tail++] = t
      }
    }
  }
  return seen
}

/** Reverse adjacency in CSR form: for state t, `sources[offsets[t] .. offsets[t+1])` are (source, symbol) pairs. */
interface ReverseGraph {
  readonly offsets: Int32Array
  readonly sources: Int32Array
  readonly symbols: Int32Array
}

function reverseGraph(dfa: Dfa): ReverseGraph {
  const n = dfa.stateCount
  const k = dfa.alphabet.size
  const offsets = new Int32Array(n + 1)
  for (let i = 0; i < dfa.table.length; i++) {
    const t = dfa.table[i]!
    if (t !== NONE) offsets[t + 1]!++
  }
  for (let s = 0; s < n; s++) offsets[s + 1]! += offsets[s]!
  const fill = offsets.slice(0, n)
  const sources = new Int32Array(offsets[n]!)
  const symbols = new Int32Array(offsets[n]!)
  for (let s = 0; s < n; s++) {
    for (let a = 0; a < k; a++) {
      const t = dfa.table[s * k + a]!
      if (t === NONE) continue
      const at = fill[t]!++
      sources[at] = s
      symbols[at] = a
    }
  }
  return { offsets, sources, symbols }
}

/**
 * For every state, the length of the shortest word leading from it to acceptance, or -1 when there is none (a dead
 * state). One backward breadth-first pass: the controller and the shield read it in O(1) afterwards.
 */
export function distancesToAcceptance(dfa: Dfa): Int32Array {
  const n = dfa.stateCount
  const distance = new Int32Array(n).fill(-1)
  const queue = new Int32Array(n)
  let tail = 0
  for (let s = 0; s < n; s++) {
    if (dfa.accepting[s]) {
      distance[s] = 0
      queue[tail++] = s
    }
  }
  const { offsets, sources } = reverseGraph(dfa)
  for (let head = 0; head < tail; head++) {
    const t = queue[head]!
    for (let i = offsets[t]!; i < offsets[t + 1]!; i++) {
      const s = sources[i]!
      if (distance[s] === -1) {
        distance[s] = distance[t]! + 1
        queue[tail++] = s
      }
    }
  }
  return distance
}

/** 1 for every state from which some word reaches acceptance. */
export function coReachableStates(dfa: Dfa): Uint8Array {
  return Uint8Array.from(distancesToAcceptance(dfa), (d) => (d >= 0 ? 1 : 0))
}

/**
 * The dead states: those from which no word reaches acceptance. The shield blocks an action exactly when it would
 * enter one (blocking on "not accepting" instead would forbid all progress toward an F-goal). A missing transition
 * of a partial DFA also leads to death; `NONE` is not listed.
 */
export function deadStates(dfa: Dfa): Set<number> {
  const dead = new Set<number>()
  distancesToAcceptance(dfa).forEach((d, s) => {
    if (d < 0) dead.add(s)
  })
  return dead
}

/**
 * The shortest word from `from` to an accepting state (the first in symbol order among the shortest), or
 * undefined when `from` is dead. The controller uses it to pick the next primitive; `usable(state, symbolIndex)`
 * leaves out edges it may not take (events it cannot cause, actions that failed there).
 */
export function shortestPathToAcceptance(
  dfa: Dfa,
  from: number,
  usable?: (state: number, symbolIndex: number) => boolean,
): string[] | undefined {
  return shortestPathTo(dfa, from, (s) => dfa.accepting[s] === 1, usable)
}

/** The shortest word from `from` to a state that `isTarget` picks (as shortestPathToAcceptance, any target). */
export function shortestPathTo(
  dfa: Dfa,
  from: number,
  isTarget: (state: number) => boolean,
  usable?: (state: number, symbolIndex: number) => boolean,
): string[] | undefined {
  if (from === NONE) return undefined
  const n = dfa.stateCount
  const k = dfa.alphabet.size
  const parent = new Int32Array(n).fill(-2)
  const via = new Int32Array(n)
  const queue = new Int32Array(n)
  let tail = 0
  parent[from] = -1
  queue[tail++] = from
  for (let head = 0; head < tail; head++) {
    const s = queue[head]!
    if (isTarget(s)) return pathTo(s, parent, via).map((a) => dfa.alphabet.symbol(a))
    for (let a = 0; a < k; a++) {
      const t = dfa.table[s * k + a]!
      if (t !== NONE && parent[t] === -2 && (usable === undefined || usable(s, a))) {
        parent[t] = s
        via[t] = a
        queue[tail++] = t
      }
    }
  }
  return undefined
}

function pathTo(state: number, parent: Int32Array, via: Int32Array): number[] {
  const path: number[] = []
  for (let s = state; parent[s]! >= 0; s = parent[s]!) path.push(via[s]!)
  return path.reverse()
}

/** A shortest accepted word, or undefined when the language is empty. */
export function shortestWitness(dfa: Dfa): string[] | undefined {
  return shortestPathToAcceptance(dfa, dfa.initial)
}

export function isEmpty(dfa: Dfa): boolean {
  return shortestWitness(dfa) === undefined
}

/**
 * Keeps only useful states: reachable from the initial state and able to reach acceptance. The result is partial
 * (transitions into removed states become missing) and never empty: an empty language leaves the initial state.
 */
export function trim(dfa: Dfa): Dfa {
  const reach = reachableStates(dfa)
  const alive = coReachableStates(dfa)
  const keep = Uint8Array.from(reach, (r, s) => (r && alive[s] ? 1 : 0))
  keep[dfa.initial] = 1
  return keepStates(dfa, keep)
}

/** The sub-automaton on the marked states, renumbered in order; transitions into unmarked states become missing. */
export function keepStates(dfa: Dfa, keep: Uint8Array): Dfa {
  const n = dfa.stateCount
  const k = dfa.alphabet.size
  const id = new Int32Array(n).fill(NONE)
  let m = 0
  for (let s = 0; s < n; s++) if (keep[s]) id[s] = m++
  const table = new Int32Array(m * k)
  const accepting = new Uint8Array(m)
  for (let s = 0; s < n; s++) {
    const ns = id[s]!
    if (ns === NONE) continue
    accepting[ns] = dfa.accepting[s]!
    for (let a = 0; a < k; a++) {
      const t = dfa.table[s * k + a]!
      table[ns * k + a] = t === NONE ? NONE : id[t]!
    }
  }
  return new Dfa(dfa.alphabet, id[dfa.initial]!, accepting, table)
}

/** Adds one rejecting sink for the missing transitions, if there are any. */
export function complete(dfa: Dfa): Dfa {
  if (dfa.isComplete) return dfa
  const n = dfa.stateCount
  const k = dfa.alphabet.size
  const table = new Int32Array((n + 1) * k)
  for (let i = 0; i < dfa.table.length; i++) {
    const t = dfa.table[i]!
    table[i] = t === NONE ? n : t
  }
  table.fill(n, n * k)
  const accepting = new Uint8Array(n + 1)
  accepting.set(dfa.accepting)
  return new Dfa(dfa.alphabet, dfa.initial, accepting, table)
}

/** Accepts exactly the words over its alphabet that `dfa` rejects. */
export function complement(dfa: Dfa): Dfa {
  const full = complete(dfa)
  return new Dfa(
    full.alphabet,
    full.initial,
    full.accepting.map((f) => 1 - f),
    full.table,
  )
}
