// A suite's goals: what it set out to show (the paper's figure or an issue's bar) and whether a run showed it. The
// runner exits non-zero and prints the missed ones; README's generated sections list them beside the tables.
import type { Goal, SuiteReport } from './suite.js'

/** A goal `measured` against `target`: met when `ok`. */
export function goal(text: string, measured: string | number, ok: boolean): Goal {
  return { goal: text, measured: String(measured), met: ok }
}

/** The goals a report missed (empty: no mismatch). */
export function missedGoals(report: Pick<SuiteReport, 'goals'>): readonly Goal[] {
  return report.goals.filter((g) => !g.met)
}

/** The goals as Markdown lines: each with its measurement, the missed ones marked. */
export function goalsMarkdown(goals: readonly Goal[]): string[] {
  if (goals.length === 0) return []
  const missed = goals.filter((g) => !g.met).length
  return [
    `Goals: ${missed === 0 ? `all ${goals.length} met` : `${missed} of ${goals.length} missed`}.`,
    '',
    ...goals.map((g) => `- ${g.met ? 'met' : '**missed**'}: ${g.goal} — measured ${g.measured}`),
  ]
}
