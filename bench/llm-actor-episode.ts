/**
 * The critic bench's LLM actor (LogicGuard §4 with InnerMonologue): each step the LLM actor (plugin/agent/actor) is
 * shown the Sim's state and the plausible actions and names one; the shield judges it where its atomic act happens;
 * refused, the actor is told which law refused it and chooses again (at most `maxRefusals` times a step, then the
 * shield's first allowed action is taken). What came of each act is its feedback. Its runs are trajectories for the
 * critic, like the careless actor's.
 */

import type { TrajectoryStep } from '../plugin/agent/index.js'
import { LlmActor } from '../plugin/agent/index.js'
import { HAS_THRESHOLDS } from '../plugin/grounding/inventory-build.js'
import type { LlmClient } from '../plugin/llm/llm-client.js'
import type { Shield } from '../plugin/ltl/shield.js'
import { EventLogger } from '../plugin/world/event-logger.js'
import { actValuation } from '../plugin/world/predicates.js'
import { NoPlanError, optimalPlan, SimWorld } from '../plugin/world/sim/index.js'
import { actAndRecord, type CarelessEpisode, episodeOf, PLAUSIBLE_ACTIONS } from './careless-actor.js'

/**
 * What the LLM actor may choose from: the careless actor's actions and a search for logs (without it, a model that
 * walked away from the trees has no way back to wood; the careless actor's planner never needs one).
 */
export const LLM_ACTOR_ACTIONS: readonly string[] = [...PLAUSIBLE_ACTIONS, 'explore.logs']

export interface LlmActorEpisode extends CarelessEpisode {
  /** Chat requests the episode sent (re-asks after an unusable reply included). */
  readonly requests: number
  /** Decisions where the reply could not be used and the planner's step was taken. */
  readonly fallbacks: number
}

export interface LlmActorEpisodeOptions {
  readonly seed: number
  readonly llm: LlmClient
  readonly shield?: Shield
  readonly maxActions?: number
  readonly maxRefusals?: number
  readonly onRefusal?: (action: string, blockedBy: readonly string[], world: SimWorld) => void
}

export async function runLlmActorEpisode(options: LlmActorEpisodeOptions): Promise<LlmActorEpisode> {
  const goal = 'diamond'
  const maxActions = options.maxActions ?? 150
  const maxRefusals = options.maxRefusals ?? 3
  const world = new SimWorld({ seed: options.seed, pathFailureRate: 0.02 })
  const logger = new EventLogger([], {}, HAS_THRESHOLDS)
  const actor = new LlmActor(options.llm, { task: `get a ${goal}` })
  const requestsBefore = options.llm.stats.requests
  const shield = options.shield
  shield?.reset()
  const steps: TrajectoryStep[] = []
  const reachedAt: Record<string, number | undefined> = {}
  let refused = 0
  const held = (item: string) => (world.state.inventory[item] ?? 0) > 0
  /** The fallback for an unusable reply: the planner's step, as on the bot. */
  const plannerStep = (): string => {
    try {
      return optimalPlan(goal, { from: world, maxStates: 20_000 }).plan[0] ?? 'explore.diamond_ore'
    } catch (error) {
      if (!(error instanceof NoPlanError)) throw error
      return 'mine.logs'
    }
  }
  for (let acts = 0; acts < maxActions && !held(goal) && !world.dead; acts++) {
    const observation = world.observe()
    const state = [...logger.truePredicates(observation)].sort()
    const judged = (a: string) => {
      shield?.observe(actValuation(a, observation))
      return shield
    }
    let { action } = await actor.choose(observation, LLM_ACTOR_ACTIONS, plannerStep)
    for (let tries = 0; shield; tries++) {
      const verdict = judged(action)?.check(action)
      if (!verdict || verdict.allowed) break
      refused++
      options.onRefusal?.(
        action,
        verdict.blockedBy.map((law) => law.id),
        world,
      )
      actor.refused(action, verdict.blockedBy.map((law) => `${law.id} ${law.text}`).join('; '))
      if (tries + 1 >= maxRefusals) {
        action = LLM_ACTOR_ACTIONS.find((a) => judged(a)?.preview(a).allowed) ?? action
        break
      }
      action = (await actor.choose(observation, LLM_ACTOR_ACTIONS, plannerStep)).action
    }
    const outcome = actAndRecord(world, action, state, steps, reachedAt, judged)
    if (!outcome) break
    actor.outcome(action, outcome.ok, outcome.ok ? undefined : `${outcome.failure}: ${outcome.message}`)
  }
  return {
    ...episodeOf(`llm-actor-${options.seed}`, goal, world, steps, reachedAt, refused),
    requests: options.llm.stats.requests - requestsBefore,
    fallbacks: actor.counts.fallbacks,
  }
}
