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

/** A word the hypothesis gets wrong, with its label as the oracle knows it. */
export interface Counterexample {
  readonly word: SymbolWord
  readonly label: boolean
  /**
   * A gold oracle that also consults a teacher (execution first, then a statistical test) marks the teacher's
   * counterexamples `candidate`; an oracle declared `candidate` never gives gold, whatever this says.
   */
  readonly source?: CounterexampleSource
}

/**
 * Where an oracle's counterexample labels come from. `gold`: execution (the Sim or the live game), the environment
 * or a player — learning stores them as gold, overriding every teacher answer. `candidate`: a teacher that can err
 * (an LLM, a statistical test over its answers) — learning hands them to the learner as noisy evidence and never
 * stores them as gold, so a wrong answer cannot override the learner's noise tolerance (CEDAR, Algorithm 1).
 */
export type CounterexampleSource = 'gold' | 'candidate'

/** Membership through the learner's cache: words the learner already asked cost nothing again. */
export type Membership = (words: readonly SymbolWord[]) => Promise<boolean[]>

export interface OracleOptions {
  readonly signal?: AbortSignal
  readonly membership?: Membership
}

/** Tests a hypothesis (by executing it, in CEDAR); undefined means no counterexample was found. */
export interface EquivalenceOracle {
  /** Whether this oracle's counterexamples are gold (execution, environment, player) or candidates. */
  readonly counterexamples: CounterexampleSource
  /**
   * `membership` asks through the learning run's cache, so an oracle that consults the teacher pays once per word;
   * `signal` ends its I/O when the learning is cancelled.
   */
  findCounterexample(hypothesis: Dfa, options?: OracleOptions): Promise<Counterexample | undefined>
}

/** Progress, for chat and logs. */
export type LearningEvent =
  | { readonly type: 'queries'; readonly words: number; readonly newWords: number; readonly teacherCalls: number }
  | { readonly type: 'hypothesis'; readonly states: number; readonly round: number }
  | {
      readonly type: 'counterexample'
      readonly word: SymbolWord
      readonly label: boolean
      readonly gold: boolean
      readonly round: number
    }
