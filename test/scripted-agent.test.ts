// The smallest agent, adapter-blind: the wooden-pickaxe script runs unchanged on the Sim (the real-server run of the
// same script is in mineflayer-world.test.ts, where the embedded server's crafting takes it to a pickaxe too).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { runScript, WOODEN_PICKAXE_SCRIPT } from '../plugin/agent/script.js'
import { SimWorld } from '../plugin/world/sim/index.js'

test('the wooden-pickaxe script completes on the Sim and its word records what happened', async () => {
  const world = new SimWorld({ seed: 3, pathFailureRate: 0 })
  const result = await runScript(world, WOODEN_PICKAXE_SCRIPT)
  assert.equal(result.completed, true, JSON.stringify(result.steps.at(-1)))
  assert.deepEqual(
    result.steps.map((s) => s.symbol),
    WOODEN_PICKAXE_SCRIPT,
  )
  assert.equal(world.observe().inventory.get('wooden_pickaxe'), 1)
  for (const symbol of [
    'mine.logs',
    'has.logs.1',
    'craft.planks',
    'has.planks.1',
    'craft.wooden_pickaxe',
    'has.wooden_pickaxe.1',
  ]) {
    assert.ok(result.word.includes(symbol), `${symbol} in ${result.word.join(' ')}`)
  }
  assert.ok(
    result.word.indexOf('has.wooden_pickaxe.1') > result.word.indexOf('craft.wooden_pickaxe'),
    'events follow their act',
  )
})

test('the same script stops at the first failure and says which', async () => {
  const world = new SimWorld({ seed: 3, pathFailureRate: 0, startBiome: 'desert' })
  const result = await runScript(world, WOODEN_PICKAXE_SCRIPT)
  assert.equal(result.completed, false)
  const last = result.steps.at(-1)
  assert.equal(last?.symbol, 'mine.logs')
  const outcome = last?.outcome
  assert.equal(outcome && !outcome.ok ? outcome.failure : 'ok', 'not_found', 'no trees in the desert')
})
