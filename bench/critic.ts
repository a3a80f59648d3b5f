// The critic suite (LogicGuard Tables 2 and 3 in the Sim): a careless baseline actor runs to a diamond over seeded
// episodes; the offline critic reads its trajectories and proposes laws; the actor runs again behind a shield with
// the validated laws, twice. Failed-action rate, actions per subgoal and critic-blocked choices, before and after.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createShield, LawBook, TrajectoryLog } from '../plugin/agent/index.js'
import { parsePrimitive } from '../plugin/vocabulary/symbols.js'
import { optimalPlan } from '../plugin/world/sim/index.js'
import { type CarelessEpisode, PLAUSIBLE_ACTIONS, runCarelessEpisode, SUBGOALS } from './careless-actor.js'
import { measureLlmActor } from './critic-llm-actor.js'
import { measureCriticSafety, safetyMarkdown } from './critic-safety.js'
import { addLaws, cell, criticLoop, type EpisodeRow, episodeRows, pct, type RoundStats, stats } from './critic-stats.js'
import { goal } from './goals.js'
import { LLM_ACTOR_ACTIONS } from './llm-actor-episode.js'
import { markdownTable } from './markdown-table.js'
import type { Goal, Suite, SuiteOptions, SuiteReport } from './suite.js'

/** Issue 35's bar for failed actions after two critic rounds (LogicGuard's own is 4.5%). */
const FAILED_BAR = 0.1

/**
 * The critic suite; `wrongLaws` (hard laws added to every shield from the start) is how the smoke test feeds it a
 * deliberately wrong law, whose run must miss its goals.
 */
export function criticSuiteWith(setup: { readonly wrongLaws?: readonly string[] } = {}): Suite {
  const wrongLaws = setup.wrongLaws ?? []
  return {
    name: 'critic',
    description: 'LogicGuard in the Sim: a careless actor before and after two offline critic rounds',
    sources: ['bench/critic.ts'],
    async run(options: SuiteOptions): Promise<SuiteReport> {
      const n = options.episodes ?? (options.quick ? 5 : 25)
      const seeds = Array.from({ length: n }, (_, i) => 100 + i)
      const dir = await mkdtemp(path.join(tmpdir(), 'cedar-bench-critic-'))
      try {
        const log = new TrajectoryLog(dir, 10_000)
        const { shield, runner, deadlocks } = criticLoop(log, PLAUSIBLE_ACTIONS)
        addLaws(shield, wrongLaws)
        const rounds: RoundStats[] = []
        const episodeTable: EpisodeRow[] = []
        const play = async (name: string, withShield: boolean) => {
          const episodes: CarelessEpisode[] = []
          for (const seed of seeds) {
            const episode = runCarelessEpisode({ seed, ...(withShield ? { shield } : {}) })
            episodes.push(episode)
            await log.append(episode.trajectory)
          }
          episodeTable.push(...episodeRows(name, seeds, episodes))
          rounds.push(stats(name, episodes, shield.monitors().length))
          options.log(`[critic] ${name}: ${rounds.at(-1)?.successes}/${n} diamonds, ${shield.monitors().length} laws`)
        }
        await play('careless actor', false)
        // LogicGuard's shield with the paper's 19 hand-written hard laws (SayCan set), before any critic.
        const paperShield = createShield({ actions: PLAUSIBLE_ACTIONS })
        const paperLaws = new LawBook(paperShield).loadSet('saycan-hard')
        addLaws(paperShield, wrongLaws)
        // Each refusal is tried on a copy of the world: did the law keep the actor from a failure, or from progress?
        const perLaw = new Map(paperLaws.map((law) => [law.id, { blocked: 0, wouldHaveWorked: 0 }]))
        const withPaperLaws: CarelessEpisode[] = seeds.map((seed) =>
          runCarelessEpisode({
            seed,
            shield: paperShield,
            onRefusal: (action, blockedBy, world) => {
              const primitive = parsePrimitive(action)
              const worked = primitive !== undefined && world.clone().actNow(primitive).ok
              for (const id of blockedBy) {
                const tally = perLaw.get(id)
                if (!tally) continue
                tally.blocked++
                if (worked) tally.wouldHaveWorked++
              }
            },
          }),
        )
        const paperRow = stats('+ LogicGuard hard laws (paper’s)', withPaperLaws, paperShield.monitors().length)
        episodeTable.push(...episodeRows(paperRow.name, seeds, withPaperLaws))
        options.log(`[critic] paper's hard laws: ${paperRow.successes}/${n} diamonds`)
        const first = await runner.run()
        await play('+ critic, 1 round', true)
        const second = await runner.run()
        await play('+ critic, 2 rounds', true)
        const llmActor = await measureLlmActor(seeds, dir, options.log, wrongLaws)

        const header = [
          'actor',
          'wooden tool',
          'stone tool',
          'iron tool',
          'diamond',
          'failed actions',
          'critic-blocked',
          'LLM requests / episode',
        ]
        const floor = SUBGOALS.map((goal) => {
          const lengths = seeds.map((seed) => optimalPlan(goal, { seed }).length)
          return (lengths.reduce((a, b) => a + b, 0) / lengths.length).toFixed(1)
        })
        const ours = [rounds[0] as RoundStats, paperRow, ...rounds.slice(1)].map((s) => [
          `${s.name} (${s.laws} laws)`,
          ...SUBGOALS.map((g) => cell(s, g)),
          pct(s.failed / Math.max(1, s.actions)),
          s.refused === 0 ? 'N/A' : pct(s.refused / (s.actions + s.refused)),
          'N/A (no LLM)',
        ])
        const llmRows = llmActor.rows.map((s) => [
          `${s.name} (${s.laws} laws)`,
          ...SUBGOALS.map((g) => cell(s, g)),
          pct(s.failed / Math.max(1, s.actions)),
          s.refused === 0 ? 'N/A' : pct(s.refused / (s.actions + s.refused)),
          `${s.requestsPerEpisode.toFixed(1)} (${s.fallbacks} fallbacks)`,
        ])
        const paper = [
          [
            'InnerMonologue (LogicGuard Table 2/3, n=5)',
            '12.2 (5/5)',
            '18.2 (5/5)',
            '43.25 (4/5)',
            '45.5 (4/5)',
            '23%',
            'N/A',
            'not reported',
          ],
          [
            'InnerMonologue + LogicGuard (Table 2/3)',
            '9.4 (5/5)',
            '14.4 (5/5)',
            '32.0 (5/5)',
            '35.8 (5/5)',
            '4.5%',
            '15%',
            'not reported',
          ],
        ]
        const accepted = [...first.accepted, ...second.accepted]
        const last = rounds.at(-1) as RoundStats
        const base = rounds[0] as RoundStats
        const rate = (s: RoundStats) => s.failed / Math.max(1, s.actions)
        const summaryOf = (who: string, base: RoundStats, last: RoundStats) =>
          `${who} vs LogicGuard's InnerMonologue: failed actions ${pct(rate(base))} → ${pct(rate(last))} after two rounds (paper 23% → 4.5%): ` +
          `${rate(last) <= 0.045 ? 'at or below the paper’s 4.5%' : rate(last) <= 0.1 ? `${pct(rate(last) - 0.045)} points above the paper’s 4.5%` : 'well above the paper’s 4.5%'}; ` +
          `diamonds ${base.successes}/${n} → ${last.successes}/${n}; actions to a diamond ${cell(base, 'diamond')} → ` +
          `${cell(last, 'diamond')} (paper 45.5 → 35.8)${(last.subgoals.diamond?.mean ?? 0) > (base.subgoals.diamond?.mean ?? 0) ? ', so on that count ours got worse, not better' : (last.subgoals.diamond?.mean ?? 0) > 35.8 ? ', still more than the paper’s' : ''}.`
        const llmBase = llmActor.rows[0] as RoundStats
        const llmLast = llmActor.rows.at(-1) as RoundStats
        const summary = summaryOf('The careless actor', base, last)
        const goalsOf = (who: string, base: RoundStats, last: RoundStats): Goal[] => [
          goal(
            `${who} after two critic rounds: failed actions ≤ ${pct(FAILED_BAR)} (issue 35's bar; LogicGuard 4.5%)`,
            pct(rate(last)),
            rate(last) <= FAILED_BAR,
          ),
          goal(
            `${who} after two critic rounds: at least as many diamonds as with no laws (LogicGuard 4/5 → 5/5)`,
            `${base.successes}/${n} → ${last.successes}/${n}`,
            last.successes >= base.successes,
          ),
        ]
        // Issue 42's check that the critic never makes the bot worse: more rounds, toward every seed skill's goal.
        const safety = await measureCriticSafety({
          log: new TrajectoryLog(path.join(dir, 'safety'), 10_000),
          episodes: n,
          planSeeds: seeds.slice(0, 5),
          progress: options.log,
        })
        const goals = [
          ...goalsOf('careless actor', base, last),
          ...goalsOf('LLM actor', llmBase, llmLast),
          goal(
            `the critic's laws after ${safety.rounds.length} rounds refuse no act a successful run or a shortest plan needs (issue 42)`,
            safety.blockedNeeded.length,
            safety.blockedNeeded.length === 0,
          ),
        ]
        const markdown = [
          `## critic: LogicGuard Tables 2 and 3 in the Sim (${n} seeded episodes per row, seeds 100–${99 + n})`,
          '',
          markdownTable(header, [
            ...ours,
            ...llmRows,
            ['shortest plan (the Sim’s floor)', ...floor, '0%', 'N/A', 'N/A'],
            ...paper,
          ]),
          '',
          summary,
          '',
          summaryOf('The LLM actor', llmBase, llmLast),
          '',
          ...(wrongLaws.length > 0
            ? [`Every shield also held these laws from the start: ${wrongLaws.join(', ')}.`, '']
            : []),
          'Subgoal cells: mean actions until the item was first held, over the episodes that got it (how many). Failed',
          'actions: share of actions taken that failed. Critic-blocked: share of the actor’s choices the shield refused.',
          'The careless actor takes the next step of a shortest plan, or with probability 0.25 a random plausible action',
          '(mining iron with a wooden pickaxe, a second pickaxe, exploring for what is in sight); refused, it chooses',
          `again. Path failures 2%; at most 150 actions. Critic: the offline critic (no LLM critic in this suite; its laws`,
          `start soft). Round 1 read ${first.trajectories} trajectories, proposed ${first.proposed}, kept ${first.accepted.length};`,
          `round 2 read ${second.trajectories}, proposed ${second.proposed}, kept ${second.accepted.length}.`,
          '',
          `LLM actor: the plugin's LLM actor (plugin/agent/actor, LogicGuard's actor prompts) choosing among ${LLM_ACTOR_ACTIONS.length} actions`,
          '(the careless actor’s and explore.logs); refused, it is told the law and asked again (at most 3 times a step,',
          `then the shield's first allowed action). Its model: ${llmActor.policy}.`,
          llmActor.simulated.requests === 0
            ? ''
            : `The simulated model answered ${llmActor.simulated.requests} requests: ${llmActor.simulated.mistakes} mistakes, ${llmActor.simulated.garbage} garbage replies.`,
          `Its critic (offline, over the LLM actor's own trajectories): round 1 proposed ${llmActor.rounds[0]?.proposed}, kept ${llmActor.rounds[0]?.accepted};`,
          `round 2 proposed ${llmActor.rounds[1]?.proposed}, kept ${llmActor.rounds[1]?.accepted}; deadlocks met: ${llmActor.deadlocks}.`,
          '',
          'Laws the critic kept:',
          '',
          ...accepted.map((l) => `- ${l.id} \`${l.text}\` (${l.origin})`),
          '',
          'Laws the LLM actor’s critic kept (its own shield, its own numbering):',
          '',
          ...llmActor.accepted.map((l) => `- ${l.id} \`${l.text}\` (${l.origin})`),
          '',
          `The paper’s 19 hard laws (saycan-hard), per law: how often it refused the actor’s choice, and how many of those`,
          'refused acts would have worked (each tried on a copy of the world).',
          '',
          markdownTable(
            ['law', 'as loaded (our symbols)', 'blocked', 'would have worked'],
            paperLaws.map((law) => {
              const tally = perLaw.get(law.id) ?? { blocked: 0, wouldHaveWorked: 0 }
              return [law.id, `\`${law.text}\``, String(tally.blocked), String(tally.wouldHaveWorked)]
            }),
          ),
          '',
          `Deadlocks met by the critic's shield (every action blocked; relaxed at the next round): ${deadlocks.count}.`,
          '',
          ...safetyMarkdown(safety, n),
        ].join('\n')
        return {
          markdown,
          raw: {
            rounds,
            paperLaws: paperRow,
            perPaperLaw: Object.fromEntries(perLaw),
            deadlocks: deadlocks.count,
            floor,
            accepted,
            rejected: [...first.rejected, ...second.rejected],
            llmActor,
            seeds,
            episodes: [...episodeTable, ...llmActor.episodes],
            safety,
            ...(wrongLaws.length > 0 ? { wrongLaws } : {}),
          },
          goals,
        }
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  }
}

export const criticSuite: Suite = criticSuiteWith()
