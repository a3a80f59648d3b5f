/**
 * The common tail of every primitive: walk to where the work is (which may fail with `path_failed` at the
 * configured rate, costing half the walk), do it (ticks), and only then change the state. Work that would outlast
 * the timeout spends the timeout and changes nothing.
 */
import type { Random } from '../../automata/random.js'
import { failure, type Outcome, success } from '../port.js'
import { passTime } from './body.js'
import { COSTS, type SimContext, type SimState } from './state.js'

export interface ActEnv {
  /** This act's own generator (seeded by the world's seed and the act's number). */
  readonly random: Random
  /** Ticks this act may take. */
  readonly timeout: number
}

export const walkTicks = (distance: number): number =>
  Math.ceil(Math.max(0, distance - COSTS.reach) * COSTS.walkPerBlock)

export function deathOutcome(state: SimState): Outcome | undefined {
  return state.dead ? failure('server_error', 'the bot died; the episode is over') : undefined
}

/** Did this walk fail? Draws from the act's generator only when failures are possible. */
export function pathFails(context: SimContext, env: ActEnv, ticks: number): boolean {
  return ticks > 0 && context.pathFailureRate > 0 && env.random() < context.pathFailureRate
}

export function perform(
  state: SimState,
  context: SimContext,
  env: ActEnv,
  work: { readonly what: string; readonly distance: number; readonly ticks: number },
  effect: () => string | undefined,
): Outcome {
  const walk = walkTicks(work.distance)
  if (pathFails(context, env, walk)) {
    passTime(state, context, Math.min(env.timeout, Math.ceil(walk / 2)))
    return (
      deathOutcome(state) ??
      failure('path_failed', `no path to the ${work.what} ${Math.round(work.distance)} blocks away`)
    )
  }
  const total = walk + Math.ceil(work.ticks)
  if (total > env.timeout) {
    passTime(state, context, env.timeout)
    return (
      deathOutcome(state) ??
      failure('timeout', `${work.what} needs ${total} ticks, more than the ${env.timeout} allowed`)
    )
  }
  passTime(state, context, total)
  return deathOutcome(state) ?? success(effect())
}

/** Uses the tool in hand once; it breaks (one fewer in the stack) when worn out. Returns a note when it broke. */
export function wearTool(state: SimState, context: SimContext, uses = 1): string | undefined {
  const tool = state.equipped
  const max = tool === undefined ? undefined : context.rules.maxDurability(tool)
  if (tool === undefined || max === undefined) return undefined
  const worn = (state.wear.get(tool) ?? 0) + uses
  if (worn < max) {
    state.wear.set(tool, worn)
    return undefined
  }
  state.wear.delete(tool)
  const left = (state.inventory.get(tool) ?? 1) - 1
  if (left > 0) state.inventory.set(tool, left)
  else {
    state.inventory.delete(tool)
    state.equipped = undefined
  }
  return `${tool} broke`
}
