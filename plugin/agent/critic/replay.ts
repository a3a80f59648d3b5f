/**
 * A proposed law against runs: which needed act of a run that reached its goal it would have refused (a law that
 * would have blocked a successful run is not safe: issue 42's C1 forbade the bot's own wooden pickaxe).
 * Each act is judged as the shield gate judges it: where its atomic act happens (a craft at the table it holds or
 * sees, a smelt at its furnace with the fuel it holds).
 */
import { isActionSymbol, parseSymbol } from '../../vocabulary/symbols.js'
import { buildLaw, createShield } from './laws.js'
import { stepProgressed } from './progress.js'
import type { Trajectory, TrajectoryStep } from './types.js'

/** The runs a law is replayed against: successful recorded runs, and the Sim's shortest plans. */
export interface ReplayRuns {
  readonly recorded: readonly Trajectory[]
  readonly plans: readonly Trajectory[]
}

const STATIONS: Readonly<Record<string, string>> = { craft: 'crafting_table', smelt: 'furnace' }

/** The step's predicates as the gate sees them where the act happens (see actValuation). */
export function judgedState(step: TrajectoryStep): Set<string> {
  const state = new Set(step.state)
  const station = STATIONS[parseSymbol(step.action)?.verb ?? '']
  if (station && (state.has(`has.${station}.1`) || state.has(`sees.${station}`))) state.add(`near.${station}`)
  return state
}

/**
 * Where a law would have refused a needed act of a successful run: the run and the act, in words. In a recorded run
 * an act is needed when it worked and made progress (progress.ts): refusing a wasted repeat in a run that reached
 * its goal anyway is what a repetition law is for. Every step of a Sim shortest plan is needed.
 */
export function blockedSuccess(text: string, runs: ReplayRuns, actions: readonly string[]): string | undefined {
  // Hard here whatever its kind: a soft law set aside only when every action is blocked still refused the act.
  const law = buildLaw('replayed', text, 'hard', 'critic')
  const all = [...runs.recorded, ...runs.plans]
  const stepActions = all.flatMap((r) => r.steps.map((s) => s.action))
  const shield = createShield({
    actions: [...new Set([...actions, ...stepActions, ...law.props.filter(isActionSymbol)])],
  })
  shield.add(law)
  const plans = new Set(runs.plans)
  for (const run of all) {
    if (!run.success) continue
    for (const [i, step] of run.steps.entries()) {
      if (!step.ok || (!plans.has(run) && !stepProgressed(run, i))) continue
      shield.reset()
      shield.observe(judgedState(step))
      if (!shield.preview(step.action).allowed) {
        return `it would have blocked ${step.action} (step ${i + 1}) of the successful run "${run.task}" (${run.id})`
      }
    }
  }
  return undefined
}
