/**
 * Composition (CEDAR §3.2, Table 13): the skill DFA intersected with every active constraint DFA. Before anything
 * runs, the product must still accept some word from where the world is now (the events already true, such as
 * `time.day`); if it cannot, the smallest set of constraints that conflicts with the skill is named.
 */
import type { Dfa } from '../automata/dfa.js'
import { minimize } from '../automata/minimize.js'
import { product } from '../automata/product.js'
import { shortestPathToAcceptance } from '../automata/search.js'

export interface ActiveConstraint {
  readonly id: string
  readonly phrase: string
  readonly dfa: Dfa
}

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
}

/** The DFA of skill ∩ constraints. */
export function intersectAll(skill: Dfa, constraints: readonly ActiveConstraint[]): Dfa {
  return constraints.reduce((acc, c) => product(acc, c.dfa, 'intersection'), skill)
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
): Composition {
  const reachable = intersectAll(skill, constraints)
  const minimal = minimize(reachable)
  const composition = {
    product: minimal,
    skillStates: skill.stateCount,
    constraintStates: constraints.map((c) => ({ id: c.id, states: c.dfa.stateCount })),
    reachableStates: reachable.stateCount,
    productStates: minimal.stateCount,
  }
  if (acceptsFrom(minimal, start)) return composition
  return { ...composition, conflict: smallestConflict(skill, constraints, start) }
}

/** The smallest subset of constraints (fewest, then earliest) whose product with the skill accepts nothing. */
export function smallestConflict(
  skill: Dfa,
  constraints: readonly ActiveConstraint[],
  start: readonly string[] = [],
): string[] {
  const n = constraints.length
  for (let size = 1; size <= n; size++) {
    for (const subset of subsetsOfSize(n, size)) {
      const chosen = constraints.filter((_, i) => subset.includes(i))
      if (!acceptsFrom(intersectAll(skill, chosen), start)) return chosen.map((c) => c.id)
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
