/**
 * The Sim's shortest plans for the goals the trajectories served, as successful runs the validator replays a
 * proposed law against: a law that would refuse a step of the shortest way to a goal the bot pursues is rejected,
 * whatever the recorded runs happened to do. Each step's state is the one the gate judges it in (actValuation).
 */

import { HAS_THRESHOLDS } from '../../grounding/inventory-build.js'
import { parsePrimitive, parseSymbol } from '../../vocabulary/symbols.js'
import { EventLogger } from '../../world/event-logger.js'
import { actValuation } from '../../world/predicates.js'
import { NoPlanError, optimalPlan, SimWorld } from '../../world/sim/index.js'
import type { Trajectory } from './types.js'

/** Seeds whose worlds the plans are made in: enough to see each goal's usual ways, few enough to stay quick. */
export const PLAN_SEEDS: readonly number[] = [0, 1, 2]
const PLAN_BUDGET = 20_000
const EXTRA = ['near.crafting_table', 'near.furnace', 'has.fuel']

/** The goal items the successful runs served: their stated goal, else what their last working craft or smelt made. */
export function goalsOf(trajectories: readonly Trajectory[]): string[] {
  const goals = new Set<string>()
  for (const t of trajectories) {
    if (!t.success) continue
    if (t.goal) {
      goals.add(t.goal)
      continue
    }
    const last = [...t.steps].reverse().find((s) => s.ok)
    const parsed = last ? parseSymbol(last.action) : undefined
    if (parsed && (parsed.verb === 'craft' || parsed.verb === 'smelt')) goals.add(parsed.object)
  }
  return [...goals].sort()
}

const cache = new Map<string, Trajectory[]>()

/** The shortest plan to `goal` in each seed's Sim world, run there step by step; a goal with no plan gives none. */
export function simPlanRuns(goal: string, seeds: readonly number[] = PLAN_SEEDS): Trajectory[] {
  const key = `${goal}|${seeds.join(',')}`
  const known = cache.get(key)
  if (known) return known
  const runs: Trajectory[] = []
  const logger = new EventLogger([], {}, HAS_THRESHOLDS)
  for (const seed of seeds) {
    const world = new SimWorld({ seed, pathFailureRate: 0, dropLossRate: 0 })
    let plan: readonly string[]
    try {
      plan = optimalPlan(goal, { from: world, maxStates: PLAN_BUDGET }).plan
    } catch (error) {
      // No plan (an item the Sim cannot make, a search past its budget): nothing to replay for this seed.
      if (error instanceof NoPlanError || error instanceof Error) continue
      throw error
    }
    const steps = []
    for (const action of plan) {
      const primitive = parsePrimitive(action)
      if (!primitive) break
      const observation = world.observe()
      const judged = actValuation(action, observation)
      const state = [...new Set([...logger.truePredicates(observation), ...EXTRA])].filter((p) => judged(p)).sort()
      steps.push({ state, action, ok: true, counts: Object.fromEntries(observation.inventory) })
      if (!world.actNow(primitive).ok) break
    }
    runs.push({
      id: `sim-plan-${goal}-seed-${seed}`,
      task: `the Sim's shortest plan to ${goal} (seed ${seed})`,
      startedAt: new Date(0).toISOString(),
      steps,
      success: true,
      goal,
    })
  }
  cache.set(key, runs)
  return runs
}
