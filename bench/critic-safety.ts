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
import { markdownTable } from './markdown-table.js'

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

/** The safety check's section: rounds, what the installed laws refuse, and every rejected proposal with its reason. */
export function safetyMarkdown(safety: CriticSafety, n: number): string[] {
  return [
    `### Safety: ${safety.rounds.length} critic rounds over ${n} careless episodes each, toward the seed skills' goals`,
    '',
    markdownTable(
      ['round', 'reached goal', 'proposed', 'installed', 'rejected'],
      safety.rounds.map((r) => [
        String(r.round),
        `${r.successes}/${r.episodes}`,
        String(r.proposed),
        String(r.installed),
        String(r.rejected),
      ]),
    ),
    '',
    safetySentence(safety),
    '',
    `Rejected proposals (${safety.rejected.length}), by reason:`,
    '',
    ...rejectionReasons(safety).map(([reason, count]) => `- ${count}× ${reason}`),
    '',
    ...safety.rejected.map((r) => `- \`${r.formula}\` (${r.origin}): ${r.reason}`),
  ]
}

/** What the laws in force refuse of the runs that worked: the needed acts (each named) and the wasted ones. */
export function safetySentence(safety: CriticSafety): string {
  const needed = safety.blockedNeeded
  const named = needed.length > 0 ? ` (${needed.map((b) => `${b.law} on ${b.action} of ${b.run}`).join('; ')})` : ''
  return (
    `After the last round ${safety.laws.length} laws are in force. Put to ${safety.successfulRuns} successful recorded runs and ` +
    `${safety.plans} Sim shortest plans, they refuse ${needed.length} needed acts${named}` +
    ` and ${safety.blockedWasted} acts that made no progress.`
  )
}

/** Rejected proposals grouped by the kind of reason (the run and formula details taken out), most frequent first. */
export function rejectionReasons(safety: Pick<CriticSafety, 'rejected'>): [string, number][] {
  const reasons = new Map<string, number>()
  for (const r of safety.rejected) {
    const kind = r.reason
      .replace(/ \(step \d+\) of the successful run .*/, ' of a successful run')
      .replace(/\{.*\}/, '{…}')
    reasons.set(kind, (reasons.get(kind) ?? 0) + 1)
  }
  return [...reasons].sort((a, b) => b[1] - a[1])
}
