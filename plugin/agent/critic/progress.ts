/**
 * What counts as progress in a trajectory, for the rules that read it (repetition, goal progress): an act after
 * which something new was true, or a count rose, or whose product a later act that worked consumed. A live bot's
 * trajectory records `has.planks.1` but not how many planks: crafting planks again while holding some is progress
 * when the count rose, and it is needed when a later craft used them up (issue 42: the critic read three needed
 * `craft.planks` of a successful wooden pickaxe as repetition).
 */
import { familiesOf } from '../../vocabulary/families.js'
import { parseSymbol } from '../../vocabulary/symbols.js'
import { loadRules, type Rules } from '../../world/rules.js'
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
  const after = next?.counts
  if (!before || !after) return []
  return Object.keys(after).filter((item) => (after[item] ?? 0) > (before[item] ?? 0))
}

/**
 * Was what the step at `i` made consumed by a later act that worked? With counts, a later working act after which
 * the count of the step's object (or an item of its family) fell; without them, a later working act that `consumes`
 * it (a recipe that uses it).
 */
export function consumedLater(trajectory: Trajectory, i: number, consumes: Consumes = byDefaultRules): boolean {
  const steps = trajectory.steps
  const object = parseSymbol(steps[i]?.action ?? '')?.object
  if (!object) return false
  const mine = (item: string) => item === object || familiesOf(item).includes(object)
  for (let j = i + 1; j < steps.length; j++) {
    const later = steps[j] as TrajectoryStep
    if (!later.ok) continue
    const after = steps[j + 1]
    if (later.counts && after?.counts) {
      const before = later.counts
      const fell = Object.keys(before).some((item) => mine(item) && (after.counts?.[item] ?? 0) < (before[item] ?? 0))
      if (fell) return true
      continue
    }
    if (consumes(later.action, object)) return true
  }
  return false
}

/** Did the step at `i` make progress, counting what later acts consumed? */
export function stepProgressed(trajectory: Trajectory, i: number, consumes?: Consumes): boolean {
  const step = trajectory.steps[i]
  if (!step?.ok) return false
  return madeProgress(step, trajectory.steps[i + 1]) || consumedLater(trajectory, i, consumes)
}
