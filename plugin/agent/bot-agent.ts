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
import type { SearchExtent } from '../world/mineflayer/explore.js'
import { MineflayerWorld } from '../world/mineflayer-world.js'
import { withChooser } from './actor/index.js'
import { shieldGate } from './assembly.js'
import type {
  AgentCallOptions,
  CedarAgent,
  ConstrainReport,
  DoReport,
  Prepared,
  ProgressCallOptions,
  StandingConstraint,
} from './cedar-agent.js'
import type { PlayerTeaching } from './constraints/index.js'
import { type CorrectionCandidate, correctionTarget } from './constraints/index.js'
import { runController } from './controller/index.js'
import type { TrajectoryStep } from './critic/index.js'
import { meetConstraintNeeds, runReplacingTools, withNeedRuns } from './run/index.js'
import type { ObtainedSkill } from './skills/index.js'
import { CounterexampleError, UnknownSkillError } from './skills/index.js'

export interface LastRun {
  readonly instruction: string
  readonly skill: string
  /** The ids of the constraints it kept (a counterexample may be about one of them). */
  readonly constraints: readonly string[]
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
    /** How far the bot explores for a block it cannot see. */
    private readonly search?: SearchExtent,
  ) {}

  get lastRun(): LastRun | undefined {
    return this.last
  }

  async do(instruction: string, { signal, onProgress, teacher }: ProgressCallOptions = {}): Promise<DoReport> {
    const world = new MineflayerWorld(this.bot, this.search)
    const prepare = () => this.core().prepare(instruction, world.observe(), { onProgress, signal, teacher })
    const planned = await prepare()
    if (planned.refusal || !planned.composition) return planned
    const monitors = planned.constraints.map(
      (c) =>
        new DfaMonitor(`C:${c.id}`, c.dfa, (s) => !isActionSymbol(s), 'hard', 'constraint', `constraint "${c.phrase}"`),
    )
    for (const monitor of monitors) this.shield.add(monitor)
    try {
      const run = (prepared: Prepared) =>
        runController({
          world,
          ...this.core().runOptions(prepared),
          ...withChooser(this.core().chooser(instruction, onProgress)),
          // The bot's gated primitives commit the actions they run.
          gate: shieldGate(this.shield, { commits: false }),
          ...(signal ? { signal } : {}),
          onStep: (step, plan) => onProgress?.({ type: 'step', step, plan }),
          onActing: (action, detail) =>
            onProgress?.({ type: 'acting', action, ...(detail === undefined ? {} : { detail }) }),
        })
      // What the constraints need first (a bed for "sleep at night"), got under them (constraint-needs.ts).
      const { rules } = this.core().options
      const needing = (need: string) => this.core().prepare(need, world.observe(), { onProgress, signal, teacher })
      const context = {
        rules,
        observe: () => world.observe(),
        prepare: needing,
        run,
        prepareAgain: prepare,
        onProgress,
      }
      const { prepared: first, needs } = await meetConstraintNeeds(planned, context)
      if (first.refusal || !first.composition) return { ...first, needs }
      // A tool that breaks mid-run is made again: the instruction planned anew (tool-wear.ts).
      const { prepared, last, joined } = await runReplacingTools(first, run, prepare)
      const main = prepared.skills.at(-1)
      const constraints = prepared.constraints.map((c) => c.id)
      if (main) this.last = { instruction, skill: main.name, constraints, word: last.word }
      await this.onTrajectory?.(instruction, joined.trace, joined.outcome === 'goal')
      const report = await this.core().reportRun(prepared, last, { signal })
      return { ...report, result: withNeedRuns(needs, joined), needs }
    } finally {
      for (const monitor of monitors) this.shield.remove(monitor.id)
    }
  }

  constrain(
    phrase: string,
    { player, ...options }: AgentCallOptions & { readonly player?: PlayerTeaching | undefined } = {},
  ): Promise<ConstrainReport> {
    // "eat" in the player's questions means a food the bot holds.
    const foods = this.bot.inventory
      .items()
      .map((i) => i.name)
      .filter((name) => this.bot.registry.foodsByName?.[name] !== undefined)
    const teaching = player ? { player: { foods, ...player } } : {}
    return this.core().constrain(phrase, { ...options, ...teaching })
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

  /**
   * A player's counterexample for a skill or a constraint: the one named, else the last run's that it is about
   * (see correctionTarget); learned again at once.
   */
  async counterexample(
    word: readonly string[],
    label: boolean,
    name?: string,
    options: AgentCallOptions = {},
  ): Promise<SkillRecord> {
    const target = name
      ? await this.named(name)
      : correctionTarget(word, await this.lastRunCandidates(), (n) => `!ce ${label ? 'accept' : 'reject'} ${n} <word>`)
    return this.apply(target, word, label, options)
  }

  /**
   * `!wrong`: the last run's word is a negative counterexample — for its skill (cut to the skill's alphabet), or
   * for the constraint named (cut to its alphabet and the run's actions, which may grow it). With constraints in
   * the run and no name, the player is asked which.
   */
  async wrong({
    name,
    ...options
  }: AgentCallOptions & { readonly name?: string | undefined } = {}): Promise<SkillRecord> {
    const last = this.last
    if (!last) throw new UnknownSkillError('nothing has run yet')
    const candidates = await this.lastRunCandidates()
    let target = candidates[0]
    if (name) target = candidates.find((c) => c.name === name) ?? (await this.named(name))
    else if (candidates.length > 1) {
      const names = candidates.map((c) => `!wrong ${c.name} (${c.kind === 'skill' ? 'the skill' : 'a rule'})`)
      throw new CounterexampleError(`which was wrong? ${names.join(' or ')}`)
    }
    if (!target) throw new UnknownSkillError(`no stored skill ${last.skill}`)
    const alphabet = new Set(target.alphabet)
    const keep = (s: string) => alphabet.has(s) || (target.kind === 'constraint' && isActionSymbol(s))
    return this.apply(target, last.word.filter(keep), false, options)
  }

  private apply(target: CorrectionCandidate, word: readonly string[], label: boolean, options: AgentCallOptions) {
    return target.kind === 'constraint'
      ? this.core().constraintCounterexample(word, label, target.name, options)
      : this.core().counterexample(word, label, target.name, options)
  }

  private async named(name: string): Promise<CorrectionCandidate> {
    const constraint = await this.store.get('constraint', name)
    if (constraint) return { kind: 'constraint', name, alphabet: constraint.alphabet }
    const skill = await this.store.get('skill', name)
    if (skill) return { kind: 'skill', name, alphabet: skill.alphabet }
    throw new UnknownSkillError(`no skill or constraint ${name}; say !skills or !constraints`)
  }

  /** The last run's skill and constraints, with their stored alphabets. */
  private async lastRunCandidates(): Promise<CorrectionCandidate[]> {
    const last = this.last
    if (!last) throw new UnknownSkillError('no skill has run yet; name one')
    const out: CorrectionCandidate[] = []
    const skill = await this.store.get('skill', last.skill)
    if (skill) out.push({ kind: 'skill', name: last.skill, alphabet: skill.alphabet })
    for (const id of last.constraints) {
      const record = await this.store.get('constraint', id)
      if (record) out.push({ kind: 'constraint', name: id, alphabet: record.alphabet })
    }
    return out
  }
}
