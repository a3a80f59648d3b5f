// The shield suite: the time of one shield decision after a long trajectory, with 10, 50 and 200 laws, against
// what a formula-level checker does: re-evaluate every law over the whole trajectory so far at each decision.

import { createShield } from '../plugin/agent/index.js'
import { type Random, randomInt, seededRandom } from '../plugin/automata/random.js'
import { binary, type Formula, not, prop, unary } from '../plugin/ltl/ast.js'
import { LtlMonitor } from '../plugin/ltl/monitor.js'
import type { Shield } from '../plugin/ltl/shield.js'
import { goal } from './goals.js'
import { markdownTable } from './markdown-table.js'
import { median, type Suite, type SuiteOptions, type SuiteReport } from './suite.js'

const STATE_PROPS = Array.from({ length: 30 }, (_, i) => `has.item_${i}`)
const ACTIONS = Array.from({ length: 20 }, (_, i) => `mine.block_${i}`)
const LAW_COUNTS = [10, 50, 200] as const

/** A random law of LogicGuard's shape, G(phi_s -> X phi_a): one to three state literals, one action literal. */
function randomLaw(random: Random): Formula {
  // One literal at least is positive: a condition of negated state props alone also holds at an action position (no
  // has.X is true there), and its X then reads the next state, where no action prop ever holds: a law broken by the
  // shape of the trace, not by any act, at every step.
  const literals = Array.from({ length: 1 + randomInt(random, 3) }, (_, i) => {
    const p = prop(STATE_PROPS[randomInt(random, STATE_PROPS.length)]!)
    return i > 0 && random() < 0.5 ? not(p) : p
  })
  const condition = literals.reduce((a, b) => binary('and', a, b))
  const action = prop(ACTIONS[randomInt(random, ACTIONS.length)]!)
  // Mostly prohibitions, as in LogicGuard's hard laws; a few prescriptions, as in its soft ones.
  return unary('always', binary('implies', condition, unary('next', random() < 0.85 ? not(action) : action)))
}

/** A position of a LogicGuard trajectory: a state (the props true) or an action. */
type Position = ReadonlySet<string>

/**
 * The peer: evaluates one formula on a whole finite trajectory by dynamic programming over positions (backwards,
 * O(|formula| × length)), with the end of the trajectory read weakly (X at the end holds), i.e. "not violated so
 * far". This is the work a checker without automata repeats for every law at every decision.
 */
function holdsSoFar(formula: Formula, trace: readonly Position[]): boolean {
  const n = trace.length
  const values = (f: Formula): Uint8Array => {
    const out = new Uint8Array(n)
    switch (f.kind) {
      case 'true':
        out.fill(1)
        return out
      case 'false':
        return out
      case 'prop':
        for (let i = 0; i < n; i++) out[i] = trace[i]!.has(f.name) ? 1 : 0
        return out
      case 'not': {
        const a = values(f.arg)
        for (let i = 0; i < n; i++) out[i] = 1 - a[i]!
        return out
      }
      case 'and':
      case 'or':
      case 'implies': {
        const a = values(f.left)
        const b = values(f.right)
        for (let i = 0; i < n; i++) {
          out[i] = f.kind === 'and' ? a[i]! & b[i]! : f.kind === 'or' ? a[i]! | b[i]! : (1 - a[i]!) | b[i]!
        }
        return out
      }
      case 'next':
      case 'weakNext': {
        const a = values(f.arg)
        for (let i = 0; i < n; i++) out[i] = i + 1 < n ? a[i + 1]! : 1
        return out
      }
      case 'always': {
        const a = values(f.arg)
        let all = 1
        for (let i = n - 1; i >= 0; i--) out[i] = all &= a[i]!
        return out
      }
      default:
        throw new Error(`the peer evaluator does not need ${f.kind}`)
    }
  }
  return n === 0 || values(formula)[0] === 1
}

/** Each state proposition is true with probability 0.3. */
function randomState(random: Random): Position {
  return new Set(STATE_PROPS.filter(() => random() < 0.3))
}

interface Trajectory {
  readonly shield: Shield
  readonly laws: readonly Formula[]
  readonly trace: Position[]
  /** The state observed last: decisions are made here. */
  readonly state: Position
}

/** Runs `steps` state/action pairs: random states, and a random action among those the shield allows. */
function buildTrajectory(lawCount: number, steps: number, random: Random): Trajectory {
  const laws = Array.from({ length: lawCount }, () => randomLaw(random))
  const shield = createShield({ actions: ACTIONS })
  laws.forEach((formula, i) => {
    shield.add(new LtlMonitor(`L${i + 1}`, formula, 'hard', 'builtin'))
  })
  const trace: Position[] = []
  for (let step = 0; step < steps; step++) {
    // A state in which some action is allowed: where the laws leave none, the world moves on before the bot acts (a
    // state observed again replaces the last). A law broken on the way would be restarted by the shield and read as
    // broken for good by the peer's whole-trace semantics: the decisions compared after it would differ by design.
    let state = randomState(random)
    shield.observe(state)
    for (let tries = 0; tries < 1000 && shield.allowedActions().length === 0; tries++) {
      state = randomState(random)
      shield.observe(state)
    }
    const allowed = shield.allowedActions()
    if (allowed.length === 0) throw new Error(`${lawCount} laws leave no action in 1000 random states`)
    trace.push(state)
    const action = allowed[randomInt(random, allowed.length)]!
    shield.commit(action)
    trace.push(new Set([action]))
  }
  const state = randomState(random)
  shield.observe(state)
  trace.push(state)
  return { shield, laws, trace, state }
}

/** Median nanoseconds per call of `decide(i)`, over 7 batches each running for about `batchMs`. */
function timePerDecision(decide: (i: number) => number, batchMs: number): number {
  const perBatch: number[] = []
  let sink = 0
  let i = 0
  for (let b = 0; b < 7; b++) {
    const started = process.hrtime.bigint()
    const deadline = started + BigInt(batchMs) * 1_000_000n
    let calls = 0
    let now = started
    while (now < deadline) {
      for (let j = 0; j < 16; j++) sink += decide(i++)
      calls += 16
      now = process.hrtime.bigint()
    }
    perBatch.push(Number(now - started) / calls)
  }
  if (sink < 0) console.log(sink) // keeps the calls from being optimized away
  return median(perBatch)
}

export const shieldSuite: Suite = {
  name: 'shield',
  description: 'one shield decision after a 1,000-step trajectory, against re-evaluating every law over it',
  sources: ['bench/shield.ts'],
  async run({ quick, log }: SuiteOptions): Promise<SuiteReport> {
    const steps = quick ? 200 : 1000
    const rows: string[][] = []
    const raw: unknown[] = []
    let disagreeing = 0
    let at50 = Number.NaN
    for (const lawCount of LAW_COUNTS) {
      log(`${lawCount} laws: building a ${steps}-step trajectory`)
      const random = seededRandom(lawCount)
      const { shield, laws, trace } = buildTrajectory(lawCount, steps, random)
      // A decision at a fresh state: observe it, then decide one action. Both sides find every law the action
      // would break (the shield must name them), so the peer evaluates all laws rather than stopping at the first.
      const states = Array.from({ length: 64 }, () => randomState(random))
      const before = trace.slice(0, -1)
      const shieldDecides = (i: number) => {
        shield.observe(states[i % states.length]!)
        return shield.preview(ACTIONS[i % ACTIONS.length]!).blockedBy.length
      }
      const peerDecides = (i: number) => {
        const extended = [...before, states[i % states.length]!, new Set([ACTIONS[i % ACTIONS.length]!])]
        return laws.filter((law) => !holdsSoFar(law, extended)).length
      }
      const disagreements: number[] = []
      for (let i = 0; i < 200; i++) if (shieldDecides(i) !== peerDecides(i)) disagreements.push(i)
      disagreeing += disagreements.length
      const shieldNs = timePerDecision(shieldDecides, quick ? 100 : 1000)
      const peerNs = timePerDecision(peerDecides, quick ? 100 : 1000)
      if (lawCount === 50) at50 = shieldNs / 1000
      log(`${lawCount} laws: shield ${(shieldNs / 1000).toFixed(2)} µs, peer ${(peerNs / 1000).toFixed(1)} µs`)
      rows.push([
        String(lawCount),
        (shieldNs / 1000).toFixed(2),
        (peerNs / 1000).toFixed(1),
        (peerNs / shieldNs).toFixed(0),
        disagreements.length === 0 ? 'yes' : `NO (${disagreements.length} of 200)`,
      ])
      raw.push({ lawCount, steps, shieldNsPerDecision: shieldNs, peerNsPerDecision: peerNs, disagreements })
    }
    const markdown = [
      markdownTable(['laws', 'shield µs/decision', 're-evaluate µs/decision', 'ratio', 'same decisions'], rows),
      '',
      `- A decision asks whether one action is allowed after a trajectory of ${steps} state/action steps (random`,
      `  states over ${STATE_PROPS.length} propositions, actions drawn from those the shield allowed, ${ACTIONS.length} actions;`,
      '  a state in which the laws allow no action is drawn again, so no law is broken on the way).',
      '- Laws are random G(phi_s -> X phi_a) over one to three state literals, the first positive, 85% prohibitions',
      '  (seeded).',
      '- A decision: a fresh state is observed, then one action is decided, naming every law it would break.',
      '- shield: `Shield.observe` + `Shield.preview` — per law, one state transition, one action transition and one',
      '  dead-state lookup (median of 7 timed batches).',
      '- re-evaluate: every law evaluated over the whole trajectory plus the state and action by dynamic programming',
      '  over positions (linear in the trajectory), the end read weakly — what a formula-level checker repeats.',
      '- same decisions: both find the same number of broken laws in 200 decisions.',
      '- Goal: under 5 µs per decision at 50 laws.',
    ].join('\n')
    const goals = [
      goal(
        'the shield and re-evaluating every law block the same actions',
        `${disagreeing} decisions differ`,
        disagreeing === 0,
      ),
      goal(
        'under 5 µs per decision at 50 laws',
        Number.isNaN(at50) ? 'not measured' : `${at50.toFixed(2)} µs`,
        at50 < 5,
      ),
    ]
    return { markdown, raw, goals }
  },
}
