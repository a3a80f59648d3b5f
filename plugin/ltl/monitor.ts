import type { Dfa } from '../automata/dfa.js'
import { NONE } from '../automata/dfa.js'
import { distancesToAcceptance } from '../automata/search.js'
import { type Formula, propositions } from './ast.js'
import { compileLtl, valuationIndex } from './compile.js'
import { printLtl } from './printer.js'

export type LawKind = 'hard' | 'soft'
/** Where a law came from: typed by a player, shipped with the plugin, proposed by the critic, or learned. */
export type LawSource = 'user' | 'builtin' | 'critic' | 'constraint'

/** What is true at a state position: a set, or a function asked only about the propositions a law mentions. */
export type Valuation = ReadonlySet<string> | ((proposition: string) => boolean)

/**
 * Anything the shield can hold: a DFA-backed monitor over LogicGuard trajectories, which alternate state
 * positions (the predicates true now) and action positions (the one action taken), starting with a state.
 * States are numbers the monitor hands out; `NONE` means the monitor has fallen off (dead).
 */
export interface Monitor {
  readonly id: string
  readonly kind: LawKind
  readonly source: LawSource
  /** How the monitor reads in messages: the formula, or a constraint's description. */
  readonly text: string
  /** The state propositions the monitor reads, when it knows them (reported for over-constrained states). */
  readonly props?: readonly string[]
  readonly initial: number
  stepState(state: number, valuation: Valuation): number
  /**
   * Fast path: the state after a state position whose valuation of `props` is the bitmask `letter` (bit i for
   * props[i]). Monitors that offer it let the shield evaluate each proposition once per observation.
   */
  stepStateLetter?(state: number, letter: number): number
  /** `props` are the propositions true at the action position (the action and its families). */
  stepAction(state: number, action: string, props: ReadonlySet<string>): number
  /** No continuation from here can satisfy the law. */
  isDead(state: number): boolean
}

/** An LTLf law compiled once to a minimal DFA over the valuations of its own propositions. */
export class LtlMonitor implements Monitor {
  readonly text: string
  readonly initial: number
  readonly props: readonly string[]
  readonly dfa: Dfa
  private readonly distance: Int32Array
  /** Action letters depend only on the action, so each is computed once. */
  private readonly actionLetters = new Map<string, number>()

  constructor(
    readonly id: string,
    readonly formula: Formula,
    readonly kind: LawKind,
    readonly source: LawSource,
    readonly explanation = '',
    /** The formula's DFA when it was compiled elsewhere (a worker thread): `compileLtl(formula)`, as data. */
    compiled?: Dfa,
  ) {
    this.text = printLtl(formula)
    this.props = propositions(formula)
    this.dfa = compiled ?? compileLtl(formula)
    this.initial = this.dfa.initial
    this.distance = distancesToAcceptance(this.dfa)
  }

  stepState(state: number, valuation: Valuation): number {
    return state === NONE ? NONE : this.dfa.next(state, valuationIndex(this.props, valuation))
  }

  stepStateLetter(state: number, letter: number): number {
    return state === NONE ? NONE : this.dfa.next(state, letter)
  }

  stepAction(state: number, action: string, props: ReadonlySet<string>): number {
    if (state === NONE) return NONE
    let letter = this.actionLetters.get(action)
    if (letter === undefined) {
      letter = valuationIndex(this.props, props)
      this.actionLetters.set(action, letter)
    }
    return this.dfa.next(state, letter)
  }

  isDead(state: number): boolean {
    return state === NONE || this.distance[state]! < 0
  }
}
