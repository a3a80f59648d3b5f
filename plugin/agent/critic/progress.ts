/**
 * What counts as progress in a trajectory, for the rules that read it (repetition, goal progress): an act after
 * which something new was true, or whose product a later act that worked needed. A live bot's trajectory records
 * `has.planks.1` but not how many planks: crafting planks again while holding some raised the count, and it was
 * needed when a later craft used more than the planks held before (issue 42: the critic read three needed
 * `craft.planks` of a successful wooden pickaxe as repetition). A raised count alone is not enough: a second
 * crafting table raises one too.
 */
import { familiesOf } from '../../vocabulary/families.js'
import { parseSymbol } from '../../vocabulary/symbols.js'
import { loadRules, type Rules } from '../../world/rules.js'
import { goalsOf } from './sim-plans.js'
import type { Trajectory, TrajectoryStep } from './types.js'

/** Does a later act use up `item`? */
export type Consumes = (action: string, item: string) => boolean

/** A later act uses an item when a recipe of what it crafts (or the thing it smelts) takes the item or its family. */
export function consumesFor(rules: Rules): Consumes {
  const mine = (i: string, item: string) => i === item || familiesOf(i).includes(item)
  return (action, item) => {
    const parsed = parseSymbol(action)
    if (!parsed) return false
    if (parsed.verb === 'smelt') return mine(parsed.object, item)
    if (parsed.verb !== 'craft') return false
    return rules.recipes(parsed.object).some((r) => [...r.ingredients.keys()].some((i) => mine(i, item)))
  }
}

let defaultConsumes: Consumes | undefined
const byDefaultRules: Consumes = (action, item) => {
  defaultConsumes ??= consumesFor(loadRules())
  return defaultConsumes(action, item)
}

/** Something new was true after the step, or (when both positions record counts) some count rose. */
export function madeProgress(step: TrajectoryStep, next: TrajectoryStep | undefined): boolean {
  if (!next) return false
  if (next.state.some((p) => !step.state.includes(p))) return true
  return raised(step, next).length > 0
}

/** The items whose count rose from `step` to `next` (none when either position lacks counts). */
export function raised(step: TrajectoryStep, next: TrajectoryStep | undefined): string[] {
  const before = step.counts
  const after = step.countsAfter ?? next?.counts
  if (!before || !after) return []
  return Object.keys(after).filter((item) => (after[item] ?? 0) > (before[item] ?? 0))
}

/**
 * Was the step at `i` needed by a later act that worked? With counts: the later working acts used up more of the
 * step's object (its family counted together) than was held before the step, so the old stock alone would not have
 * done (three planks for a pickaxe with two held; a second crafting table placed while the first is still held is
 * not). Without counts: a later working act uses it (a recipe that takes it).
 */
export function consumedLater(trajectory: Trajectory, i: number, consumes: Consumes = byDefaultRules): boolean {
  const steps = trajectory.steps
  const step = steps[i]
  const object = parseSymbol(step?.action ?? '')?.object
  if (!step || !object) return false
  const mine = (item: string) => item === object || familiesOf(item).includes(object)
  const held = (counts: Readonly<Record<string, number>>) =>
    Object.entries(counts).reduce((sum, [item, n]) => sum + (mine(item) ? n : 0), 0)
  let used = 0
  for (let j = i + 1; j < steps.length; j++) {
    const later = steps[j] as TrajectoryStep
    if (!later.ok) continue
    const after = later.countsAfter ?? steps[j + 1]?.counts
    if (step.counts && later.counts && after) {
      used += Math.max(0, held(later.counts) - held(after))
      if (used > held(step.counts)) return true
      continue
    }
    if (!step.counts && consumes(later.action, object)) return true
  }
  return false
}

/**
 * Did the step at `i` make progress? Something new was true after it, or a later working act needed what it made,
 * or it got the first of what a successful run was for.
 */
export function stepProgressed(trajectory: Trajectory, i: number, consumes?: Consumes): boolean {
  const step = trajectory.steps[i]
  if (!step?.ok) return false
  const next = trajectory.steps[i + 1]
  if (next?.state.some((p) => !step.state.includes(p))) return true
  // After a run's last act only counts tell: a thing newly held is new.
  if (!next && raised(step, next).some((item) => (step.counts?.[item] ?? 0) === 0)) return true
  // Toward a goal not held yet, or held fewer times than the run was for ("collect 3 oak logs"): more of it once
  // enough is held is not progress (a second crafting table).
  const goal = trajectory.goal ?? goalsOf([trajectory])[0]
  const isGoal = (item: string) => item === goal || (goal !== undefined && familiesOf(item).includes(goal))
  const heldBefore = Object.entries(step.counts ?? {}).reduce((n, [item, count]) => n + (isGoal(item) ? count : 0), 0)
  if (goal !== undefined && heldBefore < (trajectory.goalCount ?? 1) && raised(step, next).some(isGoal)) return true
  return consumedLater(trajectory, i, consumes)
}
