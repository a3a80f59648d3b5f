/**
 * A critic without a model: laws from the trajectories alone (LogicGuard's three kinds of evidence).
 * - Preconditions: a failure whose reason the rules explain (a tool, an ingredient, a table, a thing in sight)
 *   gives the exact condition under which the action cannot work (precondition-laws.ts).
 * - Environment feedback, for the other failures: an action that failed in states sharing a condition, chosen so that it held in every
 *   failing state and in no state where the same action succeeded:
 *   `G(cond -> X !action)` (hard: the world refused it).
 * - Repetition: an action taken again, after its first success made something true, with nothing new coming of the
 *   repeat (no new predicate, no count raised, nothing of it used by a later act): `G(effect -> X !action)` (soft:
 *   wasteful, not impossible).
 * - Goal progress: a condition under which one action always made progress and no other action did:
 *   `G(cond -> X action)` (soft).
 * Conditions are small conjunctions of predicates and negated predicates, found by a greedy cover. Every rule needs
 * `minEvidence` trajectories that show its law's case before it proposes it.
 */
import { familiesOf } from '../../vocabulary/families.js'
import { parseSymbol } from '../../vocabulary/symbols.js'
import { loadRules, type Rules } from '../../world/rules.js'
import { evidenceFor } from './evidence.js'
import { preconditionLaws, preconditionOf, prematureExplorationLaws, slowExplorationLaws } from './precondition-laws.js'
import { type Consumes, consumesFor, madeProgress, stepProgressed } from './progress.js'
import {
  type Critic,
  type CriticContext,
  DEFAULT_MIN_EVIDENCE,
  type LawProposal,
  type Trajectory,
  type TrajectoryStep,
} from './types.js'

/** A condition literal: a predicate, or its negation. */
interface Literal {
  readonly pred: string
  readonly positive: boolean
}

const MAX_LITERALS = 3

/**
 * What tells a failure of each kind, preferred among equally good literals: a missing ingredient by what is not
 * held, a thing not found by what is not in sight, a wrong tool by what is in hand.
 */
const FAILURE_HINTS: Readonly<Record<string, (literal: Literal) => number>> = {
  missing_ingredients: (l) => (!l.positive && l.pred.startsWith('has.') ? 1 : 0),
  not_found: (l) => (!l.positive && (l.pred.startsWith('sees.') || l.pred.startsWith('near.')) ? 1 : 0),
  missing_tool: (l) => (l.positive && l.pred.startsWith('equipped.') ? 2 : 0),
}

/**
 * What an action is about, from the rules: its object, a recipe's ingredients, a smelt's fuel, the tools that
 * harvest a block. A condition may only speak of these, of tools in hand and of what is held, so that a coincidence
 * in the data ("sticks failed while holding cobblestone") does not become a law.
 */
export function relatedObjects(action: string, rules: Rules): Set<string> {
  const parsed = parseSymbol(action)
  const related = new Set<string>()
  if (!parsed) return related
  const add = (o: string) => {
    related.add(o)
    for (const f of familiesOf(o)) related.add(f)
  }
  add(parsed.object)
  if (parsed.verb === 'craft') {
    for (const recipe of rules.recipes(parsed.object)) for (const i of recipe.ingredients.keys()) add(i)
    add('crafting_table')
  }
  if (parsed.verb === 'smelt') for (const f of ['coal', 'charcoal', 'furnace', 'fuel']) add(f)
  if (parsed.verb === 'mine') for (const t of rules.harvestTools(parsed.object)) add(t)
  return related
}

export class OfflineCritic implements Critic {
  readonly name = 'offline'
  readonly readsAll = true

  constructor(private readonly rules: Rules = loadRules()) {}

  async propose(trajectories: readonly Trajectory[], context: CriticContext): Promise<LawProposal[]> {
    const relevance = relevanceFor(this.rules)
    const recorded = new Set([...context.predicates, ...trajectories.flatMap((t) => t.steps.flatMap((s) => s.state))])
    // A failure the rules explain gets its exact precondition; only the others are guessed from the states.
    const explained = (s: TrajectoryStep) => preconditionOf(s, this.rules, recorded) !== undefined
    const proposals = [
      ...preconditionLaws(trajectories, this.rules, recorded),
      ...slowExplorationLaws(trajectories, this.rules),
      ...prematureExplorationLaws(trajectories, this.rules),
      ...feedbackLaws(trajectories, relevance, explained),
      ...repetitionLaws(trajectories, relevance, consumesFor(this.rules)),
      ...progressLaws(trajectories, relevance),
    ]
    const seen = new Set<string>()
    const minEvidence = context.minEvidence ?? DEFAULT_MIN_EVIDENCE
    // A rule proposes only what enough runs show: a handful of runs is an anecdote, not a law.
    return proposals
      .filter((p) => !seen.has(p.formula) && seen.add(p.formula))
      .map((p) => ({ ...p, evidence: evidenceFor(p.formula, trajectories) }))
      .filter((p) => p.evidence.length >= minEvidence)
  }
}

function steps(trajectories: readonly Trajectory[]): TrajectoryStep[] {
  return trajectories.flatMap((t) => [...t.steps])
}

/** Environment feedback: failures of an action (of one kind) whose states a condition separates from its successes. */
export function feedbackLaws(
  trajectories: readonly Trajectory[],
  relevance: Relevance = plainRelevance,
  explained: (failure: TrajectoryStep) => boolean = () => false,
): LawProposal[] {
  const all = steps(trajectories)
  const out: LawProposal[] = []
  const kindOf = (s: TrajectoryStep) => (s.error ?? 'failed').split(':')[0] ?? 'failed'
  const groups = new Map<string, TrajectoryStep[]>()
  for (const s of all.filter((s) => !s.ok && !explained(s))) {
    const key = `${s.action}|${kindOf(s)}`
    groups.set(key, [...(groups.get(key) ?? []), s])
  }
  for (const failures of groups.values()) {
    const action = failures[0]?.action ?? ''
    const failed = failures.map((s) => new Set(s.state))
    const succeeded = all.filter((s) => s.action === action && s.ok).map((s) => new Set(s.state))
    const kind = failures[0] ? kindOf(failures[0]) : ''
    const condition = separatingCondition(failed, succeeded, action, relevance, FAILURE_HINTS[kind])
    if (!condition) continue
    out.push({
      formula: `G(${printCondition(condition)} -> X !${action})`,
      // What held in every failure is the world's rule; a condition of absences only is a guess: soft.
      kind: condition.every((l) => l.positive) ? 'hard' : 'soft',
      explanation: `${action} failed ${failed.length} time(s) when ${printCondition(condition)} (${failures[0]?.error ?? 'failed'})`,
      origin: 'offline:feedback',
    })
  }
  return out
}

/** Repetition: a repeat of an action whose first success's effect still holds and that made nothing new. */
export function repetitionLaws(
  trajectories: readonly Trajectory[],
  relevance: Relevance = plainRelevance,
  consumes?: Consumes,
): LawProposal[] {
  const out: LawProposal[] = []
  for (const trajectory of trajectories) {
    const list = trajectory.steps
    const firstEffect = new Map<string, string[]>()
    for (let i = 0; i < list.length; i++) {
      const step = list[i]
      if (!step?.ok) continue
      const effect = effectOf(step, list[i + 1])
      if (effect === undefined) continue
      const known = firstEffect.get(step.action)
      if (!known) {
        if (effect.length > 0) firstEffect.set(step.action, effect)
        continue
      }
      const still = known.filter((p) => step.state.includes(p))
      // A repeat that raised a count, or whose product a later act used, was needed (more planks for the next craft).
      if (still.length === 0 || stepProgressed(trajectory, i, consumes)) continue
      const pred = [...still].sort(
        (a, b) => relevance(b, step.action) - relevance(a, step.action) || a.localeCompare(b),
      )[0]
      if (!pred || relevance(pred, step.action) < MIN_RELEVANCE) continue
      // One wasted repeat is not a rule: the law stands only if the action never made anything new while `pred`
      // held, in any trajectory (more sticks while holding one are progress toward the next pickaxe).
      if (progressedUnder(trajectories, step.action, pred, consumes)) continue
      out.push({
        formula: `G(${pred} -> X !${step.action})`,
        kind: 'soft',
        explanation: `${step.action} was repeated while ${pred} already held, and nothing new came of it`,
        origin: 'offline:repetition',
      })
    }
  }
  return out
}

/**
 * What became true after a step: the next position's new predicates; after a run's last act, what its counts show
 * newly held (`has.X.1`); undefined when nothing tells.
 */
function effectOf(step: TrajectoryStep, next: TrajectoryStep | undefined): string[] | undefined {
  if (next) return next.state.filter((p) => !step.state.includes(p))
  if (!step.countsAfter) return undefined
  const before = step.counts ?? {}
  return Object.entries(step.countsAfter)
    .filter(([item, n]) => n > 0 && (before[item] ?? 0) === 0)
    .map(([item]) => `has.${item}.1`)
}

/** Did `action`, taken while `pred` held, ever succeed with something new true after it? */
function progressedUnder(
  trajectories: readonly Trajectory[],
  action: string,
  pred: string,
  consumes?: Consumes,
): boolean {
  return trajectories.some((t) =>
    t.steps.some((s, i) => s.action === action && s.state.includes(pred) && stepProgressed(t, i, consumes)),
  )
}

/** Goal progress: a condition under which the same action always made progress, and no other action did. */
export function progressLaws(
  trajectories: readonly Trajectory[],
  relevance: Relevance = plainRelevance,
): LawProposal[] {
  const progress: { state: Set<string>; action: string }[] = []
  for (const trajectory of trajectories.filter((t) => t.success)) {
    trajectory.steps.forEach((step, i) => {
      if (step.ok && madeProgress(step, trajectory.steps[i + 1])) {
        progress.push({ state: new Set(step.state), action: step.action })
      }
    })
  }
  const out: LawProposal[] = []
  const all = steps(trajectories)
  for (const action of new Set(progress.map((p) => p.action))) {
    const mine = progress.filter((p) => p.action === action).map((p) => p.state)
    // Where anything else was done (or this action failed), the law must not force this action.
    const others = all.filter((s) => s.action !== action || !s.ok).map((s) => new Set(s.state))
    const condition = separatingCondition(mine, others, action, relevance)
    if (!condition) continue
    out.push({
      formula: `G(${printCondition(condition)} -> X ${action})`,
      kind: 'soft',
      explanation: `whenever ${printCondition(condition)}, ${action} made progress (${mine.length} time(s)) and nothing else was done`,
      origin: 'offline:progress',
    })
  }
  return out
}

/**
 * A conjunction of at most three literals true in every `positive` state and false in every `negative` one, or
 * undefined. Literals that name the action's object come first, then tools in hand, then what is held.
 */
export function separatingCondition(
  positive: readonly ReadonlySet<string>[],
  negative: readonly ReadonlySet<string>[],
  action: string,
  relevance: Relevance = plainRelevance,
  hint: (literal: Literal) => number = () => 0,
): Literal[] | undefined {
  if (positive.length === 0) return undefined
  const first = positive[0] ?? new Set<string>()
  const common = [...first].filter((p) => positive.every((s) => s.has(p)))
  const everywhereElse = new Set(negative.flatMap((s) => [...s]))
  const absent = [...everywhereElse].filter((p) => positive.every((s) => !s.has(p)))
  // Only literals about what the action concerns; on a tie, what holds (more specific) before what does not.
  const candidates: Literal[] = [
    ...common.map((pred) => ({ pred, positive: true })),
    ...absent.map((pred) => ({ pred, positive: false })),
  ]
    .filter((l) => relevance(l.pred, action) >= MIN_RELEVANCE)
    .sort(
      (a, b) =>
        relevance(b.pred, action) + hint(b) - (relevance(a.pred, action) + hint(a)) ||
        Number(b.positive) - Number(a.positive) ||
        a.pred.localeCompare(b.pred),
    )
  if (candidates.length === 0) return undefined
  const excludes = (l: Literal, s: ReadonlySet<string>) => s.has(l.pred) !== l.positive
  let left = [...negative]
  const chosen: Literal[] = []
  if (left.length === 0) return [candidates[0] as Literal]
  while (left.length > 0 && chosen.length < MAX_LITERALS) {
    let best: Literal | undefined
    let bestCount = 0
    for (const l of candidates) {
      if (chosen.includes(l)) continue
      const count = left.filter((s) => excludes(l, s)).length
      if (count > bestCount) {
        best = l
        bestCount = count
      }
    }
    if (!best) return undefined
    chosen.push(best)
    const literal = best
    left = left.filter((s) => !excludes(literal, s))
  }
  return left.length === 0 ? chosen : undefined
}

/** How much a predicate has to do with an action (higher is closer); below MIN_RELEVANCE it may not be a condition. */
export type Relevance = (pred: string, action: string) => number

const MIN_RELEVANCE = 2

/** Without rules: the action's own object, then tools in hand, then what is held. */
export const plainRelevance: Relevance = (pred, action) => {
  const object = parseSymbol(action)?.object ?? ''
  const p = parseSymbol(pred)
  if (!p) return 0
  if (p.object === object) return 4
  if (p.verb === 'equipped') return 3
  if (p.verb === 'has') return 2
  return p.verb === 'near' || p.verb === 'sees' ? 1 : 0
}

/** With the rules: also the action's ingredients, fuel and harvest tools count as its own objects. */
export function relevanceFor(rules: Rules): Relevance {
  const cache = new Map<string, Set<string>>()
  return (pred, action) => {
    let related = cache.get(action)
    if (!related) {
      related = relatedObjects(action, rules)
      cache.set(action, related)
    }
    const p = parseSymbol(pred)
    if (!p) return 0
    if (related.has(p.object)) return 4
    return plainRelevance(pred, action) >= 3 ? 3 : plainRelevance(pred, action) >= 2 ? 1 : 0
  }
}

function printCondition(literals: readonly Literal[]): string {
  return literals.map((l) => (l.positive ? l.pred : `!${l.pred}`)).join(' & ')
}
