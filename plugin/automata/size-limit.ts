/**
 * A state budget for constructions that can blow up (a product is up to |A|·|B| states): past it they stop with
 * a clear error naming the limit and what was being built, instead of exhausting memory or freezing the caller,
 * like refa's `TooManyNodesError`.
 */
import { CedarError } from '../errors.js'

/** Twice the largest product the benchmarks build (1,000 × 1,000 random DFAs). */
export const DEFAULT_MAX_STATES = 2_000_000

export class TooManyStatesError extends CedarError {
  override name = 'TooManyStatesError'

  constructor(
    /** The budget that was exceeded. */
    readonly limit: number,
    /** What was being built, in words: `the intersection product`, `the plan: the skills with "sleep at night"`. */
    readonly building: string,
  ) {
    super(`${building} has more than ${limit.toLocaleString('en')} states (the limit)`)
  }
}

/** The budget to use: `limit` when given (a positive whole number), else the default. */
export function stateLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_MAX_STATES
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`a state limit must be a positive whole number, not ${limit}`)
  return limit
}

/** Throws when `states` would pass `limit`. */
export function checkStates(states: number, limit: number, building: string): void {
  if (states > limit) throw new TooManyStatesError(limit, building)
}
