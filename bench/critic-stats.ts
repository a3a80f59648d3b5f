// What the critic bench's careless-actor rows and LLM-actor rows share: the tallies of one row of episodes (actions
// to each subgoal, failed and refused actions), and the offline critic with the shield its laws go into.
import mcData from 'minecraft-data'
import type { TrajectoryLog } from '../plugin/agent/index.js'
import { CriticRunner, createShield, LawBook, OfflineCritic, overConstrainedState } from '../plugin/agent/index.js'
import { symbolProblem } from '../plugin/grounding/validate.js'
import type { Shield } from '../plugin/ltl/shield.js'
import { DEFAULT_RULES_VERSION } from '../plugin/world/rules.js'
import { type CarelessEpisode, SUBGOALS } from './careless-actor.js'

export interface CriticLoop {
  readonly shield: Shield
  readonly runner: CriticRunner
  /** Over-constrained states the shield met (each relaxed at the next round). */
  readonly deadlocks: { count: number }
}

/**
 * The offline critic over `log`, installing its laws in a shield over `actions`. The critic's laws stay in for the
 * measurement (the shield's soft-law dropping would hide what they do); deadlocks go to the critic, as on a bot,
 * and the next round relaxes the laws that caused them. Symbols are checked against the Sim's Minecraft version.
 */
export function criticLoop(log: TrajectoryLog, actions: readonly string[]): CriticLoop {
  let runner: CriticRunner | undefined
  const deadlocks = { count: 0 }
  const shield = createShield({
    actions,
    softBlockLimit: Number.MAX_SAFE_INTEGER,
    onOverConstrained: (trueInState, action, blame) => {
      deadlocks.count++
      runner?.noteOverConstrained(overConstrainedState(trueInState, action, blame))
    },
  })
  const registry = mcData(DEFAULT_RULES_VERSION)
  runner = new CriticRunner({
    log,
    laws: new LawBook(shield),
    critics: [new OfflineCritic()],
    // LogicGuard's behaviour, for the laws that pass evidence and replay: installed at once (on a bot they wait
    // for an owner's accept unless `critic.autoAccept`).
    autoAccept: true,
    actions: () => actions,
    symbolProblem: (symbol) => symbolProblem(symbol, registry),
  })
  return { shield, runner, deadlocks }
}

export interface RoundStats {
  readonly name: string
  readonly episodes: number
  readonly successes: number
  readonly actions: number
  readonly failed: number
  readonly refused: number
  /** Mean actions to each subgoal over the episodes that reached it, and how many did. */
  readonly subgoals: Readonly<Record<string, { mean: number | undefined; reached: number }>>
  readonly laws: number
}

export function stats(name: string, episodes: readonly CarelessEpisode[], laws: number): RoundStats {
  const subgoals: Record<string, { mean: number | undefined; reached: number }> = {}
  for (const goal of SUBGOALS) {
    const at = episodes.map((e) => e.reachedAt[goal]).filter((n): n is number => n !== undefined)
    subgoals[goal] = { mean: at.length ? at.reduce((a, b) => a + b, 0) / at.length : undefined, reached: at.length }
  }
  return {
    name,
    episodes: episodes.length,
    successes: episodes.filter((e) => e.trajectory.success).length,
    actions: episodes.reduce((n, e) => n + e.actions, 0),
    failed: episodes.reduce((n, e) => n + e.failed, 0),
    refused: episodes.reduce((n, e) => n + e.refused, 0),
    subgoals,
    laws,
  }
}

/** One episode of a row, for the result file: the numbers the row's cells are made from. */
export interface EpisodeRow {
  readonly row: string
  readonly seed: number
  readonly success: boolean
  readonly actions: number
  readonly failed: number
  readonly refused: number
  readonly reachedAt: Readonly<Record<string, number | null>>
}

export function episodeRows(
  row: string,
  seeds: readonly number[],
  episodes: readonly (CarelessEpisode & { requests?: number })[],
): EpisodeRow[] {
  return episodes.map((e, i) => ({
    row,
    seed: seeds[i] as number,
    success: e.trajectory.success,
    actions: e.actions,
    failed: e.failed,
    refused: e.refused,
    reachedAt: Object.fromEntries(SUBGOALS.map((g) => [g, e.reachedAt[g] ?? null])),
    ...(e.requests === undefined ? {} : { requests: e.requests }),
  }))
}

/** Adds each law in `texts` (hard, the user's) to `shield`: the smoke test's deliberately wrong law goes in here. */
export function addLaws(shield: Shield, texts: readonly string[]): void {
  const book = new LawBook(shield)
  for (const text of texts) book.add(text)
}

export const pct = (x: number) => `${(100 * x).toFixed(1)}%`
export const cell = (s: RoundStats, goal: string) => {
  const g = s.subgoals[goal]
  return g?.mean === undefined ? `N/A (0/${s.episodes})` : `${g.mean.toFixed(1)} (${g.reached}/${s.episodes})`
}
