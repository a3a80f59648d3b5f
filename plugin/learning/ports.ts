import type { Dfa } from '../automata/dfa.js'

/** A word as teachers see it: symbol names. */
export type SymbolWord = readonly string[]

/**
 * Answers membership queries ("should this word be accepted?"). A call answers a whole batch, because for an
 * LLM the call is the cost, not the word: learners gather what they can ask together. Answers may be wrong.
 */
export interface MembershipTeacher {
  /** `signal` ends a teacher's I/O (an LLM request, a player's question) when the learning is cancelled. */
  answer(words: readonly SymbolWord[], options?: { readonly signal?: AbortSignal }): Promise<boolean[]>
}

/** A word the hypothesis gets wrong, with its true label (from execution or a player): a gold label. */
export interface Counterexample {
  readonly word: SymbolWord
  readonly label: boolean
}

/** Tests a hypothesis (by executing it, in CEDAR); undefined means no counterexample was found. */
export interface EquivalenceOracle {
  findCounterexample(hypothesis: Dfa, options?: { readonly signal?: AbortSignal }): Promise<Counterexample | undefined>
}

/** Progress, for chat and logs. */
export type LearningEvent =
  | { readonly type: 'queries'; readonly words: number; readonly newWords: number; readonly teacherCalls: number }
  | { readonly type: 'hypothesis'; readonly states: number; readonly round: number }
  | { readonly type: 'counterexample'; readonly word: SymbolWord; readonly label: boolean; readonly round: number }
