/**
 * One critic round (LogicGuard §3.4): the trajectories logged since the last round go to every critic; each proposal
 * is validated against all kept trajectories, the successful runs and the Sim's plans, and the laws in force; a law
 * that passes waits, proposed, for a player's `!law accept` (then hard) or `!law reject` — or, with `autoAccept`,
 * enters the shield at once as a soft law (LogicGuard's behaviour); rejected ones are kept with their reasons.
 * Over-constrained states the shield recorded are relaxed, touching only the laws that blocked there (the dead
 * monitors): by the LLM critic when there is one, then, if no action is free yet, by deleting the fewest soft
 * blockers that free one.
 */

import { LtlMonitor } from '../../ltl/monitor.js'
import type { LawFiles } from '../../store/law-files.js'
import { isActionSymbol } from '../../vocabulary/symbols.js'
import { offlineRelaxation, relieved } from './deadlock.js'
import type { LawBook } from './laws.js'
import type { LlmCritic } from './llm-critic.js'
import { type ProposedLaw, ProposedLaws } from './proposed-laws.js'
import type { Trajectories } from './trajectory-log.js'
import type {
  Critic,
  CriticContext,
  LawProposal,
  LawView,
  OverConstrainedState,
  RejectedProposal,
  Relaxation,
  Trajectory,
} from './types.js'
import { type AcceptedProposal, type ValidationContext, validateProposal, validateProposals } from './validator.js'

export interface AcceptedLaw {
  readonly id: string
  readonly text: string
  readonly origin: string
  readonly explanation: string
}

export interface CriticReport {
  readonly trajectories: number
  readonly proposed: number
  /** Laws installed this round (only with `autoAccept`; otherwise validated laws wait in `waiting`). */
  readonly accepted: readonly AcceptedLaw[]
  /** Laws that passed validation this round and wait for a player's `!law accept|reject`. */
  readonly waiting: readonly ProposedLaw[]
  readonly rejected: readonly RejectedProposal[]
  readonly relaxed: readonly Relaxation[]
  /** Critics that failed this round (an unreachable LLM), with why. */
  readonly errors: readonly string[]
}

export interface CriticRunnerOptions {
  readonly log: Trajectories
  readonly laws: LawBook
  readonly critics: readonly Critic[]
  /** The LLM critic again, for relaxing over-constrained states; without it the offline rule relaxes. */
  readonly relaxer?: LlmCritic
  /** Actions the bot can take besides those seen in trajectories (the shield's vocabulary). */
  readonly actions?: () => readonly string[]
  readonly symbolProblem?: (symbol: string) => string | undefined
  /** Where players' rejections are kept across restarts. */
  readonly files?: LawFiles
  /** Install laws that pass validation at once, soft (LogicGuard's behaviour); otherwise they wait, proposed. */
  readonly autoAccept?: boolean
  /** Trajectories a rule needs as evidence before it proposes (DEFAULT_MIN_EVIDENCE). */
  readonly minEvidence?: number
  /** Goals whose Sim shortest plans every law must let through, besides those the successful runs served. */
  readonly planGoals?: readonly string[]
  /** Validates a round's proposals; default `validateProposals` here (a bot hands it to its learning worker). */
  readonly validate?: (
    proposals: readonly LawProposal[],
    context: ValidationContext,
  ) => Promise<{ accepted: AcceptedProposal[]; rejected: RejectedProposal[] }>
}

const KEEP_REJECTED = 200

export class CriticRunner {
  private readonly rejectedList: RejectedProposal[] = []
  private readonly overConstrained: OverConstrainedState[] = []
  /** Laws players rejected (`!law reject`): never proposed again. */
  private readonly refused = new Set<string>()
  /** Validated laws waiting for a player's decision. */
  private waitingLaws: ProposedLaws
  private log: Trajectories
  private files: LawFiles | undefined

  constructor(private readonly options: CriticRunnerOptions) {
    this.log = options.log
    this.files = options.files
    for (const text of options.files?.loadRejected() ?? []) this.refused.add(text)
    this.waitingLaws = new ProposedLaws(options.laws, options.files)
  }

  get proposed(): ProposedLaws {
    return this.waitingLaws
  }

  /**
   * Another world's trajectories and decisions (the bot logged into a world): rejections and proposals are read
   * from `files`, the rounds read `log`. What was read before is forgotten: it belonged to no world or another one.
   */
  useStore(log: Trajectories, files: LawFiles): void {
    this.log = log
    this.files = files
    this.refused.clear()
    for (const text of files.loadRejected()) this.refused.add(text)
    this.waitingLaws = new ProposedLaws(this.options.laws, files)
  }

  /** The laws players rejected, which no round proposes again. */
  get refusedLaws(): readonly string[] {
    return [...this.refused]
  }

  get rejected(): readonly RejectedProposal[] {
    return this.rejectedList
  }

  /** The shield found a state where every action was blocked; it is analysed at the next round. */
  noteOverConstrained(state: OverConstrainedState): void {
    this.overConstrained.push(state)
    if (this.overConstrained.length > 50) this.overConstrained.shift()
  }

  /**
   * A player rejected a law, in force or proposed: it leaves the shield (or the waiting list) and the critics'
   * proposals of it are refused from now on.
   */
  refuse(id: string): string | undefined {
    const law = this.options.laws.shield.get(id) ?? this.proposed.get(id)
    if (!law) return undefined
    if (!this.refused.has(law.text)) this.files?.saveRejected(law.text)
    this.refused.add(law.text)
    if (!this.proposed.take(id)) this.options.laws.remove(id)
    return law.text
  }

  /** A player accepted a proposed law: it goes into the shield under its id, hard. Undefined when none waits. */
  accept(id: string): LtlMonitor | undefined {
    const law = this.proposed.get(id)
    if (!law) return undefined
    const monitor = this.options.laws.addAs(id, law.text, 'hard', 'critic', `${law.explanation} (${law.origin})`)
    this.proposed.take(id)
    return monitor
  }

  /** One round over the trajectories logged since the last (or all of them). */
  async run({ all = false } = {}): Promise<CriticReport> {
    const { log } = this
    const { laws } = this.options
    const kept = await log.list()
    const fresh = all ? kept : await log.sinceCursor()
    const context = this.context(kept)
    const errors: string[] = []
    const proposals: LawProposal[] = []
    const freshIds = new Set(fresh.map((t) => t.id))
    if (fresh.length > 0) {
      for (const critic of this.options.critics) {
        try {
          const made = await critic.propose(critic.readsAll ? kept : fresh, context)
          // Evidence all from earlier rounds was judged then: only what new runs show is proposed again.
          proposals.push(...made.filter((p) => p.evidence === undefined || p.evidence.some((id) => freshIds.has(id))))
        } catch (error) {
          errors.push(`${critic.name}: ${(error as Error).message}`)
        }
      }
    }
    const validate = this.options.validate ?? (async (p, c) => validateProposals(p, c))
    const { accepted, rejected } = await validate(proposals, {
      laws: context.laws,
      actions: context.actions,
      predicates: context.predicates,
      trajectories: kept,
      ...(this.options.planGoals ? { planGoals: this.options.planGoals } : {}),
      ...this.check(),
    })
    const added: AcceptedLaw[] = []
    const waiting: ProposedLaw[] = []
    const refusedNow = accepted.filter((p) => this.refused.has(p.text))
    const label = (id: string) => {
      const run = kept.find((t) => t.id === id)
      return run ? `"${run.task}" ${id.slice(0, 8)}` : id
    }
    for (const proposal of accepted) {
      if (this.refused.has(proposal.text)) continue
      const evidence = (proposal.evidence ?? []).map(label)
      if (this.proposed.merge(proposal.text, evidence)) continue
      if (!this.options.autoAccept) {
        const { text, kind, origin, explanation } = proposal
        waiting.push(this.proposed.add({ text, kind, origin, explanation, evidence }))
        continue
      }
      // Critic laws start soft: a wrong one is dropped by the shield's soft-block limit, a good one made hard by a player.
      const monitor = laws.add(proposal.text, 'soft', 'critic', `${proposal.explanation} (${proposal.origin})`)
      added.push({ id: monitor.id, text: monitor.text, origin: proposal.origin, explanation: proposal.explanation })
    }
    const allRejected = [...rejected, ...refusedNow.map((p) => ({ ...p, reason: 'a player rejected this law before' }))]
    this.rejectedList.push(...allRejected)
    this.rejectedList.splice(0, Math.max(0, this.rejectedList.length - KEEP_REJECTED))
    const relaxed = await this.relaxAll(context, kept, errors)
    const last = fresh.at(-1)
    if (last) await log.moveCursor(last.id)
    return {
      trajectories: fresh.length,
      proposed: proposals.length,
      accepted: added,
      waiting,
      rejected: allRejected,
      relaxed,
      errors,
    }
  }

  private check() {
    return this.options.symbolProblem ? { symbolProblem: this.options.symbolProblem } : {}
  }

  private context(trajectories: readonly Trajectory[]): CriticContext {
    const steps = trajectories.flatMap((t) => t.steps)
    const actions = new Set([...(this.options.actions?.() ?? []), ...steps.map((s) => s.action)])
    return {
      task: trajectories.at(-1)?.task ?? 'the players’ instructions',
      laws: this.lawViews(),
      actions: [...actions].filter(isActionSymbol).sort(),
      predicates: [...new Set(steps.flatMap((s) => s.state))].sort(),
      ...(this.options.minEvidence === undefined ? {} : { minEvidence: this.options.minEvidence }),
    }
  }

  private lawViews(): LawView[] {
    return this.options.laws.shield.monitors().map((m) => ({ id: m.id, text: m.text, kind: m.kind, source: m.source }))
  }

  /**
   * Each recorded over-constrained state: relaxations of the laws that blocked there until some action is free. The
   * LLM critic's changes come first (each validated), then the offline rule deletes the fewest soft blockers left.
   */
  private async relaxAll(context: CriticContext, trajectories: readonly Trajectory[], errors: string[]) {
    const done: Relaxation[] = []
    const shield = this.options.laws.shield
    const order = new Map(shield.monitors().map((m, i) => [m.id, i]))
    const facts = {
      present: (id: string) => shield.get(id) !== undefined,
      kind: (id: string) => shield.get(id)?.kind,
      order: (id: string) => order.get(id) ?? -1,
    }
    while (this.overConstrained.length > 0) {
      const state = this.overConstrained.shift() as OverConstrainedState
      if (!state.blockedBy.some(facts.present) || relieved(state, new Set(), facts.present)) continue
      const relaxed = new Set<string>()
      if (this.options.relaxer) {
        let choices: Relaxation[] = []
        try {
          choices = await this.options.relaxer.relax(state, { ...context, laws: this.lawViews() })
        } catch (error) {
          errors.push(`llm relax: ${(error as Error).message}`)
        }
        for (const choice of choices) {
          if (relieved(state, relaxed, facts.present)) break
          if (!state.blockedBy.includes(choice.lawId) || !this.apply(choice, context, trajectories)) continue
          relaxed.add(choice.lawId)
          done.push(choice)
        }
      }
      if (relieved(state, relaxed, facts.present)) continue
      for (const deletion of offlineRelaxation(state, facts, relaxed)) {
        if (this.apply(deletion, context, trajectories)) done.push(deletion)
      }
    }
    return done
  }

  private apply(relaxation: Relaxation, context: CriticContext, trajectories: readonly Trajectory[]): boolean {
    const laws = this.options.laws
    const old = laws.shield.get(relaxation.lawId)
    if (!old) return false
    if (relaxation.change.type === 'delete') return laws.remove(relaxation.lawId)
    const others = this.lawViews().filter((l) => l.id !== relaxation.lawId)
    const verdict = validateProposal(
      {
        formula: relaxation.change.formula,
        kind: old.kind,
        explanation: relaxation.explanation,
        origin: relaxation.origin,
      },
      { laws: others, actions: context.actions, predicates: context.predicates, trajectories, ...this.check() },
    )
    if (!verdict.ok) return false
    laws.remove(relaxation.lawId)
    const explanation = old instanceof LtlMonitor ? old.explanation : ''
    laws.add(verdict.text, old.kind, 'critic', `${relaxation.explanation} (was ${old.text}; ${explanation})`)
    return true
  }
}
