// The critic never makes the bot worse (issue 42): rounds of careless Sim episodes toward the seed skills' goals,
// each round's trajectories read by the offline critic (its validated laws installed, LogicGuard's behaviour), the
// next round played behind them. Then every installed law is put to every successful recorded run and to the Sim's
// shortest plan for each goal on each seed, through one shield holding all of them, as the bot's gate judges acts:
// how many needed acts they would have refused (the target is 0), and every rejected proposal with its reason.

import type { RejectedProposal, ReplayRuns, Trajectory, TrajectoryLog } from '../plugin/agent/index.js'
import { buildLaw, createShield, judgedState, simPlanRuns, stepProgressed } from '../plugin/agent/index.js'
import type { Shield } from '../plugin/ltl/shield.js'
import { isActionSymbol } from '../plugin/vocabulary/symbols.js'
import { PLAUSIBLE_ACTIONS, runCarelessEpisode } from './careless-actor.js'
import { criticLoop } from './critic-stats.js'

/** The items the seed skills are for (plugin/agent/seed-skills.ts), as the Sim holds them. */
export const SAFETY_GOALS = [
  'wooden_pickaxe',
  'stone_pickaxe',
  'iron_pickaxe',
  'diamond_pickaxe',
  'coal',
  'raw_iron',
  'diamond',
  'bucket',
  'compass',
] as const

export interface SafetyRound {
  readonly round: number
  readonly episodes: number
  readonly successes: number
  readonly proposed: number
  readonly installed: number
  readonly rejected: number
}

export interface SafetyBlock {
  readonly law: string
  readonly run: string
  readonly step: number
  readonly action: string
}

export interface CriticSafety {
  readonly rounds: readonly SafetyRound[]
  /** The critic's laws in force after the last round. */
  readonly laws: readonly { readonly id: string; readonly text: string }[]
  readonly successfulRuns: number
  readonly plans: number
  /** Needed acts of successful runs (recorded or planned) that the installed laws refuse: 0 is the bar. */
  readonly blockedNeeded: readonly SafetyBlock[]
  /** Acts of successful runs that made no progress and that the laws refuse (what repetition laws are for). */
  readonly blockedWasted: number
  readonly rejected: readonly RejectedProposal[]
}

export interface SafetyOptions {
  readonly log: TrajectoryLog
  readonly rounds?: number
  readonly episodes?: number
  /** First seed; round r plays seeds first + r·episodes onward. */
  readonly firstSeed?: number
  /** Seeds the Sim's shortest plans are checked on. */
  readonly planSeeds?: readonly number[]
  readonly progress?: (line: string) => void
}

export async function measureCriticSafety(options: SafetyOptions): Promise<CriticSafety> {
  const roundsWanted = options.rounds ?? 5
  const episodes = options.episodes ?? 25
  const firstSeed = options.firstSeed ?? 100
  const { shield, runner } = criticLoop(options.log, PLAUSIBLE_ACTIONS)
  const rounds: SafetyRound[] = []
  const rejected: RejectedProposal[] = []
  const recorded: Trajectory[] = []
  for (let r = 0; r < roundsWanted; r++) {
    let successes = 0
    for (let i = 0; i < episodes; i++) {
      const seed = firstSeed + r * episodes + i
      const goal = SAFETY_GOALS[i % SAFETY_GOALS.length] as string
      const episode = runCarelessEpisode({ seed, goal, ...(r > 0 ? { shield } : {}) })
      recorded.push(episode.trajectory)
      if (episode.trajectory.success) successes++
      await options.log.append(episode.trajectory)
    }
    const report = await runner.run()
    rejected.push(...report.rejected)
    rounds.push({
      round: r + 1,
      episodes,
      successes,
      proposed: report.proposed,
      installed: report.accepted.length,
      rejected: report.rejected.length,
    })
    options.progress?.(
      `[critic safety] round ${r + 1}: ${successes}/${episodes} reached their goal; ${report.proposed} proposed, ${report.accepted.length} installed, ${report.rejected.length} rejected`,
    )
  }
  const laws = shield.monitors().map((m) => ({ id: m.id, text: m.text }))
  const plans = SAFETY_GOALS.flatMap((goal) => simPlanRuns(goal, options.planSeeds ?? [firstSeed, firstSeed + 1]))
  const runs: ReplayRuns = { recorded: recorded.filter((t) => t.success), plans }
  const { needed, wasted } = refusals(laws, runs)
  return {
    rounds,
    laws,
    successfulRuns: runs.recorded.length,
    plans: plans.length,
    blockedNeeded: needed,
    blockedWasted: wasted,
    rejected,
  }
}

/** Every law together in one shield, each act judged alone from the laws' start (as the validator judges). */
function refusals(
  laws: readonly { readonly id: string; readonly text: string }[],
  runs: ReplayRuns,
): { needed: SafetyBlock[]; wasted: number } {
  const all = [...runs.recorded, ...runs.plans]
  const actions = new Set([...PLAUSIBLE_ACTIONS, ...all.flatMap((r) => r.steps.map((s) => s.action))])
  const shield: Shield = createShield({ actions: [...actions] })
  for (const law of laws) {
    const monitor = buildLaw(law.id, law.text, 'hard', 'critic')
    shield.add(monitor)
    shield.addActions(monitor.props.filter(isActionSymbol))
  }
  const plans = new Set(runs.plans)
  const needed: SafetyBlock[] = []
  let wasted = 0
  for (const run of all) {
    for (const [i, step] of run.steps.entries()) {
      if (!step.ok) continue
      shield.reset()
      shield.observe(judgedState(step))
      const verdict = shield.preview(step.action)
      if (verdict.allowed) continue
      if (!plans.has(run) && !stepProgressed(run, i)) {
        wasted++
        continue
      }
      for (const law of verdict.blockedBy) needed.push({ law: law.id, run: run.id, step: i + 1, action: step.action })
    }
  }
  return { needed, wasted }
}
