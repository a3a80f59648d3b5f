/**
 * The agent of a bot, a thin adapter over the assembled CedarAgent: the bot's long-lived world (the plugin hands
 * it a Mineflayer world; a test may hand it the Sim), and the bot's shield as the controller's gate (the run's
 * constraints are installed in the shield as monitors while it runs, so other code is held to them too). It
 * remembers the last run for `!wrong` and `!ce`, and hands finished runs' trajectories to the critic.
 */
import type { GroundedInstruction } from '../grounding/pipeline.js'
import { DfaMonitor } from '../ltl/dfa-monitor.js'
import type { Shield } from '../ltl/shield.js'
import type { SkillRecord } from '../store/record.js'
import type { RecordStore } from '../store/record-store.js'
import { isActionSymbol } from '../vocabulary/symbols.js'
import type { World } from '../world/port.js'
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
import { controllerGate } from './controller-gate.js'
import type { TrajectoryStep } from './critic/index.js'
import type { EpisodeOptions } from './run/index.js'
import { wordOfActs } from './run/index.js'
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
    /** The bot's world, for as long as the bot lives (its memory — beds put down, blocks given up — lasts too). */
    private readonly world: World,
    private readonly shield: Shield,
    private readonly store: RecordStore,
    /** The assembled agent, built on first use (the symbol inventory takes a moment). */
    private readonly core: () => CedarAgent,
    /** Where finished runs' trajectories go (the critic's log). */
    private readonly onTrajectory?: (
      task: string,
      steps: readonly TrajectoryStep[],
      success: boolean,
      goal: readonly string[],
    ) => Promise<void>,
  ) {}

  get lastRun(): LastRun | undefined {
    return this.last
  }

  /**
   * The episode every face runs (run/episode.ts), with the bot's hooks: the shield as the gate (its gated
   * primitives commit the acts they run), the run's constraints installed in the shield while it runs (so other
   * code on the bot is held to them too), and the finished run kept for `!wrong` and given to the critic.
   */
  do(instruction: string, options: ProgressCallOptions & Pick<EpisodeOptions, 'onStage'> = {}): Promise<DoReport> {
    return this.core().do(instruction, this.world, {
      ...options,
      gate: controllerGate(this.shield, { commits: false }),
      onPlanned: (planned) => this.holdToConstraints(planned),
      onRun: async ({ prepared, last, joined }) => {
        const main = prepared.skills.at(-1)
        const constraints = prepared.constraints.map((c) => c.id)
        if (main) this.last = { instruction, skill: main.name, constraints, word: last.word }
        await this.onTrajectory?.(instruction, joined.trace, joined.outcome === 'goal', prepared.goal)
      },
    })
  }

  /** The run's constraints as shield monitors for as long as it runs; returns what takes them out again. */
  private holdToConstraints(planned: Prepared): () => void {
    const monitors = planned.constraints.map(
      (c) =>
        new DfaMonitor(`C:${c.id}`, c.dfa, (s) => !isActionSymbol(s), 'hard', 'constraint', `constraint "${c.phrase}"`),
    )
    for (const monitor of monitors) this.shield.add(monitor)
    return () => {
      for (const monitor of monitors) this.shield.remove(monitor.id)
    }
  }

  constrain(
    phrase: string,
    { player, ...options }: AgentCallOptions & { readonly player?: PlayerTeaching | undefined } = {},
  ): Promise<ConstrainReport> {
    // "eat" in the player's questions means a food the bot holds.
    const { rules } = this.core().options
    const foods = [...this.world.observe().inventory.keys()].filter((name) => rules.foodPoints(name) !== undefined)
    const teaching = player ? { player: { foods, ...player } } : {}
    return this.core().constrain(phrase, { ...options, ...teaching })
  }

  constraints(): Promise<StandingConstraint[]> {
    return this.core().constraints()
  }

  unconstrain(id: string): Promise<boolean> {
    return this.core().unconstrain(id)
  }

  share(id: string): Promise<StandingConstraint | undefined> {
    return this.core().shareConstraint(id)
  }

  async constraintsElsewhere(): Promise<readonly { readonly id: string; readonly worlds: readonly string[] }[]> {
    return (await this.core().constraintsElsewhere()).map((r) => ({ id: r.name, worlds: r.worlds ?? [] }))
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
    act,
    ...options
  }: AgentCallOptions & {
    readonly name?: string | undefined
    readonly act?: number | undefined
  } = {}): Promise<SkillRecord> {
    if (act !== undefined) return this.wrongAct(act, options)
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

  /**
   * `!wrong N`: act N of the last run (its Nth act that was done) should not have happened there — the run's word
   * up to that act, cut to the skill's alphabet, is a gold negative that stops short of the goal, so no way the
   * relearned skill accepts goes through it (act-replay.ts) and the next run takes another act at that point.
   */
  private async wrongAct(act: number, options: AgentCallOptions): Promise<SkillRecord> {
    const last = this.last
    if (!last) throw new UnknownSkillError('nothing has run yet')
    const skill = await this.store.get('skill', last.skill)
    if (!skill) throw new UnknownSkillError(`no stored skill ${last.skill}`)
    // Numbered as `!wrong list` lists them: every act of the run, the skill's or not.
    const acts = last.word.flatMap((s, i) => (isActionSymbol(s) ? [i] : []))
    const at = acts[act - 1]
    if (!Number.isInteger(act) || act < 1 || at === undefined) {
      const which = acts.length === 1 ? 'say !wrong 1' : `say !wrong 1 to !wrong ${acts.length}`
      const did = acts.length === 0 ? 'no act' : acts.length === 1 ? '1 act' : `${acts.length} acts`
      throw new CounterexampleError(`the last run did ${did}${acts.length === 0 ? '' : `: ${which}`}`)
    }
    const symbol = last.word[at] as string
    const alphabet = new Set(skill.alphabet)
    if (!alphabet.has(symbol)) {
      throw new CounterexampleError(`act ${act} (${symbol}) is not one of ${skill.name}'s acts: nothing changed`)
    }
    const word = last.word.slice(0, at + 1).filter((s) => alphabet.has(s))
    return this.apply({ kind: 'skill', name: skill.name, alphabet: skill.alphabet }, word, false, options)
  }

  /** The last run's word with only its acts numbered `acts` (`!ce reject 1-4 6`): run-acts.ts. */
  lastRunWord(acts: readonly number[]): string[] {
    if (!this.last) throw new UnknownSkillError('nothing has run yet')
    return wordOfActs(this.last.word, acts)
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
