// The LogicGuard critic: trajectories in, laws out — validated, installed soft, relaxed when they over-constrain,
// and run on a schedule.
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, mock, test } from 'node:test'
import mcData from 'minecraft-data'
import { runCarelessEpisode } from '../bench/careless-actor.js'
import { createLaws } from '../plugin/agent/assembly.js'
import { CriticRunner } from '../plugin/agent/critic/critic-runner.js'
import { CriticSchedule, CronExpressionError } from '../plugin/agent/critic/critic-schedule.js'
import { overConstrainedState } from '../plugin/agent/critic/deadlock.js'
import { createShield, LawBook } from '../plugin/agent/critic/laws.js'
import { OfflineCritic, repetitionLaws } from '../plugin/agent/critic/offline-critic.js'
import { TrajectoryLog } from '../plugin/agent/critic/trajectory-log.js'
import type { OverConstrainedState, Trajectory } from '../plugin/agent/critic/types.js'
import { validateProposals } from '../plugin/agent/critic/validator.js'
import { symbolProblem } from '../plugin/grounding/validate.js'

const trajectory = (id: string, steps: Trajectory['steps'], success = false): Trajectory => ({
  id,
  task: 'get diamond',
  startedAt: '2026-11-30T00:00:00.000Z',
  steps,
  success,
})

describe('offline critic on a careless actor in the Sim', () => {
  let runs: Trajectory[]
  before(() => {
    // Seeds whose careless runs make both mistakes below and nothing that hides them: since a Sim workstation has a
    // level, seed 0's second wooden pickaxe is crafted at a table placed anew (near.crafting_table comes new), which
    // the repetition rule rightly cannot tell from progress.
    runs = [1, 2, 4].map((seed) => runCarelessEpisode({ seed }).trajectory)
  })

  test('its laws pass validation and block the mistakes it saw', async () => {
    const steps = runs.flatMap((t) => t.steps)
    const context = {
      task: 'get diamond',
      // Three runs: each mistake is seen once or twice, below the default's five.
      minEvidence: 1,
      laws: [],
      actions: [...new Set(steps.map((s) => s.action))].sort(),
      predicates: [...new Set(steps.flatMap((s) => s.state))].sort(),
    }
    const proposals = await new OfflineCritic().propose(runs, context)
    const registry = mcData('1.21.4')
    const { accepted, rejected } = validateProposals(proposals, {
      ...context,
      trajectories: runs,
      symbolProblem: (symbol) => symbolProblem(symbol, registry),
    })
    assert.ok(accepted.length >= 5, `accepted ${accepted.length}, rejected ${rejected.map((r) => r.reason).join('; ')}`)
    const shield = createShield({ actions: context.actions })
    const book = new LawBook(shield)
    for (const law of accepted) book.add(law.text, law.kind, 'critic', law.explanation)
    // The mistakes the brief names: iron with a wooden pickaxe in hand, and a second wooden pickaxe.
    const ironWithWood = steps.filter(
      (s) => s.action === 'mine.iron_ore' && !s.ok && s.state.includes('equipped.wooden_pickaxe'),
    )
    const secondPickaxe = steps.filter(
      (s) => s.action === 'craft.wooden_pickaxe' && s.state.includes('has.wooden_pickaxe.1'),
    )
    assert.ok(ironWithWood.length > 0 && secondPickaxe.length > 0, 'the actor made both mistakes')
    for (const step of [...ironWithWood, ...secondPickaxe]) {
      shield.reset()
      shield.observe(new Set(step.state))
      const verdict = shield.preview(step.action)
      assert.equal(verdict.allowed, false, `${step.action} in {${step.state.join(', ')}}`)
    }
    // And every failure it saw is now refused where it happened, at least most of them.
    const failures = steps.filter((s) => !s.ok)
    const blocked = failures.filter((s) => {
      shield.reset()
      shield.observe(new Set(s.state))
      return !shield.preview(s.action).allowed
    })
    assert.ok(blocked.length / failures.length > 0.6, `${blocked.length} of ${failures.length} failures blocked`)
  })
})

describe('repetition laws', () => {
  const step = (state: string[], action: string) => ({ state, action, ok: true })
  test('a wasted repeat gives a soft law, unless the action made progress under the same condition elsewhere', () => {
    const wasted = trajectory('w', [
      step([], 'craft.wooden_pickaxe'),
      step(['has.wooden_pickaxe.1'], 'craft.wooden_pickaxe'),
      step(['has.wooden_pickaxe.1'], 'mine.stone'),
      step(['has.wooden_pickaxe.1', 'has.cobblestone.1'], 'craft.stick'),
      step(['has.wooden_pickaxe.1', 'has.cobblestone.1', 'has.stick.1'], 'craft.stick'),
      step(['has.wooden_pickaxe.1', 'has.cobblestone.1', 'has.stick.1'], 'mine.stone'),
    ])
    const progress = trajectory('p', [
      step([], 'craft.stick'),
      step(['has.stick.1'], 'craft.stick'),
      step(['has.stick.1', 'has.stick.8'], 'mine.stone'),
    ])
    assert.deepEqual(
      repetitionLaws([wasted]).map((l) => l.formula),
      ['G(has.wooden_pickaxe.1 -> X !craft.wooden_pickaxe)', 'G(has.stick.1 -> X !craft.stick)'],
    )
    assert.deepEqual(
      repetitionLaws([wasted, progress]).map((l) => l.formula),
      ['G(has.wooden_pickaxe.1 -> X !craft.wooden_pickaxe)'],
      'more sticks while holding one were progress: no law against it',
    )
  })
})

test('a trajectory log that cannot make its folder says which, and does not spin', {
  skip: process.platform !== 'linux' && 'needs /proc',
}, async () => {
  // Under /proc the kernel says ENOENT for a folder whose parent exists; Node's recursive mkdir looped there.
  const dir = `/proc/${process.pid}/cedar-trajectories`
  const log = new TrajectoryLog(dir)
  const trajectory = runCarelessEpisode({ seed: 1 }).trajectory
  await assert.rejects(log.append(trajectory), new RegExp(`cannot create the directory ${dir} \\(ENOENT\\)`))
  await assert.rejects(log.moveCursor('x'), /cannot create the directory/)
})

describe('law validation', () => {
  const runs = [
    trajectory('t1', [
      { state: ['time.day'], action: 'mine.logs', ok: true },
      { state: ['time.day', 'has.logs.1'], action: 'craft.planks', ok: true },
    ]),
  ]
  const base = {
    actions: ['mine.logs', 'craft.planks'],
    predicates: ['time.day', 'time.night', 'has.logs.1'],
    trajectories: runs,
  }

  test('a law that would leave a recorded state without any allowed action is rejected', () => {
    const laws = [{ id: 'C1', text: 'G(time.day -> X !mine.logs)', kind: 'soft' as const, source: 'critic' }]
    const { accepted, rejected } = validateProposals(
      [{ formula: 'G(time.day -> X !craft.planks)', kind: 'soft', explanation: '', origin: 'test' }],
      { ...base, laws },
    )
    assert.deepEqual(accepted, [])
    assert.match(rejected[0]?.reason ?? '', /^it would leave no allowed action in a recorded state: \{time\.day\}$/)
  })

  test('unknown propositions, ungrounded conditions, duplicates and implied laws are rejected with reasons', () => {
    const laws = [{ id: 'C1', text: 'G(time.day -> X !mine.logs)', kind: 'soft' as const, source: 'critic' }]
    const propose = (formula: string) => ({ formula, kind: 'soft' as const, explanation: '', origin: 'test' })
    const { accepted, rejected } = validateProposals(
      [
        propose('G(has.logs.1 -> X !mine.logs'),
        propose('G(is.happy -> X !mine.logs)'),
        propose('G(time.night -> X !mine.logs)'),
        propose('G(time.day -> X(!mine.logs))'),
        propose('G(time.day & has.logs.1 -> X !mine.logs)'),
        propose('G(has.logs.1 -> X(!craft.planks & !mine.logs))'),
        propose('G(has.logs.1 -> X craft.planks)'),
      ],
      { ...base, laws },
    )
    assert.deepEqual(
      rejected.map((r) => r.reason.replace(/:.*$/, '')),
      [
        'does not parse',
        'names unknown proposition is.happy',
        'its condition never held in a recorded state, so nothing grounds it',
        'it duplicates C1',
        'C1 already implies it',
        'it would leave no allowed action in a recorded state',
      ],
    )
    assert.deepEqual(
      accepted.map((a) => a.text),
      ['G(has.logs.1 -> X craft.planks)'],
    )
  })

  test('only the safe form G(state condition -> X action) is accepted; every other shape is refused by name', () => {
    const propose = (formula: string) => ({ formula, kind: 'soft' as const, explanation: '', origin: 'test' })
    const shapes: [string, RegExp][] = [
      ['G !craft.planks', /^not in the safe form: G !craft\.planks has no condition/],
      ['F has.logs.1', /^not in the safe form: F \.\.\. is an eventuality/],
      ['G(time.day -> X X !mine.logs)', /^not in the safe form: it has nested X/],
      ['G(time.day -> X(craft.planks -> X mine.logs))', /^not in the safe form: it has nested X/],
      ['G(mine.logs -> X !mine.logs)', /^not in the safe form: its condition names the action mine\.logs/],
      ['G(time.day -> X has.logs.1)', /^not in the safe form: after X it names the state predicate has\.logs\.1/],
      ['G(true -> X !mine.logs)', /^not in the safe form: its condition names no state predicate/],
      ['G(time.day -> X F mine.logs)', /^not in the safe form: after X it has the temporal operator F/],
      ['G(X time.day -> X !mine.logs)', /^not in the safe form: its condition has the temporal operator X/],
      ['time.day -> X !mine.logs', /^not in the safe form: it is not the safe form .*does not start with G/],
      ['G(time.night -> X !mine.logs)', /^its condition never held in a recorded state/],
    ]
    const { accepted, rejected } = validateProposals(
      shapes.map(([formula]) => propose(formula)),
      { ...base, laws: [] },
    )
    assert.deepEqual(accepted, [])
    shapes.forEach(([formula, reason], i) => {
      assert.match(rejected[i]?.reason ?? '', reason, formula)
    })
    const safe = validateProposals([propose('G(time.day & !has.logs.1 -> X(mine.logs | !craft.planks))')], {
      ...base,
      laws: [],
    })
    assert.equal(safe.accepted.length, 1, safe.rejected[0]?.reason)
  })
})

describe('critic rounds, relaxation and the schedule', () => {
  let dir: string
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cedar-critic-'))
  })
  after(() => rm(dir, { recursive: true, force: true }))

  const failing = (id: string) =>
    trajectory(id, [
      {
        state: ['equipped.wooden_pickaxe', 'sees.iron_ore'],
        action: 'mine.iron_ore',
        ok: false,
        error: 'missing_tool: x',
      },
      { state: ['equipped.stone_pickaxe', 'sees.iron_ore'], action: 'mine.iron_ore', ok: true },
      { state: ['equipped.stone_pickaxe', 'has.raw_iron.1'], action: 'mine.logs', ok: true },
    ])

  test('the log keeps its cap, skips a torn line, and a round reads only what is new', async () => {
    const log = new TrajectoryLog(path.join(dir, 'log'), 3)
    for (const id of ['a', 'b', 'c', 'd']) await log.append(failing(id))
    assert.deepEqual(
      (await log.list()).map((t) => t.id),
      ['b', 'c', 'd'],
    )
    await writeFile(path.join(dir, 'log', 'trajectories.jsonl'), '{"id": "torn', { flag: 'a' })
    assert.equal((await log.list()).length, 3)
    assert.equal(log.skipped, 1)
    const laws = new LawBook(createShield())
    const runner = new CriticRunner({ log, laws, critics: [new OfflineCritic()], autoAccept: true, minEvidence: 1 })
    const first = await runner.run()
    assert.equal(first.trajectories, 3)
    assert.deepEqual(
      first.accepted.map((l) => [l.id, l.text]),
      [['C1', 'G(equipped.wooden_pickaxe -> X !mine.iron_ore)']],
    )
    assert.equal(laws.shield.get('C1')?.kind, 'soft', 'critic laws start soft')
    assert.equal((await runner.run()).trajectories, 0, 'nothing new')
    // A player rejects it: gone, and never proposed again.
    assert.equal(runner.refuse('C1'), 'G(equipped.wooden_pickaxe -> X !mine.iron_ore)')
    const again = await runner.run({ all: true })
    assert.deepEqual(again.accepted, [])
    assert.ok(again.rejected.some((r) => r.reason === 'a player rejected this law before'))
  })

  test('a deadlock is relaxed by deleting only laws that blocked there: the dead monitors, per action', async () => {
    const log = new TrajectoryLog(path.join(dir, 'log2'))
    await log.append(failing('x'))
    let runner: CriticRunner | undefined
    const states: OverConstrainedState[] = []
    const laws = createLaws({
      lawSets: [],
      onOverConstrained: (trueInState, action, blame) => {
        const state = overConstrainedState(trueInState, action, blame)
        states.push(state)
        runner?.noteOverConstrained(state)
      },
    })
    laws.shield.addActions(['mine.logs', 'craft.planks'])
    laws.add('G(!has.logs -> X !craft.planks)', 'soft', 'critic') // C1: blocks craft.planks
    laws.add('G(sees.oak_log -> X !mine.logs)', 'soft', 'critic') // C2: blocks mine.logs
    laws.add('G(!has.logs -> X !craft.planks)', 'hard', 'user') // L1: blocks craft.planks, hard
    // C3 reads what is true there (the old guess made it the suspect, as the newest soft law) but blocks nothing.
    laws.add('G(sees.oak_log -> X(mine.logs | craft.planks))', 'soft', 'critic')
    runner = new CriticRunner({ log, laws, critics: [] })
    laws.shield.observe(new Set(['sees.oak_log']))
    assert.equal(laws.shield.check('craft.planks').fallback, true, 'every action is blocked')
    assert.deepEqual(states[0]?.blame, { 'mine.logs': ['C2'], 'craft.planks': ['C1', 'L1'] })
    assert.deepEqual(states[0]?.blockedBy, ['C2', 'C1', 'L1'])
    const report = await runner.run()
    assert.deepEqual(
      report.relaxed.map((r) => [r.lawId, r.change.type]),
      [['C2', 'delete']],
      'mine.logs is freed by one deletion; craft.planks has a hard blocker',
    )
    assert.deepEqual(
      laws.shield.monitors().map((m) => m.id),
      ['C1', 'L1', 'C3'],
      'the law that blocked nothing stays',
    )
    laws.shield.reset()
    laws.shield.observe(new Set(['sees.oak_log']))
    const verdict = laws.shield.check('mine.logs')
    assert.equal(verdict.allowed && !verdict.fallback, true, 'the deadlock is broken')
  })

  test('a deadlock whose action has two soft blockers loses both, and nothing else', async () => {
    const log = new TrajectoryLog(path.join(dir, 'log4'))
    await log.append(failing('y'))
    const laws = new LawBook(createShield({ actions: ['mine.iron_ore', 'mine.logs'] }))
    laws.add('G(sees.iron_ore -> X !mine.logs)', 'soft', 'critic')
    laws.add('G(sees.iron_ore -> X !mine.iron_ore)', 'soft', 'critic')
    laws.add('G(equipped.wooden_pickaxe -> X !mine.iron_ore)', 'soft', 'critic')
    laws.add('G(sees.iron_ore -> X !mine.stone)', 'soft', 'critic')
    const runner = new CriticRunner({ log, laws, critics: [] })
    runner.noteOverConstrained(
      overConstrainedState(
        ['equipped.wooden_pickaxe', 'sees.iron_ore'],
        'mine.iron_ore',
        { 'mine.iron_ore': ['C2', 'C3'], 'mine.logs': ['C1', 'L9'], 'mine.stone': ['C4', 'C1'] },
        '2026-11-30T00:00:00.000Z',
      ),
    )
    // L9 is not in the shield any more (removed since), so mine.logs needs only C1: one deletion frees it.
    const report = await runner.run()
    assert.deepEqual(
      report.relaxed.map((r) => r.lawId),
      ['C1'],
    )
    assert.deepEqual(
      laws.shield.monitors().map((m) => m.id),
      ['C2', 'C3', 'C4'],
    )
  })

  test('a bad cron expression is refused; the schedule fires on the clock, not on a sleep', async () => {
    const laws = new LawBook(createShield())
    const runner = new CriticRunner({ log: new TrajectoryLog(path.join(dir, 'log3')), laws, critics: [] })
    assert.throws(() => new CriticSchedule({ runner, expression: 'every ten minutes' }), CronExpressionError)
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.parse('2026-11-30T10:00:30Z') })
    try {
      let resolveRound: () => void = () => {}
      const round = new Promise<void>((resolve) => {
        resolveRound = resolve
      })
      const schedule = new CriticSchedule({ runner, expression: '*/10 * * * *', onRound: () => resolveRound() })
      schedule.start()
      assert.equal(schedule.roundsRun, 0)
      // The clock moves a second at a time, letting node-cron's promises settle between ticks, until the round ran.
      let settled = false
      void round.then(() => {
        settled = true
      })
      for (let second = 0; second < 11 * 60 && !settled; second++) {
        mock.timers.tick(1000)
        await Promise.resolve()
      }
      await round
      assert.ok(Date.now() >= Date.parse('2026-11-30T10:10:00Z'), 'not before the tenth minute')
      assert.equal(schedule.roundsRun, 1)
      schedule.stop()
    } finally {
      mock.timers.reset()
    }
  })
})
