/**
 * Learning a constraint DFA the way skills are learned: membership queries to a teacher (offline, the phrase
 * teacher's LTLf formula; or the LLM, or a player), equivalence by the StatisticalOracle: the hypothesis against the
 * teacher on short, random and conformance words, asked through the learning cache. Its counterexamples are
 * candidates, never gold: gold comes only from execution and players, later.
 */
import type { Dfa } from '../../automata/dfa.js'
import { CedarError } from '../../errors.js'
import { GoldFirstOracle } from '../../learning/gold-first.js'
import { learn, type MembershipTeacher, QueryCache, StatisticalOracle } from '../../learning/index.js'
import { PhraseTeacher } from '../../teachers/phrase-teacher.js'
import type { Evidence } from '../skills/index.js'

/** What teaching one constraint cost, per teacher (the LLM's requests and tokens, the words any teacher was asked). */
export interface TeachingCost {
  /** `phrase` or `llm:<model>`. */
  readonly teacher: string
  readonly llmRequests: number
  /** Distinct words the teacher was asked (the membership queries and the oracle's words). */
  readonly words: number
  readonly promptTokens: number
  readonly completionTokens: number
}

export interface LearnedConstraint {
  readonly phrase: string
  /** Who answered: `phrase`, or the teacher's name given by the caller (`llm:<model>`). */
  readonly teacher: string
  /** The LTLf the phrase teacher read it as, when it was the teacher. */
  readonly ltl?: string
  readonly alphabet: string[]
  readonly dfa: Dfa
  readonly evidence: Evidence[]
  readonly membershipQueries: number
  readonly equivalenceQueries: number
  /** What teaching it cost, per teacher (filled in by teachConstraint). */
  readonly costs?: readonly TeachingCost[]
  /** Why the phrase grammar taught it instead of the LLM, when it did. */
  readonly fallback?: string
  /** How the LLM's reading was vetted before use (constraint-vetting.ts), when it was. */
  readonly vetting?: Vetting
}

/** What vetting an LLM's reading did: kept, confirmed or corrected by the owner, fell back, or refused. */
export interface Vetting {
  readonly outcome: 'kept' | 'confirmed' | 'corrected' | 'fell-back' | 'refused'
  /** What the checks found (empty: nothing). */
  readonly reasons: readonly string[]
  /** Questions the owner answered. */
  readonly questions: number
}

/**
 * CAPAL for constraints: short pool suffixes (≤ 3), because a constraint's states differ mostly in what the next
 * few symbols may be — over long random suffixes a live state and the dead one look alike (both reject almost
 * every long word) — and a tighter tolerance cap; measured by `npm run bench -- teachers`.
 */
const CONSTRAINT_CAPAL = { poolMaxLength: 3, tauMax: 0.1 } as const

export class ConstraintLearningError extends CedarError {
  override name = 'ConstraintLearningError'
}

export interface ConstraintLearningOptions {
  /** Answers membership queries; default: the phrase teacher (the phrase's LTLf). */
  readonly teacher?: MembershipTeacher
  readonly teacherName?: string
  readonly evidence?: readonly Evidence[]
  readonly signal?: AbortSignal
}

export async function learnConstraint(
  phrase: string,
  alphabet: readonly string[],
  options: ConstraintLearningOptions = {},
): Promise<LearnedConstraint> {
  let teacher = options.teacher
  let ltl: string | undefined
  if (!teacher) {
    try {
      const phraseTeacher = new PhraseTeacher(phrase, alphabet)
      ltl = phraseTeacher.phrase.ltl
      teacher = phraseTeacher
    } catch (error) {
      throw new ConstraintLearningError((error as Error).message)
    }
  }
  const symbols = [...new Set(alphabet)].sort()
  const known = (options.evidence ?? []).filter((e) => e.word.every((s) => symbols.includes(s)))
  // A run in which nothing happens breaks no constraint: a fact of what a constraint is, not a teacher's answer, so
  // it is gold (PhraseTeacher answers it so too) and a teacher's lie about it cannot make the start state rejecting.
  const cache = QueryCache.fromEvidence([{ word: [], label: true, gold: true }, ...known])
  const report = await learn({
    alphabet: symbols,
    teacher,
    // A teacher that may err is judged statistically (η̄ = CAPAL's default bound); the phrase grammar exactly.
    // Gold labels (players' counterexamples, runs' words) are checked first: a sample may never draw them.
    oracle: new GoldFirstOracle(
      new StatisticalOracle(symbols, { noiseBound: options.teacher ? 0.1 : 0 }),
      known.filter((e) => e.gold),
    ),
    // The phrase grammar never errs; a model may, and CAPAL survives a teacher that is sometimes wrong.
    algorithm: options.teacher ? 'capal' : 'kv',
    capal: CONSTRAINT_CAPAL,
    cache,
    maxMembershipQueries: 20_000,
    maxEquivalenceQueries: 50,
    ...(options.signal ? { signal: options.signal } : {}),
  })
  if (report.outcome !== 'equivalent' || !report.dfa) {
    throw new ConstraintLearningError(
      `learning "${phrase}" stopped (${report.outcome}${report.error ? `: ${report.error}` : ''})`,
    )
  }
  return {
    phrase,
    teacher: options.teacher ? (options.teacherName ?? 'custom') : 'phrase',
    ...(ltl === undefined ? {} : { ltl }),
    alphabet: symbols,
    dfa: report.dfa,
    evidence: report.cache.entries(),
    membershipQueries: report.queries.distinctWords,
    equivalenceQueries: report.equivalenceQueries,
  }
}
