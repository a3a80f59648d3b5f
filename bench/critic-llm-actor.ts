// The critic bench's LLM actor rows (LogicGuard Tables 2 and 3 with InnerMonologue as the actor): the LLM actor,
// answered by the simulated actor LLM on loopback through the real `openai` client, without laws, with the paper's
// 19 hard laws, and after two offline critic rounds over its own trajectories.
import path from 'node:path'
import type { AcceptedLaw } from '../plugin/agent/index.js'
import { createShield, LawBook, TrajectoryLog } from '../plugin/agent/index.js'
import { LlmClient } from '../plugin/llm/llm-client.js'
import type { Shield } from '../plugin/ltl/shield.js'
import { addLaws, criticLoop, type EpisodeRow, episodeRows, type RoundStats, stats } from './critic-stats.js'
import { LLM_ACTOR_ACTIONS, type LlmActorEpisode, runLlmActorEpisode } from './llm-actor-episode.js'
import { describeSimulatedActor, type SimulatedActorOptions, startSimulatedActorLlm } from './simulated-actor-llm.js'

export interface LlmActorRow extends RoundStats {
  /** Chat requests per episode, on average (re-asks after unusable replies included). */
  readonly requestsPerEpisode: number
  /** Decisions where the reply could not be used and the planner's step was taken. */
  readonly fallbacks: number
}

export interface LlmActorMeasurement {
  readonly rows: readonly LlmActorRow[]
  readonly policy: string
  readonly accepted: readonly AcceptedLaw[]
  readonly rounds: readonly { trajectories: number; proposed: number; accepted: number }[]
  readonly simulated: { requests: number; mistakes: number; garbage: number }
  readonly deadlocks: number
  /** Every episode of every row. */
  readonly episodes: readonly EpisodeRow[]
}

const ACTOR: SimulatedActorOptions = { errorRate: 0.25, garbageRate: 0.03, seed: 7 }

export async function measureLlmActor(
  seeds: readonly number[],
  dir: string,
  log: (line: string) => void,
  wrongLaws: readonly string[] = [],
): Promise<LlmActorMeasurement> {
  // A configured endpoint (OPENAI_BASE_URL) is the actor's model; without one, the simulated model on loopback.
  const endpoint = process.env.OPENAI_BASE_URL || undefined
  const simulated = await startSimulatedActorLlm(ACTOR)
  try {
    const llm = endpoint
      ? new LlmClient({
          baseURL: endpoint,
          apiKey: process.env.OPENAI_API_KEY || undefined,
          model: process.env.CEDAR_MODEL || 'gpt-4.1',
        })
      : // No wall clock decides an episode: a loaded machine answers late, never differently (issue 35).
        new LlmClient({ baseURL: simulated.baseURL, model: 'simulated-actor', maxRetries: 0, timeoutMs: 3_600_000 })
    const trajectories = new TrajectoryLog(path.join(dir, 'llm-actor'), 10_000)
    const { shield: criticShield, runner, deadlocks } = criticLoop(trajectories, LLM_ACTOR_ACTIONS)
    addLaws(criticShield, wrongLaws)
    const rows: LlmActorRow[] = []
    const episodeTable: EpisodeRow[] = []
    const play = async (name: string, shield: Shield | undefined, record: boolean) => {
      const episodes: LlmActorEpisode[] = []
      for (const seed of seeds) {
        const episode = await runLlmActorEpisode({ seed, llm, ...(shield ? { shield } : {}) })
        episodes.push(episode)
        if (record) await trajectories.append(episode.trajectory)
      }
      const requests = episodes.reduce((n, e) => n + e.requests, 0)
      episodeTable.push(...episodeRows(name, seeds, episodes))
      rows.push({
        ...stats(name, episodes, shield?.monitors().length ?? 0),
        requestsPerEpisode: requests / Math.max(1, episodes.length),
        fallbacks: episodes.reduce((n, e) => n + e.fallbacks, 0),
      })
      log(`[critic] ${name}: ${rows.at(-1)?.successes}/${seeds.length} diamonds, ${requests} LLM requests`)
    }
    await play('LLM actor (simulated)', undefined, true)
    const paperShield = createShield({ actions: LLM_ACTOR_ACTIONS })
    new LawBook(paperShield).loadSet('saycan-hard')
    addLaws(paperShield, wrongLaws)
    await play('LLM actor + LogicGuard hard laws (paper’s)', paperShield, false)
    const first = await runner.run()
    await play('LLM actor + critic, 1 round', criticShield, true)
    const second = await runner.run()
    await play('LLM actor + critic, 2 rounds', criticShield, true)
    const accepted = [...first.accepted, ...second.accepted]
    return {
      rows,
      policy: endpoint
        ? `the configured model ${llm.modelFor('actor')} at ${endpoint} (OPENAI_BASE_URL)`
        : describeSimulatedActor(ACTOR),
      accepted,
      rounds: [first, second].map((r) => ({
        trajectories: r.trajectories,
        proposed: r.proposed,
        accepted: r.accepted.length,
      })),
      simulated: { ...simulated.counts },
      deadlocks: deadlocks.count,
      episodes: episodeTable,
    }
  } finally {
    await simulated.close()
  }
}
