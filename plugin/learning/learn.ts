import { Alphabet } from '../automata/alphabet.js'
import type { Dfa } from '../automata/dfa.js'
import { Capal, type CapalParameters } from './capal.js'
import { KearnsVazirani } from './kv.js'
import type { Learner, LearnerContext } from './learner.js'
import { LStar } from './lstar.js'
import type { EquivalenceOracle, LearningEvent, MembershipTeacher } from './ports.js'
import { BudgetExhausted, QueryCache, type QueryCounters } from './query-cache.js'

export type Algorithm = 'lstar' | 'kv' | 'capal'

export interface LearnOptions {
  readonly alphabet: Alphabet | readonly string[]
  readonly teacher: MembershipTeacher
  readonly oracle: EquivalenceOracle
  readonly algorithm?: Algorithm
  /** B_MQ: distinct words the teacher may be asked (cache hits and gold labels are free). */
  readonly maxMembershipQueries?: number
  /** B_EQ: hypotheses that may be tested. */
  readonly maxEquivalenceQueries?: number
  /** Start from what another run learned (its cache's answers and gold labels), e.g. after alphabet expansion. */
  readonly cache?: QueryCache
  /** Builds the learner; the default makes the named algorithm. */
  readonly learner?: (context: LearnerContext) => Learner
  /** CAPAL's parameters (η̄, α, τ_max, pool size), when the algorithm is capal. */
  readonly capal?: CapalParameters
  readonly onEvent?: (event: LearningEvent) => void
  /**
   * Cancels learning: checked between rounds and before every batch of queries, and handed to the teacher; an
   * aborted run rejects with the signal's reason (an AbortError unless the caller gave another) instead of
   * reporting.
   */
  readonly signal?: AbortSignal
}

export interface LearnReport {
  /** The last hypothesis; undefined only if the budget ran out before the first one. */
  readonly dfa: Dfa | undefined
  /**
   * `equivalent`: the oracle found no counterexample; otherwise why learning stopped. `teacher-failed`: the
   * teacher or the oracle threw (an unreachable LLM, a reply that stayed invalid); `error` says how.
   */
  readonly outcome: 'equivalent' | 'mq-budget' | 'eq-budget' | 'no-progress' | 'teacher-failed'
  readonly error?: string
  readonly equivalenceQueries: number
  readonly queries: QueryCounters
  /** The cache, to continue learning (e.g. on a larger alphabet). */
  readonly cache: QueryCache
}

/**
 * CEDAR's Algorithm 1: ask membership queries through the persistent cache until a hypothesis stands, test it,
 * store a gold counterexample's label as gold (a candidate one only feeds the learner, see CounterexampleSource) and
 * refine, until the oracle finds nothing or a budget runs out — which
 * ends in a report with the latest hypothesis, not an error.
 */
export async function learn(options: LearnOptions): Promise<LearnReport> {
  const alphabet = options.alphabet instanceof Alphabet ? options.alphabet : new Alphabet(options.alphabet)
  const emit = options.onEvent
  const signal = options.signal
  signal?.throwIfAborted()
  const cache = new QueryCache(
    options.teacher,
    options.maxMembershipQueries,
    (words, newWords, teacherCalls) => emit?.({ type: 'queries', words, newWords, teacherCalls }),
    signal,
  )
  if (options.cache) cache.replay(options.cache, (word) => word.every((s) => alphabet.has(s)))
  const context: LearnerContext = { alphabet, cache }
  const learner = options.learner?.(context) ?? createLearner(options.algorithm ?? 'capal', context, options.capal)
  const maxEq = options.maxEquivalenceQueries ?? Number.POSITIVE_INFINITY

  let dfa: Dfa | undefined
  let rounds = 0
  const report = (outcome: LearnReport['outcome'], error?: unknown): LearnReport => ({
    dfa,
    outcome,
    ...(error === undefined ? {} : { error: error instanceof Error ? error.message : String(error) }),
    equivalenceQueries: rounds,
    queries: cache.counters,
    cache,
  })
  try {
    for (;;) {
      signal?.throwIfAborted()
      dfa = await learner.hypothesis()
      emit?.({ type: 'hypothesis', states: dfa.stateCount, round: rounds })
      if (rounds >= maxEq) return report('eq-budget')
      signal?.throwIfAborted()
      const counterexample = await options.oracle.findCounterexample(dfa, {
        membership: (words) => cache.ask(words),
        ...(signal ? { signal } : {}),
      })
      rounds++
      if (!counterexample) return report('equivalent')
      if (dfa.accepts(counterexample.word) === counterexample.label) {
        // The hypothesis already says this: the oracle contradicts itself, and learning cannot move on.
        return report(
          'no-progress',
          new Error(`the oracle's counterexample ${JSON.stringify(counterexample.word)} is not one`),
        )
      }
      const { word, label } = counterexample
      // Only execution, the environment and players give gold; a candidate is evidence the learner weighs.
      const gold = options.oracle.counterexamples === 'gold' && counterexample.source !== 'candidate'
      emit?.({ type: 'counterexample', word, label, gold, round: rounds })
      if (gold) cache.setGold(word, label)
      if (!(await learner.refine(word, label, gold))) return report('no-progress')
    }
  } catch (error) {
    // Cancellation is not a failure to report: the caller asked for the run to end.
    if (signal?.aborted) throw signal.reason
    if (error instanceof BudgetExhausted) return report('mq-budget')
    // Teachers and oracles talk to the outside world (an LLM, a player, the game): their failures end learning
    // with a report that keeps the latest hypothesis, so nothing learned is lost.
    return report('teacher-failed', error)
  }
}

export function createLearner(algorithm: Algorithm, context: LearnerContext, capal: CapalParameters = {}): Learner {
  switch (algorithm) {
    case 'lstar':
      return new LStar(context)
    case 'kv':
      return new KearnsVazirani(context)
    case 'capal':
      return new Capal(context, capal)
  }
}
