// Records for store tests, built from real DFAs: a skill that needs its steps in order, and a constraint
// that forbids mining before the first sleep. Evidence labels are what the DFA says, so every fixture is consistent.
import { Dfa, minimize, toDfaJson } from '../../plugin/automata/index.js'
import type { NewRecord } from '../../plugin/store/record.js'

export const PICKAXE_STEPS = ['mine.oak_log', 'craft.oak_planks', 'craft.stick', 'craft.wooden_pickaxe']

/** Accepts the words that contain `steps` in order (other symbols in between are fine). */
export function inOrder(steps: readonly string[]): Dfa {
  const alphabet = [...new Set(steps)]
  const transitions = Array.from({ length: steps.length + 1 }, (_, state) =>
    alphabet.map((symbol) => (state < steps.length && steps[state] === symbol ? state + 1 : state)),
  )
  return minimize(Dfa.from({ alphabet, initial: 0, accepting: [steps.length], transitions }))
}

/** "sleep before mining": no mine.diamond_ore until the first sleep.bed. */
export const sleepFirst = Dfa.from({
  alphabet: ['sleep.bed', 'mine.diamond_ore', 'time.night'],
  initial: 0,
  accepting: [0, 1],
  transitions: [
    [1, 2, 0],
    [1, 1, 1],
    [2, 2, 2],
  ],
})

function evidence(dfa: Dfa, words: string[][], goldIndex: number): NewRecord['evidence'] {
  return words.map((word, i) => ({ word, label: dfa.accepts(word), gold: i === goldIndex }))
}

/** A learned skill named `verb.object` whose DFA wants the wooden-pickaxe steps in order. */
export function pickaxeSkill(name = 'craft.wooden_pickaxe'): NewRecord {
  const dfa = inOrder(PICKAXE_STEPS)
  const [verb = name, ...rest] = name.split('.')
  return {
    kind: 'skill',
    name,
    verb,
    object: rest.join('.') || 'wooden_pickaxe',
    alphabet: [...PICKAXE_STEPS],
    dfa: toDfaJson(dfa),
    successEvents: ['has.wooden_pickaxe.1'],
    evidence: evidence(dfa, [PICKAXE_STEPS, ['craft.stick', 'mine.oak_log'], []], 1),
    prerequisites: [],
    provenance: { teacher: 'recipe', path: 'learned', membershipQueries: 42, equivalenceQueries: 3 },
  }
}

/** A constraint in the player's words, learned from the phrase teacher. */
export function sleepConstraint(name = 'sleep-before-mining'): NewRecord {
  return {
    kind: 'constraint',
    name,
    phrase: 'sleep before mining',
    alphabet: [...sleepFirst.alphabet.symbols],
    dfa: toDfaJson(sleepFirst),
    successEvents: [],
    evidence: evidence(sleepFirst, [['sleep.bed', 'mine.diamond_ore'], ['mine.diamond_ore']], 1),
    prerequisites: [],
    provenance: { teacher: 'phrase', path: 'learned', membershipQueries: 9, equivalenceQueries: 1 },
  }
}

/** A wrong skill, as a bad teacher might leave it: "one log is a wooden pickaxe" (wrong in every world). */
export function wrongPickaxeSkill(): NewRecord {
  return {
    kind: 'skill',
    name: 'craft.wooden_pickaxe',
    verb: 'craft',
    object: 'wooden_pickaxe',
    alphabet: ['mine.logs'],
    dfa: { alphabet: ['mine.logs'], initial: 0, accepting: [1], transitions: [[1], [2], [2]] },
    successEvents: ['has.wooden_pickaxe.1'],
    evidence: [],
    prerequisites: [],
    provenance: { teacher: 'test', path: 'imported', membershipQueries: 0, equivalenceQueries: 0 },
  }
}
