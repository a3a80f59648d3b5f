/**
 * Composition (CEDAR §3.2, Table 13): the skill DFA intersected with every active constraint DFA. Before anything
 * runs, the product must still accept some word from where the world is now (the events already true, such as
 * `time.day`); if it cannot, the smallest set of constraints that conflicts with the skill is named. Both are
 * bounded (`CompositionLimits`): a product past its state budget stops with a `TooManyStatesError`, and the
 * conflict search, which tries subsets of the constraints, gives up after a number of them.
 */
import type { Dfa } from '../../automata/dfa.js'
import { minimize } from '../../automata/minimize.js'
import { product } from '../../automata/product.js'
import { shortestPathToAcceptance, trim } from '../../automata/search.js'
import { CedarError } from '../../errors.js'

export interface ActiveConstraint {
  readonly id: string
  readonly phrase: string
  readonly dfa: Dfa
}

export interface CompositionLimits {
  /** States any one product may reach before it stops with a `TooManyStatesError` (default 100,000). */
  readonly maxStates?: number
  /** Subsets of the constraints the conflict search tries before it gives up (default 1,024: all of 10). */
  readonly maxConflictSubsets?: number
}

/** Hundreds of times the products the agent builds today (the diamond chain with "sleep at night": 147 pairs). */
export const DEFAULT_COMPOSITION_LIMITS = { maxStates: 100_000, maxConflictSubsets: 1024 } as const

export interface Composition {
  /** The product, minimized. */
  readonly product: Dfa
  readonly skillStates: number
  readonly constraintStates: readonly { readonly id: string; readonly states: number }[]
  /** Reachable pairs before minimization, and states after. */
  readonly reachableStates: number
  readonly productStates: number
  /** Constraint ids of the smallest set that leaves no accepted word, when the product is empty from here. */
  readonly conflict?: readonly string[]
  /**
   * Set when the conflict search gave up after this many subsets: `conflict` is then every constraint (together
   * they leave nothing), not the smallest set.
   */
  readonly conflictSearchLimit?: number
}

/** The conflict search tried its budget of subsets without finding a conflicting one. */
export class ConflictSearchLimitError extends CedarError {
  override name = 'ConflictSearchLimitError'

  constructor(
    readonly limit: number,
    readonly constraints: number,
  ) {
    super(
      `no conflicting set found in ${limit.toLocaleString('en')} combinations of the ${constraints} constraints (the limit)`,
    )
  }
}

/** The limits with their defaults; a limit that is not a positive whole number is a `RangeError`. */
export function resolveLimits(limits: CompositionLimits = {}): Required<CompositionLimits> {
  const resolved = {
    maxStates: limits.maxStates ?? DEFAULT_COMPOSITION_LIMITS.maxStates,
    maxConflictSubsets: limits.maxConflictSubsets ?? DEFAULT_COMPOSITION_LIMITS.maxConflictSubsets,
  }
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(`${name} must be a positive whole number, not ${value}`)
  }
  return resolved
}

/** The DFA of skill ∩ constraints; past `maxStates` a `TooManyStatesError` names the constraints. */
export function intersectAll(
  skill: Dfa,
  constraints: readonly ActiveConstraint[],
  limits: CompositionLimits = {},
): Dfa {
  const { maxStates } = resolveLimits(limits)
  const building = `the plan (the skills with ${constraints.map((c) => `"${c.phrase}"`).join(', ')})`
  // Trimmed first: a rejecting sink pairs with every state of the other side, and says nothing (Table 13 counts
  // the pairs that can still lead somewhere).
  return constraints.reduce((acc, c) => product(acc, trim(c.dfa), 'intersection', { maxStates, building }), trim(skill))
}

/** Whether some word is still accepted after the events `start` (the predicates true when the run begins). */
export function acceptsFrom(dfa: Dfa, start: readonly string[]): boolean {
  const state = dfa.run(start)
  return state >= 0 && shortestPathToAcceptance(dfa, state) !== undefined
}

export function compose(
  skill: Dfa,
  constraints: readonly ActiveConstraint[],
  start: readonly string[] = [],
  limits: CompositionLimits = {},
): Composition {
  const reachable = intersectAll(skill, constraints, limits)
  const minimal = minimize(reachable)
  const composition = {
    product: minimal,
    skillStates: skill.stateCount,
    constraintStates: constraints.map((c) => ({ id: c.id, states: c.dfa.stateCount })),
    reachableStates: reachable.stateCount,
    productStates: minimal.stateCount,
  }
  if (acceptsFrom(minimal, start)) return composition
  try {
    return { ...composition, conflict: smallestConflict(skill, constraints, start, limits) }
  } catch (error) {
    if (!(error instanceof ConflictSearchLimitError)) throw error
    return { ...composition, conflict: constraints.map((c) => c.id), conflictSearchLimit: error.limit }
  }
}

/**
 * The smallest subset of constraints (fewest, then earliest) whose product with the skill accepts nothing. After
 * `maxConflictSubsets` subsets without one it throws a `ConflictSearchLimitError`: there are 2ⁿ of them.
 */
export function smallestConflict(
  skill: Dfa,
  constraints: readonly ActiveConstraint[],
  start: readonly string[] = [],
  limits: CompositionLimits = {},
): string[] {
  const n = constraints.length
  const budget = resolveLimits(limits).maxConflictSubsets
  let tried = 0
  for (let size = 1; size <= n; size++) {
    for (const subset of subsetsOfSize(n, size)) {
      if (tried++ >= budget) throw new ConflictSearchLimitError(budget, n)
      const chosen = constraints.filter((_, i) => subset.includes(i))
      if (!acceptsFrom(intersectAll(skill, chosen, limits), start)) return chosen.map((c) => c.id)
    }
  }
  return constraints.map((c) => c.id)
}

function* subsetsOfSize(n: number, size: number, from = 0): Generator<number[]> {
  if (size === 0) {
    yield []
    return
  }
  for (let i = from; i <= n - size; i++) for (const rest of subsetsOfSize(n, size - 1, i + 1)) yield [i, ...rest]
}
