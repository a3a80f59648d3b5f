/**
 * A proposal's evidence: the trajectories that show what it is about. A rule proposes only when enough runs show it
 * (CriticContext.minEvidence), so a handful of runs cannot make a law.
 */
import { propositions } from '../../ltl/ast.js'
import type { LtlMonitor } from '../../ltl/monitor.js'
import { actionPropositions } from '../../vocabulary/symbols.js'
import { buildLaw } from './laws.js'
import type { Trajectory } from './types.js'
import { conditionOf, holds } from './validator.js'

/** The ids of trajectories with a step where the law's condition held and the act it speaks of was taken. */
export function evidenceFor(formula: string, trajectories: readonly Trajectory[]): string[] {
  let law: LtlMonitor
  try {
    law = buildLaw('evidence', formula, 'soft', 'critic')
  } catch {
    return []
  }
  const condition = conditionOf(law.formula)
  const body = law.formula.kind === 'always' ? law.formula.arg : undefined
  if (!condition || body?.kind !== 'implies') return []
  const acts = new Set(propositions(body.right))
  return trajectories
    .filter((t) =>
      t.steps.some(
        (s) => holds(condition, new Set(s.state)) && [...actionPropositions(s.action)].some((a) => acts.has(a)),
      ),
    )
    .map((t) => t.id)
}
