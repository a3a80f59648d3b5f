import type { Prepared } from '../agent/index.js'
import { costsText } from '../agent/index.js'
import { type DfaJson, toDfaJson } from '../automata/json.js'
import type { LlmClient } from '../llm/llm-client.js'

/** One learned constraint as `cedar sim do --json` reports it: its DFA, who taught it, why a fallback, the costs. */
export interface ConstraintReport {
  readonly id: string
  readonly phrase: string
  readonly teacher: string
  readonly ltl: string | null
  readonly states: number
  /** The DFA in DFA JSON, its alphabet in the same order as `cedar dfa` prints it. */
  readonly dfa: DfaJson
  /** Why the phrase grammar taught it instead of the LLM; null when no fallback happened. */
  readonly fallback: string | null
  /** Per teacher: LLM requests, words asked, tokens. */
  readonly costs: NonNullable<Prepared['constraints'][number]['costs']>
}

export function constraintReports(constraints: Prepared['constraints']): ConstraintReport[] {
  return constraints.map((c) => ({
    id: c.id,
    phrase: c.phrase,
    teacher: c.teacher,
    ltl: c.ltl ?? null,
    states: c.dfa.stateCount,
    dfa: toDfaJson(c.dfa),
    fallback: c.fallback ?? null,
    costs: c.costs ?? [],
  }))
}

/** The run's LLM use: the model, requests and tokens (null without an LLM). */
export function llmReport(llm: LlmClient | undefined) {
  if (!llm) return null
  const { requests, promptTokens, completionTokens } = llm.stats
  return { model: llm.modelFor('mq'), requests, promptTokens, completionTokens }
}

/** A constraint's line of the text report, with what its teaching cost. */
export function constraintLine(c: ConstraintReport): string {
  const taught = `taught by ${c.teacher.split(' (')[0]} (${costsText(c.costs)})`
  return `constraint "${c.phrase}" (${c.states} states)${c.ltl ? `: ${c.ltl}` : ''} — ${taught}${c.fallback ? `; fallback: ${c.fallback}` : ''}`
}
