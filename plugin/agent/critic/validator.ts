/**
 * Every law a critic proposes is checked before it goes in (LogicGuard §3.4 and Theorem 1): it parses; it names only
 * propositions the bot knows; it is in the safe form G(state condition -> X action) (safe-form.ts); its condition held in at least one recorded state (a law about states never seen
 * cannot be grounded); with it, every recorded state still allows some action; and it is neither a duplicate of a
 * law in force nor implied by one. Model output is data: a proposal that fails is kept with its reason, never used.
 */
import { equivalent, isSubsetOf } from '../../automata/product.js'
import { type Formula, propositions } from '../../ltl/ast.js'
import { compileLtl, type Letter, MAX_VALUATION_PROPOSITIONS } from '../../ltl/compile.js'
import type { LtlMonitor } from '../../ltl/monitor.js'
import type { Shield } from '../../ltl/shield.js'
import { buildLaw, createShield } from './laws.js'
import { safeFormProblem } from './safe-form.js'
import type { LawProposal, LawView, RejectedProposal, Trajectory } from './types.js'

export interface ValidationContext {
  readonly laws: readonly LawView[]
  readonly actions: readonly string[]
  readonly predicates: readonly string[]
  readonly trajectories: readonly Trajectory[]
  /** Why a symbol cannot be grounded (the inventory's check), for symbols beyond `actions` and `predicates`. */
  readonly symbolProblem?: (symbol: string) => string | undefined
}

export interface AcceptedProposal extends LawProposal {
  /** The law as it will read in the shield (our symbol names, printed canonically). */
  readonly text: string
}

export type Validation = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string }

/** Checks proposals one after another; each accepted law counts for the duplicate and feasibility checks of the next. */
export function validateProposals(
  proposals: readonly LawProposal[],
  context: ValidationContext,
): { accepted: AcceptedProposal[]; rejected: RejectedProposal[] } {
  const accepted: AcceptedProposal[] = []
  const rejected: RejectedProposal[] = []
  let laws = [...context.laws]
  for (const proposal of proposals) {
    const verdict = validateProposal(proposal, { ...context, laws })
    if (verdict.ok) {
      accepted.push({ ...proposal, text: verdict.text })
      laws = [...laws, { id: `proposal-${accepted.length}`, text: verdict.text, kind: proposal.kind, source: 'critic' }]
    } else {
      rejected.push({ ...proposal, reason: verdict.reason })
    }
  }
  return { accepted, rejected }
}

export function validateProposal(proposal: LawProposal, context: ValidationContext): Validation {
  let law: LtlMonitor
  try {
    law = buildLaw('proposed', proposal.formula, proposal.kind, 'critic')
  } catch (error) {
    return { ok: false, reason: `does not parse: ${(error as Error).message}` }
  }
  const unsafe = safeFormProblem(law.formula)
  if (unsafe) return { ok: false, reason: `not in the safe form: ${unsafe}` }
  const known = new Set([...context.actions, ...context.predicates])
  // Beyond the recorded symbols, the inventory's check decides (no problem: known); without it, nothing else is.
  const problem = (p: string) => (context.symbolProblem ? context.symbolProblem(p) : 'unknown')
  const unknown = law.props.filter((p) => !known.has(p) && problem(p) !== undefined)
  if (unknown.length > 0)
    return { ok: false, reason: `names unknown proposition${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}` }
  const condition = conditionOf(law.formula)
  if (condition && !context.trajectories.some((t) => t.steps.some((s) => holds(condition, new Set(s.state))))) {
    return { ok: false, reason: 'its condition never held in a recorded state, so nothing grounds it' }
  }
  const starved = starvedState(law, context)
  if (starved)
    return { ok: false, reason: `it would leave no allowed action in a recorded state: {${starved.join(', ')}}` }
  for (const existing of context.laws) {
    const relation = compare(law.formula, existing.text)
    if (relation === 'equal') return { ok: false, reason: `it duplicates ${existing.id}: ${existing.text}` }
    if (relation === 'implied') return { ok: false, reason: `${existing.id} already implies it: ${existing.text}` }
  }
  return { ok: true, text: law.text }
}

/** `cond` of `G(cond -> φ)` when cond has no temporal operator; undefined for other shapes. */
export function conditionOf(formula: Formula): Formula | undefined {
  if (formula.kind !== 'always') return undefined
  const body = formula.arg
  if (body.kind !== 'implies') return undefined
  return isPropositional(body.left) ? body.left : undefined
}

function isPropositional(f: Formula): boolean {
  switch (f.kind) {
    case 'true':
    case 'false':
    case 'prop':
      return true
    case 'not':
      return isPropositional(f.arg)
    case 'and':
    case 'or':
    case 'implies':
    case 'iff':
      return isPropositional(f.left) && isPropositional(f.right)
    default:
      return false
  }
}

/** A propositional formula's truth in a state. */
export function holds(f: Formula, state: ReadonlySet<string>): boolean {
  switch (f.kind) {
    case 'true':
      return true
    case 'false':
      return false
    case 'prop':
      return state.has(f.name)
    case 'not':
      return !holds(f.arg, state)
    case 'and':
      return holds(f.left, state) && holds(f.right, state)
    case 'or':
      return holds(f.left, state) || holds(f.right, state)
    case 'implies':
      return !holds(f.left, state) || holds(f.right, state)
    case 'iff':
      return holds(f.left, state) === holds(f.right, state)
    default:
      return false
  }
}

/**
 * The first recorded state where the laws in force allowed some action and the proposal leaves none, as its
 * predicates; undefined when there is none. Each state is judged from the laws' start, as the critic's laws
 * (`G(cond -> X φ)`) are: a recorded run may break a law in force, and that must not hide a starved state.
 */
function starvedState(law: LtlMonitor, context: ValidationContext): readonly string[] | undefined {
  const build = (extra: LtlMonitor[]): Shield => {
    const shield = createShield({ actions: context.actions })
    context.laws.forEach((l, i) => {
      try {
        shield.add(buildLaw(`${l.id}#${i}`, l.text, l.kind, 'critic'))
      } catch {
        // A law in force that no longer parses is not this proposal's business.
      }
    })
    for (const m of extra) shield.add(m)
    return shield
  }
  // Allowed only through the shield's fallback (every action blocked, hard laws alone decide) is not allowed.
  const feasible = (shield: Shield) =>
    context.actions.some((a) => {
      const verdict = shield.preview(a)
      return verdict.allowed && !verdict.fallback
    })
  const before = build([])
  const after = build([law])
  const seen = new Set<string>()
  for (const step of context.trajectories.flatMap((t) => t.steps)) {
    const key = step.state.join(' ')
    if (seen.has(key)) continue
    seen.add(key)
    const state = new Set(step.state)
    before.reset()
    after.reset()
    before.observe(state)
    after.observe(state)
    if (feasible(before) && !feasible(after)) return step.state
  }
  return undefined
}

/** How a proposal relates to a law in force, judged on their DFAs over the propositions of both. */
function compare(proposal: Formula, existingText: string): 'equal' | 'implied' | 'other' {
  let existing: Formula
  try {
    existing = buildLaw('existing', existingText, 'soft', 'critic').formula
  } catch {
    return 'other'
  }
  const props = [...new Set([...propositions(proposal), ...propositions(existing)])].sort()
  if (props.length > MAX_VALUATION_PROPOSITIONS) return 'other'
  const letters: Letter[] = []
  for (let mask = 0; mask < 1 << props.length; mask++) {
    letters.push({ name: String(mask), props: new Set(props.filter((_, i) => mask & (1 << i))) })
  }
  const a = compileLtl(proposal, { letters })
  const b = compileLtl(existing, { letters })
  if (equivalent(a, b).equivalent) return 'equal'
  return isSubsetOf(b, a) ? 'implied' : 'other'
}
