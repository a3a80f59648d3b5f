/**
 * Teaching a constraint and vetting the LLM's reading before anyone uses it (constraint-vetting.ts): the phrase
 * grammar's reading to compare with, and a correction that relearns with the owner's gold answers.
 */
import { ConstraintLearningError, type LearnedConstraint, learnConstraint } from './constraint-learning.js'
import { type TaughtConstraint, type TeachingOptions, teachConstraint } from './constraint-teaching.js'
import { type VettingOptions, vetConstraint } from './constraint-vetting.js'
import { correctedConstraint } from './corrections.js'

export type VettedConstraint = TaughtConstraint

/** teachConstraint, then — when the LLM taught it and `vetting` is given — vetConstraint. */
export async function teachVetted(
  phrase: string,
  alphabet: readonly string[],
  options: TeachingOptions & { readonly vetting?: VettingOptions | undefined },
): Promise<VettedConstraint> {
  const taught = await teachConstraint(phrase, alphabet, options)
  const { vetting, ...teaching } = options
  if (!vetting || !options.llm || taught.fallback !== undefined || !taught.teacher.startsWith('llm:')) return taught
  const run = options.learn ?? learnConstraint
  const cancel = options.signal ? { signal: options.signal } : {}
  let grammar: LearnedConstraint | undefined
  try {
    if (vetting.compareWithGrammar !== false) grammar = await run(phrase, alphabet, cancel)
  } catch (error) {
    if (!(error instanceof ConstraintLearningError)) throw error
  }
  const vetted = await vetConstraint(
    taught,
    {
      grammar,
      correct: (previous, evidence, word, label) =>
        correctedConstraint({
          phrase,
          teacher: taught.teacher,
          previous,
          alphabet,
          evidence,
          word,
          label,
          answeredQuestions: true,
          relearn: () =>
            teachConstraint(phrase, alphabet, {
              ...teaching,
              learn: (p, a, o) => run(p, a, { ...o, evidence: [...(o.evidence ?? []), ...evidence] }),
            }),
        }),
    },
    { ...vetting, ...(vetting.signal || !options.signal ? {} : { signal: options.signal }) },
  )
  return { ...vetted, costs: taught.costs }
}
