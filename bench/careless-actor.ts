/**
 * The critic bench's baseline actor (LogicGuard §4's LLM actors, played by a policy): it mostly takes the next step of
 * a shortest plan to its goal, and with probability ε a random plausible action instead — mining iron with a wooden
 * pickaxe, crafting a second pickaxe, exploring for what is in sight. Behind a shield it is told when an action is
 * refused and chooses again (LogicGuard: "the actor is prompted to choose a new action"). Its runs are the
 * trajectories the critic learns from.
 */

import type { Trajectory, TrajectoryStep } from '../plugin/agent/index.js'
import { randomInt, seededRandom } from '../plugin/automata/random.js'
import { HAS_THRESHOLDS } from '../plugin/grounding/inventory-build.js'
import type { Shield } from '../plugin/ltl/shield.js'
import { parsePrimitive } from '../plugin/vocabulary/symbols.js'
import { EventLogger } from '../plugin/world/event-logger.js'
import type { Outcome } from '../plugin/world/port.js'
import { actValuation } from '../plugin/world/predicates.js'
import { NoPlanError, optimalPlan, type SimOptions, SimWorld } from '../plugin/world/sim/index.js'

/** What the actor may try: the diamond route's actions, with the tools mixed up. */
export const PLAUSIBLE_ACTIONS: readonly string[] = [
  'mine.logs',
  'craft.planks',
  'craft.stick',
  'craft.crafting_table',
  'craft.wooden_pickaxe',
  'craft.stone_pickaxe',
  'craft.iron_pickaxe',
  'craft.furnace',
  'mine.stone',
  'mine.coal_ore',
  'mine.iron_ore',
  'mine.diamond_ore',
  'smelt.raw_iron',
  'equip.wooden_pickaxe',
  'equip.stone_pickaxe',
  'equip.iron_pickaxe',
  'explore.stone',
  'explore.iron_ore',
  'explore.diamond_ore',
]

export const SUBGOALS = ['wooden_pickaxe', 'stone_pickaxe', 'iron_pickaxe', 'diamond'] as const

export interface CarelessEpisode {
  readonly trajectory: Trajectory
  readonly actions: number
  readonly failed: number
  /** Actions taken until each subgoal item was first held (undefined when never). */
  readonly reachedAt: Readonly<Record<(typeof SUBGOALS)[number], number | undefined>>
  /** Choices the shield refused (the actor chose again). */
  readonly refused: number
}

export interface CarelessOptions {
  readonly seed: number
  readonly goal?: string
  /** Chance of a random plausible action instead of the plan's next one. Default 0.25. */
  readonly epsilon?: number
  readonly maxActions?: number
  readonly shield?: Shield
  readonly world?: SimOptions
  /** Each choice the shield refused, with the laws that refused it and the world as it was (to try it on a copy). */
  readonly onRefusal?: (action: string, blockedBy: readonly string[], world: SimWorld) => void
}

export function runCarelessEpisode(options: CarelessOptions): CarelessEpisode {
  const goal = options.goal ?? 'diamond'
  const epsilon = options.epsilon ?? 0.25
  const maxActions = options.maxActions ?? 150
  const random = seededRandom(options.seed * 7919 + 17)
  const world = new SimWorld({ seed: options.seed, pathFailureRate: 0.02, ...options.world })
  const logger = new EventLogger([], {}, HAS_THRESHOLDS)
  const shield = options.shield
  shield?.reset()
  const steps: TrajectoryStep[] = []
  const reachedAt: Record<string, number | undefined> = {}
  let plan: string[] = []
  /** After a search that found no plan, the actor wanders this many actions before searching again. */
  let wanderUntil = 0
  let acts = 0
  let refused = 0
  const held = (item: string) => (world.state.inventory[item] ?? 0) > 0
  const nextOfPlan = (): string | undefined => {
    if (plan.length === 0 && acts >= wanderUntil) {
      try {
        plan = [...optimalPlan(goal, { from: world, maxStates: 20_000 }).plan]
      } catch (error) {
        if (!(error instanceof NoPlanError)) throw error
        plan = []
        wanderUntil = acts + 10
      }
    }
    return plan[0]
  }
  for (; acts < maxActions && !held(goal) && !world.dead; acts++) {
    const observation = world.observe()
    const state = [...logger.truePredicates(observation)].sort()
    // Each act is judged where its atomic act happens (a craft at the table it walks to), as on the bot.
    const judged = (a: string) => {
      shield?.observe(actValuation(a, observation))
      return shield
    }
    // The actor's choice (the plan's step, a careless one, or a wander while no plan is found), every one of them
    // put to the shield; refused, it is told which actions are allowed and picks again: the plan's step when that
    // is allowed (after a fresh plan if the old one was refused), else one of the allowed at random.
    const careless = random() < epsilon
    let action = careless ? PLAUSIBLE_ACTIONS[randomInt(random, PLAUSIBLE_ACTIONS.length)] : nextOfPlan()
    if (action === undefined) action = PLAUSIBLE_ACTIONS[randomInt(random, PLAUSIBLE_ACTIONS.length)]
    if (action === undefined) break
    const verdict = shield ? judged(action)?.check(action) : undefined
    if (shield && verdict && !verdict.allowed) {
      refused++
      options.onRefusal?.(
        action,
        verdict.blockedBy.map((law) => law.id),
        world,
      )
      if (!careless) plan = []
      const planned = nextOfPlan()
      const allowed = PLAUSIBLE_ACTIONS.filter((a) => judged(a)?.preview(a).allowed)
      action =
        planned !== undefined && allowed.includes(planned)
          ? planned
          : allowed.length > 0
            ? (allowed[randomInt(random, allowed.length)] as string)
            : (planned ?? action)
    }
    const outcome = actAndRecord(world, action, state, steps, reachedAt, (a) => judged(a))
    if (!outcome) break
    // The plan holds while its own steps succeed (a careless step in between leaves it be); when one of its steps
    // fails, it is made again from where the world is now.
    if (plan[0] === action) plan = outcome.ok ? plan.slice(1) : []
  }
  return episodeOf(`careless-${options.seed}`, goal, world, steps, reachedAt, refused)
}

/**
 * Runs one act of an episode in the Sim: committed to the shield (judged where it happens) when it worked, recorded
 * as a trajectory step, and the subgoals it reached noted. Undefined when the action is no primitive.
 */
export function actAndRecord(
  world: SimWorld,
  action: string,
  state: readonly string[],
  steps: TrajectoryStep[],
  reachedAt: Record<string, number | undefined>,
  judged: (action: string) => Shield | undefined,
): Outcome | undefined {
  const primitive = parsePrimitive(action)
  if (!primitive) return undefined
  const held = () => Object.fromEntries(Object.entries(world.state.inventory).filter(([, n]) => n > 0))
  const counts = held()
  const outcome = world.actNow(primitive)
  if (outcome.ok) judged(action)?.commit(action)
  steps.push({
    state: [...state],
    action,
    ok: outcome.ok,
    counts,
    countsAfter: held(),
    ...(outcome.ok ? {} : { error: `${outcome.failure}: ${outcome.message}` }),
  })
  for (const item of SUBGOALS) {
    if (reachedAt[item] === undefined && (world.state.inventory[item] ?? 0) > 0) reachedAt[item] = steps.length
  }
  return outcome
}

/** Episodes made in this process: a trajectory's id is its episode's name and number, never the clock's. */
let episodesMade = 0

/** An episode's trajectory and tallies from its steps. */
export function episodeOf(
  id: string,
  goal: string,
  world: SimWorld,
  steps: readonly TrajectoryStep[],
  reachedAt: Readonly<Record<string, number | undefined>>,
  refused: number,
): CarelessEpisode {
  return {
    trajectory: {
      id: `${id}-${++episodesMade}`,
      task: `get ${goal}`,
      startedAt: new Date().toISOString(),
      steps: [...steps],
      success: (world.state.inventory[goal] ?? 0) > 0,
      goal,
    },
    actions: steps.length,
    failed: steps.filter((s) => !s.ok).length,
    reachedAt: reachedAt as CarelessEpisode['reachedAt'],
    refused,
  }
}
