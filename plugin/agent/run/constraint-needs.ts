/**
 * What a run's constraints need before the instruction can start: "sleep at night" leaves the bot one way on at
 * night, `sleep.bed`, and a bot with no bed fails it every night (CEDAR's protocol hands the bot a bed; a player
 * does not). An action is such a need when some state of a constraint's DFA that the run can reach lets no other
 * action through; the item it takes (a bed for `sleep.bed`, the block for `place.X`, the tool for `equip.X`, the
 * food for `eat.X`) is obtained first, when it is neither held nor in sight, by the same skill machinery as any
 * goal ("collect a white bed"), under the same constraints, and then the instruction is planned from there.
 * Everything here goes through the World port (an observation) and the agent's own prepare and run, so the Sim and
 * the live bot behave alike.
 */
import { NONE } from '../../automata/dfa.js'
import { coReachableStates, reachableStates } from '../../automata/search.js'
import { isFamily, matchesObject } from '../../vocabulary/families.js'
import { isActionSymbol, parseSymbol } from '../../vocabulary/symbols.js'
import type { Observation } from '../../world/port.js'
import { countOf } from '../../world/predicates.js'
import type { Rules } from '../../world/rules.js'
import { techTree } from '../../world/tech-tree.js'
import type { RunConstraint } from '../constraints/index.js'
import type { ControllerResult } from '../controller/index.js'
import type { ObtainedSkill } from '../skills/index.js'
import { SkillLearningError, UnknownGoalError } from '../skills/index.js'
import type { AgentProgress, ConstraintNeed, NeedRun, Prepared } from './agent-reports.js'
import { joinRuns } from './tool-wear.js'

/**
 * The need as a player reads it: as its run starts, "first a white bed: "sleep at night" needs one (sleep.bed)";
 * as it ends, "got a white bed" or "no white bed (no-path); going on without one".
 */
export function needText(need: ConstraintNeed, outcome?: string): string {
  if (outcome === undefined) return `first a ${words(need.item)}: "${need.constraint}" needs one (${need.action})`
  if (outcome === 'goal') return `got a ${words(need.item)}`
  return `no ${words(need.item)} (${outcome}); going on without one`
}

const words = (name: string) => name.replaceAll('_', ' ')

/**
 * The actions of `constraint`'s own symbols it needs: from some reachable state from which acceptance is still
 * possible, the only action that keeps it possible. ("Sleep at night": at night only `sleep.bed`; "mine minerals
 * only at night" and "don't eat at night" leave other acts in every state, so they need nothing.)
 */
export function neededActions(constraint: RunConstraint): string[] {
  const { dfa } = constraint
  const own = new Set((constraint.ownSymbols ?? dfa.alphabet.symbols).filter(isActionSymbol))
  const reachable = reachableStates(dfa)
  const live = coReachableStates(dfa)
  const actions = dfa.alphabet.symbols.map((s, i) => [s, i] as const).filter(([s]) => isActionSymbol(s))
  const needed = new Set<string>()
  for (let q = 0; q < dfa.stateCount; q++) {
    if (!reachable[q] || !live[q]) continue
    const onward = actions.filter(([, i]) => {
      const t = dfa.next(q, i)
      return t !== NONE && live[t] === 1
    })
    const only = onward.length === 1 ? onward[0]?.[0] : undefined
    if (only !== undefined && own.has(only)) needed.add(only)
  }
  return [...needed].sort()
}

/** What an action takes from the inventory (or, for a bed, from sight): a concrete item, or undefined for none. */
export function itemFor(action: string, rules: Rules): string | undefined {
  const parsed = parseSymbol(action)
  if (!parsed) return undefined
  const concrete = (object: string) => (isFamily(object) ? techTree(rules).member(object) : object)
  if (parsed.verb === 'sleep') return concrete('beds')
  if (['place', 'equip', 'eat'].includes(parsed.verb)) return concrete(parsed.object)
  return undefined
}

/** Whether the bot has what `action` takes: held, or (a bed) placed within sight. */
function provided(action: string, observation: Observation): boolean {
  const parsed = parseSymbol(action)
  if (!parsed) return true
  if (parsed.verb === 'sleep') return countOf(observation, 'beds') > 0 || observation.nearest('beds') !== undefined
  return countOf(observation, parsed.object) > 0
}

/** The needs of `prepared`'s constraints that the bot lacks now and the instruction's own goal does not get. */
export function constraintNeeds(prepared: Prepared, observation: Observation, rules: Rules): ConstraintNeed[] {
  const goalItems = prepared.goal.map((g) => /^has\.(.+)\.\d+$/.exec(g)?.[1] ?? '')
  const needs: ConstraintNeed[] = []
  for (const constraint of prepared.constraints) {
    for (const action of neededActions(constraint)) {
      const item = itemFor(action, rules)
      if (item === undefined || provided(action, observation)) continue
      // "Collect a bed but sleep at night": the goal is the need; getting it is the instruction itself.
      const object = parseSymbol(action)?.verb === 'sleep' ? 'beds' : item
      if (goalItems.some((g) => g === item || matchesObject(object, g))) continue
      if (needs.some((n) => n.item === item)) continue
      needs.push({ item, action, constraint: constraint.phrase })
    }
  }
  return needs
}

/** The instruction that obtains a need under the instruction's own constraints (the standing ones join anyway). */
export function needInstruction(need: ConstraintNeed, prepared: Prepared): string {
  return [`collect a ${words(need.item)}`, ...prepared.grounded.constraints.map((c) => c.text)].join('; ')
}

export interface NeedsContext {
  readonly rules: Rules
  readonly observe: () => Observation
  /** Plans an instruction as the agent does (grounding, skills, constraints, composition). */
  readonly prepare: (instruction: string) => Promise<Prepared>
  /** Runs a prepared plan in the world, through the gate, as the instruction's own run is. */
  readonly run: (prepared: Prepared) => Promise<ControllerResult>
  /** Plans the instruction again, from the inventory the needs' runs left. */
  readonly prepareAgain: () => Promise<Prepared>
  readonly onProgress?: ((p: AgentProgress) => void) | undefined
}

/**
 * Meets `first`'s needs one at a time before the instruction runs, and returns the instruction planned afresh
 * when any run happened (its plan was made from an inventory that has changed), with the needs' runs. A need whose
 * run fails is reported and the instruction goes on: the constraint then refuses what it refused before.
 */
export async function meetConstraintNeeds(
  first: Prepared,
  context: NeedsContext,
): Promise<{ readonly prepared: Prepared; readonly needs: NeedRun[] }> {
  const needs: NeedRun[] = []
  for (const need of constraintNeeds(first, context.observe(), context.rules)) {
    context.onProgress?.({ type: 'need', need })
    const instruction = needInstruction(need, first)
    const prepared = await preparing(context, instruction)
    if (typeof prepared === 'string' || prepared.refusal || !prepared.composition) {
      const refusal = typeof prepared === 'string' ? prepared : (prepared.refusal ?? 'no plan')
      const membershipQueries = typeof prepared === 'string' ? 0 : prepared.membershipQueries
      needs.push({ ...need, instruction, membershipQueries, refusal })
      context.onProgress?.({ type: 'need', need, outcome: 'refused' })
      continue
    }
    const result = await context.run(prepared)
    needs.push({ ...need, instruction, membershipQueries: prepared.membershipQueries, result })
    context.onProgress?.({ type: 'need', need, outcome: result.outcome })
  }
  if (!needs.some((n) => n.result !== undefined)) return { prepared: first, needs }
  const again = await context.prepareAgain()
  // The questions asked for this instruction: its first planning's (where its skills were learned) and the needs'.
  const asked = first.membershipQueries + again.membershipQueries + needs.reduce((n, r) => n + r.membershipQueries, 0)
  return {
    prepared: { ...again, skills: again.skills.map((s) => asFirstObtained(s, first)), membershipQueries: asked },
    needs,
  }
}

/** A skill of the plan made again as the instruction's first planning obtained it (learned then, not reused now). */
function asFirstObtained(skill: ObtainedSkill, first: Prepared): ObtainedSkill {
  const before = first.skills.find((s) => s.name === skill.name)
  if (!before) return skill
  const { path, membershipQueries, equivalenceQueries } = before
  const { from: _, ...rest } = skill
  return { ...rest, path, membershipQueries, equivalenceQueries, ...(before.from ? { from: before.from } : {}) }
}

/**
 * The need's instruction planned, or why not: an item the rules cannot make, or a skill that cannot be learned for
 * it, is a refusal of the need, not of the instruction (which then runs as it would have). Anything else (cancelled,
 * the LLM unreachable) ends the call as it would end the instruction's own planning.
 */
async function preparing(context: NeedsContext, instruction: string): Promise<Prepared | string> {
  try {
    return await context.prepare(instruction)
  } catch (error) {
    if (error instanceof UnknownGoalError || error instanceof SkillLearningError) return error.message
    throw error
  }
}

/** The needs' runs and the instruction's run as one (what was done, in order); the instruction's outcome. */
export function withNeedRuns(needs: readonly NeedRun[], result: ControllerResult): ControllerResult {
  return needs.reduceRight((joined, need) => (need.result ? joinRuns(need.result, joined) : joined), result)
}
