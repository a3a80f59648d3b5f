/**
 * The controller's way on from a product state (CEDAR §3.2, recomputed after every act and event): a shortest path
 * to acceptance over the actions not given up, else work that lies on the way anyway before a wait, else an act
 * order's path through milestones the bot pursues, else the milestone pursuit's action towards the next milestone.
 */
import type { Dfa } from '../../automata/dfa.js'
import { distancesToAcceptance, shortestPathTo, shortestPathToAcceptance } from '../../automata/search.js'
import { isActionSymbol } from '../../vocabulary/symbols.js'
import { isPursuable } from '../../world/milestone-pursuit.js'
import type { Observation } from '../../world/port.js'
import type { ControllerOptions } from './controller-types.js'
import type { EdgeBook } from './edge-book.js'

export class ControllerPlan {
  /** Each state's distance to acceptance over every symbol (-1: none). */
  readonly distance: Int32Array
  private readonly k: number

  constructor(
    private readonly dfa: Dfa,
    private readonly edges: EdgeBook,
    private readonly pursue: ControllerOptions['pursue'],
  ) {
    this.distance = distancesToAcceptance(dfa)
    this.k = dfa.alphabet.size
  }

  /** An action, not given up from `s`. */
  readonly usable = (s: number, a: number): boolean =>
    isActionSymbol(this.dfa.alphabet.symbol(a)) && !this.edges.isDisabled(this.edges.edge(s, a))

  /** The way on from `state`, or undefined when none starts with an act now. */
  wayOn(state: number, observation: Observation): string[] | undefined {
    if (state < 0) return undefined
    return (
      shortestPathToAcceptance(this.dfa, state, this.usable) ??
      this.workBeforeWaiting(state) ??
      this.actsFirst(state) ??
      this.pursuit(state, observation)
    )
  }

  /** The shortest way to acceptance with events in it, over what is not given up (what a wait is for). */
  withEvents(state: number): string[] | undefined {
    return shortestPathToAcceptance(this.dfa, state, (s, a) => !this.edges.isDisabled(this.edges.edge(s, a)))
  }

  /** Whether only refused edges stand between `state` and acceptance. */
  refusalsBlock(state: number): boolean {
    const refusedOnly = (s: number, a: number) => {
      const edge = this.edges.edge(s, a)
      return !this.edges.isDisabled(edge) || this.edges.isRefused(edge)
    }
    return shortestPathToAcceptance(this.dfa, state, refusedOnly) !== undefined
  }

  /** The actions an actor may pick from `s`: usable, and keeping a way to the goal open. */
  menu(s: number): string[] {
    const actions: string[] = []
    for (let a = 0; a < this.k; a++) {
      const next = this.dfa.next(s, a)
      if (this.usable(s, a) && next >= 0 && (this.distance[next] ?? -1) >= 0) actions.push(this.dfa.alphabet.symbol(a))
    }
    return actions
  }

  /**
   * The action towards the next milestone from `s`, among those not given up there: allowed from `s` now
   * (`refused`: the gate's refusals counted in), or at all (`any`: a constraint may allow it only later).
   */
  towards(s: number, observation: Observation, mode: 'now' | 'refused' | 'any'): string | undefined {
    const next = this.nextMilestone(s)
    if (!next || !this.pursue) return undefined
    return this.pursue(next.milestone, observation, (action) => {
      const a = this.dfa.alphabet.indexOf(action)
      const edge = this.edges.edge(s, a)
      if (a < 0 || !(this.usable(s, a) || (mode === 'refused' && this.edges.isRefused(edge)))) return false
      return mode === 'any' || this.live(s, a)
    })
  }

  /**
   * When the way on needs an event (nightfall before mining minerals), an action that lies on a shortest way
   * anyway — the event can come after it — is done now rather than after the wait: the daytime crafting first.
   */
  private workBeforeWaiting(s: number): string[] | undefined {
    const here = this.distance[s] ?? -1
    if (here <= 0) return undefined
    for (let a = 0; a < this.k; a++) {
      if (!this.usable(s, a)) continue
      const next = this.dfa.next(s, a)
      if (next >= 0 && this.distance[next] === here - 1) return [this.dfa.alphabet.symbol(a)]
    }
    return undefined
  }

  /** An act order's way on over the acts still allowed and the milestones they bring (CEDAR §3: recomputed). */
  private actsFirst(s: number): string[] | undefined {
    const path = shortestPathToAcceptance(
      this.dfa,
      s,
      (q, a) =>
        this.usable(q, a) || (!isActionSymbol(this.dfa.alphabet.symbol(a)) && isPursuable(this.dfa.alphabet.symbol(a))),
    )
    return path?.[0] !== undefined && isActionSymbol(path[0]) ? path : undefined
  }

  /** The next milestone the bot can work towards (`has.cobblestone.3`), and the way on through it. */
  private nextMilestone(s: number): { milestone: string; path: string[] } | undefined {
    if (!this.pursue) return undefined
    const path = shortestPathToAcceptance(this.dfa, s, (q, a) => !this.edges.isDisabled(this.edges.edge(q, a)))
    const milestone = path?.[0]
    return path && milestone !== undefined && isPursuable(milestone) ? { milestone, path } : undefined
  }

  /** Whether `a` may be taken from `s` without leaving every way to acceptance. */
  private live(s: number, a: number): boolean {
    const to = this.dfa.next(s, a)
    return to >= 0 && (this.distance[to] ?? -1) >= 0
  }

  /**
   * The way on through the next milestone: the action that works towards it, then the path. When the automaton
   * allows that action only after other actions (a rule says eat first when hungry), those come first; when only
   * an event would allow it (nightfall), there is no way on now.
   */
  private pursuit(s: number, observation: Observation): string[] | undefined {
    const next = this.nextMilestone(s)
    if (!next) return undefined
    const now = this.towards(s, observation, 'now')
    if (now !== undefined) return [now, ...next.path]
    const later = this.towards(s, observation, 'any')
    if (later === undefined) return undefined
    const a = this.dfa.alphabet.indexOf(later)
    const first = shortestPathTo(this.dfa, s, (q) => this.usable(q, a) && this.live(q, a), this.usable)
    return first && first.length > 0 ? [...first, later, ...next.path] : undefined
  }
}
