/**
 * One instruction, from words to a report — the same pipeline for a live bot (`!do`, `bot.cedar.agent.do`),
 * `cedar sim do` and the bench: planned (grounding, skills, constraints, composition); what the constraints need
 * got first (a bed for "sleep at night"); run under the gate, a tool that breaks made again; then judged and
 * learned from. Only the hooks differ between callers: a bot installs the run's constraints in its shield while it
 * runs and hands the trajectory to its critic; the Sim passes a step cap and a clock.
 */
import type { Observation, World } from '../../world/port.js'
import type { Rules } from '../../world/rules.js'
import type { ControllerOptions, ControllerResult, Gate } from '../controller/index.js'
import { runController } from '../controller/index.js'
import type { AgentProgress, DoReport, Prepared, ProgressCallOptions } from './agent-reports.js'
import { meetConstraintNeeds, withNeedRuns } from './constraint-needs.js'
import { runReplacingTools } from './tool-wear.js'

/** What the episode asks of the agent: planning, the controller's plan for a prepared instruction, the verdict. */
export interface EpisodePlanner {
  readonly rules: Rules
  prepare(instruction: string, observation: Observation, options: ProgressCallOptions): Promise<Prepared>
  /** The product, goal, pursuit, reflexes and actor the controller runs `prepared` with. */
  controllerPlan(
    prepared: Prepared,
    instruction: string,
    onProgress?: (p: AgentProgress) => void,
  ): Omit<ControllerOptions, 'world'>
  reportRun(prepared: Prepared, result: ControllerResult, options: ProgressCallOptions): Promise<DoReport>
}

/** The stages of an episode, in the order they happen (a refused plan ends at `refused`). */
export type EpisodeStage = 'planned' | 'refused' | 'needs-met' | 'ran' | 'reported'

/** How the instruction's run ended, before it is judged: what a bot keeps for `!wrong` and gives its critic. */
export interface EpisodeRun {
  readonly instruction: string
  /** The plan that ran last (after a broken tool, the plan made again). */
  readonly prepared: Prepared
  /** Its run. */
  readonly last: ControllerResult
  /** Every run of the instruction joined (the tool-wear re-runs too; the needs' runs not). */
  readonly joined: ControllerResult
}

export interface EpisodeOptions extends ProgressCallOptions {
  /** What judges each act before it runs (the shield); none lets every act through. */
  readonly gate?: Gate | undefined
  readonly maxSteps?: number | undefined
  /** The world's clock for the controller's time limits (the Sim's ticks). */
  readonly clock?: (() => number) | undefined
  /** The plan will run: set up what lasts the run (a bot's shield monitors); returns what undoes it. */
  readonly onPlanned?: ((prepared: Prepared) => (() => void) | undefined) | undefined
  /** The instruction's run ended, before the verdict. */
  readonly onRun?: ((run: EpisodeRun) => Promise<void> | void) | undefined
  readonly onStage?: ((stage: EpisodeStage) => void) | undefined
}

export async function runEpisode(
  planner: EpisodePlanner,
  instruction: string,
  world: World,
  options: EpisodeOptions = {},
): Promise<DoReport> {
  const { onProgress, onStage } = options
  const calls: ProgressCallOptions = {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(onProgress ? { onProgress } : {}),
    ...(options.teacher ? { teacher: options.teacher } : {}),
    ...(options.owner ? { owner: options.owner } : {}),
  }
  const prepare = (what: string) => planner.prepare(what, world.observe(), calls)
  const planned = await prepare(instruction)
  if (planned.refusal || !planned.composition) {
    onStage?.('refused')
    return planned
  }
  onStage?.('planned')
  const undo = options.onPlanned?.(planned)
  try {
    const run = (prepared: Prepared) =>
      runController({
        world,
        ...planner.controllerPlan(prepared, instruction, onProgress),
        ...(options.gate ? { gate: options.gate } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.maxSteps ? { maxSteps: options.maxSteps } : {}),
        ...(options.clock ? { clock: options.clock } : {}),
        onStep: (step, plan) => onProgress?.({ type: 'step', step, plan }),
        onActing: (action, detail) =>
          onProgress?.({ type: 'acting', action, ...(detail === undefined ? {} : { detail }) }),
        onUnkept: (note) => onProgress?.({ type: 'unkept', note }),
      })
    // A tool that breaks mid-run is made again: the instruction planned anew from the inventory (tool-wear.ts).
    const again = () => prepare(instruction)
    const context = {
      rules: planner.rules,
      observe: () => world.observe(),
      prepare,
      run,
      prepareAgain: again,
      onProgress,
    }
    const { prepared: first, needs } = await meetConstraintNeeds(planned, context)
    onStage?.('needs-met')
    if (first.refusal || !first.composition) {
      onStage?.('refused')
      return { ...first, needs }
    }
    const killsBefore = world.observe().kills
    const { prepared, last, joined } = await runReplacingTools(first, run, again)
    onStage?.('ran')
    const killed = killedSince(killsBefore, world.observe().kills)
    await options.onRun?.({ instruction, prepared, last, joined })
    const report = await planner.reportRun(prepared, last, calls)
    onStage?.('reported')
    const any = Object.keys(killed).length > 0
    return { ...report, result: withNeedRuns(needs, joined), needs, ...(any ? { killed } : {}) }
  } finally {
    undo?.()
  }
}

/** The creatures killed between two counts of the world's kills (plain data: the report is JSON). */
function killedSince(
  before: ReadonlyMap<string, number> | undefined,
  after: ReadonlyMap<string, number> | undefined,
): Record<string, number> {
  const killed: Record<string, number> = {}
  for (const [creature, n] of after ?? []) {
    const more = n - (before?.get(creature) ?? 0)
    if (more > 0) killed[creature] = more
  }
  return killed
}
