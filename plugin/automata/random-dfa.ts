import { Alphabet } from './alphabet.js'
import { Dfa } from './dfa.js'
import { minimize } from './minimize.js'
import { type Random, randomInt } from './random.js'
import { reachableStates } from './search.js'

/**
 * A random complete minimal DFA with exactly `states` states, drawn the way AALpy's
 * `generate_random_deterministic_automata('dfa', ...)` draws its benchmark targets, so learning figures compare:
 * exactly ⌊n/2⌋ accepting states (shuffled), transition targets dealt from a shuffled pool holding every state at
 * least once, redrawn until every state is reachable from state 0 and minimization keeps all of them.
 * Symbols are `a`, `b`, ... (then `s26`, `s27`, ...).
 */
export function randomMinimalDfa(states: number, symbols: number, random: Random, maxTries = 10_000): Dfa {
  if (states < 1 || symbols < 1) throw new RangeError('a DFA needs at least one state and one symbol')
  const alphabet = new Alphabet(
    Array.from({ length: symbols }, (_, i) => (i < 26 ? String.fromCharCode(97 + i) : `s${i}`)),
  )
  const n = states * symbols
  for (let attempt = 0; attempt < maxTries; attempt++) {
    const accepting = shuffle(
      Uint8Array.from({ length: states }, (_, s) => (s < states >> 1 ? 1 : 0)),
      random,
    )
    const pool = Int32Array.from({ length: n }, (_, i) => (i < states ? i : randomInt(random, states)))
    const dfa = new Dfa(alphabet, 0, accepting, shuffle(pool, random))
    if (reachableStates(dfa).includes(0)) continue
    if (minimize(dfa).stateCount === states) return dfa
  }
  throw new Error(`no minimal ${states}-state DFA found in ${maxTries} tries`)
}

function shuffle<T extends Uint8Array | Int32Array>(array: T, random: Random): T {
  for (let i = array.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1)
    const t = array[i]!
    array[i] = array[j]!
    array[j] = t
  }
  return array
}
