/**
 * One critic round (LogicGuard §3.4): the trajectories logged since the last round go to every critic; each proposal
 * is validated against all kept trajectories and the laws in force; accepted laws enter the shield at once, as soft
 * laws from the critic (a player makes them hard with `!law accept`); rejected ones are kept with their reasons.
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
import type { TrajectoryLog } from './trajectory-log.js'
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
  readonly accepted: readonly AcceptedLaw[]
  readonly rejected: readonly RejectedProposal[]
  readonly relaxed: readonly Relaxation[]
  /** Critics that failed this round (an unreachable LLM), with why. */
  readonly errors: readonly string[]
}

export interface CriticRunnerOptions {
  readonly log: TrajectoryLog
  readonly laws: LawBook
  readonly critics: readonly Critic[]
  /** The LLM critic again, for relaxing over-constrained states; without it the offline rule relaxes. */
  readonly relaxer?: LlmCritic
  /** Actions the bot can take besides those seen in trajectories (the shield's vocabulary). */
  readonly actions?: () => readonly string[]
  readonly symbolProblem?: (symbol: string) => string | undefined
  /** Where players' rejections are kept across restarts. */
  readonly files?: LawFiles
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

  constructor(private readonly options: CriticRunnerOptions) {
    for (const text of options.files?.loadRejected() ?? []) this.refused.add(text)
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

  /** A player rejected a law: it leaves the shield and the critics' proposals of it are refused from now on. */
  refuse(id: string): string | undefined {
    const law = this.options.laws.shield.get(id)
    if (!law) return undefined
    if (!this.refused.has(law.text)) this.options.files?.saveRejected(law.text)
    this.refused.add(law.text)
    this.options.laws.remove(id)
    return law.text
  }

  /** One round over the trajectories logged since the last (or all of them). */
  async run({ all = false } = {}): Promise<CriticReport> {
    const { log, laws } = this.options
    const kept = await log.list()
    const fresh = all ? kept : await log.sinceCursor()
    const context = this.context(kept)
    const errors: string[] = []
    const proposals = []
    if (fresh.length > 0) {
      for (const critic of this.options.critics) {
        try {
          proposals.push(...(await critic.propose(fresh, context)))
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
      ...this.check(),
    })
    const added: AcceptedLaw[] = []
    const refusedNow = accepted.filter((p) => this.refused.has(p.text))
    for (const proposal of accepted) {
      if (this.refused.has(proposal.text)) continue
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
