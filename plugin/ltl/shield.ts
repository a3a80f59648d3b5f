import type { Monitor, Valuation } from './monitor.js'

export interface BlockingLaw {
  readonly id: string
  readonly kind: 'hard' | 'soft'
  readonly text: string
}

export interface Verdict {
  readonly action: string
  readonly allowed: boolean
  /** The laws that would be violated beyond repair by this action now. */
  readonly blockedBy: readonly BlockingLaw[]
  /** Every candidate action was blocked, so only the hard laws were applied. */
  readonly fallback: boolean
  /** When blocked: the candidate actions the laws in force allow now (all laws, or the hard ones in a fallback). */
  readonly allowedActions: readonly string[]
}

export interface ShieldOptions {
  /** The action vocabulary "allowed actions" and over-constraint are judged over. */
  readonly actions?: Iterable<string>
  /** A soft law that blocks the same action more than this many times is dropped. Default 3. */
  readonly softBlockLimit?: number
  /** The propositions true at an action position; default: just the action. */
  readonly actionProps?: (action: string) => ReadonlySet<string>
  readonly onDrop?: (monitor: Monitor, reason: string) => void
  /** Called with the state valuation (as the propositions asked) when every candidate action was blocked. */
  readonly onOverConstrained?: (state: ReadonlyMap<string, boolean>, blocked: readonly Verdict[]) => void
}

interface Slot {
  readonly monitor: Monitor
  /** State after the last committed action. */
  settled: number
  /** State after the current state position (settled, then the latest observation). */
  current: number
}

/**
 * The LTL shield: before an action, each monitor is asked whether the action would put it in a dead state (one
 * from which no continuation satisfies the law); if any would, the action is blocked and the verdict names the
 * laws. Blocking on "dead" rather than "not accepting" keeps F-goals reachable. A trajectory alternates state
 * positions (`observe`) and action positions (`commit`); observing twice without an action in between replaces the
 * pending observation, so a failed action leaves no trace.
 */
export class Shield {
  private readonly slots = new Map<string, Slot>()
  private readonly vocabulary = new Set<string>()
  private readonly blockCounts = new Map<string, number>()
  private readonly propsCache = new Map<string, ReadonlySet<string>>()
  /** What was asked of the last observation (for the critic), and the observation itself, until an action. */
  private lastValuation: ReadonlyMap<string, boolean> = new Map()
  private observation: Valuation | undefined
  private readonly softBlockLimit: number
  private readonly actionProps: (action: string) => ReadonlySet<string>

  constructor(private readonly options: ShieldOptions = {}) {
    this.softBlockLimit = options.softBlockLimit ?? 3
    this.actionProps = options.actionProps ?? ((action) => new Set([action]))
    for (const action of options.actions ?? []) this.vocabulary.add(action)
  }

  /** Adds a monitor. Its trajectory starts now: at the current state position, if one was observed. */
  add(monitor: Monitor): void {
    if (this.slots.has(monitor.id)) throw new Error(`a law with id ${monitor.id} is already in the shield`)
    const settled = monitor.initial
    const current = this.observation ? monitor.stepState(settled, this.observation) : settled
    this.slots.set(monitor.id, { monitor, settled, current })
  }

  remove(id: string): boolean {
    return this.slots.delete(id)
  }

  get(id: string): Monitor | undefined {
    return this.slots.get(id)?.monitor
  }

  monitors(): Monitor[] {
    return [...this.slots.values()].map((slot) => slot.monitor)
  }

  addActions(actions: Iterable<string>): void {
    for (const action of actions) this.vocabulary.add(action)
  }

  get actions(): readonly string[] {
    return [...this.vocabulary]
  }

  /** A state position: what is true now. */
  observe(valuation: Valuation): void {
    const asked = new Map<string, boolean>()
    const holds = (p: string): boolean => {
      let value = asked.get(p)
      if (value === undefined) {
        value = typeof valuation === 'function' ? valuation(p) : valuation.has(p)
        asked.set(p, value)
      }
      return value
    }
    for (const slot of this.slots.values()) slot.current = slot.monitor.stepState(slot.settled, holds)
    this.lastValuation = asked
    this.observation = holds
  }

  /** Decides an action about to be taken: counts soft blocks (dropping laws past the limit) and reports
   * over-constrained states, but changes no monitor state. */
  check(action: string): Verdict {
    return this.decide(action, true)
  }

  /** The same decision for a question ("would it be allowed?"): nothing is counted or reported. */
  preview(action: string): Verdict {
    return this.decide(action, false)
  }

  private decide(action: string, forReal: boolean): Verdict {
    const blockedBy = this.blocking(action, () => true)
    if (blockedBy.length === 0) return this.verdict(action, [], false)
    const candidates = this.candidates(action)
    const anyAllowed = candidates.some((a) => this.blocking(a, () => true).length === 0)
    if (!anyAllowed) {
      // Over-constrained: every action is blocked, so fall back to the hard laws alone.
      const hardOnly = this.blocking(action, (m) => m.kind === 'hard')
      if (forReal && this.options.onOverConstrained) {
        const verdicts = candidates.map((a) =>
          this.verdict(
            a,
            this.blocking(a, () => true),
            false,
          ),
        )
        this.options.onOverConstrained(this.lastValuation, verdicts)
      }
      return this.verdict(action, hardOnly, true)
    }
    if (forReal) this.countSoftBlocks(action, blockedBy)
    return this.verdict(action, blockedBy, false)
  }

  /** An action position: the action was taken. */
  commit(action: string): void {
    const props = this.propsOf(action)
    this.vocabulary.add(action)
    for (const slot of this.slots.values()) {
      slot.settled = slot.monitor.stepAction(slot.current, action, props)
      slot.current = slot.settled
    }
    this.observation = undefined
  }

  /** Candidate actions allowed now: by every law, or by the hard laws alone when every candidate is blocked. */
  allowedActions(): string[] {
    const allowed = this.allowedBy(() => true)
    return allowed.length > 0 ? allowed : this.allowedBy((m) => m.kind === 'hard')
  }

  /** Back to the start of a trajectory (a new task). */
  reset(): void {
    for (const slot of this.slots.values()) {
      slot.settled = slot.monitor.initial
      slot.current = slot.settled
    }
    this.lastValuation = new Map()
    this.observation = undefined
  }

  private candidates(extra?: string): string[] {
    return extra === undefined || this.vocabulary.has(extra) ? [...this.vocabulary] : [...this.vocabulary, extra]
  }

  private blocking(action: string, applies: (m: Monitor) => boolean): BlockingLaw[] {
    const props = this.propsOf(action)
    const laws: BlockingLaw[] = []
    for (const { monitor, current } of this.slots.values()) {
      if (!applies(monitor)) continue
      if (monitor.isDead(monitor.stepAction(current, action, props))) {
        laws.push({ id: monitor.id, kind: monitor.kind, text: monitor.text })
      }
    }
    return laws
  }

  private countSoftBlocks(action: string, blockedBy: readonly BlockingLaw[]): void {
    for (const law of blockedBy) {
      if (law.kind !== 'soft') continue
      const key = `${law.id}\u0000${action}`
      const count = (this.blockCounts.get(key) ?? 0) + 1
      this.blockCounts.set(key, count)
      if (count > this.softBlockLimit) {
        const monitor = this.slots.get(law.id)?.monitor
        this.slots.delete(law.id)
        if (monitor) {
          this.options.onDrop?.(
            monitor,
            `soft law ${law.id} blocked ${action} ${count} times (limit ${this.softBlockLimit}); dropped`,
          )
        }
      }
    }
  }

  private propsOf(action: string): ReadonlySet<string> {
    let props = this.propsCache.get(action)
    if (!props) {
      props = this.actionProps(action)
      this.propsCache.set(action, props)
    }
    return props
  }

  private verdict(action: string, blockedBy: BlockingLaw[], fallback: boolean): Verdict {
    const allowed = blockedBy.length === 0
    // Listing the alternatives costs a check per candidate, so it is done only when a player needs to read it.
    const allowedActions = allowed ? [] : fallback ? this.allowedBy((m) => m.kind === 'hard') : this.allowedActions()
    return { action, allowed, blockedBy, fallback, allowedActions }
  }

  private allowedBy(applies: (m: Monitor) => boolean): string[] {
    return this.candidates().filter((a) => this.blocking(a, applies).length === 0)
  }
}

/** What a gated primitive rejects with when the shield blocks it. */
export class ShieldBlockedError extends Error {
  override name = 'ShieldBlockedError'
  constructor(readonly verdict: Verdict) {
    super(describeVerdict(verdict))
  }
}

/** One line for a player: which law forbids the action and what is still allowed. */
export function describeVerdict(verdict: Verdict): string {
  if (verdict.allowed) {
    return verdict.fallback
      ? `${verdict.action}: allowed (every action was blocked, so only the hard laws apply here)`
      : `${verdict.action}: allowed`
  }
  const laws = verdict.blockedBy.map((law) => `${law.id} (${law.kind}) ${law.text}`).join('; ')
  const alternatives =
    verdict.allowedActions.length > 0 ? verdict.allowedActions.join(', ') : 'none of the known actions'
  return `${verdict.action} is blocked by ${laws}. Allowed now: ${alternatives}`
}
