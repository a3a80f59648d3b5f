// The Sim learns failures the live runs showed (issue 22; README, the live Table 2 run). A crafting table or
// furnace left on the surface is out of reach from the tunnel below — live, `craft.furnace` found no path to the
// table. In the Sim a workstation is placed at a level and position; from another level it is still seen (the
// chunk data reaches through the ground, live as here) but the act fails `path_failed`; going back to its level or
// carrying one (placed where the bot is) works. Beds the same. And the agent takes a table along when it sets out
// to dig for stone or ore with a table craft still to make, so the Sim's benchmarks keep their results. And a
// mined block's drop may never reach the inventory (`dropLossRate`, off by default): `no_drop`, as live.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { simRequester } from '../bench/sim-requests.js'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { parsePrimitive } from '../plugin/vocabulary/symbols.js'
import type { Outcome } from '../plugin/world/port.js'
import { loadRules } from '../plugin/world/rules.js'
import { DAY_TICKS, SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'
import type { SimOptions } from '../plugin/world/sim/state.js'

const sim = (options: SimOptions = {}) => new SimWorld({ pathFailureRate: 0, ...options })

async function act(world: SimWorld, symbol: string): Promise<Outcome> {
  const primitive = parsePrimitive(symbol) ?? assert.fail(`${symbol} is not a primitive`)
  return world.act(primitive)
}

async function ok(world: SimWorld, ...symbols: string[]): Promise<void> {
  for (const symbol of symbols) {
    const outcome = await act(world, symbol)
    assert.ok(outcome.ok, `${symbol}: ${outcome.ok ? '' : `${outcome.failure}: ${outcome.message}`}`)
  }
}

async function outOfReach(world: SimWorld, symbol: string): Promise<void> {
  const outcome = await act(world, symbol)
  assert.equal(outcome.ok, false, `${symbol} should fail`)
  if (outcome.ok) return
  assert.equal(outcome.failure, 'path_failed', outcome.message)
  assert.match(outcome.message, /24 blocks up, on another level/)
}

const count = (world: SimWorld, item: string) => world.state.inventory[item] ?? 0

/** A fresh agent (offline grounding, empty library) doing `instruction` in `world`. */
function runAgent(world: SimWorld, instruction: string) {
  const agent = new CedarAgent({
    rules: loadRules(),
    grounding: offlineGrounding(),
    library: new MemoryLibrary(),
    biomes: SIM_BIOMES,
  })
  return agent.do(instruction, world, { clock: () => world.ticks })
}

describe('the Sim: a workstation on another level is out of reach', () => {
  test('a table left on the surface: seen from the caves, but the craft there fails; back up, it works', async () => {
    const world = sim({ startInventory: { crafting_table: 1, cobblestone: 3, stick: 2, wooden_pickaxe: 1 } })
    await ok(world, 'place.crafting_table', 'equip.wooden_pickaxe', 'explore.stone')
    assert.equal(world.state.level, 'upper caves')
    const seen = world.observe().nearest('crafting_table')
    assert.equal(Math.round(seen ?? 0), 24, 'seen just overhead, as the chunk data shows it')
    const ticks = world.ticks
    await outOfReach(world, 'craft.stone_pickaxe')
    assert.equal(world.ticks, ticks, 'no time passes on a way that is not there')
    assert.equal(count(world, 'cobblestone'), 3, 'the failed craft took nothing')
    await outOfReach(world, 'mine.crafting_table')
    // Going back: the search for logs climbs to the surface, where the table is in reach again.
    await ok(world, 'explore.logs')
    assert.equal(world.state.level, 'surface')
    await ok(world, 'craft.stone_pickaxe')
    assert.equal(count(world, 'stone_pickaxe'), 1)
  })

  test('a table carried down is placed where the bot is, and the craft works there', async () => {
    const world = sim({ startInventory: { crafting_table: 1, cobblestone: 3, stick: 2, wooden_pickaxe: 1 } })
    await ok(world, 'place.crafting_table', 'equip.wooden_pickaxe', 'mine.crafting_table')
    assert.equal(count(world, 'crafting_table'), 1, 'picked up again')
    await ok(world, 'explore.stone', 'craft.stone_pickaxe')
    assert.equal(count(world, 'stone_pickaxe'), 1)
    assert.deepEqual(
      world.state.placed.map((p) => [p.block, p.y]),
      [['crafting_table', 40]],
    )
  })

  test('a furnace on the surface does not smelt for a bot in the caves; one carried does', async () => {
    const start = { furnace: 1, raw_iron: 2, coal: 1, wooden_pickaxe: 1 }
    const world = sim({ startInventory: start })
    await ok(world, 'place.furnace', 'equip.wooden_pickaxe', 'explore.stone')
    await outOfReach(world, 'smelt.raw_iron')
    assert.equal(count(world, 'raw_iron'), 2)
    const carried = sim({ startInventory: start })
    await ok(carried, 'equip.wooden_pickaxe', 'explore.stone', 'smelt.raw_iron')
    assert.equal(count(carried, 'iron_ingot'), 1)
  })

  test('a bed on the surface is no bed for a night in the caves', async () => {
    const world = sim({ startTime: 12_000, startInventory: { red_bed: 1, wooden_pickaxe: 1 } })
    await ok(world, 'place.red_bed', 'equip.wooden_pickaxe', 'explore.stone')
    assert.ok(world.observe().isNight, 'night fell on the way down')
    await outOfReach(world, 'sleep.bed')
  })

  test('the agent carries a table down: a pickaxe that breaks in the caves is made again there', async () => {
    // Stone lies in the caves here (the forest's surface has none): the first wooden pickaxe wears out below the
    // table it was made at. The pursuit took a second table along, so the new pickaxe is crafted where the bot is.
    const world = sim({ seed: 0 })
    const report = await runAgent(world, 'collect 70 cobblestone')
    assert.equal(report.result?.outcome, 'goal', report.result?.message)
    const steps = report.result?.steps ?? []
    const broke = steps.findIndex((s) => /wooden_pickaxe broke/.test(s.message ?? ''))
    const remade = steps.findIndex((s, i) => i > broke && s.ok && s.action === 'craft.wooden_pickaxe')
    assert.ok(broke > 0 && remade > broke, steps.map((s) => s.action).join(' '))
    const wayUp = steps.slice(broke, remade).some((s) => s.action.startsWith('explore.'))
    assert.equal(wayUp, false, 'no trip back up for the table')
    assert.ok(
      world.state.placed.some((p) => p.block === 'crafting_table' && p.y === 40),
      'a table placed in the caves',
    )
  })
})

describe('the Sim: a furnace left behind is made again where the bot is', () => {
  test('"make me iron armour" from nothing: a smelt finding its furnace out of reach is followed by a new furnace, and the set is made (seeds 1-3)', async () => {
    // Before: the smelt failed three times ("no path to the furnace 24 blocks up, on another level") and the run
    // ended with no way on: 24 ingots take the bot below for more ore after its first smelts on the surface.
    for (const seed of [1, 2, 3]) {
      const world = new SimWorld({ seed })
      // As `cedar sim do` runs it, the default laws' shield on (their order of acts is the one that dug down).
      const report = await simRequester(world, 3 * DAY_TICKS)('make me iron armour')
      const steps = report.result?.steps ?? []
      assert.equal(report.result?.outcome, 'goal', `seed ${seed}: ${report.result?.message}`)
      const away = steps.findIndex(
        (s) => s.action === 'smelt.raw_iron' && !s.ok && /on another level/.test(s.message ?? ''),
      )
      assert.ok(away >= 0, `seed ${seed}: no smelt found its furnace out of reach`)
      // Stone for it first where the bot has none, then the furnace, carried to the next smelt, which places it.
      const next = steps.slice(away + 1).find((s) => s.ok && /^(craft|smelt)\./.test(s.action))
      assert.equal(next?.action, 'craft.furnace', `seed ${seed}: ${steps.slice(away, away + 12).map((s) => s.action)}`)
      assert.equal(steps.filter((s) => s.action === 'smelt.raw_iron' && !s.ok).length, 1, `seed ${seed}: tried once`)
    }
  })
})

describe('the Sim: a drop that never reaches the inventory', () => {
  test('with dropLossRate 1 a mined log is gone, the time spent, and nothing gained: no_drop', async () => {
    const world = sim({ dropLossRate: 1 })
    const before = world.ticks
    const outcome = await act(world, 'mine.logs')
    assert.equal(outcome.ok, false)
    if (outcome.ok) return
    assert.equal(outcome.failure, 'no_drop')
    assert.match(outcome.message, /mined \w+_log, but nothing was picked up/)
    assert.ok(world.ticks > before, 'the dig took its time')
    assert.deepEqual(world.state.inventory, {})
    assert.throws(() => sim({ dropLossRate: 1.5 }), /dropLossRate must be between 0 and 1/)
  })

  test('by default (dropLossRate 0) every mined log arrives', async () => {
    const world = sim()
    await ok(world, 'mine.logs', 'mine.logs')
    assert.equal(
      Object.entries(world.state.inventory).reduce((n, [item, c]) => n + (item.endsWith('_log') ? c : 0), 0),
      2,
    )
  })

  test('the agent reaches its goal through lost drops: the controller mines again', async () => {
    const world = sim({ seed: 1, dropLossRate: 0.3 })
    const report = await runAgent(world, 'collect 5 logs')
    assert.equal(report.result?.outcome, 'goal', report.result?.message)
    const lost = (report.result?.steps ?? []).filter((s) => !s.ok && /nothing was picked up/.test(s.message ?? ''))
    assert.ok(lost.length > 0, 'some drop was lost on the way')
  })
})
