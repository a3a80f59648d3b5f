/**
 * Learning a constraint DFA the way skills are learned: membership queries to a teacher (offline, the phrase
 * teacher's LTLf formula; or the LLM, or a player), equivalence by testing the hypothesis against the teacher on
 * every word up to length 2 and on random words up to 10 symbols (the same words each round, so answers are
 * cached). Counterexamples from execution and players arrive later as gold evidence.
 */
import { Alphabet } from '../automata/alphabet.js'
import type { Dfa } from '../automata/dfa.js'
import { randomWord } from '../automata/enumerate.js'
import { randomInt, seededRandom } from '../automata/random.js'
import { CedarError } from '../errors.js'
import {
  type Counterexample,
  type EquivalenceOracle,
  learn,
  type MembershipTeacher,
  QueryCache,
  wordKey,
} from '../learning/index.js'
import { PhraseTeacher } from '../teachers/phrase-teacher.js'
import type { Evidence } from './skill-learning.js'

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
}

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
  const cache = QueryCache.fromEvidence(known)
  const report = await learn({
    alphabet: symbols,
    teacher,
    oracle: new SamplingOracle(teacher, symbols),
    // The phrase grammar never errs; a model may, and CAPAL survives a teacher that is sometimes wrong.
    algorithm: options.teacher ? 'capal' : 'kv',
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

/** Tests a hypothesis on all short words and a fixed sample of longer ones, asking the teacher once per word. */
export class SamplingOracle implements EquivalenceOracle {
  private readonly words: string[][]
  private readonly labels = new Map<string, boolean>()

  constructor(
    private readonly teacher: MembershipTeacher,
    symbols: readonly string[],
    { samples = 400, maxLength = 10, seed = 1 } = {},
  ) {
    const alphabet = new Alphabet(symbols)
    const words: string[][] = [[]]
    for (const a of symbols) {
      words.push([a])
      for (const b of symbols) words.push([a, b])
    }
    const random = seededRandom(seed)
    for (let i = 0; i < samples; i++) words.push(randomWord(alphabet, 3 + randomInt(random, maxLength - 2), random))
    this.words = words.sort((x, y) => x.length - y.length)
  }

  async findCounterexample(
    hypothesis: Dfa,
    options?: { readonly signal?: AbortSignal },
  ): Promise<Counterexample | undefined> {
    const unknown = this.words.filter((w) => !this.labels.has(wordKey(w)))
    if (unknown.length > 0) {
      const answers = await this.teacher.answer(unknown, options)
      for (const [i, w] of unknown.entries()) this.labels.set(wordKey(w), answers[i] === true)
    }
    for (const word of this.words) {
      const label = this.labels.get(wordKey(word)) === true
      if (hypothesis.accepts(word) !== label) return { word, label }
    }
    return undefined
  }
}
