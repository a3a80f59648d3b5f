// Issue 42: the critic never makes the bot worse. A successful wooden pickaxe run crafts planks three times while
// holding planks, each needed (the count changes each time): no law may forbid craft.planks. A genuinely wasted
// repeat (a second crafting table while holding one, nothing of it used) still yields its law, but as "proposed":
// it acts only once an owner accepts it. Proposals need evidence (four runs cannot make a law), and a law that
// would refuse a needed act of a successful run, recorded or the Sim's shortest plan, is rejected by name.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { CriticRunner } from '../plugin/agent/critic/critic-runner.js'
import { createShield, LawBook } from '../plugin/agent/critic/laws.js'
import { OfflineCritic, repetitionLaws } from '../plugin/agent/critic/offline-critic.js'
import { TrajectoryLog } from '../plugin/agent/critic/trajectory-log.js'
import type { Trajectory, TrajectoryStep } from '../plugin/agent/critic/types.js'
import { validateProposals } from '../plugin/agent/critic/validator.js'
import { LawFiles } from '../plugin/store/law-files.js'

type Counts = Record<string, number>

/** A run as the live bot records it: `has.X.1` predicates only (and the goal's), with the inventory's counts. */
function run(id: string, acts: readonly [string, Counts][], start: Counts = {}, success = true): Trajectory {
  const statesOf = (counts: Counts) => {
    const state = new Set<string>()
    for (const [item, n] of Object.entries(counts)) {
      if (n <= 0) continue
      state.add(`has.${item}.1`)
      if (item.endsWith('_log')) state.add('has.logs.1')
      if (item.endsWith('_planks')) state.add('has.planks.1')
    }
    return [...state].sort()
  }
  const steps: TrajectoryStep[] = []
  let counts = start
  for (const [action, after] of acts) {
    const countsAfter = Object.fromEntries(Object.entries(after).filter(([, n]) => n > 0))
    steps.push({ state: statesOf(counts), action, ok: true, counts, countsAfter })
    counts = countsAfter
  }
  return { id, task: 'get a wooden pickaxe', startedAt: '2026-12-02T00:00:00.000Z', steps, success }
}

/** The successful run: mine.logs, craft.planks, craft.stick, craft.planks, craft.crafting_table, ... */
const pickaxe = (id: string) =>
  run(id, [
    ['mine.logs', { oak_log: 3 }],
    ['craft.planks', { oak_log: 2, oak_planks: 4 }],
    ['craft.stick', { oak_log: 2, oak_planks: 2, stick: 4 }],
    ['craft.planks', { oak_log: 1, oak_planks: 6, stick: 4 }],
    ['craft.crafting_table', { oak_log: 1, oak_planks: 2, stick: 4, crafting_table: 1 }],
    ['craft.planks', { oak_planks: 6, stick: 4, crafting_table: 1 }],
    // The craft places the table it holds, and takes three planks and two sticks.
    ['craft.wooden_pickaxe', { oak_planks: 3, stick: 2, wooden_pickaxe: 1 }],
  ])

/** A run that crafts a second crafting table while holding the first; nothing of the second is ever used. */
const secondTable = (id: string) =>
  run(id, [
    ['mine.logs', { oak_log: 3 }],
    ['craft.planks', { oak_log: 2, oak_planks: 4 }],
    ['craft.crafting_table', { oak_log: 2, crafting_table: 1 }],
    ['craft.planks', { oak_log: 1, oak_planks: 4, crafting_table: 1 }],
    ['craft.crafting_table', { oak_log: 1, crafting_table: 2 }],
    ['craft.planks', { oak_planks: 4, crafting_table: 2 }],
    ['craft.stick', { oak_planks: 2, stick: 4, crafting_table: 2 }],
  ])

const forbidsPlanks = (text: string) => /!craft\.planks|!craft\.oak_planks/.test(text)

describe('repetition sees counts', () => {
  test('the successful wooden pickaxe gives no law against craft.planks, with counts or without', () => {
    const runs = [pickaxe('a')]
    assert.deepEqual(repetitionLaws(runs), [])
    // Without counts (an older log), the rules say a later craft used the planks: needed all the same.
    const bare = runs.map((t) => ({
      ...t,
      steps: t.steps.map(({ counts: _c, countsAfter: _a, ...s }) => s),
    }))
    assert.deepEqual(repetitionLaws(bare), [])
  })

  test('a second crafting table while holding one, nothing consumed, is still repetition', () => {
    assert.deepEqual(
      repetitionLaws([secondTable('w')]).map((l) => l.formula),
      ['G(has.crafting_table.1 -> X !craft.crafting_table)'],
    )
  })
})

describe('a counted goal', () => {
  // "collect 3 oak logs": each log up to the third is what the run was for, not a repeat.
  const logs = (id: string): Trajectory => ({
    ...run(id, [
      ['mine.oak_log', { oak_log: 1 }],
      ['mine.oak_log', { oak_log: 2 }],
      ['mine.oak_log', { oak_log: 3 }],
    ]),
    task: 'collect 3 oak logs',
  })

  test('gives no law against the act that counts towards it, once the log keeps the count', async () => {
    // Without the count, the second and third log look like mining again while a log is held.
    assert.deepEqual(
      new Set(repetitionLaws([{ ...logs('a'), goal: 'oak_log' }]).map((l) => l.formula)),
      new Set(['G(has.oak_log.1 -> X !mine.oak_log)']),
    )
    const dir = await mkdtemp(path.join(tmpdir(), 'cedar-counted-'))
    try {
      const log = new TrajectoryLog(path.join(dir, 'trajectories'))
      await log.append({ ...logs('b'), goal: 'oak_log', goalCount: 3 })
      const kept = await log.list()
      assert.equal(kept[0]?.goalCount, 3)
      assert.deepEqual(repetitionLaws(kept), [])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('every proposal is replayed against successful runs and the Sim’s plans', () => {
  const c1 = { formula: 'G(has.planks.1 -> X !craft.planks)', kind: 'soft' as const, explanation: '', origin: 'test' }
  const context = (trajectories: Trajectory[], planGoals: string[] = []) => {
    const steps = trajectories.flatMap((t) => t.steps)
    return {
      laws: [],
      actions: [...new Set(steps.map((s) => s.action))].sort(),
      predicates: [...new Set(steps.flatMap((s) => s.state))].sort(),
      trajectories,
      planGoals,
    }
  }

  test('issue 42’s C1 is rejected, naming the successful run and the step it would have blocked', () => {
    const { accepted, rejected } = validateProposals([c1], context([pickaxe('pickaxe-run')]))
    assert.deepEqual(accepted, [])
    assert.match(
      rejected[0]?.reason ?? '',
      /would have blocked craft\.planks \(step 4\) of the successful run "get a wooden pickaxe" \(pickaxe-run\)/,
    )
  })

  test('with only a failed run recorded, the Sim’s shortest plan to the goal rejects it', () => {
    const failed = { ...secondTable('failed'), success: false }
    const { rejected } = validateProposals([c1], context([failed], ['wooden_pickaxe']))
    assert.match(rejected[0]?.reason ?? '', /of the successful run "the Sim's shortest plan to wooden_pickaxe/)
  })

  test('the second-table law passes: it refuses only the wasted act of a run that reached its goal', () => {
    const law = { ...c1, formula: 'G(has.crafting_table.1 -> X !craft.crafting_table)' }
    const { accepted, rejected } = validateProposals(
      [law],
      context([pickaxe('p'), { ...secondTable('s'), success: true }], ['wooden_pickaxe']),
    )
    assert.deepEqual(
      rejected.map((r) => r.reason),
      [],
    )
    assert.equal(accepted.length, 1)
  })
})

describe('critic rounds: evidence first, then proposed, then an owner decides', () => {
  const dirs: string[] = []
  after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))
  const setup = async (options: { autoAccept?: boolean } = {}) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cedar-critic-proposals-'))
    dirs.push(dir)
    const log = new TrajectoryLog(path.join(dir, 'trajectories'))
    const files = new LawFiles(dir, { warn: () => {} })
    const laws = new LawBook(createShield(), undefined, files)
    const runner = new CriticRunner({ log, laws, files, critics: [new OfflineCritic()], ...options })
    return { dir, log, laws, runner, files }
  }

  test('four runs, the issue’s wooden pickaxe among them, make no law at all', async () => {
    const { log, laws, runner } = await setup()
    await log.append(pickaxe('p1'))
    for (const id of ['w1', 'w2', 'w3']) await log.append(secondTable(id))
    const report = await runner.run()
    assert.deepEqual(report.accepted, [])
    assert.deepEqual(report.waiting, [], 'four runs are not enough evidence for any rule')
    assert.equal(laws.shield.monitors().length, 0)
  })

  test('five wasteful runs propose the second-table law; it acts only once accepted', async () => {
    const { dir, log, laws, runner, files } = await setup()
    await log.append(pickaxe('p1'))
    for (const id of ['w1', 'w2', 'w3', 'w4', 'w5']) await log.append(secondTable(id))
    const report = await runner.run()
    assert.deepEqual(report.accepted, [], 'nothing goes in force by itself')
    const table = report.waiting.find((p) => p.text === 'G(has.crafting_table.1 -> X !craft.crafting_table)')
    assert.ok(table, `proposed: ${report.waiting.map((p) => p.text).join('; ')}`)
    assert.equal(table.evidence.length, 5)
    assert.ok(!report.waiting.some((p) => forbidsPlanks(p.text)))
    assert.equal(laws.shield.get(table.id), undefined, 'a proposed law is not in the shield')
    // A restart keeps the question open.
    await laws.flushed()
    const again = new CriticRunner({
      log,
      laws: new LawBook(createShield(), undefined, new LawFiles(dir, { warn: () => {} })),
      critics: [],
      files: new LawFiles(dir, { warn: () => {} }),
    })
    assert.deepEqual(
      again.proposed.list().map((p) => p.id),
      [table.id],
    )
    // Accepted: in force, hard, under the same id; no longer waiting.
    const monitor = runner.accept(table.id)
    assert.equal(monitor?.kind, 'hard')
    assert.equal(laws.shield.get(table.id)?.text, table.text)
    assert.deepEqual(runner.proposed.list(), [])
    await files.flushed()
    assert.deepEqual(
      files.loadLaws().map((l) => l.id),
      [table.id],
    )
    assert.deepEqual(files.loadProposed(), [])
    // The next round reads nothing new and proposes nothing twice.
    assert.deepEqual((await runner.run()).waiting, [])
  })

  test('autoAccept installs a law that passes as soft, as the paper does; a rejected proposal never returns', async () => {
    const { log, laws, runner } = await setup({ autoAccept: true })
    for (const id of ['w1', 'w2', 'w3', 'w4', 'w5']) await log.append(secondTable(id))
    const report = await runner.run()
    const table = report.accepted.find((l) => l.text === 'G(has.crafting_table.1 -> X !craft.crafting_table)')
    assert.ok(table)
    assert.equal(laws.shield.get(table.id)?.kind, 'soft')
    assert.ok(!report.accepted.some((l) => forbidsPlanks(l.text)))

    const manual = await setup()
    for (const id of ['x1', 'x2', 'x3', 'x4', 'x5']) await manual.log.append(secondTable(id))
    const waiting = (await manual.runner.run()).waiting[0]
    assert.ok(waiting)
    assert.equal(manual.runner.refuse(waiting.id), waiting.text)
    assert.deepEqual(manual.runner.proposed.list(), [])
    for (const id of ['y1', 'y2', 'y3', 'y4', 'y5']) await manual.log.append(secondTable(id))
    const later = await manual.runner.run()
    assert.ok(!later.waiting.some((p) => p.text === waiting.text))
    assert.ok(later.rejected.some((r) => r.reason === 'a player rejected this law before'))
  })
})
