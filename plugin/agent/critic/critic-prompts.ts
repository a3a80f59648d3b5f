/**
 * The LogicGuard Minecraft critic prompts (Appendix A.3: the critic context and main prompts, for trajectories and
 * for over-constrained states), adapted to our symbols: `has.planks.3` for `obs_has_3x_plank`, `mine.iron_ore` for
 * `action_mine_iron_ore`. Pure functions from data to message text; the critic sends them and validates the replies.
 *
 * One deliberate departure: the paper lets the model invent observation variables. Our laws must be computable on
 * the bot's state, so the prompts ask for the listed names only (the validator rejects any other).
 */
import type { ChatMessage } from '../../llm/llm-client.js'
import { blameOf } from './deadlock.js'
import type { CriticContext, LawView, OverConstrainedState, Trajectory, TrajectoryStep } from './types.js'

/** The reply shape the trajectory prompt asks for, quoted in the prompt and in the critic's error. */
export const PROPOSAL_REPLY_FORMAT =
  '{"efficiency_laws": [{"formula": "...", "explanation": "..."}], "inefficiency_laws": [{"formula": "...", "explanation": "..."}]}'

/** The reply shape the over-constrained prompt asks for. */
export const RELAXATION_REPLY_FORMAT =
  '{"changes": [{"law": "<law id>", "action": "delete" | "replace", "formula": "<new LTL law, when replace>", "explanation": "..."}]}'

/** How many distinct failures the prompt lists; beyond that they add length, not information. */
const MAX_FAILURES_LISTED = 20

const PREDICATE_MEANINGS: Readonly<Record<string, string>> = {
  has: '`has.x` means at least one `x` is in the inventory; `has.x.n` means at least n of them (`has.planks.3`). `x` may be a family: `logs`, `planks`, `fuel`.',
  near: '`near.x` means a block `x` (e.g. crafting_table, furnace) is within 6 blocks, close enough to use.',
  equipped: '`equipped.x` means the item `x` (e.g. a pickaxe) is held in hand. Only one item is held at a time.',
  sees: '`sees.x` means a block `x` (e.g. iron_ore, diamond_ore, logs) is within 32 blocks, so it can be reached without exploring.',
  time: '`time.day` and `time.night` say whether it is day or night.',
  health: '`health.low` means 6 of 20 health or less; `health.full` means full health.',
  food: '`food.low` means 6 of 20 food or less; `food.full` means full food.',
  biome: '`biome.x` means the agent stands in biome `x`.',
}

const ACTION_MEANINGS: Readonly<Record<string, string>> = {
  mine: '`mine.x` mines a block `x` (`mine.logs` is any log). Certain blocks require certain tools: stone needs a wooden pickaxe or better, iron_ore a stone pickaxe or better, diamond_ore an iron pickaxe or better.',
  craft:
    '`craft.x` crafts the item `x`, if the ingredients are in the inventory and, for 3x3 recipes such as pickaxes, a crafting table is near.',
  smelt: '`smelt.x` smelts `x` (e.g. raw_iron into iron ingots) in a furnace that is near, with fuel.',
  equip: '`equip.x` takes the item `x` in hand, e.g. a pickaxe before mining.',
  place: '`place.x` places a block `x` such as a crafting table or a furnace, so it can be used.',
  explore: '`explore.x` searches for `x` when it is not in sight (`explore.any` wanders).',
  goto: '`goto.position` walks somewhere.',
  sleep: '`sleep.bed` sleeps in a bed (only possible at night).',
  eat: '`eat.x` eats the item `x`.',
  attack: '`attack.x` attacks an entity `x`.',
  kill: '`kill.x` kills an entity `x`.',
  activate: '`activate.x` uses a block `x` (a door, a lever, a chest).',
}

/**
 * The LogicGuard trajectory critic: proposes efficiency and inefficiency laws from what the agent did. The failures
 * are counted over every trajectory; only the `maxTrajectories` most recent are shown step by step.
 */
export function proposalMessages(
  trajectories: readonly Trajectory[],
  context: CriticContext,
  options: {
    readonly maxSteps: number
    readonly maxTrajectories: number
    readonly previousProblem?: string | undefined
  },
): ChatMessage[] {
  const shown = trajectories.slice(-options.maxTrajectories)
  const system = [
    `You are an expert critic observing the trajectory of a Minecraft agent. The goal of the agent is: ${context.task}`,
    '',
    'You are given:',
    '1) A list of atomic observation and action variables',
    '2) A list of failures that occurred in trajectories',
    '3) Existing LTL laws in force',
    '',
    'You will be given a series of steps taken by the agent, including observations, actions, and success/failure of the action with an error message.',
    "Your task is to analyze the trajectory and provide LTL laws that constrain the agent's actions in order to boost efficiency and performance.",
    'The laws should be LTL formulas, each with a brief explanation. The boolean variables used in the laws are defined as follows:',
    '',
    vocabulary(context),
  ].join('\n')
  const user = [
    'You are a symbolic critic observing the trajectory of a Minecraft agent. The agent is inefficient, often repeats work, and occasionally causes errors like trying to mine without the right tool or crafting without the ingredients.',
    '',
    `GOAL OF AGENT: ${context.task}`,
    "YOUR GOAL: PROPOSE LTL LAWS THAT PROMOTE THE AGENT'S PROGRESS TOWARD THIS GOAL AND PREVENT INEFFICIENCIES.",
    '',
    'Think of the basic task graph required to reach the goal, and propose LTL laws to guide the agent along that graph. Before forcing any action, check that the subgoals of that action are met.',
    '',
    '### Your task:',
    '1. Decompose the goal into symbolic subgoals: acquiring wood, crafting tools, smelting, equipping tools, etc.',
    '2. Positive constraints: for subgoal transitions in this plan, propose laws of the form `G(preconditions -> X action)` that help the agent complete the task efficiently.',
    '3. Negative constraints: identify the mistakes in the trajectory (e.g. crafting without ingredients, mining without the right tool) and write `G(bad_condition -> X !bad_action)` laws to prevent them.',
    '4. Use observation variables in conditions and action variables after X. Write & for and, | for or, ! for not.',
    '5. Coverage: the laws should cover several stages of the plan, not just early or late stages.',
    '6. Reusability: the laws should generalize and not rely on specific step numbers. Avoid overly specific or redundant laws, and laws that repeat the existing ones.',
    '7. Conditions should describe states that actually occurred in the trajectory; a law about states never seen is rejected.',
    '8. Use only the variable names listed below, spelled exactly; a law with any other name is rejected.',
    '9. Propose at least 3 laws that encourage efficient, goal-aligned behaviour and at least 1 that discourages observed inefficient behaviour.',
    '',
    '### Existing inputs:',
    `- Existing LTL laws:\n${lawList(context.laws)}`,
    `- Actions: ${context.actions.join(', ')}`,
    `- Observations: ${context.predicates.join(', ')}`,
    `- Failures seen:\n${failureList(trajectories)}`,
    '',
    '### Agent trajectory:',
    '(Each step: t: {observations true before the action} action ok|FAILED: error)',
    ...shown.map((t) => formatTrajectory(t, options.maxSteps)),
    '',
    '### Output format:',
    'Reply with one JSON object and nothing else:',
    PROPOSAL_REPLY_FORMAT,
    '- `efficiency_laws`: LTL laws that promote efficient behaviour.',
    '- `inefficiency_laws`: LTL laws that prevent the mistakes seen.',
    '- In each explanation, say briefly which part of the plan the law serves.',
    ...retryNote(options.previousProblem),
  ].join('\n')
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ]
}

/** The LogicGuard over-constrained critic: deletes or rewrites the laws that together left no action allowed. */
export function relaxationMessages(
  state: OverConstrainedState,
  involved: readonly LawView[],
  context: CriticContext,
  options: { readonly previousProblem?: string | undefined } = {},
): ChatMessage[] {
  const system = [
    `You are an expert critic observing the trajectory of a Minecraft agent. The goal of the agent is: ${context.task}`,
    '',
    'Sometimes the laws imposed on the agent are too constraining and prevent all possible actions. Your job is to break these deadlocks.',
    '',
    'You will be given a particular state where the LTL laws led to no feasible action, and your task is to resolve the conflict by either modifying or deleting one of the LTL laws.',
    'The boolean variables used in the laws are defined as follows:',
    '',
    vocabulary(context),
  ].join('\n')
  const user = [
    'You are a symbolic critic observing the trajectory of a Minecraft agent.',
    '',
    `GOAL OF AGENT: ${context.task}`,
    'YOUR GOAL: You are given a state where the LTL laws led to no feasible action; resolve the conflict by modifying or deleting the laws involved.',
    '',
    '### Your task:',
    '1. First, reason about which law is less useful given the state.',
    '2. Modify (replace) that law, or delete it.',
    '3. Make sure at least one action is allowed in the given state after the change.',
    '',
    '### Laws you write (when replacing):',
    '- Each law should follow the form `G(condition -> X action)` or `G(condition -> X !action)`; write & for and, | for or, ! for not.',
    '- Use observation variables in the condition and action variables after X, only the names listed, spelled exactly.',
    '- Conditions should reflect states that actually occurred, such as the one below.',
    '- Do not block all possible actions: the agent always needs at least one valid option.',
    '',
    '### Inputs:',
    `- State (observations true): {${state.state.join(', ')}}`,
    `- Action the agent tried: ${state.action}`,
    `- Laws that blocked the actions there (the only laws you may change):\n${lawList(involved)}`,
    `- Which of them blocked each action (an action is free again only when all of its blockers are changed):\n${blameList(state)}`,
    `- All laws in force:\n${lawList(context.laws)}`,
    `- Actions: ${context.actions.join(', ')}`,
    `- Observations: ${context.predicates.join(', ')}`,
    '',
    '### Output format:',
    'Reply with one JSON object and nothing else:',
    RELAXATION_REPLY_FORMAT,
    '- `law` is the id of one of the laws that blocked the action; `formula` is required when `action` is "replace".',
    ...retryNote(options.previousProblem),
  ].join('\n')
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ]
}

/**
 * One trajectory, a line per step. Long ones are cut to `maxSteps`: the failed steps and the steps either side come
 * first (that is where the laws are), then the most recent; each step keeps its own index so gaps stay visible.
 */
export function formatTrajectory(trajectory: Trajectory, maxSteps: number): string {
  const kept = shownSteps(trajectory.steps, maxSteps)
  const outcome = trajectory.success ? 'reached the goal' : 'did not reach the goal'
  const shown = kept.length < trajectory.steps.length ? `, ${kept.length} shown` : ''
  const lines = [
    `Trajectory ${trajectory.id} (task: ${trajectory.task}; ${outcome}; ${trajectory.steps.length} steps${shown}):`,
  ]
  let previous = -1
  for (const index of kept) {
    const gap = index - previous - 1
    if (gap > 0) lines.push(`... ${gap} step${gap > 1 ? 's' : ''} left out`)
    const step = trajectory.steps[index]
    if (step) lines.push(formatStep(index, step))
    previous = index
  }
  const tail = trajectory.steps.length - previous - 1
  if (tail > 0) lines.push(`... ${tail} step${tail > 1 ? 's' : ''} left out`)
  return lines.join('\n')
}

function formatStep(index: number, step: TrajectoryStep): string {
  const outcome = step.ok ? 'ok' : `FAILED: ${step.error ?? 'no reason given'}`
  return `${index}: {${step.state.join(', ')}} ${step.action} ${outcome}`
}

/** The indices of the steps to show, ascending. */
export function shownSteps(steps: readonly TrajectoryStep[], maxSteps: number): number[] {
  if (steps.length <= maxSteps) return steps.map((_, i) => i)
  const wanted: number[] = []
  // The latest failures first, so a cut drops the oldest ones.
  for (let i = steps.length - 1; i >= 0; i--) {
    if (!steps[i]?.ok) wanted.push(i - 1, i, i + 1)
  }
  for (let i = steps.length - 1; i >= 0; i--) wanted.push(i)
  const kept = new Set<number>()
  for (const i of wanted) {
    if (kept.size >= maxSteps) break
    if (i >= 0 && i < steps.length) kept.add(i)
  }
  return [...kept].sort((a, b) => a - b)
}

/** What the variables mean, for the families the context actually has. */
function vocabulary(context: CriticContext): string {
  const meanings = (symbols: readonly string[], table: Readonly<Record<string, string>>) => {
    const families = new Set(symbols.map((s) => s.split('.')[0] ?? ''))
    return Object.entries(table)
      .filter(([family]) => families.has(family))
      .map(([, meaning]) => `- ${meaning}`)
  }
  return [
    'Observation variables:',
    context.predicates.join(', '),
    '',
    'The observations are described as follows:',
    ...meanings(context.predicates, PREDICATE_MEANINGS),
    '',
    'Action variables:',
    context.actions.join(', '),
    '',
    'The actions the agent can perform are:',
    ...meanings(context.actions, ACTION_MEANINGS),
  ].join('\n')
}

function blameList(state: OverConstrainedState): string {
  return Object.entries(blameOf(state))
    .map(([action, blockers]) => `  - ${action}: ${blockers.join(', ') || 'nothing'}`)
    .join('\n')
}

function lawList(laws: readonly LawView[]): string {
  if (laws.length === 0) return '  (none)'
  return laws.map((law) => `  ${law.id} (${law.kind}, from ${law.source}): ${law.text}`).join('\n')
}

/** Each distinct failure (action and error) with how often it happened, most frequent first. */
function failureList(trajectories: readonly Trajectory[]): string {
  const counts = new Map<string, number>()
  for (const trajectory of trajectories) {
    for (const step of trajectory.steps) {
      if (step.ok) continue
      const failure = `${step.action}: ${step.error ?? 'no reason given'}`
      counts.set(failure, (counts.get(failure) ?? 0) + 1)
    }
  }
  if (counts.size === 0) return '  (none)'
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_FAILURES_LISTED)
    .map(([failure, n]) => `  ${failure} (${n} time${n > 1 ? 's' : ''})`)
    .join('\n')
}

function retryNote(previousProblem: string | undefined): string[] {
  if (previousProblem === undefined) return []
  return [
    '',
    `Your previous reply was not valid (${previousProblem}). Reply with the JSON object only, exactly in the format above.`,
  ]
}
