/**
 * The last step before running: the skills one after another, intersected with the run's constraints from where
 * the world is now, and the verdict — a plan that can run, or a refusal a player can read: the constraints that
 * conflict with the skills, or a plan too large to build within the limits.
 */

import type { Dfa } from '../../automata/dfa.js'
import { TooManyStatesError } from '../../automata/size-limit.js'
import { isActionSymbol } from '../../vocabulary/symbols.js'
import { EventLogger } from '../../world/event-logger.js'
import { producersOf } from '../../world/milestone-pursuit.js'
import type { Observation } from '../../world/port.js'
import type { Rules } from '../../world/rules.js'
import { type AgentComputation, inProcess } from '../compute/index.js'
import type { RunConstraint } from '../constraints/index.js'
import { type Composition, type CompositionLimits, intersectAll, resolveLimits } from '../constraints/index.js'
import type { ObtainedSkill } from '../skills/index.js'
import { causalMonitor } from '../skills/index.js'
import { type GoalPlan, skillRuns } from './goal-plan.js'

/** A composition (with a refusal when it accepts nothing from here), or only a refusal when it was too large. */
export type ComposedPlan =
  | { readonly composition: Composition; readonly refusal?: string }
  | { readonly refusal: string }

/**
 * Sequencing stays on the caller's thread (linear in the skills' states); the product and the conflict search go to
 * `computation` (the bot's learning worker), cancelled by `signal`.
 */
export async function composePlan(
  skills: readonly ObtainedSkill[],
  plan: GoalPlan,
  constraints: readonly RunConstraint[],
  observation: Observation,
  {
    limits = {},
    computation = inProcess,
    signal,
    rules,
  }: {
    readonly limits?: CompositionLimits | undefined
    readonly computation?: AgentComputation
    readonly signal?: AbortSignal | undefined
    /** The rules, to tell which actions cause a skill's goal event (none: no such check). */
    readonly rules?: Rules | undefined
  } = {},
): Promise<ComposedPlan> {
  const { maxStates } = resolveLimits(limits)
  let composition: Composition
  try {
    const skillDfa = skillRuns(skills, plan, maxStates)
    const start = new EventLogger(skillDfa.alphabet.symbols).start(observation)
    composition = await computation.compose(skillDfa, constraints, start, { limits, signal })
    const monitors = causalMonitors(skills, skillDfa, rules)
    if (!composition.conflict && monitors.length > 0 && constraints.length > 0) {
      // A milestone skill accepts its goal event whatever caused it; a world in which the goal happens only by
      // an action the constraints allow is the one to check (its product is only for the check). A goal already
      // true counts for nothing here: the skill is run to do it again ("mine oak_log" holding one).
      const caused = intersectAll(
        skillDfa,
        monitors.map((dfa, i) => ({ id: `cause-${i}`, phrase: 'cause', dfa })),
      )
      const monitored = new Set(monitors.flatMap((m) => m.alphabet.symbols))
      const fresh = start.filter((e) => !monitored.has(e))
      const checked = await computation.compose(caused, constraints, fresh, { limits, signal })
      if (checked.conflict) {
        composition = {
          ...composition,
          conflict: checked.conflict,
          ...(checked.conflictSearchLimit === undefined ? {} : { conflictSearchLimit: checked.conflictSearchLimit }),
        }
      }
    }
  } catch (error) {
    if (!(error instanceof TooManyStatesError)) throw error
    return { refusal: `the plan is too large to check: ${error.message}; ask for less, or drop a constraint` }
  }
  const refusal = conflictRefusal(composition, skills, constraints)
  return refusal === undefined ? { composition } : { composition, refusal }
}

/** Why nothing can run, when the product accepts nothing from here: the skill alone, or the conflicting constraints. */
function conflictRefusal(
  composition: Composition,
  skills: readonly ObtainedSkill[],
  constraints: readonly RunConstraint[],
): string | undefined {
  if (!composition.conflict) return undefined
  const names = composition.conflict.map((id) => `"${constraints.find((c) => c.id === id)?.phrase ?? id}"`)
  if (names.length === 0) return `the skill ${skills.at(-1)?.name} accepts nothing from here`
  const them = names.length > 1 ? 'them' : 'it'
  const searched =
    composition.conflictSearchLimit === undefined
      ? ''
      : ` together (no smaller conflicting set found in ${composition.conflictSearchLimit.toLocaleString('en')} tries)`
  return `${skills.map((s) => s.name).join(' then ')} conflicts with ${names.join(' and ')}${searched}: no way to do it that keeps ${them}`
}

/** For each skill's goal events: "they happen only after an action that makes the item". */
function causalMonitors(skills: readonly ObtainedSkill[], skillDfa: Dfa, rules: Rules | undefined): Dfa[] {
  if (!rules) return []
  const actions = skillDfa.alphabet.symbols.filter(isActionSymbol)
  const monitors: Dfa[] = []
  for (const skill of skills) {
    const events = skillDfa.alphabet.symbols.filter((s) => s.startsWith(`has.${skill.key.item}.`))
    const producers = producersOf(skill.key.item, actions, rules)
    if (events.length > 0 && producers.length > 0) monitors.push(causalMonitor(events, producers))
  }
  return monitors
}
