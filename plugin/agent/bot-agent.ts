/**
 * The agent on a live bot, a thin adapter over the assembled CedarAgent: the Mineflayer world, and the bot's shield
 * as the controller's gate (the run's constraints are installed in the shield as monitors while it runs, so other
 * code is held to them too). It remembers the last run for `!wrong` and `!ce`, and hands finished runs'
 * trajectories to the critic.
 */
import type { Bot } from 'mineflayer'
import type { GroundedInstruction } from '../grounding/pipeline.js'
import { DfaMonitor } from '../ltl/dfa-monitor.js'
import type { Shield } from '../ltl/shield.js'
import type { SkillRecord } from '../store/record.js'
import type { SkillStore } from '../store/skill-store.js'
import { isActionSymbol } from '../vocabulary/symbols.js'
import { MineflayerWorld } from '../world/mineflayer-world.js'
import { shieldGate } from './assembly.js'
import type { AgentCallOptions, CedarAgent, DoReport, ProgressCallOptions, StandingConstraint } from './cedar-agent.js'
import type { TeachingReport } from './constraint-teaching.js'
import { runController } from './controller.js'
import type { TrajectoryStep } from './critic/types.js'
import { UnknownSkillError } from './skill-key.js'
import type { ObtainedSkill } from './skill-manager.js'

export interface LastRun {
  readonly instruction: string
  readonly skill: string
  readonly word: readonly string[]
}

export class BotAgent {
  private last: LastRun | undefined

  constructor(
    private readonly bot: Bot,
    private readonly shield: Shield,
    private readonly store: SkillStore,
    /** The assembled agent, built on first use (the symbol inventory takes a moment). */
    private readonly core: () => CedarAgent,
    /** Where finished runs' trajectories go (the critic's log). */
    private readonly onTrajectory?: (task: string, steps: readonly TrajectoryStep[], success: boolean) => Promise<void>,
  ) {}

  get lastRun(): LastRun | undefined {
    return this.last
  }

  async do(instruction: string, { signal, onProgress, teacher }: ProgressCallOptions = {}): Promise<DoReport> {
    const world = new MineflayerWorld(this.bot)
    const prepared = await this.core().prepare(instruction, world.observe(), { onProgress, signal, teacher })
    const composition = prepared.composition
    if (prepared.refusal || !composition) return prepared
    const monitors = prepared.constraints.map(
      (c) =>
        new DfaMonitor(`C:${c.id}`, c.dfa, (s) => !isActionSymbol(s), 'hard', 'constraint', `constraint "${c.phrase}"`),
    )
    for (const monitor of monitors) this.shield.add(monitor)
    try {
      const result = await runController({
        world,
        dfa: composition.product,
        goal: prepared.goal,
        // The bot's gated primitives commit the actions they run.
        gate: shieldGate(this.shield, { commits: false }),
        pursue: this.core().pursuit(composition.product),
        ...(signal ? { signal } : {}),
        onStep: (step, plan) => onProgress?.({ type: 'step', step, plan }),
      })
      const main = prepared.skills.at(-1)
      if (main) this.last = { instruction, skill: main.name, word: result.word }
      await this.onTrajectory?.(instruction, result.trace, result.outcome === 'goal')
      const corrected = await this.core().learnFromRun(prepared, result, { signal })
      return { ...prepared, result, ...(corrected ? { corrected } : {}) }
    } finally {
      for (const monitor of monitors) this.shield.remove(monitor.id)
    }
  }

  constrain(
    phrase: string,
    options: AgentCallOptions = {},
  ): Promise<StandingConstraint & TeachingReport & { readonly states: number }> {
    return this.core().constrain(phrase, options)
  }

  constraints(): Promise<StandingConstraint[]> {
    return this.core().constraints()
  }

  unconstrain(id: string): Promise<boolean> {
    return this.core().unconstrain(id)
  }

  learn(verb: string, object: string, options: ProgressCallOptions = {}): Promise<ObtainedSkill[]> {
    return this.core().learn(verb, object, options)
  }

  ground(instruction: string, options: AgentCallOptions = {}): Promise<GroundedInstruction> {
    return this.core().ground(instruction, options)
  }

  async skills(): Promise<SkillRecord[]> {
    return (await this.store.load()).records.filter((r) => r.kind === 'skill')
  }

  /** A player's counterexample for a skill (the last run's when `name` is omitted); see CedarAgent. */
  counterexample(
    word: readonly string[],
    label: boolean,
    name = this.last?.skill,
    options: AgentCallOptions = {},
  ): Promise<SkillRecord> {
    if (!name) return Promise.reject(new UnknownSkillError('no skill has run yet; name one'))
    return this.core().counterexample(word, label, name, options)
  }

  /** `!wrong`: the last run's word, cut to its skill's alphabet, is a negative counterexample. */
  async wrong(options: AgentCallOptions = {}): Promise<SkillRecord> {
    const last = this.last
    if (!last) throw new UnknownSkillError('nothing has run yet')
    const record = await this.store.get('skill', last.skill)
    if (!record) throw new UnknownSkillError(`no stored skill ${last.skill}`)
    return this.counterexample(
      last.word.filter((s) => record.alphabet.includes(s)),
      false,
      last.skill,
      options,
    )
  }
}
