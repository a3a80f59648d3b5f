/**
 * The agent on a live bot: the CedarAgent with the skill store on disk, the Mineflayer world, and the bot's shield
 * as the controller's gate (the run's constraints are installed in the shield as monitors while it runs, so other
 * code is held to them too). It remembers the last run for `!wrong` and `!ce`, and turns those into gold evidence.
 */
import type { Bot } from 'mineflayer'
import type { Dfa } from '../automata/dfa.js'
import { llmGrounding } from '../grounding/llm-grounding.js'
import { offlineGrounding } from '../grounding/pipeline.js'
import type { LlmClient } from '../llm/llm-client.js'
import { DfaMonitor } from '../ltl/dfa-monitor.js'
import type { Shield } from '../ltl/shield.js'
import { describeVerdict } from '../ltl/shield.js'
import type { SkillRecord } from '../store/record.js'
import { SkillStore } from '../store/skill-store.js'
import { isActionSymbol } from '../vocabulary/symbols.js'
import { observeBot } from '../world/mineflayer-observation.js'
import { MineflayerWorld } from '../world/mineflayer-world.js'
import { observationValuation } from '../world/predicates.js'
import { DEFAULT_RULES_VERSION, loadRules } from '../world/rules.js'
import { SIM_BIOMES } from '../world/sim/index.js'
import { type AgentProgress, CedarAgent, type DoReport } from './cedar-agent.js'
import { type Gate, runController } from './controller.js'
import type { TrajectoryStep } from './critic/types.js'
import { WorkerComputation } from './worker-computation.js'

export interface LastRun {
  readonly instruction: string
  readonly skill: string
  readonly word: readonly string[]
}

export class BotAgent {
  private agent: CedarAgent | undefined
  /** Learning, composing and critic rounds run in worker threads: the bot keeps ticking and answering meanwhile. */
  readonly computation = new WorkerComputation()
  private last: LastRun | undefined
  /** Where finished runs' trajectories go (the critic's log). */
  onTrajectory: ((task: string, steps: readonly TrajectoryStep[], success: boolean) => Promise<void>) | undefined
  readonly store: SkillStore

  constructor(
    private readonly bot: Bot,
    private readonly shield: Shield,
    storePath: string,
    logger: { warn(message: string): void },
    /** The model that grounds instructions and teaches constraints, when one is configured. */
    private readonly llm?: LlmClient,
  ) {
    this.store = new SkillStore(storePath, { logger })
  }

  /** Ends the learning workers (the bot disconnected); a learning still running rejects. */
  close(): Promise<void> {
    return this.computation.close()
  }

  /** Built on first use: the symbol inventory takes a moment. */
  get core(): CedarAgent {
    if (!this.agent) {
      // Skills are learned in the Sim, which keeps the rules of one version; the agent grounds in the same one.
      const version = DEFAULT_RULES_VERSION
      this.agent = new CedarAgent({
        rules: loadRules(version),
        grounding: this.llm ? llmGrounding(this.llm, { version }) : offlineGrounding(version),
        ...(this.llm ? { llm: this.llm } : {}),
        library: this.store,
        // The skills are learned in the Sim; its biomes are the ones "stay in B" is learned over.
        biomes: SIM_BIOMES,
        computation: this.computation,
      })
      // The worker starts while the first instruction is grounded, not after.
      this.computation.warm()
    }
    return this.agent
  }

  get lastRun(): LastRun | undefined {
    return this.last
  }

  async do(instruction: string, signal: AbortSignal, onProgress?: (p: AgentProgress) => void): Promise<DoReport> {
    const world = new MineflayerWorld(this.bot)
    const prepared = await this.core.prepare(instruction, world.observe(), { onProgress, signal })
    const composition = prepared.composition
    if (prepared.refusal || !composition) return prepared
    const monitors = prepared.constraints.map(
      (c) =>
        new DfaMonitor(`C:${c.id}`, c.dfa, (s) => !isActionSymbol(s), 'hard', 'constraint', `constraint "${c.phrase}"`),
    )
    for (const monitor of monitors) this.shield.add(monitor)
    try {
      const result = await this.runPrepared(prepared, composition.product, world, signal, onProgress)
      const main = prepared.skills.at(-1)
      if (main) this.last = { instruction, skill: main.name, word: result.word }
      await this.onTrajectory?.(instruction, result.trace, result.outcome === 'goal')
      const corrected = await this.core.learnFromRun(prepared, result, { signal })
      return { ...prepared, result, ...(corrected ? { corrected } : {}) }
    } finally {
      for (const monitor of monitors) this.shield.remove(monitor.id)
    }
  }

  private async runPrepared(
    prepared: DoReport,
    product: Dfa,
    world: MineflayerWorld,
    signal: AbortSignal,
    onProgress?: (p: AgentProgress) => void,
  ) {
    return runController({
      world,
      dfa: product,
      goal: prepared.goal,
      gate: this.gate(),
      signal,
      onStep: (step, plan) => onProgress?.({ type: 'step', step, plan }),
    })
  }

  /** The shield, asked before each act; the bot's own gate commits the calls the primitive makes. */
  private gate(): Gate {
    return {
      check: (action) => {
        this.shield.observe(observationValuation(observeBot(this.bot)))
        const verdict = this.shield.preview(action)
        return verdict.allowed ? undefined : describeVerdict(verdict)
      },
    }
  }

  /** A player's counterexample for a skill (the last run's when `name` is omitted); see CedarAgent. */
  counterexample(word: readonly string[], label: boolean, name = this.last?.skill): Promise<SkillRecord> {
    if (!name) return Promise.reject(new Error('no skill has run yet; name one'))
    return this.core.counterexample(word, label, name)
  }

  /** `!wrong`: the last run's word, cut to its skill's alphabet, is a negative counterexample. */
  async wrong(): Promise<SkillRecord> {
    const last = this.last
    if (!last) throw new Error('nothing has run yet')
    const record = await this.store.get('skill', last.skill)
    if (!record) throw new Error(`no stored skill ${last.skill}`)
    return this.counterexample(
      last.word.filter((s) => record.alphabet.includes(s)),
      false,
      last.skill,
    )
  }
}
