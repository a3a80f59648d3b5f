/**
 * Over-constrained states (LogicGuard §3.4, "deadlocks"): a state position where every candidate action was
 * blocked. The shield names, per action, the laws whose monitors that action would have killed; a relaxation may
 * touch only those laws, and the deadlock is broken once some action has every one of its blockers relaxed.
 */
import type { DeadlockBlame } from '../../ltl/shield.js'
import type { OverConstrainedState, Relaxation } from './types.js'

/** The record a shield's deadlock report becomes: `blockedBy` is every law that blocked some action, in order. */
export function overConstrainedState(
  trueInState: readonly string[],
  action: string,
  blame: DeadlockBlame,
  at = new Date().toISOString(),
): OverConstrainedState {
  const blockedBy = [...new Set(Object.values(blame).flat())]
  return { state: [...trueInState], action, blockedBy, blame, at }
}

/** Per action, its blockers; an old record without `blame` knows only the tried action's. */
export function blameOf(state: OverConstrainedState): Readonly<Record<string, readonly string[]>> {
  return state.blame ?? { [state.action]: state.blockedBy }
}

/** Is some action free once `relaxed` laws no longer block (and laws gone from the shield neither)? */
export function relieved(
  state: OverConstrainedState,
  relaxed: ReadonlySet<string>,
  present: (id: string) => boolean,
): boolean {
  return Object.values(blameOf(state)).some((blockers) => blockers.every((id) => relaxed.has(id) || !present(id)))
}

export interface LawFacts {
  readonly present: (id: string) => boolean
  readonly kind: (id: string) => 'hard' | 'soft' | undefined
  /** Position in the shield (newer laws later). */
  readonly order: (id: string) => number
}

/**
 * The offline relaxation: the fewest deletions of soft laws that free one action, and among equals the action
 * whose blockers are newest (a critic's latest guess goes before an older law that held up). Only laws that blocked
 * that action there are deleted; an action with a hard blocker is never freed this way. Empty when none can be.
 */
export function offlineRelaxation(
  state: OverConstrainedState,
  facts: LawFacts,
  already: ReadonlySet<string> = new Set(),
): Relaxation[] {
  let best: { action: string; remove: string[]; newest: number } | undefined
  for (const [action, blockers] of Object.entries(blameOf(state))) {
    const live = blockers.filter((id) => facts.present(id) && !already.has(id))
    if (live.some((id) => facts.kind(id) !== 'soft')) continue
    const newest = Math.min(...live.map(facts.order), Number.MAX_SAFE_INTEGER)
    if (!best || live.length < best.remove.length || (live.length === best.remove.length && newest > best.newest)) {
      best = { action, remove: live, newest }
    }
  }
  if (!best) return []
  const { action } = best
  return best.remove.map((lawId) => ({
    lawId,
    change: { type: 'delete' as const },
    explanation: `it blocked ${action} where every action was blocked`,
    origin: 'offline',
  }))
}
