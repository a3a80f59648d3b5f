// The controller alone, against a fake World whose every act is scripted: which actions it takes from a product
// DFA, how it answers failures, gate refusals, cancellation and a product with no way left, and what it reports.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  type ControllerOptions,
  type ControllerStep,
  type Gate,
  runController,
} from '../plugin/agent/controller/index.js'
import { Dfa } from '../plugin/automata/dfa.js'
import { type Primitive, primitiveSymbol } from '../plugin/vocabulary/symbols.js'
import {
  type ActOptions,
  type FailureKind,
  failure,
  type Observation,
  type Outcome,
  success,
  type World,
} from '../plugin/world/port.js'

/** A DFA from its edges `from symbol to`; every other transition is missing (the word is rejected). */
function dfa(alphabet: readonly string[], edges: readonly (readonly [number, string, number])[], accepting: number[]) {
  const states = Math.max(0, ...edges.flatMap(([from, , to]) => [from, to]), ...accepting) + 1
  const transitions = Array.from({ length: states }, () => alphabet.map((): number | null => null))
  for (const [from, symbol, to] of edges) {
    const column = alphabet.indexOf(symbol)
    assert.ok(column >= 0, `${symbol} is in the alphabet`)
    transitions[from]![column] = to
  }
  return Dfa.from({ alphabet, initial: 0, accepting, transitions })
}

/** What one act does: its outcome, and the items it leaves in the inventory when it succeeds. */
interface Reply {
  readonly outcome: Outcome
  readonly gives?: Readonly<Record<string, number>>
}
const ok = (gives?: Record<string, number>): Reply => ({ outcome: success(), ...(gives ? { gives } : {}) })
const fails = (kind: FailureKind, message: string = kind): Reply => ({ outcome: failure(kind, message) })

/**
 * A World whose acts answer from a script: per action symbol, the replies in order (the last one repeats); an
 * action with no script is a test bug. Night falls after `nightAfterTicks` of waiting, if ever.
 */
class ScriptedWorld implements World {
  readonly inventory = new Map<string, number>()
  readonly acts: string[] = []
  readonly avoided: (readonly string[] | undefined)[] = []
  readonly stopAt: (readonly string[] | undefined)[] = []
  health = 20
  isNight = false
  waited = 0
  waitTicks?: (ticks: number, signal?: AbortSignal) => Promise<void>

  constructor(
    private readonly script: Readonly<Record<string, readonly Reply[]>>,
    options: { readonly nightAfterTicks?: number; readonly dayAfterTicks?: number; readonly canWait?: boolean } = {},
  ) {
    if (options.dayAfterTicks !== undefined) this.isNight = true
    if (options.canWait) {
      this.waitTicks = async (ticks) => {
        this.waited += ticks
        if (options.nightAfterTicks !== undefined && this.waited >= options.nightAfterTicks) this.isNight = true
        if (options.dayAfterTicks !== undefined && this.waited >= options.dayAfterTicks) this.isNight = false
      }
    }
  }

  observe(): Observation {
    return {
      inventory: new Map(this.inventory),
      equipped: undefined,
      timeOfDay: this.isNight ? 14_000 : 1_000,
      isNight: this.isNight,
      biome: 'forest',
      position: { x: this.acts.length, y: 64, z: 0 },
      health: this.health,
      food: 20,
      nearest: () => undefined,
    }
  }

  async act(primitive: Primitive, _signal?: AbortSignal, options?: ActOptions) {
    const symbol = primitiveSymbol(primitive)
    const replies = this.script[symbol]
    assert.ok(replies && replies.length > 0, `the controller tried ${symbol}, which the test did not script`)
    const done = this.acts.filter((a) => a === symbol).length
    const reply = replies[Math.min(done, replies.length - 1)]!
    this.acts.push(symbol)
    this.avoided.push(options?.avoidBiomes)
    this.stopAt.push(options?.stopAt)
    if (reply.outcome.ok) {
      for (const [item, n] of Object.entries(reply.gives ?? {}))
        this.inventory.set(item, (this.inventory.get(item) ?? 0) + n)
    }
    return reply.outcome
  }
}

/** A gate that refuses the named actions, saying who refused each; it remembers what was committed. */
function refusing(refusals: Readonly<Record<string, string>>): Gate & { readonly committed: string[] } {
  const committed: string[] = []
  return {
    committed,
    check: (action) => refusals[action],
    commit: (action) => {
      committed.push(action)
    },
  }
}

function run(world: World, options: Omit<ControllerOptions, 'world'>) {
  return runController({ world, ...options })
}

// Logs then planks (the planks need the log), or birch logs as a second way to a log.
const LOGS_THEN_PLANKS = dfa(
  ['mine.oak_log', 'mine.birch_log', 'craft.oak_planks', 'craft.stick'],
  [
    [0, 'mine.oak_log', 1],
    [0, 'mine.birch_log', 1],
    [1, 'craft.oak_planks', 2],
  ],
  [2],
)

describe('the controller follows the product DFA', () => {
  test('it takes the shortest way to acceptance, records the events its acts cause, and ends with the goal', async () => {
    // Two ways: a stick first (three acts) or the log then the planks (two): the shorter is taken.
    const product = dfa(
      ['craft.stick', 'mine.oak_log', 'craft.oak_planks'],
      [
        [0, 'craft.stick', 3],
        [3, 'mine.oak_log', 4],
        [4, 'craft.oak_planks', 2],
        [0, 'mine.oak_log', 1],
        [1, 'craft.oak_planks', 2],
      ],
      [2],
    )
    const world = new ScriptedWorld({
      'craft.stick': [ok({ stick: 4 })],
      'mine.oak_log': [ok({ oak_log: 1 })],
      'craft.oak_planks': [ok({ oak_planks: 4 })],
    })
    const result = await run(world, { dfa: product, goal: ['has.oak_planks.4'] })
    assert.equal(result.outcome, 'goal', result.message)
    assert.equal(result.message, 'done: has.oak_planks.4')
    assert.deepEqual(world.acts, ['mine.oak_log', 'craft.oak_planks'])
    assert.deepEqual(
      result.word.filter((s) => s.includes('oak_')),
      ['mine.oak_log', 'has.oak_log.1', 'craft.oak_planks', 'has.oak_planks.1', 'has.oak_planks.4'],
      'each act, then the events it caused',
    )
    assert.equal(result.counterexample, undefined)
  })

  test('the events the world shows move the product: the plan after an event is the one from its state', async () => {
    // Having the log (an event) is what opens the planks; the DFA cannot craft them on the action alone.
    const product = dfa(
      ['mine.oak_log', 'has.oak_log.1', 'craft.oak_planks'],
      [
        [0, 'mine.oak_log', 1],
        [1, 'has.oak_log.1', 3],
        [3, 'craft.oak_planks', 2],
      ],
      [2],
    )
    const world = new ScriptedWorld({
      'mine.oak_log': [ok({ oak_log: 1 })],
      'craft.oak_planks': [ok({ oak_planks: 4 })],
    })
    const result = await run(world, { dfa: product, goal: ['has.oak_planks.1'] })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['mine.oak_log', 'craft.oak_planks'])
  })

  test('a goal already true when the run starts ends it before any act', async () => {
    const world = new ScriptedWorld({})
    world.inventory.set('oak_planks', 4)
    const result = await run(world, { dfa: LOGS_THEN_PLANKS, goal: ['has.oak_planks.4'] })
    assert.equal(result.outcome, 'goal')
    assert.deepEqual(world.acts, [])
  })

  test('the product accepting while the world lacks the goal ends with the word as a counterexample', async () => {
    // The world says the planks were crafted but leaves none: the skill accepted a word that does not work.
    const world = new ScriptedWorld({ 'mine.oak_log': [ok({ oak_log: 1 })], 'craft.oak_planks': [ok()] })
    const result = await run(world, { dfa: LOGS_THEN_PLANKS, goal: ['has.oak_planks.1'] })
    assert.equal(result.outcome, 'accepted-without-goal')
    assert.match(result.message, /has\.oak_planks\.1 is not true/)
    assert.deepEqual(result.counterexample?.label, false)
    assert.deepEqual(
      result.counterexample?.word.filter((s) => s.includes('.oak_')),
      ['mine.oak_log', 'has.oak_log.1', 'craft.oak_planks'],
    )
  })
})

describe('failed acts', () => {
  test('a passing failure (a path that failed) is tried again from the same state, and the run goes on', async () => {
    const world = new ScriptedWorld({
      'mine.oak_log': [fails('path_failed', 'could not reach the tree'), ok({ oak_log: 1 })],
      'craft.oak_planks': [ok({ oak_planks: 4 })],
    })
    const result = await run(world, { dfa: LOGS_THEN_PLANKS, goal: ['has.oak_planks.1'] })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['mine.oak_log', 'mine.oak_log', 'craft.oak_planks'])
    assert.deepEqual(
      result.steps.map((s) => [s.action, s.ok, s.message]),
      [
        ['mine.oak_log', false, 'could not reach the tree'],
        ['mine.oak_log', true, undefined],
        ['craft.oak_planks', true, undefined],
      ],
    )
  })

  test('a dig whose drop never reached the inventory is tried again, not taken as done', async () => {
    const world = new ScriptedWorld({
      'mine.oak_log': [fails('no_drop', 'mined oak_log, but nothing was picked up'), ok({ oak_log: 1 })],
      'craft.oak_planks': [ok({ oak_planks: 4 })],
    })
    const result = await run(world, { dfa: LOGS_THEN_PLANKS, goal: ['has.oak_planks.1'] })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['mine.oak_log', 'mine.oak_log', 'craft.oak_planks'])
  })

  test('an action that keeps failing is given up after three tries and the plan takes another way', async () => {
    const world = new ScriptedWorld({
      'mine.oak_log': [fails('timeout')],
      'mine.birch_log': [ok({ birch_log: 1 })],
      'craft.oak_planks': [ok({ oak_planks: 4 })],
    })
    const result = await run(world, { dfa: LOGS_THEN_PLANKS, goal: ['has.oak_planks.1'] })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['mine.oak_log', 'mine.oak_log', 'mine.oak_log', 'mine.birch_log', 'craft.oak_planks'])
  })

  test('a lasting failure (a missing tool) is not tried again: the plan moves on at once', async () => {
    const world = new ScriptedWorld({
      'mine.oak_log': [fails('missing_tool', 'needs an axe')],
      'mine.birch_log': [ok({ birch_log: 1 })],
      'craft.oak_planks': [ok({ oak_planks: 4 })],
    })
    const result = await run(world, { dfa: LOGS_THEN_PLANKS, goal: ['has.oak_planks.1'] })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['mine.oak_log', 'mine.birch_log', 'craft.oak_planks'])
  })

  test('when every way has failed the run ends with no path, its word a counterexample', async () => {
    const world = new ScriptedWorld({
      'mine.oak_log': [fails('missing_tool')],
      'mine.birch_log': [fails('missing_tool')],
    })
    const result = await run(world, { dfa: LOGS_THEN_PLANKS, goal: ['has.oak_planks.1'] })
    assert.equal(result.outcome, 'no-path')
    assert.equal(result.message, 'no way to the goal is left from here')
    assert.deepEqual(world.acts, ['mine.oak_log', 'mine.birch_log'])
    assert.deepEqual(result.counterexample?.word, result.word)
  })

  test('an event that leaves the product no accepting path ends the run with no path', async () => {
    // Mining by night is forbidden: the act's event (night fell meanwhile) kills the product.
    const product = dfa(
      ['mine.oak_log', 'time.night', 'craft.oak_planks'],
      [
        [0, 'mine.oak_log', 1],
        [1, 'craft.oak_planks', 2],
      ],
      [2],
    )
    const world = new ScriptedWorld({ 'mine.oak_log': [ok({ oak_log: 1 })] })
    const act = world.act.bind(world)
    world.act = async (primitive, signal, options) => {
      world.isNight = true
      return act(primitive, signal, options)
    }
    const result = await run(world, { dfa: product, goal: ['has.oak_planks.1'] })
    assert.equal(result.outcome, 'no-path')
    assert.deepEqual(world.acts, ['mine.oak_log'])
    assert.ok(result.word.includes('time.night'), result.word.join(' '))
  })

  test('a block that is not in sight is searched for (explore), then mined', async () => {
    const product = dfa(['mine.oak_log'], [[0, 'mine.oak_log', 1]], [1])
    const world = new ScriptedWorld({
      'mine.oak_log': [fails('not_found', 'no oak_log in sight'), ok({ oak_log: 1 })],
      'explore.oak_log': [ok()],
    })
    const result = await run(world, { dfa: product, goal: ['has.oak_log.1'] })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['mine.oak_log', 'explore.oak_log', 'mine.oak_log'])
  })

  test('the bot dying ends the run', async () => {
    const world = new ScriptedWorld({ 'mine.oak_log': [ok({ oak_log: 1 })] })
    const act = world.act.bind(world)
    world.act = async (primitive, signal, options) => {
      world.health = 0
      return act(primitive, signal, options)
    }
    const result = await run(world, { dfa: LOGS_THEN_PLANKS, goal: ['has.oak_planks.1'] })
    assert.equal(result.outcome, 'died')
    assert.deepEqual(world.acts, ['mine.oak_log'])
  })

  test('it gives up after maxSteps acts', async () => {
    const world = new ScriptedWorld({ 'mine.oak_log': [fails('timeout')], 'mine.birch_log': [fails('timeout')] })
    const result = await run(world, { dfa: LOGS_THEN_PLANKS, goal: ['has.oak_planks.1'], maxSteps: 4 })
    assert.equal(result.outcome, 'step-limit')
    assert.equal(result.message, 'gave up after 4 actions')
    assert.equal(world.acts.length, 4)
  })
})

describe('the gate (the shield)', () => {
  test('an action the gate refuses is not run: the plan takes an allowed one, and the step names who refused', async () => {
    const gate = refusing({ 'mine.oak_log': 'L2' })
    const world = new ScriptedWorld({
      'mine.birch_log': [ok({ birch_log: 1 })],
      'craft.oak_planks': [ok({ oak_planks: 4 })],
    })
    const result = await run(world, { dfa: LOGS_THEN_PLANKS, goal: ['has.oak_planks.1'], gate })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['mine.birch_log', 'craft.oak_planks'], 'the refused action never reached the world')
    const blocked = result.steps[0]
    assert.equal(blocked?.action, 'mine.oak_log')
    assert.equal(blocked?.ok, false)
    assert.equal(blocked?.blockedBy, 'L2')
    assert.deepEqual(gate.committed, ['mine.birch_log', 'craft.oak_planks'], 'only what ran is committed')
    assert.ok(!result.word.includes('mine.oak_log'), 'a refused action is not part of the word')
  })

  test('when the gate refuses every way on, the run ends blocked and names who refused', async () => {
    const gate = refusing({ 'mine.oak_log': 'L2', 'mine.birch_log': 'constraint "never mine birch"' })
    const world = new ScriptedWorld({})
    const result = await run(world, { dfa: LOGS_THEN_PLANKS, goal: ['has.oak_planks.1'], gate })
    assert.equal(result.outcome, 'blocked', result.message)
    assert.match(result.message, /mine\.oak_log blocked by L2/)
    assert.match(result.message, /mine\.birch_log blocked by constraint "never mine birch"/)
    assert.deepEqual(world.acts, [])
    assert.equal(result.counterexample, undefined, 'a law stopping the run says nothing against the skill')
  })

  test("the world's own shield refusing an act also ends the run blocked, with its reason", async () => {
    const product = dfa(['mine.oak_log'], [[0, 'mine.oak_log', 1]], [1])
    const world = new ScriptedWorld({ 'mine.oak_log': [fails('blocked', 'mine.oak_log is blocked by L3 (hard)')] })
    const result = await run(world, { dfa: product, goal: ['has.oak_log.1'] })
    assert.equal(result.outcome, 'blocked', result.message)
    assert.match(result.message, /blocked by L3/)
    assert.deepEqual(world.acts, ['mine.oak_log'], 'tried once: a refusal is not a passing failure')
  })

  test('a refused search for a block out of sight is not made', async () => {
    const product = dfa(['mine.oak_log'], [[0, 'mine.oak_log', 1]], [1])
    const gate = refusing({ 'explore.oak_log': 'L4' })
    const world = new ScriptedWorld({ 'mine.oak_log': [fails('not_found')] })
    const result = await run(world, { dfa: product, goal: ['has.oak_log.1'], gate })
    assert.deepEqual(world.acts, ['mine.oak_log'])
    assert.equal(result.outcome, 'blocked', result.message)
    assert.match(result.message, /explore\.oak_log blocked by L4/)
  })
})

describe('an actor choosing the act (the LLM actor’s seat)', () => {
  test('it is offered only the actions that keep a way to the goal; its pick is taken; off the menu, the plan’s', async () => {
    const world = new ScriptedWorld({
      'mine.oak_log': [ok({ oak_log: 1 })],
      'mine.birch_log': [ok({ birch_log: 1 })],
      'craft.oak_planks': [ok({ oak_planks: 4 })],
    })
    const menus: string[][] = []
    const result = await run(world, {
      dfa: LOGS_THEN_PLANKS,
      goal: ['has.oak_planks.4'],
      // Birch first (the plan's first is oak: the alphabet's order), then an action that is no way on.
      choose: async ({ actions }) => {
        menus.push([...actions])
        return menus.length === 1 ? 'mine.birch_log' : 'craft.stick'
      },
    })
    assert.equal(result.outcome, 'goal')
    assert.deepEqual(menus, [['mine.oak_log', 'mine.birch_log'], ['craft.oak_planks']])
    assert.deepEqual(world.acts, ['mine.birch_log', 'craft.oak_planks'])
  })

  test('a pick the gate refuses is not acted; the actor sees the refusal and picks again', async () => {
    const world = new ScriptedWorld({
      'mine.oak_log': [ok({ oak_log: 1 })],
      'mine.birch_log': [ok({ birch_log: 1 })],
      'craft.oak_planks': [ok({ oak_planks: 4 })],
    })
    const seen: string[] = []
    const result = await run(world, {
      dfa: LOGS_THEN_PLANKS,
      goal: ['has.oak_planks.4'],
      gate: refusing({ 'mine.birch_log': 'L1 (hard) G !mine.birch_log' }),
      choose: async ({ actions, steps }) => {
        seen.push(steps.map((s) => `${s.action}${s.blockedBy ? ` blocked by ${s.blockedBy}` : ''}`).join(', '))
        return actions.includes('mine.birch_log') ? 'mine.birch_log' : actions[0]
      },
    })
    assert.equal(result.outcome, 'goal')
    assert.deepEqual(world.acts, ['mine.oak_log', 'craft.oak_planks'], 'the refused pick never ran')
    assert.equal(seen[1], 'mine.birch_log blocked by L1 (hard) G !mine.birch_log')
  })
})

describe('waiting for an event', () => {
  // Diamonds only after nightfall: the way on starts with an event the bot cannot cause, so it waits.
  const NIGHT_THEN_MINE = dfa(
    ['time.night', 'mine.diamond_ore'],
    [
      [0, 'time.night', 1],
      [1, 'mine.diamond_ore', 2],
    ],
    [2],
  )

  test('the controller lets time pass until the event, then acts', async () => {
    const world = new ScriptedWorld(
      { 'mine.diamond_ore': [ok({ diamond: 1 })] },
      { canWait: true, nightAfterTicks: 1000 },
    )
    const result = await run(world, { dfa: NIGHT_THEN_MINE, goal: ['has.diamond.1'] })
    assert.equal(result.outcome, 'goal', result.message)
    assert.ok(world.waited >= 1000, `waited ${world.waited} ticks`)
    assert.deepEqual(world.acts, ['mine.diamond_ore'])
  })

  test('an act that nightfall would leave dead (mining under "sleep at night") is told to stop at nightfall', async () => {
    // Planks then a log; a night may fall before either. After nightfall the planks may still be made (and the log
    // mined after the next day breaks), but the log only after a sleep: its act must stop when night falls.
    const product = dfa(
      ['craft.planks', 'mine.oak_log', 'sleep.bed', 'time.night', 'time.day'],
      [
        [0, 'time.day', 0], // the run starts by day
        [0, 'craft.planks', 1],
        [1, 'mine.oak_log', 2],
        [0, 'time.night', 3],
        [3, 'craft.planks', 4],
        [4, 'time.day', 1],
        [1, 'time.night', 5],
        [5, 'sleep.bed', 6],
        [6, 'time.day', 1],
      ],
      [2],
    )
    const world = new ScriptedWorld({ 'craft.planks': [ok({ planks: 4 })], 'mine.oak_log': [ok({ oak_log: 1 })] })
    const result = await run(world, { dfa: product, goal: ['has.oak_log.1'] })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['craft.planks', 'mine.oak_log'])
    assert.deepEqual(world.stopAt, [undefined, ['time.night']])
  })

  test('an event that never comes ends the run with no path after the longest wait', async () => {
    const world = new ScriptedWorld({}, { canWait: true })
    const result = await run(world, { dfa: NIGHT_THEN_MINE, goal: ['has.diamond.1'], maxWaitTicks: 2000 })
    assert.equal(result.outcome, 'no-path')
    assert.match(result.message, /waited a day for time\.night, in vain/)
    assert.equal(world.waited, 2000)
  })

  test('a world that cannot wait ends the run with no path at once', async () => {
    const world = new ScriptedWorld({})
    const result = await run(world, { dfa: NIGHT_THEN_MINE, goal: ['has.diamond.1'] })
    assert.equal(result.outcome, 'no-path')
    assert.deepEqual(world.acts, [])
  })
})

describe('milestone skills', () => {
  // The milestone language of "collect an oak log": the log's event accepts, its action loops until then.
  const LOG_MILESTONE = dfa(
    ['has.oak_log.1', 'mine.oak_log'],
    [
      [0, 'mine.oak_log', 0],
      [0, 'has.oak_log.1', 1],
      [1, 'mine.oak_log', 1],
      [1, 'has.oak_log.1', 1],
    ],
    [1],
  )
  const pursueWith =
    (...actions: string[]): NonNullable<ControllerOptions['pursue']> =>
    (_milestone, _observation, allowed) =>
      actions.find(allowed)

  test('the milestone is pursued by the action that makes it', async () => {
    const world = new ScriptedWorld({ 'mine.oak_log': [ok({ oak_log: 1 })] }, { canWait: true })
    const result = await run(world, { dfa: LOG_MILESTONE, goal: ['has.oak_log.1'], pursue: pursueWith('mine.oak_log') })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['mine.oak_log'])
  })

  test('when every way to a milestone the bot makes has failed, the run ends with no path, not a day of waiting', async () => {
    const world = new ScriptedWorld(
      {
        'mine.oak_log': [fails('not_found', 'no oak_log in sight')],
        'explore.oak_log': [fails('not_found', 'searched and saw none')],
      },
      { canWait: true },
    )
    const result = await run(world, { dfa: LOG_MILESTONE, goal: ['has.oak_log.1'], pursue: pursueWith('mine.oak_log') })
    assert.equal(result.outcome, 'no-path', result.message)
    assert.equal(result.message, 'no way to the goal is left from here')
    assert.equal(world.waited, 0, 'no waiting for a log nobody brings')
    assert.equal(world.acts.filter((a) => a === 'explore.oak_log').length, 2)
  })

  test('a milestone whose action a rule allows only after another action (eat when hungry) gets that action first', async () => {
    // The log's milestone ∩ "eat when hungry", the bot hungry: mining waits for the bread.
    const product = dfa(
      ['has.oak_log.1', 'mine.oak_log', 'eat.bread', 'food.low'],
      [
        [0, 'eat.bread', 1],
        [0, 'food.low', 0],
        [0, 'has.oak_log.1', 3],
        [1, 'mine.oak_log', 1],
        [1, 'eat.bread', 1],
        [1, 'food.low', 0],
        [1, 'has.oak_log.1', 2],
        [2, 'has.oak_log.1', 2],
        [3, 'has.oak_log.1', 3],
      ],
      [2, 3],
    )
    const world = new ScriptedWorld({ 'eat.bread': [ok()], 'mine.oak_log': [ok({ oak_log: 1 })] }, { canWait: true })
    const result = await run(world, { dfa: product, goal: ['has.oak_log.1'], pursue: pursueWith('mine.oak_log') })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['eat.bread', 'mine.oak_log'])
    assert.equal(world.waited, 0)
  })

  test('a milestone whose action a constraint allows only after an event (nightfall) is waited for', async () => {
    // "Mine diamonds only at night" over the diamond's milestone: by day the event's way is open, its action not.
    const product = dfa(
      ['has.diamond.1', 'mine.diamond_ore', 'time.night'],
      [
        [0, 'has.diamond.1', 2],
        [0, 'time.night', 1],
        [1, 'mine.diamond_ore', 1],
        [1, 'has.diamond.1', 2],
      ],
      [2],
    )
    const world = new ScriptedWorld(
      { 'mine.diamond_ore': [ok({ diamond: 1 })] },
      { canWait: true, nightAfterTicks: 1000 },
    )
    const result = await run(world, { dfa: product, goal: ['has.diamond.1'], pursue: pursueWith('mine.diamond_ore') })
    assert.equal(result.outcome, 'goal', result.message)
    assert.ok(world.waited >= 1000, `waited ${world.waited} ticks`)
    assert.deepEqual(world.acts, ['mine.diamond_ore'])
  })
  test('a wait for what only the bot brings ends when the day turns, and what failed before is tried again', async () => {
    // "Sleep at night" over a diamond's milestone, begun at night: only sleep.bed leads on (the milestone's event may
    // come at any time, the mine only after the sleep). The bed fails three times and is given up; the controller
    // then waits for has.diamond.1, which only its own acts bring. Live, such a wait outlasted the episode.
    const product = dfa(
      ['sleep.bed', 'mine.diamond_ore', 'has.diamond.1'],
      [
        [0, 'sleep.bed', 1],
        [0, 'has.diamond.1', 2],
        [1, 'mine.diamond_ore', 1],
        [1, 'has.diamond.1', 2],
      ],
      [2],
    )
    const failed = fails('server_error', 'the bed is too far')
    const world = new ScriptedWorld(
      { 'sleep.bed': [failed, failed, failed, ok()], 'mine.diamond_ore': [ok({ diamond: 1 })] },
      { canWait: true, dayAfterTicks: 1000 },
    )
    const result = await run(world, {
      dfa: product,
      goal: ['has.diamond.1'],
      maxWaitTicks: 24_000,
      pursue: pursueWith('mine.diamond_ore'),
    })
    assert.equal(result.outcome, 'goal', result.message)
    assert.ok(world.waited >= 1000 && world.waited < 24_000, `waited ${world.waited} ticks`)
    assert.deepEqual(world.acts, ['sleep.bed', 'sleep.bed', 'sleep.bed', 'sleep.bed', 'mine.diamond_ore'])
  })
})

describe('cancellation', () => {
  test('an abort between acts stops the run before the next one, as cancelled', async () => {
    const stop = new AbortController()
    const world = new ScriptedWorld({
      'mine.oak_log': [ok({ oak_log: 1 })],
      'craft.oak_planks': [ok({ oak_planks: 4 })],
    })
    const result = await run(world, {
      dfa: LOGS_THEN_PLANKS,
      goal: ['has.oak_planks.1'],
      signal: stop.signal,
      onStep: () => stop.abort(),
    })
    assert.equal(result.outcome, 'cancelled')
    assert.deepEqual(world.acts, ['mine.oak_log'])
    assert.equal(result.counterexample, undefined)
  })

  test('an act the world reports cancelled ends the run as cancelled', async () => {
    const world = new ScriptedWorld({ 'mine.oak_log': [fails('cancelled', 'stopped by Alex')] })
    const result = await run(world, { dfa: LOGS_THEN_PLANKS, goal: ['has.oak_planks.1'] })
    assert.equal(result.outcome, 'cancelled')
    assert.equal(result.message, 'stopped by Alex')
  })

  test('an abort while waiting for an event ends the run as cancelled, not as a vain wait', async () => {
    const stop = new AbortController()
    const world = new ScriptedWorld({}, { canWait: true })
    const wait = world.waitTicks!
    world.waitTicks = async (ticks, signal) => {
      await wait(ticks, signal)
      if (world.waited >= 600) stop.abort()
    }
    const night = dfa(
      ['time.night', 'mine.diamond_ore'],
      [
        [0, 'time.night', 1],
        [1, 'mine.diamond_ore', 2],
      ],
      [2],
    )
    const result = await run(world, { dfa: night, goal: ['has.diamond.1'], signal: stop.signal })
    assert.equal(result.outcome, 'cancelled', result.message)
    assert.equal(world.waited, 600, 'no more waiting after the abort')
    assert.equal(result.counterexample, undefined)
  })
})

describe('step reports', () => {
  test('every act and refusal is reported as it ends, with the plan it came from, its events and the clock', async () => {
    const reports: { step: ControllerStep; plan: readonly string[] }[] = []
    const world = new ScriptedWorld({
      'mine.birch_log': [fails('path_failed', 'no way up the hill'), ok({ birch_log: 1 })],
      'craft.oak_planks': [ok({ oak_planks: 4 })],
    })
    let ticks = 0
    const result = await run(world, {
      dfa: LOGS_THEN_PLANKS,
      goal: ['has.oak_planks.1'],
      gate: refusing({ 'mine.oak_log': 'L2' }),
      clock: () => (ticks += 100),
      onStep: (step, plan) => reports.push({ step, plan }),
    })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(
      reports.map(({ step, plan }) => [step.action, step.ok, step.message, step.blockedBy, plan[0]]),
      [
        ['mine.oak_log', false, 'blocked by L2', 'L2', 'mine.oak_log'],
        ['mine.birch_log', false, 'no way up the hill', undefined, 'mine.birch_log'],
        ['mine.birch_log', true, undefined, undefined, 'mine.birch_log'],
        ['craft.oak_planks', true, undefined, undefined, 'craft.oak_planks'],
      ],
    )
    assert.deepEqual(reports[1]?.plan, ['mine.birch_log', 'craft.oak_planks'])
    assert.deepEqual(
      reports.map((r) => r.step.tick),
      [100, 200, 300, 400],
    )
    assert.ok(reports[2]?.step.events.includes('has.birch_log.1'), 'the events the act caused')
    assert.deepEqual(reports[3]?.step.position, { x: 3, y: 64, z: 0 }, 'where the bot stood after the act')
    assert.deepEqual(
      result.steps,
      reports.map((r) => r.step),
      'the result keeps the same steps',
    )
    assert.deepEqual(
      result.trace.map((t) => [t.action, t.ok]),
      [
        ['mine.birch_log', false],
        ['mine.birch_log', true],
        ['craft.oak_planks', true],
      ],
      'the LogicGuard trace has the acts that reached the world',
    )
  })
})
