/**
 * The controller (CEDAR §3.2): runs a product DFA in a World. From the current product state it takes the first
 * action of a shortest path to acceptance over the actions it may still take, re-plans after every act and every
 * observed event, disables an action that keeps failing from a state, waits when the way on starts with an event
 * (nightfall), and ends in one of: the goal reached; accepted but the goal not met in the world (the accepted word
 * is a negative counterexample); no accepting path left (the word so far is one); blocked (the only ways left need
 * an action the gate refused: the message names who refused it); cancelled; died; out of steps.
 * Every act first passes `gate` (the shield), so other laws hold the controller too.
 */
import type { Dfa } from '../../automata/dfa.js'
import {
  isActionSymbol,
  type Primitive,
  parsePrimitive,
  parseSymbol,
  primitiveSymbol,
} from '../../vocabulary/symbols.js'
import { EventLogger } from '../../world/event-logger.js'
import { isPursuable } from '../../world/milestone-pursuit.js'
import type { ActOptions, Observation, World } from '../../world/port.js'
import { holdsIn } from '../../world/predicates.js'
import { type ReflexTurns, reflexTurns } from '../reflexes/index.js'
import { withGoalAmount } from './act-amounts.js'
import { actLimits } from './act-limits.js'
import { brokenTool } from './broken-tool.js'
import { ControllerPlan } from './controller-plan.js'
import type {
  ControllerOptions,
  ControllerOutcome,
  ControllerResult,
  ControllerStep,
  Gate,
} from './controller-types.js'
import { EdgeBook } from './edge-book.js'
import { GatheredAhead } from './gathered-ahead.js'
import { missingEffect } from './missing-effect.js'
import { StationsAway } from './stations-away.js'
import { transient, waitForEvent } from './world-waiting.js'

/** Times one act may be cut short by reflexes, with nothing done between, per failure counted. */
const PREEMPTIONS_PER_FAILURE = 4

export function runController(options: ControllerOptions): Promise<ControllerResult> {
  return new ControllerRun(options).run()
}

/** One run of the controller: the product state, the word so far, the steps, and what each edge did. */
class ControllerRun {
  private readonly world: World
  private readonly dfa: Dfa
  private readonly gate: Gate | undefined
  private readonly signal: AbortSignal | undefined
  private readonly maxSteps: number
  private readonly tries: number
  private readonly logger: EventLogger
  private readonly edges: EdgeBook
  private readonly plan: ControllerPlan
  private readonly limits: ReturnType<typeof actLimits>
  private readonly reflexes: ReflexTurns
  private readonly clock: () => number
  private readonly steps: ControllerStep[] = []
  private readonly gathered = new GatheredAhead()
  private readonly stations = new StationsAway()
  private readonly word: string[] = []
  private readonly unkept: string[] = []
  private readonly broken: string[] = []
  private state: number
  /** The state the act being recorded started from (reset after each record and each round). */
  private actFrom: number

  constructor(private readonly options: ControllerOptions) {
    const { world, dfa, gate, signal } = options
    this.world = world
    this.dfa = dfa
    this.gate = gate
    this.signal = signal
    this.maxSteps = options.maxSteps ?? 300
    this.tries = options.triesPerEdge ?? 3
    const watched = dfa.alphabet.symbols.filter((s) => !isActionSymbol(s) && parseSymbol(s))
    this.logger = new EventLogger([...watched, ...options.goal])
    this.edges = new EdgeBook(dfa.alphabet.size)
    this.plan = new ControllerPlan(dfa, this.edges, options.pursue)
    // Entering a biome, or night falling, mid-act is an event the controller cannot undo (act-limits.ts).
    this.limits = actLimits(dfa, this.plan.distance)
    this.clock = options.clock ?? (() => this.steps.length)
    this.state = dfa.initial
    this.actFrom = this.state
    this.feed(this.logger.start(world.observe()))
    this.reflexes = reflexTurns({
      world,
      dfa,
      distance: this.plan.distance,
      reflexes: options.reflexes ?? [],
      admit: options.admitReflex,
      failedHere: (action) => this.failedHere(action),
      check: gate ? (action, o) => gate.check(action, o) : undefined,
      // The way on the next round would take (the shelter reflex reads whether the night's work can go on).
      planned: (o) => (this.state < 0 ? undefined : this.plan.wayOn(this.state, o)?.[0]),
      signal,
      state: () => this.state,
      word: () => this.word,
      acting: (action) => this.acting(action, this.state),
      onActing: options.onActing,
      settle: (act, outcome, before, after) => {
        const action = primitiveSymbol(act.primitive)
        this.actFrom = this.state
        this.wore(before, after, act.primitive)
        const events = this.logger.record(act.primitive, outcome, after).slice(1)
        if (outcome.ok) {
          gate?.commit?.(action, before)
          if (dfa.alphabet.has(action)) this.feed([action])
        }
        this.feed(events)
        const message = outcome.ok ? outcome.detail : outcome.message
        const why = act.setAside === undefined ? act.why : `${act.why}, and ${act.setAside}`
        this.report(
          this.record(action, outcome.ok, `${why}: ${message ?? 'done'}`, events, after, undefined, act.setAside),
          [],
        )
      },
    })
  }

  async run(): Promise<ControllerResult> {
    for (let acts = 0; ; acts++) {
      const ended = await this.round(acts)
      if (ended) return ended
    }
  }

  /** One round: a reflex's act, a wait, or the next act of the way on; the result when the run ends. */
  private async round(acts: number): Promise<ControllerResult | undefined> {
    const { options, signal, dfa, gate } = this
    if (signal?.aborted) return this.finish('cancelled', 'stopped')
    this.actFrom = this.state
    const observation = this.world.observe()
    if (observation.health <= 0) return this.finish('died', 'the bot died')
    if (options.goal.every((e) => holdsIn(observation, e)))
      return this.finish('goal', `done: ${options.goal.join(', ')}`)
    const reflexAct = acts >= this.maxSteps ? undefined : this.reflexes.pending(observation)
    if (reflexAct) return (await this.reflexes.run(reflexAct)) ? undefined : this.finish('cancelled', 'stopped')
    if (this.state >= 0 && dfa.isAccepting(this.state) && acts > 0) {
      return this.finish(
        'accepted-without-goal',
        `the skill accepted, but ${options.goal.join(', ')} is not true`,
        true,
      )
    }
    if (acts >= this.maxSteps) return this.finish('step-limit', `gave up after ${this.maxSteps} actions`)
    const plan = this.plan.wayOn(this.state, this.stations.view(observation))
    if (!plan) return this.noWayOn(this.stations.view(observation))
    const chosen = options.choose && this.state >= 0 ? await this.choose(this.state, plan, observation) : undefined
    if (signal?.aborted) return this.finish('cancelled', 'stopped')
    const action = chosen ?? plan[0]
    const primitive = action === undefined ? undefined : parsePrimitive(action)
    // An accepting state with the goal unmet was handled above, so the plan has a first action, and it parses.
    if (action === undefined || !primitive) return this.finish('no-path', 'the plan starts with no action', true)
    const blockedBy = gate?.check(action, observation)
    if (blockedBy !== undefined) {
      const edge = this.edgeOf(action)
      this.edges.disable(edge)
      this.edges.refuse(edge, `${action} blocked by ${blockedBy}`)
      this.report(this.record(action, false, `blocked by ${blockedBy}`, [], observation, blockedBy), plan)
      return undefined
    }
    // Only where the DFA counts the act (a milestone DFA loops; its pursuit asks for logs only when short of them).
    const counted = this.state >= 0 && dfa.step(this.state, action) !== this.state
    if (counted && this.gathered.take(action, observation)) {
      // Done by an earlier act (a felled trunk's logs): no primitive runs, the shield has already passed it above.
      this.feed([action])
      this.report(this.record(action, true, 'a log felled with the trunk before', [], observation), plan)
      return undefined
    }
    return this.act(action, primitive, observation, plan)
  }

  /** No act leads on now: wait for the event the way on needs, or end blocked or with no path. */
  private async noWayOn(observation: Observation): Promise<ControllerResult | undefined> {
    const { state, options, signal } = this
    // The milestone's way on is an action the gate refused (and no other helps): blocked, not waiting.
    const refusedStep =
      state >= 0 && this.edges.anyRefused ? this.plan.towards(state, observation, 'refused') : undefined
    const refusal = refusedStep === undefined ? undefined : this.edges.refusal(this.edgeOf(refusedStep))
    if (refusal !== undefined) return this.finish('blocked', `no allowed way to the goal is left: ${refusal}`)
    const next = state < 0 ? undefined : this.plan.withEvents(state)?.[0]
    // A milestone the bot itself makes (has.oak_log.1) is waited for only while an action towards it is merely not
    // allowed yet; when every one has failed here (no tree anywhere), no wait brings it.
    const givenUp =
      options.pursue !== undefined &&
      next !== undefined &&
      isPursuable(next) &&
      this.plan.towards(state, observation, 'any') === undefined
    if (next !== undefined && !isActionSymbol(next) && !givenUp && this.world.waitTicks) {
      // A reflex that wants to act ends the wait early (the loop runs it, then waits again); so does the turn of
      // the day, after which what failed is tried again: a live bot whose bed failed at nightfall (sleep.bed given
      // up after three tries) waited for has.iron_ingot.3, which only its own acts bring, to the episode's end.
      const phase = observation.isNight
      const turned = () => this.world.observe().isNight !== phase
      const wants = () => turned() || this.reflexes.pending(this.world.observe()) !== undefined
      options.onActing?.(next, `waiting for ${next}`)
      const wait = await waitForEvent(this.world, this.logger, options.maxWaitTicks ?? 24_000, signal, wants)
      if (signal?.aborted) return this.finish('cancelled', 'stopped')
      this.feed(wait.events)
      if (turned()) this.edges.clear()
      if (wait.interrupted) return undefined
      if (wait.events.length === 0) return this.finish('no-path', `waited a day for ${next}, in vain`, true)
      return undefined
    }
    if (state >= 0 && this.edges.anyRefused && this.plan.refusalsBlock(state)) {
      return this.finish('blocked', `no allowed way to the goal is left: ${this.edges.refusers().join('; ')}`)
    }
    return this.finish('no-path', 'no way to the goal is left from here', true)
  }

  /** Runs the act (reflexes may cut it short) and books its outcome against the edge it took. */
  private async act(
    action: string,
    primitive: Primitive,
    observation: Observation,
    plan: readonly string[],
  ): Promise<ControllerResult | undefined> {
    const { options, gate } = this
    options.onActing?.(action)
    const { outcome, preempted } = await this.reflexes.interruptible(action, (inner) =>
      this.world.act(withGoalAmount(primitive, options.goal, observation), inner, this.acting(action, this.state)),
    )
    const after = this.world.observe()
    this.wore(observation, after, primitive)
    this.stations.settle(primitive, outcome)
    const events = this.logger.record(primitive, outcome, after).slice(1)
    if (outcome.ok) {
      gate?.commit?.(action, observation)
      // A milestone state is left only by its event, and the bot may stay in it for many acts: what failed or was
      // refused here before the world changed (no ore in sight yet) is tried again after an act that worked.
      this.edges.forgetState(this.state)
      this.gathered.settle(action, observation, after)
      const missing = missingEffect(this.dfa, this.plan.distance, this.state, action, events)
      if (missing !== undefined) {
        // Done, the world said, but what the act order waits for after it never came: not counted, tried again.
        this.feed(events)
        const message = `${outcome.detail ?? 'done'}, but ${missing} did not come: not counted`
        this.report(this.record(action, true, message, events, after), plan)
        return undefined
      }
      this.feed([action])
    } else if (outcome.failure === 'not_found' && (primitive.verb === 'mine' || primitive.verb === 'kill')) {
      this.feed(events)
      this.report(this.record(action, false, outcome.message, events, after), plan)
      await this.search(action, primitive.object, after, plan)
      return undefined
    } else if (preempted) {
      // Cut short for an urgent reflex act, which the next round runs: not the act's failure. But an act cut short
      // again and again with nothing done between (a live bot chased a sheep into a lake, the swimming reflex took
      // it ashore, and it chased the sheep in again: 130 acts in 60 s, all night) counts a failure every few times.
      this.feed(events)
      this.report(this.record(action, false, `interrupted: ${preempted.why}`, events, after), plan)
      const edge = this.edgeOf(action)
      if (this.edges.preempt(edge) % PREEMPTIONS_PER_FAILURE === 0 && this.edges.fail(edge) >= this.tries) {
        this.edges.disable(edge)
      }
      return undefined
    } else {
      if (outcome.failure === 'cancelled') return this.finish('cancelled', outcome.message)
      const edge = this.edgeOf(action)
      if (this.edges.fail(edge) >= this.tries || !transient(outcome.failure)) this.edges.disable(edge)
      if (outcome.failure === 'blocked') this.edges.refuse(edge, outcome.message)
    }
    this.feed(events)
    this.report(this.record(action, outcome.ok, outcome.ok ? outcome.detail : outcome.message, events, after), plan)
    return undefined
  }

  /**
   * The skill was learned where the thing was in sight; here it is not: search for it (a reflex, not a plan step —
   * the explore is still gated and recorded), then the plan goes on.
   */
  private async search(action: string, object: string, after: Observation, plan: readonly string[]): Promise<void> {
    const { gate } = this
    const search = `explore.${object}`
    const refused = gate?.check(search, after)
    const edge = this.edgeOf(action)
    const n = this.edges.fail(edge)
    if (refused !== undefined) this.edges.refuse(edge, `${search} blocked by ${refused}`)
    if (refused !== undefined || n >= this.tries) {
      this.edges.disable(edge)
      return
    }
    this.options.onActing?.(search)
    const primitive: Primitive = { verb: 'explore', object }
    const found = await this.world.act(primitive, this.signal, this.acting(search, this.state))
    const seen = this.world.observe()
    this.wore(after, seen, primitive)
    const searchEvents = this.logger.record(primitive, found, seen).slice(1)
    if (found.ok) {
      gate?.commit?.(search, after)
      // Found: the misses before were the walk's, not the plan's (a milestone state sees many walks).
      this.edges.forgive(edge)
      this.feed([search])
    }
    this.feed(searchEvents)
    this.report(this.record(search, found.ok, found.ok ? found.detail : found.message, searchEvents, seen), plan)
  }

  /** The actor's pick, when it is on the menu: an action that keeps a way to the goal open from `s`. */
  private async choose(s: number, plan: readonly string[], observation: Observation): Promise<string | undefined> {
    const actions = this.plan.menu(s)
    if (actions.length === 0) return undefined
    const { steps, signal } = this
    const pick = await this.options.choose?.({ plan, actions, observation, steps, signal })
    return pick !== undefined && actions.includes(pick) ? pick : undefined
  }

  private edgeOf(action: string): number {
    return this.edges.edge(this.state, this.dfa.alphabet.indexOf(action))
  }

  /** Whether `action` failed from the state the run is in now (since its last act that worked there). */
  private failedHere(action: string): boolean {
    return this.state >= 0 && this.dfa.alphabet.has(action) && this.edges.hasFailed(this.edgeOf(action))
  }

  private acting(action: string, s: number): ActOptions {
    const onActing = this.options.onActing
    return {
      ...this.limits(action, s),
      ...(onActing ? { onProgress: (detail: string) => onActing(action, detail) } : {}),
    }
  }

  private feed(symbols: readonly string[]): void {
    const { options } = this
    // Before the word moves on, and before what failed here is forgotten: a constraint the events release unkept.
    if (options.releasedUnkept && this.state >= 0 && symbols.some((s) => !isActionSymbol(s))) {
      for (const note of options.releasedUnkept(this.word, symbols, (action) => this.failedHere(action))) {
        this.unkept.push(note)
        options.onUnkept?.(note)
      }
    }
    for (const s of symbols) {
      this.word.push(s)
      if (this.state >= 0) this.state = this.dfa.step(this.state, s)
    }
  }

  private wore(before: Observation, after: Observation, primitive: Primitive): void {
    const tool = brokenTool(before, after, primitive)
    if (tool !== undefined) this.broken.push(tool)
  }

  // Not `options.onStep?.(record(...))`: that would skip the record, and the result's steps, without a listener.
  private report(step: ControllerStep, plan: readonly string[]): void {
    this.options.onStep?.(step, plan)
  }

  private record(
    action: string,
    ok: boolean,
    message: string | undefined,
    events: readonly string[],
    o: Observation,
    blockedBy?: string,
    setAside?: string,
  ): ControllerStep {
    const step: ControllerStep = {
      tick: this.clock(),
      action,
      ok,
      ...(message === undefined ? {} : { message }),
      events,
      night: o.isNight,
      biome: o.biome,
      position: { x: o.position.x, y: o.position.y, z: o.position.z },
      ...(blockedBy === undefined ? {} : { blockedBy }),
      ...(setAside === undefined ? {} : { setAside }),
      state: this.state,
      from: this.actFrom,
    }
    this.actFrom = this.state
    this.steps.push(step)
    return step
  }

  private finish(outcome: ControllerOutcome, message: string, counterexample = false): ControllerResult {
    const { broken, word } = this
    return {
      outcome,
      message: broken.length > 0 && outcome !== 'goal' ? `${message} (${broken.join(', ')} broke)` : message,
      ...(broken.length > 0 ? { brokenTools: [...broken] } : {}),
      ...(this.unkept.length > 0 ? { unkept: [...this.unkept] } : {}),
      word: [...word],
      steps: this.steps,
      trace: this.logger.trace.map((t) => ({
        state: [...t.state].sort(),
        action: t.action,
        ok: t.outcome.ok,
        ...(t.outcome.ok ? {} : { error: `${t.outcome.failure}: ${t.outcome.message}` }),
        ...(t.counts ? { counts: t.counts } : {}),
        ...(t.countsAfter ? { countsAfter: t.countsAfter } : {}),
      })),
      // A run stranded by a broken tool says nothing against the skill: the world wore it out.
      ...(counterexample && broken.length === 0 ? { counterexample: { word: [...word], label: false as const } } : {}),
    }
  }
}
