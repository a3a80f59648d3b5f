// The idle reflexes' loop (agent/reflexes/idle-reflexes.ts) outlives a wait the world gives up on: on a loaded
// machine mineflayer's tick wait rejects when the physics ticks fall behind, and a loop that ended there left a live
// bot without its reflexes for the rest of its life (a zombie beside it at night, and nothing done).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { startIdleReflexes } from '../plugin/agent/reflexes/idle-reflexes.js'
import { ReflexModes } from '../plugin/agent/reflexes/reflex-modes.js'
import { TaskRunner } from '../plugin/agent/task-runner.js'
import { primitiveSymbol } from '../plugin/vocabulary/symbols.js'
import { loadRules } from '../plugin/world/rules.js'
import { SimWorld } from '../plugin/world/sim/index.js'

test('a tick wait that throws is not the end of the idle reflexes: the hungry bot still eats', async () => {
  const sim = new SimWorld({ seed: 0, startTime: 12_800, nightDamageInterval: 1e9, startInventory: { cooked_beef: 2 } })
  sim.wait(11_200)
  assert.ok(sim.observe().food < 20, 'hungry')
  let failures = 1
  const waitTicks = async (ticks: number, signal?: AbortSignal) => {
    if (failures-- > 0) throw new Error(`Timeout waiting for ${ticks} ticks after ${ticks * 50 + 5000}ms`)
    return sim.waitTicks(ticks, signal)
  }
  // The Sim, but for a tick wait that throws once, as mineflayer's does when the physics ticks fall behind.
  const world = new Proxy(sim, {
    get: (target, key) => {
      if (key === 'waitTicks') return waitTicks
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  let done: (act: string) => void = () => {}
  const acted = new Promise<string>((resolve) => {
    done = resolve
  })
  const stop = startIdleReflexes({
    world,
    rules: loadRules(),
    modes: new ReflexModes(),
    tasks: new TaskRunner(),
    onOutcome: (reflex, act, outcome) => {
      if (outcome.ok) done(`${reflex} ${primitiveSymbol(act.primitive)}`)
    },
  })
  try {
    assert.equal(await acted, 'eat eat.cooked_beef')
    assert.equal(failures, 0, 'the wait did throw')
    assert.equal(sim.observe().inventory.get('cooked_beef'), 1)
  } finally {
    stop()
  }
})
