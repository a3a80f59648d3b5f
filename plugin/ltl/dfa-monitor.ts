import type { Dfa } from '../automata/dfa.js'
import { distancesToAcceptance } from '../automata/search.js'
import type { LawKind, LawSource, Monitor, Valuation } from './monitor.js'

/**
 * A learned constraint DFA over CEDAR words, as a shield monitor: so code other than the controller (other plugins,
 * `!come`) is held to "sleep at night" too. CEDAR words are edge-triggered (an event symbol when its predicate
 * becomes true) while the shield sees the predicates true at each state position, so the monitor's state carries
 * the truth of the DFA's event symbols at the last state position: state = dfaState · 2^m + mask, m events.
 * An action outside the DFA's alphabet leaves it where it is (the automata core's rule for merged alphabets);
 * an action inside it, or one of its families (`mine.logs` for `mine.oak_log`), steps it.
 */
export class DfaMonitor implements Monitor {
  readonly initial: number
  readonly props: readonly string[]
  private readonly events: readonly string[]
  private readonly distance: Int32Array
  private readonly width: number

  constructor(
    readonly id: string,
    readonly dfa: Dfa,
    /** Which alphabet symbols are events (the rest are actions). */
    isEvent: (symbol: string) => boolean,
    readonly kind: LawKind,
    readonly source: LawSource,
    /** How it reads in messages, e.g. `constraint "sleep at night"`. */
    readonly text: string,
  ) {
    this.events = dfa.alphabet.symbols.filter(isEvent)
    if (this.events.length > 16)
      throw new Error(`a constraint monitor tracks at most 16 events, not ${this.events.length}`)
    this.props = this.events
    this.width = 1 << this.events.length
    this.distance = distancesToAcceptance(dfa)
    this.initial = dfa.initial * this.width
  }

  stepState(state: number, valuation: Valuation): number {
    if (state < 0) return state
    const holds = typeof valuation === 'function' ? valuation : (p: string) => valuation.has(p)
    let dfaState = Math.floor(state / this.width)
    const before = state % this.width
    let mask = 0
    this.events.forEach((event, i) => {
      if (!holds(event)) return
      mask |= 1 << i
      if (!(before & (1 << i)) && dfaState >= 0) dfaState = this.dfa.step(dfaState, event)
    })
    return dfaState < 0 ? -1 : dfaState * this.width + mask
  }

  stepAction(state: number, action: string, props: ReadonlySet<string>): number {
    if (state < 0) return state
    const symbol = this.dfa.alphabet.has(action) ? action : [...props].find((p) => this.dfa.alphabet.has(p))
    if (symbol === undefined) return state
    const next = this.dfa.step(Math.floor(state / this.width), symbol)
    return next < 0 ? -1 : next * this.width + (state % this.width)
  }

  isDead(state: number): boolean {
    return state < 0 || this.distance[Math.floor(state / this.width)]! < 0
  }
}
