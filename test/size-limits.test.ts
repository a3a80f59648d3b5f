// The size caps: products and sequences in the formal core, the agent's compositions and its conflict search stop
// at their limits with a message that names the limit and what was being built, and the agent refuses in words.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import {
  type ActiveConstraint,
  ConflictSearchLimitError,
  compose,
  smallestConflict,
} from '../plugin/agent/constraints/composition.js'
import { planGoal, runForms } from '../plugin/agent/run/goal-plan.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { Dfa, intersect, product, sequence, sequenceAll, TooManyStatesError } from '../plugin/automata/index.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

/** Counts `symbol` modulo n over `alphabet` (other symbols loop); accepts at 0. n states. */
function counter(symbol: string, n: number, alphabet: readonly string[]): Dfa {
  return Dfa.from({
    alphabet,
    initial: 0,
    accepting: [0],
    transitions: Array.from({ length: n }, (_, q) => alphabet.map((s) => (s === symbol ? (q + 1) % n : q))),
  })
}

const AB = ['a', 'b']
const threes = counter('a', 3, AB)
const fives = counter('b', 5, AB)

describe('the formal core', () => {
  test('a product past maxStates stops with TooManyStatesError: the limit and what was built', () => {
    assert.equal(product(threes, fives, 'intersection', { maxStates: 15 }).stateCount, 15, 'at the limit it builds')
    assert.throws(
      () => product(threes, fives, 'intersection', { maxStates: 14 }),
      (error: unknown) =>
        error instanceof TooManyStatesError &&
        error.limit === 14 &&
        error.building === 'the intersection product' &&
        error.message === 'the intersection product has more than 14 states (the limit)',
    )
    assert.throws(
      () => product(threes, fives, 'union', { maxStates: 10, building: 'the law book' }),
      /^TooManyStatesError: the law book has more than 10 states \(the limit\)$/,
    )
  })

  test('the default limit lets large products through (the bench builds 1,000 x 1,000)', () => {
    const big = intersect(counter('a', 1000, AB), counter('b', 1000, AB))
    assert.equal(big.stateCount, 1_000_000)
  })

  test('a limit that is not a positive whole number is refused', () => {
    assert.throws(() => product(threes, fives, 'intersection', { maxStates: 0 }), RangeError)
    assert.throws(() => sequence(threes, fives, { maxStates: 2.5 }), RangeError)
  })

  test('sequences are checked before they are built: at most the sum of the states', () => {
    assert.ok(sequence(threes, fives, { maxStates: 8 }))
    assert.throws(() => sequence(threes, fives, { maxStates: 7 }), TooManyStatesError)
    assert.throws(
      () => sequenceAll([fives, fives, fives], { maxStates: 9, building: 'the chain' }),
      (error: unknown) => error instanceof TooManyStatesError && error.building === 'the chain',
    )
  })
})

const constraint = (id: string, dfa: Dfa): ActiveConstraint => ({ id, phrase: id.replaceAll('-', ' '), dfa })

describe('compositions', () => {
  test('a composition past maxStates names the constraints it was intersecting', () => {
    const skill = counter('a', 7, AB)
    const constraints = [constraint('count-b-by-five', fives)]
    assert.equal(compose(skill, constraints, [], { maxStates: 35 }).reachableStates, 35)
    assert.throws(
      () => compose(skill, constraints, [], { maxStates: 34 }),
      (error: unknown) =>
        error instanceof TooManyStatesError && /the plan \(the skills with "count b by five"\)/.test(error.message),
    )
  })

  test('the conflict search gives up after maxConflictSubsets, and the composition names every constraint', () => {
    // The skill needs an a; "no a" conflicts with it, but it is the last of the constraints.
    const skill = Dfa.from({
      alphabet: AB,
      initial: 0,
      accepting: [1],
      transitions: [
        [1, 0],
        [1, 1],
      ],
    })
    const harmless = ['b-ok-1', 'b-ok-2', 'b-ok-3'].map((id) => constraint(id, Dfa.universal(['b'])))
    const noA = constraint('no-a', Dfa.from({ alphabet: ['a'], initial: 0, accepting: [0], transitions: [[null]] }))
    const all = [...harmless, noA]
    assert.deepEqual(smallestConflict(skill, all), ['no-a'], 'found within the default budget')
    assert.throws(
      () => smallestConflict(skill, all, [], { maxConflictSubsets: 3 }),
      (error: unknown) =>
        error instanceof ConflictSearchLimitError &&
        error.message === 'no conflicting set found in 3 combinations of the 4 constraints (the limit)',
    )
    const composition = compose(skill, all, [], { maxConflictSubsets: 3 })
    assert.deepEqual(composition.conflict, ['b-ok-1', 'b-ok-2', 'b-ok-3', 'no-a'])
    assert.equal(composition.conflictSearchLimit, 3)
    assert.throws(() => compose(skill, all, [], { maxConflictSubsets: -1 }), RangeError)
  })
})

describe('the agent refuses what is too large, in words', () => {
  const rules = loadRules()
  const grounding = offlineGrounding()
  const library = new MemoryLibrary()
  const agent = (limits?: { maxStates?: number; maxConflictSubsets?: number }) =>
    new CedarAgent({ rules, grounding, library, biomes: SIM_BIOMES, ...(limits ? { limits } : {}) })

  test('"collect 40000 coal" is refused before any skill is learned, saying the most one goal may ask for', async () => {
    const world = new SimWorld({ seed: 0 })
    const report = await agent().do('collect 40000 coal', world)
    assert.equal(report.result, undefined)
    assert.equal(world.state.acts, 0, 'nothing ran')
    assert.deepEqual(report.skills, [])
    assert.equal(
      report.refusal,
      '"40000" in "collect 40000 coal" is more than one goal may ask for: at most 2,304 (a full inventory); ask for fewer',
    )
    for (const written of ['1e20', '1,000,000', '3E3']) {
      const refused = await agent().prepare(`collect ${written} coal`, world.observe())
      assert.match(refused.refusal ?? '', new RegExp(`^"${written}" in `))
    }
  })

  test('"collect 2000 coal" under a 1,000-state limit is refused before the copies are built, and nothing runs', async () => {
    const world = new SimWorld({ seed: 0 })
    const report = await agent({ maxStates: 1000 }).do('collect 2000 coal', world)
    assert.equal(report.result, undefined)
    assert.equal(world.state.acts, 0, 'nothing ran')
    assert.equal(report.composition, undefined)
    assert.match(
      report.refusal ?? '',
      /^the plan is too large to check: the skills one after another \(craft\.wooden_pickaxe, mine\.coal_ore ×2000\) has more than 1,000 states \(the limit\)/,
    )
  })

  test('a plan whose product with a constraint passes maxStates is refused, naming the constraint', async () => {
    const instruction = 'collect a diamond but sleep at night'
    const world = new SimWorld({ seed: 0, startInventory: { white_bed: 1 } })
    const unbounded = await agent().prepare(instruction, world.observe())
    const built = unbounded.composition
    assert.ok(built && !unbounded.refusal, unbounded.refusal)
    // Room for the skills one after another (as the plan chains them: a chain runs on the skills' milestones), not
    // for their product with "sleep at night".
    const plan = planGoal(unbounded.grounded.goals, world.observe().inventory, grounding.inventory, rules)
    const sequenced = runForms(unbounded.skills, plan).reduce((n, dfa) => n + dfa.stateCount, 0)
    assert.ok(built.reachableStates > sequenced, `${built.reachableStates} product states, ${sequenced} sequenced`)
    const report = await agent({ maxStates: sequenced }).do(instruction, world)
    assert.equal(report.result, undefined)
    assert.equal(world.state.acts, 0, 'nothing ran')
    assert.match(
      report.refusal ?? '',
      new RegExp(`the plan \\(the skills with "sleep at night"\\) has more than ${sequenced} states \\(the limit\\)`),
    )
  })

  test('conflicting constraints past the search budget are named all together', async () => {
    const bounded = agent({ maxConflictSubsets: 2 })
    await bounded.constrain('mine minerals only at night')
    await bounded.constrain('mine minerals only by day')
    await bounded.constrain('sleep at night')
    const world = new SimWorld({ seed: 0 })
    const report = await bounded.do('collect some coal', world)
    assert.equal(world.state.acts, 0, 'nothing ran')
    assert.match(
      report.refusal ?? '',
      /conflicts with "mine minerals only at night" and "mine minerals only by day" and "sleep at night" together \(no smaller conflicting set found in 2 tries\)/,
    )
  })
})
