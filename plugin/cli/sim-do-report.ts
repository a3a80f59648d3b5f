// What `cedar sim do` prints of a run: the summary `--json` gives whole, and the lines a person reads.
import { type DoReport, describeStuck, type LawBook } from '../agent/index.js'
import { groundingNotes, type LlmGroundingStats } from '../grounding/llm-grounding.js'
import type { LlmClient } from '../llm/llm-client.js'
import { constraintLine, constraintReports, llmReport } from './constraint-report.js'

/** What was run, and with what: the parts of a summary that are not in the agent's report. */
export interface SimDoContext {
  readonly instruction: string
  readonly llm: LlmClient | undefined
  readonly stats: LlmGroundingStats | undefined
  readonly laws: LawBook
}

export type SimDoSummary = ReturnType<typeof simDoSummary>

/** The run as `--json` prints it. */
export function simDoSummary(report: DoReport, { instruction, llm, stats, laws }: SimDoContext) {
  return {
    instruction,
    llm: llmReport(llm),
    grounding: stats
      ? {
          unavailable: stats.unavailable ?? null,
          splitDisagreements: stats.splitDisagreements,
          keptSymbols: stats.keptSymbols,
        }
      : null,
    goal: report.result?.outcome === 'goal',
    outcome: report.refusal ? 'refused' : (report.result?.outcome ?? 'refused'),
    message: report.refusal ?? report.result?.message ?? '',
    teacherQueries: report.membershipQueries,
    skills: report.skills.map((s) => ({
      name: s.name,
      path: s.path,
      states: s.dfa.stateCount,
      teacher: s.record.provenance.teacher,
    })),
    constraints: constraintReports(report.constraints),
    laws: laws.shield.monitors().map((m) => ({ id: m.id, kind: m.kind, text: m.text })),
    product: report.composition
      ? { reachable: report.composition.reachableStates, states: report.composition.productStates }
      : null,
    // What the constraints needed first (a bed for "sleep at night" without one), run before the instruction.
    needs: (report.needs ?? []).map((n) => ({
      item: n.item,
      action: n.action,
      constraint: n.constraint,
      instruction: n.instruction,
      outcome: n.refusal ? 'refused' : (n.result?.outcome ?? 'refused'),
    })),
    steps: simDoSteps(report),
    stuck: report.stuck ?? null,
  }
}

function simDoSteps(report: DoReport) {
  return (report.result?.steps ?? []).map((s) => ({
    tick: s.tick,
    action: s.action,
    ok: s.ok,
    night: s.night,
    biome: s.biome ?? null,
    blocked_by: s.blockedBy ?? null,
    // The transition of the automaton the controller ran (the skills × the constraints, minimized): the act, when
    // it worked, and its events took it from `from` to `to` (-1: out of the automaton).
    dfa: { from: s.from, to: s.state },
    events: s.events,
  }))
}

/** The run as a person reads it: the outcome first, then what ran it, then each act. */
export function simDoText(summary: SimDoSummary, report: DoReport, stats: LlmGroundingStats | undefined): string {
  const { steps } = summary
  return [
    `${summary.goal ? 'goal reached' : `goal not reached (${summary.outcome})`}: ${summary.message}`,
    ...(report.stuck ? [`stuck: ${describeStuck(report.stuck)}`] : []),
    ...summary.needs.map((n) => `first, for ${n.action} ("${n.constraint}"): "${n.instruction}": ${n.outcome}`),
    `skills: ${summary.skills.map((s) => `${s.name} (${s.path}, ${s.states} states)`).join(', ')}`,
    ...summary.constraints.map(constraintLine),
    ...(stats ? groundingNotes(stats).map((note) => `grounding: ${note}`) : []),
    `laws: ${summary.laws.length === 0 ? 'none' : summary.laws.map((l) => l.id).join(' ')}`,
    `product: ${summary.product ? `${summary.product.states} states` : 'not built'}; teacher queries: ${summary.teacherQueries}; actions: ${steps.length}`,
    ...steps.map(
      (s) =>
        `  ${String(s.tick).padStart(6)} ${s.night ? 'night' : 'day  '} ${s.ok ? 'ok  ' : 'FAIL'} ${s.action}${s.blocked_by ? ` (blocked by ${s.blocked_by})` : ''}${s.dfa.to === s.dfa.from ? '' : ` q${s.dfa.from}→q${s.dfa.to}`}`,
    ),
  ].join('\n')
}
