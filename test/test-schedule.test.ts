// How many test files the runner lets run at once (test/runner/schedule.ts, records.ts): game files that mostly
// wait on a server's ticks run several beside each other, files that compute about one per core, and a file too
// heavy to fit still runs when nothing else does.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { coreShare } from './runner/records.js'
import { runScheduled } from './runner/schedule.js'

interface Item {
  readonly name: string
  readonly share: number
  readonly waits?: boolean
}

/** Runs `items` with the scheduler; each finishes when the test says so. Returns the peak load and the order. */
function harness(items: Item[], limits: { maxJobs: number; cores: number; maxWaiting?: number }) {
  const running = new Map<string, () => void>()
  const started: string[] = []
  let peakJobs = 0
  let peakLoad = 0
  let load = 0
  const done = runScheduled([...items], limits, (item) => {
    started.push(item.name)
    load += item.share
    peakLoad = Math.max(peakLoad, load)
    peakJobs = Math.max(peakJobs, running.size + 1)
    return new Promise<void>((resolve) => {
      running.set(item.name, () => {
        running.delete(item.name)
        load -= item.share
        resolve()
      })
    })
  })
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve))
  return {
    started,
    running: () => [...running.keys()].sort(),
    async finish(name: string) {
      const end = running.get(name)
      assert.ok(end, `${name} is running`)
      end()
      await settle()
    },
    settle,
    done,
    peaks: () => ({ peakJobs, peakLoad }),
  }
}

describe('the test runner runs as many files at once as the cores carry', () => {
  test('game files waiting on ticks run five at once on 2 cores; unit files two', async () => {
    const games = Array.from({ length: 5 }, (_, i) => ({ name: `game${i}`, share: 0.3 }))
    const units = Array.from({ length: 4 }, (_, i) => ({ name: `unit${i}`, share: 1 }))
    const run = harness([...games, ...units], { maxJobs: 6, cores: 2 })
    await run.settle()
    // 5 × 0.3 = 1.5: no unit file (1 core) fits beside them.
    assert.deepEqual(run.running(), ['game0', 'game1', 'game2', 'game3', 'game4'])
    for (const g of ['game0', 'game1', 'game2', 'game3']) await run.finish(g)
    // 0.3 left: one unit file fits (1.3), a second would make 2.3.
    assert.deepEqual(run.running(), ['game4', 'unit0'])
    await run.finish('game4')
    assert.deepEqual(run.running(), ['unit0', 'unit1'])
    for (const u of ['unit0', 'unit1', 'unit2', 'unit3']) await run.finish(u)
    await run.done
    assert.equal(run.started.length, 9)
    assert.ok(run.peaks().peakLoad <= 2 + 1e-9, `load peaked at ${run.peaks().peakLoad}`)
  })

  test('game files take at most their places, so a unit file computes beside them from the start', async () => {
    // Six game files at a quarter of a core each leave half a core unused, and a unit file never fits beside them:
    // the unit files all wait for the game files to end, and the cores idle while they run.
    const games = Array.from({ length: 7 }, (_, i) => ({ name: `game${i}`, share: 0.25, waits: true }))
    const units = Array.from({ length: 2 }, (_, i) => ({ name: `unit${i}`, share: 1 }))
    const run = harness([...games, ...units], { maxJobs: 7, maxWaiting: 5, cores: 2.5 })
    await run.settle()
    assert.deepEqual(run.running(), ['game0', 'game1', 'game2', 'game3', 'game4', 'unit0'])
    // A game file's place goes to the next game file, never to a second unit file (5 × 0.25 + 2 > 2.5).
    await run.finish('game0')
    assert.deepEqual(run.running(), ['game1', 'game2', 'game3', 'game4', 'game5', 'unit0'])
    await run.finish('unit0')
    assert.deepEqual(run.running(), ['game1', 'game2', 'game3', 'game4', 'game5', 'unit1'])
    for (const name of run.running()) await run.finish(name)
    for (const name of run.running()) await run.finish(name)
    await run.done
    assert.equal(run.started.length, 9)
    assert.ok(run.peaks().peakLoad <= 2.5 + 1e-9, `load peaked at ${run.peaks().peakLoad}`)
  })

  test('a lighter file later in the queue starts while a heavy one waits for room', async () => {
    const run = harness(
      [
        { name: 'long-unit', share: 1 },
        { name: 'heavy', share: 1.5 },
        { name: 'light', share: 0.5 },
      ],
      { maxJobs: 6, cores: 2 },
    )
    await run.settle()
    assert.deepEqual(run.running(), ['light', 'long-unit'])
    await run.finish('long-unit')
    await run.finish('light')
    assert.deepEqual(run.running(), ['heavy'])
    await run.finish('heavy')
    await run.done
  })

  test('a file heavier than all the cores still runs, alone, and the count cap holds', async () => {
    const heavy = harness([{ name: 'workers', share: 3 }], { maxJobs: 6, cores: 2 })
    await heavy.settle()
    assert.deepEqual(heavy.running(), ['workers'])
    await heavy.finish('workers')
    await heavy.done
    const capped = harness(
      Array.from({ length: 4 }, (_, i) => ({ name: `g${i}`, share: 0.1 })),
      { maxJobs: 2, cores: 2 },
    )
    await capped.settle()
    assert.equal(capped.running().length, 2)
    for (const g of ['g0', 'g1', 'g2', 'g3']) if (capped.running().includes(g)) await capped.finish(g)
    for (const g of capped.running()) await capped.finish(g)
    await capped.done
    assert.equal(capped.peaks().peakJobs, 2)
  })

  test('items added while the run goes on (the packaging files after the build) are run too', async () => {
    const queue: Item[] = [{ name: 'first', share: 1 }]
    let added: (() => void) | undefined
    let coming: Promise<void> | undefined = new Promise<void>((resolve) => {
      added = () => {
        queue.unshift({ name: 'packed', share: 1 })
        coming = undefined
        resolve()
      }
    })
    const ran: string[] = []
    const done = runScheduled(
      queue,
      { maxJobs: 4, cores: 2 },
      async (item) => {
        ran.push(item.name)
      },
      () => coming,
    )
    await new Promise<void>((resolve) => setImmediate(resolve))
    assert.deepEqual(ran, ['first'])
    added?.()
    await done
    assert.deepEqual(ran, ['first', 'packed'])
  })

  test("a file's share of a core comes from its recorded CPU and wall time, or its kind's guess", () => {
    assert.equal(coreShare({ ms: 100_000, cpuSeconds: 15 }, 'server', 2), 0.15)
    // A game file that barely computes still counts for a tenth of a core; worker threads: up to every core.
    assert.equal(coreShare({ ms: 100_000, cpuSeconds: 1 }, 'server', 2), 0.1)
    assert.equal(coreShare({ ms: 10_000, cpuSeconds: 30 }, 'unit', 2), 2)
    assert.equal(coreShare({ ms: 10_000 }, 'unit', 2), 1)
    assert.equal(coreShare(undefined, 'server', 2), 0.5)
  })
})
