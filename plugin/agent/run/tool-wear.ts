/**
 * Tools wear out (issue #22). A pickaxe that breaks mid-run leaves the product in a state past the acts that made
 * it, so the plan's next mine fails for want of a tool and the run has no way on. That is the world's doing, not
 * the skill's (stuck-runs.ts names it so and learns nothing), and the way on is the skill chain again: the
 * instruction is planned anew from the inventory as it is now (which crafts the tool again), at most
 * `TOOL_REPLACEMENTS` times, so a tool that keeps breaking ends the run instead of looping.
 */
import type { ControllerResult } from '../controller/index.js'

export const TOOL_REPLACEMENTS = 3

/** Runs of one instruction, one after the other: the steps and trace of both; the outcome and word of the last. */
export function joinRuns(first: ControllerResult, next: ControllerResult): ControllerResult {
  const broken = [...(first.brokenTools ?? []), ...(next.brokenTools ?? [])]
  return {
    ...next,
    steps: [...first.steps, ...next.steps],
    trace: [...first.trace, ...next.trace],
    ...(broken.length > 0 ? { brokenTools: broken } : {}),
  }
}

/** Whether a run missed its goal because a tool broke (and was not cancelled, nor did the bot die). */
export function needsNewTool(result: ControllerResult): boolean {
  return (result.brokenTools?.length ?? 0) > 0 && !['goal', 'cancelled', 'died'].includes(result.outcome)
}

/**
 * Runs `first` and, while a run misses its goal for a broken tool, plans the instruction again and runs that. The
 * plan and run that came last (what a report judges and learns from), and all the runs joined (what was done).
 */
export async function runReplacingTools<P extends { readonly composition?: unknown; readonly refusal?: string }>(
  first: P,
  run: (prepared: P) => Promise<ControllerResult>,
  prepareAgain: () => Promise<P>,
): Promise<{ prepared: P; last: ControllerResult; joined: ControllerResult }> {
  let prepared = first
  let last = await run(first)
  let joined = last
  for (let replaced = 0; replaced < TOOL_REPLACEMENTS && needsNewTool(last); replaced++) {
    const again = await prepareAgain()
    if (again.refusal || !again.composition) break
    prepared = again
    last = await run(again)
    joined = joinRuns(joined, last)
  }
  return { prepared, last, joined }
}
