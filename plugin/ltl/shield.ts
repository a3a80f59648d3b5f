import { CedarError } from '../errors.js'
import type { LawSource, Monitor, Valuation } from './monitor.js'

export interface BlockingLaw {
  readonly id: string
  readonly kind: 'hard' | 'soft'
  readonly text: string
  /** Where the law came from: a constraint of the instruction, LogicGuard's built-ins, the critic, a user. */
  readonly source: LawSource
}

export interface Verdict {
  readonly action: string
  readonly allowed: boolean
  /** The laws that would be violated beyond repair by this action now. */
  readonly blockedBy: readonly BlockingLaw[]
  /** Every candidate action was blocked, so only the hard laws were applied. */
  readonly fallback: boolean
  /**
   * When blocked or in a fallback: the candidate actions the laws in force allowed at the decision (all laws, or
   * the hard ones in a fallback); empty for a plain "allowed".
   */
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
  /** Every decision (`check`, not `preview`) that refused an action, whoever asked: the controller, a primitive. */
  readonly onBlocked?: (verdict: Verdict) => void
  /**
   * Called once per state position in which every candidate action was blocked, with the laws' propositions that
   * were true there and, for each candidate action, the ids of the laws whose monitors that action would kill (the
   * laws that actually blocked it), so the critic can study the state later and relax only those.
   */
  readonly onOverConstrained?: (trueInState: readonly string[], action: string, blame: DeadlockBlame) => void
}

/** For each candidate action in an over-constrained state, the laws that blocked it (their monitors would die). */
export type DeadlockBlame = Readonly<Record<string, readonly string[]>>

interface Slot {
  readonly monitor: Monitor
  /** State after the last committed action. */
  settled: number
  /** State after the current state position (settled, then the latest observation). */
  current: number
  /** Indices into the shield's proposition list of `monitor.props`, for the fast path. */
  propIndices: Int32Array | undefined
  /** For each monitor state seen (states are small integers), the actions (bits) that would make it dead. */
  blocked: (Uint32Array | undefined)[]
  /** How the law appears in verdicts, made once. */
  readonly law: BlockingLaw
}

const NONE_BLOCKING: readonly BlockingLaw[] = Object.freeze([])
const NO_ACTIONS: readonly string[] = Object.freeze([])

/**
 * The LTL shield: before an action, each monitor is asked whether the action would put it in a dead state (one
 * from which no continuation satisfies the law); if any would, the action is blocked and the verdict names the
 * laws. Blocking on "dead" rather than "not accepting" keeps F-goals reachable. A trajectory alternates state
 * positions (`observe`) and action positions (`commit`); observing twice without an action in between replaces the
 * pending observation, so a failed action leaves no trace.
 *
 * Speed: for each monitor state, the set of actions that would kill it is computed once, as a bitmask over the
 * action vocabulary. A decision is then one mask test per law, and the over-constraint test (is every action
 * blocked?) is the union of those masks — no per-action rescans.
 */
export class Shield {
  private slots: Slot[] = []
  private readonly byId = new Map<string, Slot>()
  private readonly actionList: string[] = []
  private readonly actionIndex = new Map<string, number>()
  private readonly blockCounts = new Map<string, number>()
  private readonly propsCache = new Map<string, ReadonlySet<string>>()
  /** Every state proposition a fast-path monitor reads, and its index in `truth`. */
  private readonly propList: string[] = []
  private readonly propIndex = new Map<string, number>()
  private truth = new Uint8Array(0)
  /** The current state position's valuation, until an action is committed. */
  private observation: Valuation | undefined
  private reportedOverConstraint = false
  private readonly softBlockLimit: number
  private readonly actionProps: (action: string) => ReadonlySet<string>

  constructor(private readonly options: ShieldOptions = {}) {
    this.softBlockLimit = options.softBlockLimit ?? 3
    this.actionProps = options.actionProps ?? ((action) => new Set([action]))
    this.addActions(options.actions ?? [])
  }

  /** Adds a monitor. Its trajectory starts now: at the current state position, if one was observed. */
  add(monitor: Monitor): void {
    if (this.byId.has(monitor.id)) throw new Error(`a law with id ${monitor.id} is already in the shield`)
    const fast = monitor.stepStateLetter !== undefined && monitor.props !== undefined
    const propIndices = fast ? Int32Array.from(monitor.props ?? [], (p) => this.indexOfProp(p)) : undefined
    const settled = monitor.initial
    const current = this.observation ? monitor.stepState(settled, this.observation) : settled
    const law: BlockingLaw = { id: monitor.id, kind: monitor.kind, text: monitor.text, source: monitor.source }
    const slot: Slot = { monitor, settled, current, propIndices, blocked: [], law }
    this.byId.set(monitor.id, slot)
    this.slots = [...this.slots, slot]
  }

  remove(id: string): boolean {
    const slot = this.byId.get(id)
    if (!slot) return false
    this.byId.delete(id)
    this.slots = this.slots.filter((s) => s !== slot)
    return true
  }

  get(id: string): Monitor | undefined {
    return this.byId.get(id)?.monitor
  }

  monitors(): Monitor[] {
    return this.slots.map((slot) => slot.monitor)
  }

  addActions(actions: Iterable<string>): void {
    for (const action of actions) this.indexOfAction(action)
  }

  get actions(): readonly string[] {
    return [...this.actionList]
  }

  /** A state position: what is true now. Each proposition the laws read is evaluated once. */
  observe(valuation: Valuation): void {
    const holds = typeof valuation === 'function' ? memoize(valuation) : (p: string) => valuation.has(p)
    const truth = this.truth
    for (let i = 0; i < this.propList.length; i++) truth[i] = holds(this.propList[i]!) ? 1 : 0
    for (const slot of this.slots) {
      const indices = slot.propIndices
      if (indices) {
        let letter = 0
        for (let j = 0; j < indices.length; j++) letter |= truth[indices[j]!]! << j
        slot.current = slot.monitor.stepStateLetter!(slot.settled, letter)
      } else {
        slot.current = slot.monitor.stepState(slot.settled, holds)
      }
    }
    this.observation = holds
    this.reportedOverConstraint = false
  }

  /**
   * Decides an action about to be taken: counts soft blocks (dropping laws past the limit) and reports an
   * over-constrained state, but changes no monitor state.
   */
  check(action: string): Verdict {
    return this.decide(action, true)
  }

  /** The same decision for a question ("would it be allowed?"): nothing is counted or reported. */
  preview(action: string): Verdict {
    return this.decide(action, false)
  }

  /**
   * An action position: the action was taken. A law it broke (one the fallback set aside, or an act the shield was
   * not asked about) starts over from here: its monitor would otherwise stay dead and refuse every later action,
   * and the law is about what comes next, not about the step already lost.
   */
  commit(action: string): void {
    this.indexOfAction(action)
    const props = this.propsOf(action)
    for (const slot of this.slots) {
      const next = slot.monitor.stepAction(slot.current, action, props)
      slot.settled = slot.monitor.isDead(next) ? slot.monitor.initial : next
      slot.current = slot.settled
    }
    this.observation = undefined
    this.reportedOverConstraint = false
  }

  /** Candidate actions allowed now: by every law, or by the hard laws alone when every candidate is blocked. */
  allowedActions(): string[] {
    const all = this.union(() => true)
    if (!this.coversAll(all)) return this.listUnblocked(all)
    return this.listUnblocked(this.union((m) => m.kind === 'hard'))
  }

  /** Back to the start of a trajectory (a new task). */
  reset(): void {
    for (const slot of this.slots) {
      slot.settled = slot.monitor.initial
      slot.current = slot.settled
    }
    this.observation = undefined
    this.reportedOverConstraint = false
  }

  private decide(action: string, forReal: boolean): Verdict {
    const bit = this.indexOfAction(action)
    const word = bit >>> 5
    const flag = 1 << (bit & 31)
    const blockers: Slot[] = []
    // The union of every law's blocked actions comes in the same pass: it decides over-constraint.
    const all = new Uint32Array(this.words())
    for (const slot of this.slots) {
      const mask = this.blockedMask(slot)
      if ((mask[word]! & flag) !== 0) blockers.push(slot)
      for (let w = 0; w < all.length; w++) all[w]! |= mask[w]!
    }
    if (blockers.length === 0) {
      return { action, allowed: true, blockedBy: NONE_BLOCKING, fallback: false, allowedActions: NO_ACTIONS }
    }
    if (this.coversAll(all)) {
      // Every action is blocked: fall back to the hard laws alone, and tell whoever studies such states (once).
      if (forReal && !this.reportedOverConstraint) {
        this.reportedOverConstraint = true
        this.options.onOverConstrained?.(this.trueInState(), action, this.blame())
      }
      const hard = blockers.filter((slot) => slot.monitor.kind === 'hard')
      const verdict = this.verdict(
        action,
        hard,
        true,
        this.union((m) => m.kind === 'hard'),
      )
      if (forReal && !verdict.allowed) this.options.onBlocked?.(verdict)
      return verdict
    }
    const verdict = this.verdict(action, blockers, false, all)
    if (forReal) {
      this.options.onBlocked?.(verdict)
      this.countSoftBlocks(action, blockers)
    }
    return verdict
  }

  private verdict(action: string, blockers: readonly Slot[], fallback: boolean, blockedUnion: Uint32Array): Verdict {
    const laws = blockers.map((slot) => slot.law)
    return new BlockedVerdict(action, laws, fallback, () => this.listUnblocked(blockedUnion))
  }

  /** The actions that would kill `slot`'s monitor from its current state, computed once per monitor state. */
  private blockedMask(slot: Slot): Uint32Array {
    let mask = slot.current >= 0 ? slot.blocked[slot.current] : undefined
    if (!mask) {
      mask = new Uint32Array(this.words())
      const { monitor, current } = slot
      for (let a = 0; a < this.actionList.length; a++) {
        const action = this.actionList[a]!
        if (monitor.isDead(monitor.stepAction(current, action, this.propsOf(action)))) mask[a >>> 5]! |= 1 << (a & 31)
      }
      if (current >= 0) slot.blocked[current] = mask
    }
    return mask
  }

  private union(applies: (m: Monitor) => boolean): Uint32Array {
    const union = new Uint32Array(this.words())
    for (const slot of this.slots) {
      if (!applies(slot.monitor)) continue
      const mask = this.blockedMask(slot)
      for (let w = 0; w < union.length; w++) union[w]! |= mask[w]!
    }
    return union
  }

  private coversAll(union: Uint32Array): boolean {
    const n = this.actionList.length
    for (let w = 0; w < union.length; w++) {
      const bits = Math.min(32, n - w * 32)
      const full = bits === 32 ? 0xffffffff : (1 << bits) - 1
      if ((union[w]! & full) >>> 0 !== full >>> 0) return false
    }
    return true
  }

  private listUnblocked(union: Uint32Array): string[] {
    return this.actionList.filter((_, a) => (union[a >>> 5]! & (1 << (a & 31))) === 0)
  }

  private words(): number {
    return Math.max(1, Math.ceil(this.actionList.length / 32))
  }

  private indexOfAction(action: string): number {
    let index = this.actionIndex.get(action)
    if (index === undefined) {
      index = this.actionList.length
      this.actionList.push(action)
      this.actionIndex.set(action, index)
      // A new action changes every mask's width and content.
      for (const slot of this.slots) slot.blocked = []
    }
    return index
  }

  private indexOfProp(prop: string): number {
    let index = this.propIndex.get(prop)
    if (index === undefined) {
      index = this.propList.length
      this.propList.push(prop)
      this.propIndex.set(prop, index)
      const truth = new Uint8Array(this.propList.length)
      truth.set(this.truth)
      this.truth = truth
    }
    return index
  }

  /** Each action's killers, from the per-state masks the decision just computed. */
  private blame(): DeadlockBlame {
    const blame: Record<string, string[]> = {}
    for (const action of this.actionList) blame[action] = []
    for (const slot of this.slots) {
      const mask = this.blockedMask(slot)
      this.actionList.forEach((action, a) => {
        if ((mask[a >>> 5]! & (1 << (a & 31))) !== 0) blame[action]!.push(slot.monitor.id)
      })
    }
    return blame
  }

  private trueInState(): string[] {
    const holds = this.observation
    if (!holds) return []
    const props = new Set(this.slots.flatMap(({ monitor }) => monitor.props ?? []))
    return [...props].filter((p) => (typeof holds === 'function' ? holds(p) : holds.has(p))).sort()
  }

  private countSoftBlocks(action: string, blockers: readonly Slot[]): void {
    for (const { monitor } of blockers) {
      if (monitor.kind !== 'soft') continue
      const key = `${monitor.id}\u0000${action}`
      const count = (this.blockCounts.get(key) ?? 0) + 1
      this.blockCounts.set(key, count)
      if (count > this.softBlockLimit) {
        this.remove(monitor.id)
        this.options.onDrop?.(
          monitor,
          `soft law ${monitor.id} blocked ${action} ${count} times (limit ${this.softBlockLimit}); dropped`,
        )
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
}

/** A blocked (or fallback) verdict; the alternatives are listed only if someone reads them. */
class BlockedVerdict implements Verdict {
  readonly allowed: boolean
  private alternatives: readonly string[] | undefined

  constructor(
    readonly action: string,
    readonly blockedBy: readonly BlockingLaw[],
    readonly fallback: boolean,
    private readonly list: () => readonly string[],
  ) {
    this.allowed = blockedBy.length === 0
  }

  get allowedActions(): readonly string[] {
    this.alternatives ??= this.list()
    return this.alternatives
  }
}

function memoize(valuation: (p: string) => boolean): (p: string) => boolean {
  const asked = new Map<string, boolean>()
  return (p) => {
    let value = asked.get(p)
    if (value === undefined) {
      value = valuation(p)
      asked.set(p, value)
    }
    return value
  }
}

/** What a gated primitive rejects with when the shield blocks it. */
export class ShieldBlockedError extends CedarError {
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
