/**
 * The controller (CEDAR §3.2): runs a product DFA in a World. From the current product state it takes the first
 * action of a shortest path to acceptance over the actions it may still take, re-plans after every act and every
 * observed event, disables an action that keeps failing from a state, waits when the way on starts with an event
 * (nightfall), and ends in one of: the goal reached; accepted but the goal not met in the world (the accepted word
 * is a negative counterexample); no accepting path left (the word so far is one); blocked (the only ways left need
 * an action the gate refused: the message names who refused it); cancelled; died; out of steps.
 * Every act first passes `gate` (the shield), so other laws hold the controller too.
 */
import { distancesToAcceptance, shortestPathTo, shortestPathToAcceptance } from '../../automata/search.js'
import {
  isActionSymbol,
  type Primitive,
  parsePrimitive,
  parseSymbol,
  primitiveSymbol,
} from '../../vocabulary/symbols.js'
import { EventLogger } from '../../world/event-logger.js'
import { isPursuable } from '../../world/milestone-pursuit.js'
import type { ActOptions, Observation } from '../../world/port.js'
import { holdsIn } from '../../world/predicates.js'
import { reflexTurns } from '../reflexes/index.js'
import { withGoalAmount } from './act-amounts.js'
import { actLimits } from './act-limits.js'
import { brokenTool } from './broken-tool.js'
import type { ControllerOptions, ControllerOutcome, ControllerResult, ControllerStep } from './controller-types.js'
import { GatheredAhead } from './gathered-ahead.js'
import { missingEffect } from './missing-effect.js'
import { transient, waitForEvent } from './world-waiting.js'

export type {
  ActorMenu,
  ControllerOptions,
  ControllerOutcome,
  ControllerResult,
  ControllerStep,
  Gate,
} from './controller-types.js'

/** Times one act may be cut short by reflexes, with nothing done between, per failure counted. */
const PREEMPTIONS_PER_FAILURE = 4

export async function runController(options: ControllerOptions): Promise<ControllerResult> {
  const { world, dfa, gate, signal } = options
  const maxSteps = options.maxSteps ?? 300
  const tries = options.triesPerEdge ?? 3
  const k = dfa.alphabet.size
  const watched = dfa.alphabet.symbols.filter((s) => !isActionSymbol(s) && parseSymbol(s))
  const logger = new EventLogger([...watched, ...options.goal])
  const failures = new Map<number, number>()
  /** Acts cut short by a reflex, per edge: not failures one by one, but a failure every few (see below). */
  const preemptions = new Map<number, number>()
  const disabled = new Set<number>()
  /** Edges the gate (or the world's own shield) refused, and who refused: a run they strand ends 'blocked'. */
  const refusals = new Map<number, string>()
  const steps: ControllerStep[] = []
  const gathered = new GatheredAhead()
  const word: string[] = []
  let state = dfa.initial
  /** Whether `action` failed from the state the run is in now (since its last act that worked there). */
  const failedHere = (action: string) => {
    const key = state * k + dfa.alphabet.indexOf(action)
    return state >= 0 && dfa.alphabet.has(action) && (failures.has(key) || disabled.has(key))
  }
  /** The state the act being recorded started from (reset after each record and each round). */
  let actFrom = state
  const unkept: string[] = []
  const feed = (symbols: readonly string[]) => {
    // Before the word moves on, and before what failed here is forgotten: a constraint the events release unkept.
    if (options.releasedUnkept && state >= 0 && symbols.some((s) => !isActionSymbol(s))) {
      for (const note of options.releasedUnkept(word, symbols, failedHere)) {
        unkept.push(note)
        options.onUnkept?.(note)
      }
    }
    for (const s of symbols) {
      word.push(s)
      if (state >= 0) state = dfa.step(state, s)
    }
  }
  const goalMet = (o: Observation) => options.goal.every((e) => holdsIn(o, e))
  const broken: string[] = []
  const wore = (before: Observation, after: Observation, primitive: Primitive) => {
    const tool = brokenTool(before, after, primitive)
    if (tool !== undefined) broken.push(tool)
  }
  const finish = (outcome: ControllerOutcome, message: string, counterexample = false): ControllerResult => ({
    outcome,
    message: broken.length > 0 && outcome !== 'goal' ? `${message} (${broken.join(', ')} broke)` : message,
    ...(broken.length > 0 ? { brokenTools: [...broken] } : {}),
    ...(unkept.length > 0 ? { unkept: [...unkept] } : {}),
    word: [...word],
    steps,
    trace: logger.trace.map((t) => ({
      state: [...t.state].sort(),
      action: t.action,
      ok: t.outcome.ok,
      ...(t.outcome.ok ? {} : { error: `${t.outcome.failure}: ${t.outcome.message}` }),
      ...(t.counts ? { counts: t.counts } : {}),
      ...(t.countsAfter ? { countsAfter: t.countsAfter } : {}),
    })),
    // A run stranded by a broken tool says nothing against the skill: the world wore it out.
    ...(counterexample && broken.length === 0 ? { counterexample: { word: [...word], label: false as const } } : {}),
  })
  const clock = options.clock ?? (() => steps.length)
  // Not `options.onStep?.(record(...))`: that would skip the record, and the result's steps, without a listener.
  const report = (step: ControllerStep, plan: readonly string[]) => options.onStep?.(step, plan)
  feed(logger.start(world.observe()))
  /**
   * When the way on needs an event (nightfall before mining minerals), an action that lies on a shortest way
   * anyway — the event can come after it — is done now rather than after the wait: the daytime crafting first.
   */
  const workBeforeWaiting = (s: number): string[] | undefined => {
    const here = distance[s] ?? -1
    if (here <= 0) return undefined
    for (let a = 0; a < k; a++) {
      if (!usable(s, a)) continue
      const next = dfa.next(s, a)
      if (next >= 0 && distance[next] === here - 1) return [dfa.alphabet.symbol(a)]
    }
    return undefined
  }
  const distance = distancesToAcceptance(dfa)
  // Entering a biome, or night falling, mid-act is an event the controller cannot undo (act-limits.ts).
  const limits = actLimits(dfa, distance)
  const acting = (action: string, s: number): ActOptions => {
    const onActing = options.onActing
    return {
      ...limits(action, s),
      ...(onActing ? { onProgress: (detail: string) => onActing(action, detail) } : {}),
    }
  }
  const usable = (s: number, a: number) => isActionSymbol(dfa.alphabet.symbol(a)) && !disabled.has(s * k + a)
  const forgetFailures = (s: number) => {
    for (let a = 0; a < k; a++) {
      failures.delete(s * k + a)
      preemptions.delete(s * k + a)
      disabled.delete(s * k + a)
      refusals.delete(s * k + a)
    }
  }
  /** An act order's way on over the acts still allowed and the milestones they bring (CEDAR §3: recomputed). */
  const actsFirst = (s: number): string[] | undefined => {
    const path = shortestPathToAcceptance(
      dfa,
      s,
      (q, a) => usable(q, a) || (!isActionSymbol(dfa.alphabet.symbol(a)) && isPursuable(dfa.alphabet.symbol(a))),
    )
    return path?.[0] !== undefined && isActionSymbol(path[0]) ? path : undefined
  }
  /** The next milestone the bot can work towards (`has.cobblestone.3`), and the way on through it. */
  const nextMilestone = (s: number): { milestone: string; path: string[] } | undefined => {
    if (!options.pursue) return undefined
    const path = shortestPathToAcceptance(dfa, s, (q, a) => !disabled.has(q * k + a))
    const milestone = path?.[0]
    return path && milestone !== undefined && isPursuable(milestone) ? { milestone, path } : undefined
  }
  /** Whether `action` may be taken from `s` without leaving every way to acceptance. */
  const live = (s: number, a: number) => {
    const to = dfa.next(s, a)
    return to >= 0 && (distance[to] ?? -1) >= 0
  }
  /**
   * The action towards the next milestone from `s`, among those not given up there: allowed from `s` now
   * (`refused`: the gate's refusals counted in), or at all (`any`: a constraint may allow it only later).
   */
  const towards = (s: number, observation: Observation, mode: 'now' | 'refused' | 'any'): string | undefined => {
    const next = nextMilestone(s)
    if (!next || !options.pursue) return undefined
    return options.pursue(next.milestone, observation, (action) => {
      const a = dfa.alphabet.indexOf(action)
      if (a < 0 || !(usable(s, a) || (mode === 'refused' && refusals.has(s * k + a)))) return false
      return mode === 'any' || live(s, a)
    })
  }
  /**
   * The way on through the next milestone: the action that works towards it, then the path. When the automaton
   * allows that action only after other actions (a rule says eat first when hungry), those come first; when only
   * an event would allow it (nightfall), there is no way on now.
   */
  const pursuit = (s: number, observation: Observation): string[] | undefined => {
    const next = nextMilestone(s)
    if (!next) return undefined
    const now = towards(s, observation, 'now')
    if (now !== undefined) return [now, ...next.path]
    const later = towards(s, observation, 'any')
    if (later === undefined) return undefined
    const a = dfa.alphabet.indexOf(later)
    const first = shortestPathTo(dfa, s, (q) => usable(q, a) && live(q, a), usable)
    return first && first.length > 0 ? [...first, later, ...next.path] : undefined
  }

  /** The actor's pick, when it is on the menu: an action that keeps a way to the goal open from `s`. */
  const choose = async (s: number, plan: readonly string[], observation: Observation) => {
    const actions: string[] = []
    for (let a = 0; a < k; a++) {
      const next = dfa.next(s, a)
      if (usable(s, a) && next >= 0 && (distance[next] ?? -1) >= 0) actions.push(dfa.alphabet.symbol(a))
    }
    if (actions.length === 0) return undefined
    const pick = await options.choose?.({ plan, actions, observation, steps, signal })
    return pick !== undefined && actions.includes(pick) ? pick : undefined
  }

  const reflexes = reflexTurns({
    world,
    dfa,
    distance,
    reflexes: options.reflexes ?? [],
    admit: options.admitReflex,
    failedHere,
    check: gate ? (action, o) => gate.check(action, o) : undefined,
    signal,
    state: () => state,
    word: () => word,
    acting: (action) => acting(action, state),
    onActing: options.onActing,
    settle: (act, outcome, before, after) => {
      const action = primitiveSymbol(act.primitive)
      actFrom = state
      wore(before, after, act.primitive)
      const events = logger.record(act.primitive, outcome, after).slice(1)
      if (outcome.ok) {
        gate?.commit?.(action, before)
        if (dfa.alphabet.has(action)) feed([action])
      }
      feed(events)
      const message = outcome.ok ? outcome.detail : outcome.message
      const why = act.setAside === undefined ? act.why : `${act.why}, and ${act.setAside}`
      report(record(action, outcome.ok, `${why}: ${message ?? 'done'}`, events, after, undefined, act.setAside), [])
    },
  })

  for (let acts = 0; ; acts++) {
    if (signal?.aborted) return finish('cancelled', 'stopped')
    actFrom = state
    const observation = world.observe()
    if (observation.health <= 0) return finish('died', 'the bot died')
    if (goalMet(observation)) return finish('goal', `done: ${options.goal.join(', ')}`)
    const reflexAct = acts >= maxSteps ? undefined : reflexes.pending(observation)
    if (reflexAct) {
      if (!(await reflexes.run(reflexAct))) return finish('cancelled', 'stopped')
      continue
    }
    if (state >= 0 && dfa.isAccepting(state) && acts > 0) {
      return finish('accepted-without-goal', `the skill accepted, but ${options.goal.join(', ')} is not true`, true)
    }
    if (acts >= maxSteps) return finish('step-limit', `gave up after ${maxSteps} actions`)
    const plan =
      state < 0
        ? undefined
        : (shortestPathToAcceptance(dfa, state, usable) ??
          workBeforeWaiting(state) ??
          actsFirst(state) ??
          pursuit(state, observation))
    if (!plan) {
      // The milestone's way on is an action the gate refused (and no other helps): blocked, not waiting.
      const refusedStep = state >= 0 && refusals.size > 0 ? towards(state, observation, 'refused') : undefined
      const refusal =
        refusedStep === undefined ? undefined : refusals.get(state * k + dfa.alphabet.indexOf(refusedStep))
      if (refusal !== undefined) return finish('blocked', `no allowed way to the goal is left: ${refusal}`)
      const withEvents =
        state < 0 ? undefined : shortestPathToAcceptance(dfa, state, (s, a) => !disabled.has(s * k + a))
      const next = withEvents?.[0]
      // A milestone the bot itself makes (has.oak_log.1) is waited for only while an action towards it is merely not
      // allowed yet; when every one has failed here (no tree anywhere), no wait brings it.
      const givenUp =
        options.pursue !== undefined &&
        next !== undefined &&
        isPursuable(next) &&
        towards(state, observation, 'any') === undefined
      if (next !== undefined && !isActionSymbol(next) && !givenUp && world.waitTicks) {
        // A reflex that wants to act ends the wait early (the loop runs it, then waits again); so does the turn of
        // the day, after which what failed is tried again: a live bot whose bed failed at nightfall (sleep.bed given
        // up after three tries) waited for has.iron_ingot.3, which only its own acts bring, to the episode's end.
        const phase = observation.isNight
        const turned = () => world.observe().isNight !== phase
        const wants = () => turned() || reflexes.pending(world.observe()) !== undefined
        options.onActing?.(next, `waiting for ${next}`)
        const wait = await waitForEvent(world, logger, options.maxWaitTicks ?? 24_000, signal, wants)
        if (signal?.aborted) return finish('cancelled', 'stopped')
        feed(wait.events)
        if (turned()) {
          failures.clear()
          preemptions.clear()
          disabled.clear()
          refusals.clear()
        }
        if (wait.interrupted) continue
        if (wait.events.length === 0) return finish('no-path', `waited a day for ${next}, in vain`, true)
        continue
      }
      const refusedOnly = (s: number, a: number) => !disabled.has(s * k + a) || refusals.has(s * k + a)
      if (state >= 0 && refusals.size > 0 && shortestPathToAcceptance(dfa, state, refusedOnly)) {
        return finish('blocked', `no allowed way to the goal is left: ${[...new Set(refusals.values())].join('; ')}`)
      }
      return finish('no-path', 'no way to the goal is left from here', true)
    }
    const chosen = options.choose && state >= 0 ? await choose(state, plan, observation) : undefined
    if (signal?.aborted) return finish('cancelled', 'stopped')
    const action = chosen ?? plan[0]
    const primitive = action === undefined ? undefined : parsePrimitive(action)
    // An accepting state with the goal unmet was handled above, so the plan has a first action, and it parses.
    if (action === undefined || !primitive) return finish('no-path', 'the plan starts with no action', true)
    const blockedBy = gate?.check(action, observation)
    if (blockedBy !== undefined) {
      const key = state * k + dfa.alphabet.indexOf(action)
      disabled.add(key)
      refusals.set(key, `${action} blocked by ${blockedBy}`)
      const step = record(action, false, `blocked by ${blockedBy}`, [], observation, blockedBy)
      report(step, plan)
      continue
    }
    // Only where the DFA counts the act (a milestone DFA loops; its pursuit asks for logs only when short of them).
    const counted = state >= 0 && dfa.step(state, action) !== state
    if (counted && gathered.take(action, observation)) {
      // Done by an earlier act (a felled trunk's logs): no primitive runs, the shield has already passed it above.
      feed([action])
      report(record(action, true, 'a log felled with the trunk before', [], observation), plan)
      continue
    }
    options.onActing?.(action)
    const { outcome, preempted } = await reflexes.interruptible(action, (inner) =>
      world.act(withGoalAmount(primitive, options.goal, observation), inner, acting(action, state)),
    )
    const after = world.observe()
    wore(observation, after, primitive)
    const events = logger.record(primitive, outcome, after).slice(1)
    if (outcome.ok) {
      gate?.commit?.(action, observation)
      // A milestone state is left only by its event, and the bot may stay in it for many acts: what failed or was
      // refused here before the world changed (no ore in sight yet) is tried again after an act that worked.
      forgetFailures(state)
      gathered.settle(action, observation, after)
      const missing = missingEffect(dfa, distance, state, action, events)
      if (missing !== undefined) {
        // Done, the world said, but what the act order waits for after it never came: not counted, tried again.
        feed(events)
        report(
          record(action, true, `${outcome.detail ?? 'done'}, but ${missing} did not come: not counted`, events, after),
          plan,
        )
        continue
      }
      feed([action])
    } else if (outcome.failure === 'not_found' && (primitive.verb === 'mine' || primitive.verb === 'kill')) {
      // The skill was learned where the thing was in sight; here it is not: search for it (a reflex, not a plan
      // step — the explore is still gated and recorded), then the plan goes on.
      feed(events)
      report(record(action, false, outcome.message, events, after), plan)
      const search = `explore.${primitive.object}`
      const refused = gate?.check(search, after)
      const key = state * k + dfa.alphabet.indexOf(action)
      const n = (failures.get(key) ?? 0) + 1
      failures.set(key, n)
      if (refused !== undefined) refusals.set(key, `${search} blocked by ${refused}`)
      if (refused !== undefined || n >= tries) {
        disabled.add(key)
        continue
      }
      options.onActing?.(search)
      const found = await world.act({ verb: 'explore', object: primitive.object }, signal, acting(search, state))
      const seen = world.observe()
      wore(after, seen, { verb: 'explore', object: primitive.object })
      const searchEvents = logger.record({ verb: 'explore', object: primitive.object }, found, seen).slice(1)
      if (found.ok) {
        gate?.commit?.(search, after)
        // Found: the misses before were the walk's, not the plan's (a milestone state sees many walks).
        failures.delete(key)
        feed([search])
      }
      feed(searchEvents)
      report(record(search, found.ok, found.ok ? found.detail : found.message, searchEvents, seen), plan)
      continue
    } else if (preempted) {
      // Cut short for an urgent reflex act, which the next round runs: not the act's failure. But an act cut short
      // again and again with nothing done between (a live bot chased a sheep into a lake, the swimming reflex took
      // it ashore, and it chased the sheep in again: 130 acts in 60 s, all night) counts a failure every few times.
      feed(events)
      report(record(action, false, `interrupted: ${preempted.why}`, events, after), plan)
      const key = state * k + dfa.alphabet.indexOf(action)
      const cut = (preemptions.get(key) ?? 0) + 1
      preemptions.set(key, cut)
      if (cut % PREEMPTIONS_PER_FAILURE === 0) {
        const n = (failures.get(key) ?? 0) + 1
        failures.set(key, n)
        if (n >= tries) disabled.add(key)
      }
      continue
    } else {
      if (outcome.failure === 'cancelled') return finish('cancelled', outcome.message)
      const key = state * k + dfa.alphabet.indexOf(action)
      const n = (failures.get(key) ?? 0) + 1
      failures.set(key, n)
      if (n >= tries || !transient(outcome.failure)) disabled.add(key)
      if (outcome.failure === 'blocked') refusals.set(key, outcome.message)
    }
    feed(events)
    report(record(action, outcome.ok, outcome.ok ? outcome.detail : outcome.message, events, after), plan)
  }

  function record(
    action: string,
    ok: boolean,
    message: string | undefined,
    events: readonly string[],
    o: Observation,
    blockedBy?: string,
    setAside?: string,
  ): ControllerStep {
    const step: ControllerStep = {
      tick: clock(),
      action,
      ok,
      ...(message === undefined ? {} : { message }),
      events,
      night: o.isNight,
      biome: o.biome,
      position: { x: o.position.x, y: o.position.y, z: o.position.z },
      ...(blockedBy === undefined ? {} : { blockedBy }),
      ...(setAside === undefined ? {} : { setAside }),
      state,
      from: actFrom,
    }
    actFrom = state
    steps.push(step)
    return step
  }
}
