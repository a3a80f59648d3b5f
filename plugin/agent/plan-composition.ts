/**
 * The last step before running: the skills one after another, intersected with the run's constraints from where
 * the world is now, and the verdict — a plan that can run, or a refusal a player can read: the constraints that
 * conflict with the skills, or a plan too large to build within the limits.
 */
import { TooManyStatesError } from '../automata/size-limit.js'
import { EventLogger } from '../world/event-logger.js'
import type { Observation } from '../world/port.js'
import { type Composition, type CompositionLimits, resolveLimits } from './composition.js'
import { type AgentComputation, inProcess } from './computation.js'
import type { RunConstraint } from './constraint-set.js'
import { type GoalPlan, skillRuns } from './goal-plan.js'
import type { ObtainedSkill } from './skill-manager.js'

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
  }: {
    readonly limits?: CompositionLimits | undefined
    readonly computation?: AgentComputation
    readonly signal?: AbortSignal | undefined
  } = {},
): Promise<ComposedPlan> {
  const { maxStates } = resolveLimits(limits)
  let composition: Composition
  try {
    const skillDfa = skillRuns(skills, plan, maxStates)
    const start = new EventLogger(skillDfa.alphabet.symbols).start(observation)
    composition = await computation.compose(skillDfa, constraints, start, { limits, signal })
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
