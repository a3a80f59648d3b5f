/**
 * Who teaches a constraint, and what it cost: the LLM when there is one (its answers are candidates, see
 * docs/learning.md), else — or when it cannot — the phrase grammar. The costs are in the open: LLM requests, words
 * asked and tokens, per teacher, and the reason of a fallback.
 */
import type { GroundingComponents } from '../../grounding/pipeline.js'
import type { MembershipTeacher } from '../../learning/index.js'
import type { LlmClient, LlmStats } from '../../llm/llm-client.js'
import { LlmTeacher } from '../../teachers/llm-teacher.js'
import {
  ConstraintLearningError,
  type ConstraintLearningOptions,
  type LearnedConstraint,
  learnConstraint,
  type TeachingCost,
  type Vetting,
} from './constraint-learning.js'

/** What one teacher cost while teaching one constraint. */
/** What `constrain` tells about how a constraint was taught: the teacher, the costs, the reason of a fallback. */
export interface TeachingReport {
  readonly teacher?: string
  readonly costs?: readonly TeachingCost[]
  readonly fallback?: string
  /** How the LLM's reading was checked before use (constraint-vetting.ts). */
  readonly vetting?: Vetting
}

export type TaughtConstraint = LearnedConstraint & { readonly costs: readonly TeachingCost[] }

export interface TeachingOptions {
  readonly llm?: LlmClient | undefined
  readonly inventory: GroundingComponents['inventory']
  /** Runs the learning (the agent's computation: in process, or its learning worker). Default: learnConstraint. */
  readonly learn?: (
    phrase: string,
    alphabet: readonly string[],
    options: ConstraintLearningOptions,
  ) => Promise<LearnedConstraint>
  readonly signal?: AbortSignal
}

export async function teachConstraint(
  phrase: string,
  alphabet: readonly string[],
  options: TeachingOptions,
): Promise<TaughtConstraint> {
  const { llm, inventory } = options
  const run = options.learn ?? learnConstraint
  const cancel = options.signal ? { signal: options.signal } : {}
  if (!llm) return withGrammarCost(await run(phrase, alphabet, cancel))
  const symbols = alphabet.map((symbol) => ({ symbol, description: inventory.get(symbol)?.description ?? symbol }))
  // Batches of 100: the call is what costs, and a constraint's words are short.
  const teacher = new LlmTeacher(llm, { instruction: phrase, symbols, kind: 'constraint', batchSize: 100 })
  const teacherName = `llm:${llm.modelFor('mq')}`
  const before = llm.stats
  const words = { asked: 0 }
  const counting: MembershipTeacher = {
    answer: (batch, o) => {
      words.asked += batch.length
      return teacher.answer(batch, o)
    },
  }
  try {
    const learned = await run(phrase, alphabet, { teacher: counting, teacherName, ...cancel })
    return { ...learned, costs: [llmCost(teacherName, before, llm.stats, learned.membershipQueries)] }
  } catch (error) {
    if (!(error instanceof ConstraintLearningError)) throw error
    const spent = llmCost(teacherName, before, llm.stats, words.asked)
    const fallback = withGrammarCost(await run(phrase, alphabet, cancel))
    // A spent budget is said as such: what learning settled is the grammar's reading, not a half-learned one.
    const reason = teacher.budgetSpent ?? error.message
    return {
      ...fallback,
      teacher: `phrase (the LLM could not: ${reason})`,
      fallback: reason,
      costs: [spent, ...fallback.costs],
    }
  }
}

function withGrammarCost(learned: LearnedConstraint): TaughtConstraint {
  const cost = {
    teacher: 'phrase',
    llmRequests: 0,
    words: learned.membershipQueries,
    promptTokens: 0,
    completionTokens: 0,
  }
  return { ...learned, costs: [cost] }
}

function llmCost(teacher: string, before: LlmStats, after: LlmStats, words: number): TeachingCost {
  return {
    teacher,
    llmRequests: after.requests - before.requests,
    words,
    promptTokens: after.promptTokens - before.promptTokens,
    completionTokens: after.completionTokens - before.completionTokens,
  }
}

/** "llm:m: 600 words, 7 LLM requests, 12,000 tokens; phrase: 40 words": what a constraint's teaching cost, for people. */
export function costsText(costs: readonly TeachingCost[]): string {
  return costs
    .map(
      (k) =>
        `${k.teacher}: ${k.words} words${k.llmRequests > 0 ? `, ${k.llmRequests} LLM requests, ${k.promptTokens + k.completionTokens} tokens` : ''}`,
    )
    .join('; ')
}
