// The rules module against minecraft-data facts, and the Sim world: every primitive's preconditions and effects,
// night and sleep, determinism, a hand-written plan to a diamond, and the optimal plans of the benchmarks.

import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { parsePrimitive } from '../plugin/vocabulary/symbols.js'
import type { Outcome } from '../plugin/world/port.js'
import { loadRules } from '../plugin/world/rules.js'
import { optimalPlan, SimWorld } from '../plugin/world/sim/index.js'
import type { SimOptions } from '../plugin/world/sim/state.js'

const rules = loadRules('1.21.4')

const sim = (options: SimOptions = {}) => new SimWorld({ pathFailureRate: 0, ...options })

function act(world: SimWorld, symbol: string, signal?: AbortSignal, timeoutMs?: number): Promise<Outcome> {
  const primitive = parsePrimitive(symbol)
  assert.ok(primitive, `${symbol} is a primitive`)
  return world.act(primitive, signal, timeoutMs === undefined ? undefined : { timeoutMs })
}

async function ok(world: SimWorld, ...symbols: string[]): Promise<void> {
  for (const symbol of symbols) {
    const outcome = await act(world, symbol)
    assert.ok(outcome.ok, `${symbol}: ${outcome.ok ? '' : `${outcome.failure}: ${outcome.message}`}`)
  }
}

async function fails(world: SimWorld, symbol: string, failure: string, message?: RegExp): Promise<void> {
  const outcome = await act(world, symbol)
  assert.equal(outcome.ok, false, `${symbol} should fail with ${failure}`)
  if (outcome.ok) return
  assert.equal(outcome.failure, failure, `${symbol}: ${outcome.message}`)
  if (message) assert.match(outcome.message, message)
}

const count = (world: SimWorld, item: string) => world.state.inventory[item] ?? 0

const WOODEN_PICKAXE = [
  ...['mine.logs', 'mine.logs', 'mine.logs', 'craft.planks', 'craft.planks', 'craft.planks'],
  ...['craft.crafting_table', 'place.crafting_table', 'craft.stick', 'craft.wooden_pickaxe', 'equip.wooden_pickaxe'],
]

describe('rules from minecraft-data 1.21.4', () => {
  test('harvest tools and mining time', () => {
    assert.ok(rules.harvestTools('iron_ore').includes('stone_pickaxe'))
    assert.ok(!rules.harvestTools('iron_ore').includes('wooden_pickaxe'))
    assert.deepEqual(rules.harvestTools('diamond_ore'), ['iron_pickaxe', 'diamond_pickaxe', 'netherite_pickaxe'])
    assert.deepEqual(rules.harvestTools('oak_log'), [])
    assert.equal(rules.canHarvest('iron_ore', 'wooden_pickaxe'), false)
    assert.equal(rules.canHarvest('iron_ore', 'stone_pickaxe'), true)
    assert.equal(rules.canHarvest('oak_log', undefined), true)
    // hardness 1.5: 7.5 s by hand, 1.15 s with a wooden pickaxe; iron ore needs stone: ×5/30 penalty at speed 2.
    assert.equal(rules.miningTicks('stone', undefined), 150)
    assert.equal(rules.miningTicks('stone', 'wooden_pickaxe'), 23)
    assert.equal(rules.miningTicks('iron_ore', 'wooden_pickaxe'), 150)
    assert.equal(rules.miningTicks('iron_ore', 'stone_pickaxe'), 23)
    assert.equal(rules.miningTicks('oak_log', undefined), 60)
    assert.equal(rules.miningTicks('bedrock', 'netherite_pickaxe'), Number.POSITIVE_INFINITY)
  })

  test('drops are item names', () => {
    const drops = (block: string) => Object.fromEntries(rules.drops(block))
    assert.deepEqual(drops('stone'), { cobblestone: 1 })
    assert.deepEqual(drops('iron_ore'), { raw_iron: 1 })
    assert.deepEqual(drops('deepslate_iron_ore'), { raw_iron: 1 })
    assert.deepEqual(drops('diamond_ore'), { diamond: 1 })
    assert.deepEqual(drops('coal_ore'), { coal: 1 })
    assert.deepEqual(drops('oak_log'), { oak_log: 1 })
    assert.deepEqual(drops('grass_block'), { dirt: 1 })
    assert.deepEqual(drops('red_bed'), { red_bed: 1 }, 'minecraft-data lists none; a bed drops itself')
  })

  test('recipes: wood variants merged into families, 2×2 or table', () => {
    const table = rules.recipe('crafting_table')
    assert.deepEqual(Object.fromEntries(table?.ingredients ?? []), { planks: 4 })
    assert.equal(table?.needsTable, false)
    const stick = rules.recipe('stick')
    assert.deepEqual([stick?.count, Object.fromEntries(stick?.ingredients ?? [])], [4, { planks: 2 }])
    const pickaxe = rules.recipe('wooden_pickaxe')
    assert.deepEqual(Object.fromEntries(pickaxe?.ingredients ?? []), { planks: 3, stick: 2 })
    assert.equal(pickaxe?.needsTable, true)
    assert.deepEqual(Object.fromEntries(rules.recipe('stone_pickaxe')?.ingredients ?? []), { cobblestone: 3, stick: 2 })
    assert.equal(rules.recipes('stone_pickaxe').length, 3, 'cobblestone, cobbled_deepslate or blackstone')
    assert.deepEqual(Object.fromEntries(rules.recipe('furnace')?.ingredients ?? []), { cobblestone: 8 })
    assert.deepEqual(Object.fromEntries(rules.recipe('torch')?.ingredients ?? []), { coal: 1, stick: 1 })
    const bed = rules.recipe('white_bed')
    assert.deepEqual(Object.fromEntries(bed?.ingredients ?? []), { white_wool: 3, planks: 3 })
    assert.deepEqual(Object.fromEntries(rules.recipe('oak_planks')?.ingredients ?? []), { oak_log: 1 })
    assert.equal(rules.recipe('oak_planks')?.count, 4)
    assert.deepEqual(rules.recipes('oak_log'), [])
  })

  test('smelting, fuel, food, beds, mobs, tiers', () => {
    assert.equal(rules.smeltingOutput('raw_iron'), 'iron_ingot')
    assert.equal(rules.smeltingInput('iron_ingot'), 'raw_iron')
    assert.equal(rules.smeltingOutput('birch_log'), 'charcoal')
    assert.equal(rules.smeltingOutput('stick'), undefined)
    assert.deepEqual(
      ['coal', 'charcoal', 'oak_planks', 'spruce_log', 'stick', 'coal_block', 'lava_bucket', 'cobblestone'].map(
        rules.fuelValue,
      ),
      [8, 8, 1.5, 1.5, 0.5, 80, 100, 0],
    )
    assert.equal(rules.foodPoints('bread'), 5)
    assert.equal(rules.foodPoints('cooked_beef'), 8)
    assert.equal(rules.foodPoints('stick'), undefined)
    assert.ok(rules.isBed('red_bed') && !rules.isBed('crafting_table'))
    assert.ok(rules.isHostile('zombie') && rules.isHostile('creeper') && !rules.isHostile('sheep'))
    assert.ok(rules.isMob('sheep') && !rules.isMob('oak_log'))
    assert.deepEqual(Object.fromEntries(rules.mobDrops('sheep')), { white_wool: 1, mutton: 1 })
    assert.deepEqual(
      ['wooden_pickaxe', 'golden_axe', 'stone_sword', 'iron_pickaxe', 'diamond_shovel', 'netherite_hoe', 'stick'].map(
        rules.toolTier,
      ),
      [1, 1, 2, 3, 4, 5, 0],
    )
  })
})

describe('Sim primitives follow the rules', () => {
  test('mine: a harvesting tool in hand, and something in sight', async () => {
    const world = sim({ startInventory: { wooden_pickaxe: 1, stone_pickaxe: 1 } })
    await fails(world, 'mine.iron_ore', 'not_found', /explore/)
    await ok(world, 'equip.wooden_pickaxe', 'explore.iron_ore')
    assert.equal(world.state.level, 'upper caves')
    await fails(world, 'mine.iron_ore', 'missing_tool', /stone_pickaxe/)
    assert.equal(count(world, 'raw_iron'), 0)
    const before = world.ticks
    await ok(world, 'equip.stone_pickaxe', 'mine.iron_ore')
    assert.equal(count(world, 'raw_iron'), 1)
    assert.ok(world.ticks - before >= 5 + 23, 'equipping and mining take ticks')
    await ok(world, 'mine.stone')
    assert.equal(count(world, 'cobblestone'), 1)
  })

  test('mine by hand: logs drop, stone drops nothing without a pickaxe', async () => {
    const world = sim()
    await ok(world, 'mine.logs')
    assert.equal(world.ticks >= 60, true)
    assert.ok(Object.keys(world.state.inventory).some((item) => item.endsWith('_log')))
    await fails(world, 'mine.stone', 'not_found')
    await ok(world, 'explore.stone')
    await fails(world, 'mine.stone', 'missing_tool', /wooden_pickaxe/)
  })

  test('craft: 2×2 anywhere, 3×3 only by a placed crafting table', async () => {
    const world = sim({ startInventory: { oak_log: 3 } })
    await ok(world, 'craft.planks', 'craft.planks', 'craft.planks', 'craft.stick', 'craft.crafting_table')
    assert.deepEqual(world.state.inventory, { crafting_table: 1, oak_planks: 6, stick: 4 })
    // A 3×3 recipe places the table from the inventory when none is in sight, as the real adapter does.
    await ok(world, 'craft.wooden_pickaxe')
    assert.equal(count(world, 'crafting_table'), 0, 'the table was placed')
    assert.ok(world.observe().nearest('crafting_table') !== undefined)
    assert.equal(count(world, 'wooden_pickaxe'), 1)
    assert.deepEqual([count(world, 'oak_planks'), count(world, 'stick')], [3, 2])
    await fails(world, 'craft.stone_pickaxe', 'missing_ingredients', /missing 3 cobblestone/)
    await fails(world, 'craft.oak_log', 'missing_ingredients', /no crafting recipe/)
    const tableless = sim({ startInventory: { oak_planks: 3, stick: 2 } })
    await fails(tableless, 'craft.wooden_pickaxe', 'not_found', /crafting table/)
    assert.equal(count(tableless, 'oak_planks'), 3, 'a failed craft takes nothing')
  })

  test('smelt: a furnace in sight, the input and fuel', async () => {
    const nofurnace = sim({ startInventory: { raw_iron: 1, coal: 1 } })
    await fails(nofurnace, 'smelt.raw_iron', 'not_found', /furnace/)
    const world = sim({ startInventory: { furnace: 1, raw_iron: 9, oak_planks: 1, coal: 1 } })
    await ok(world, 'place.furnace')
    await fails(world, 'smelt.gold_ore', 'missing_ingredients', /no gold_ore/)
    await fails(world, 'smelt.oak_planks', 'missing_ingredients', /does not smelt/)
    const before = world.ticks
    await ok(world, 'smelt.raw_iron')
    assert.equal(world.ticks - before, 200)
    assert.deepEqual([count(world, 'iron_ingot'), count(world, 'raw_iron'), count(world, 'coal')], [1, 8, 0])
    for (let i = 0; i < 7; i++) await ok(world, 'smelt.raw_iron')
    assert.equal(count(world, 'oak_planks'), 1, 'one coal smelts 8 items')
    await ok(world, 'smelt.raw_iron')
    assert.equal(count(world, 'oak_planks'), 0, 'then the planks burn')
    assert.equal(count(world, 'iron_ingot'), 9)
    const cold = sim({ startInventory: { furnace: 1, raw_iron: 1 } })
    await ok(cold, 'place.furnace')
    await fails(cold, 'smelt.raw_iron', 'missing_ingredients', /no fuel/)
  })

  test('place and equip need the item', async () => {
    const world = sim({ startInventory: { crafting_table: 1, stone_pickaxe: 1, stick: 1 } })
    await fails(world, 'place.furnace', 'missing_ingredients')
    await fails(world, 'place.stick', 'missing_ingredients', /not a block/)
    assert.equal(world.observe().nearest('crafting_table'), undefined)
    await ok(world, 'place.crafting_table')
    assert.ok((world.observe().nearest('crafting_table') ?? 99) <= 2)
    assert.equal(count(world, 'crafting_table'), 0)
    await fails(world, 'equip.iron_pickaxe', 'missing_ingredients')
    await ok(world, 'equip.stone_pickaxe')
    assert.equal(world.observe().equipped, 'stone_pickaxe')
  })

  test('eat restores food; not when full', async () => {
    const world = sim({ startInventory: { bread: 2 } })
    await fails(world, 'eat.bread', 'not_now', /not hungry/)
    await fails(world, 'eat.beef', 'missing_ingredients')
    world.wait(16_000)
    const hungry = world.observe().food
    assert.equal(hungry, 10)
    await ok(world, 'eat.bread')
    assert.equal(world.observe().food, hungry + 5)
    assert.equal(count(world, 'bread'), 1)
  })

  test('sleep: only at night, by a placed bed, and it skips to morning', async () => {
    const day = sim({ startInventory: { red_bed: 1 } })
    await ok(day, 'place.red_bed')
    await fails(day, 'sleep.bed', 'not_now', /night/)
    const bedless = sim({ startTime: 14_000 })
    await fails(bedless, 'sleep.bed', 'not_found', /bed/)
    const night = sim({ startTime: 14_000, startInventory: { red_bed: 1 } })
    await ok(night, 'sleep.bed') // places the bed it carries, as the real adapter does
    const after = night.observe()
    assert.equal(after.timeOfDay, 0)
    assert.equal(after.isNight, false)
    assert.ok(night.ticks >= 10_000)
    assert.equal(after.health, 20, 'asleep, nothing attacks')
  })

  test('a night awake and unsheltered costs health; asleep, sheltered or underground it does not', async () => {
    const awake = sim({ startTime: 13_000 })
    awake.wait(11_000)
    assert.ok(awake.observe().health <= 4, `health ${awake.observe().health}`)
    assert.equal(awake.observe().isNight, false)

    const sheltered = sim({ startTime: 13_000, startInventory: { cobblestone: 4 } })
    await ok(sheltered, 'place.cobblestone', 'place.cobblestone', 'place.cobblestone', 'place.cobblestone')
    sheltered.wait(11_000)
    assert.equal(sheltered.observe().health, 20)

    const below = sim({ startTime: 12_000, startInventory: { stone_pickaxe: 1 } })
    await ok(below, 'equip.stone_pickaxe', 'explore.stone')
    below.wait(11_000)
    assert.equal(below.observe().health, 20)

    const deadly = sim({ startTime: 13_000, nightDamageInterval: 100 })
    deadly.wait(11_000)
    assert.equal(deadly.dead, true)
    await fails(deadly, 'mine.logs', 'server_error', /died/)
  })

  test('kill: herds by day, hostile mobs on the surface at night, and they hit back', async () => {
    const world = sim({ seed: 3, startBiome: 'plains' })
    await fails(world, 'kill.zombie', 'not_found', /night/)
    await fails(world, 'kill.oak_log', 'not_found', /not a mob/)
    if (world.observe().nearest('sheep') === undefined) await ok(world, 'explore.sheep')
    await ok(world, 'kill.sheep')
    assert.deepEqual([count(world, 'white_wool'), count(world, 'mutton')], [1, 1])
    const night = sim({ startTime: 14_000, startInventory: { iron_sword: 1 } })
    assert.ok(night.observe().nearest('zombie') !== undefined, 'zombies are about at night')
    await ok(night, 'kill.zombie')
    assert.equal(count(night, 'rotten_flesh'), 1)
    assert.ok(night.observe().health <= 16)
    await ok(night, 'equip.iron_sword', 'kill.skeleton')
    assert.deepEqual([count(night, 'bone'), count(night, 'arrow')], [1, 1])
  })

  test('explore: bounded search, path failures at the configured rate', async () => {
    const world = sim()
    await ok(world, 'explore.logs')
    assert.match(((await act(world, 'explore.logs')) as { detail?: string }).detail ?? '', /already in sight/)
    await fails(world, 'explore.bedrock', 'not_found', /no bedrock/)
    await fails(world, 'explore.zombie', 'not_now', /night/)
    const lost = new SimWorld({ pathFailureRate: 1 })
    await fails(lost, 'explore.iron_ore', 'path_failed')
    assert.ok(lost.ticks > 0, 'a failed walk still costs time')
    const desert = sim({ startBiome: 'desert', exploreSteps: 1 })
    // A hunt ranges twice as far as a search for blocks.
    await fails(desert, 'explore.cow', 'not_found', /after 2 steps/)
  })

  test('cancelled and timed-out acts change nothing but the time', async () => {
    const world = sim()
    const controller = new AbortController()
    controller.abort()
    const cancelled = await act(world, 'mine.logs', controller.signal)
    assert.deepEqual(cancelled.ok ? undefined : cancelled.failure, 'cancelled')
    assert.equal(world.ticks, 0)
    const timedOut = await act(world, 'mine.logs', undefined, 500)
    assert.deepEqual(timedOut.ok ? undefined : timedOut.failure, 'timeout')
    assert.equal(world.ticks, 10, '500 ms of game time is 10 ticks')
    assert.deepEqual(world.state.inventory, {})
    await fails(world, 'explore.diamond_ore', 'timeout', /ran out of time/)
    assert.equal(world.ticks, 10 + 12_000, 'digging down by hand outlasts the default 10 minutes')
  })
})

describe('Sim determinism', () => {
  const SCRIPT = [
    ...WOODEN_PICKAXE,
    ...['explore.stone', 'mine.stone', 'mine.stone', 'mine.stone', 'craft.stone_pickaxe', 'equip.stone_pickaxe'],
    ...['explore.iron_ore', 'mine.iron_ore', 'explore.coal_ore', 'mine.coal_ore', 'explore.diamond_ore'],
  ]
  const PROBES = ['logs', 'stone', 'iron_ore', 'coal_ore', 'diamond_ore', 'crafting_table', 'sheep', 'lava']

  async function episode(options: SimOptions, script: readonly string[]) {
    const world = new SimWorld(options)
    const steps: unknown[] = []
    for (const symbol of script) {
      const outcome = await act(world, symbol)
      const seen = world.observe()
      steps.push({ symbol, outcome, state: world.state, nearest: PROBES.map((probe) => seen.nearest(probe)) })
    }
    return steps
  }

  test('the same seed gives the same episode; another seed another one', async () => {
    const options = { seed: 7, pathFailureRate: 0.2 }
    const first = await episode(options, SCRIPT)
    assert.deepEqual(await episode(options, SCRIPT), first)
    assert.notDeepEqual(await episode({ ...options, seed: 8 }, SCRIPT), first)
  })

  test('any script replays identically (property)', async () => {
    const vocabulary = [...new Set(SCRIPT), 'kill.sheep', 'sleep.bed', 'eat.bread', 'place.dirt', 'mine.grass_block']
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1000 }),
        fc.array(fc.constantFrom(...vocabulary), { maxLength: 25 }),
        async (seed, script) => {
          const options = { seed, pathFailureRate: 0.1, startTime: 10_000 }
          assert.deepEqual(await episode(options, script), await episode(options, script))
        },
      ),
      { numRuns: 25 },
    )
  })
})

describe('Sim plans', () => {
  test('a hand-written plan reaches a diamond', async () => {
    const world = sim()
    await ok(
      world,
      ...['mine.logs', 'mine.logs', 'mine.logs', 'mine.logs', 'craft.planks', 'craft.planks', 'craft.planks'],
      ...['craft.planks', 'craft.crafting_table', 'place.crafting_table', 'craft.stick', 'craft.stick'],
      // The table goes along: from the caves the one placed on the surface is out of reach.
      ...['craft.wooden_pickaxe', 'equip.wooden_pickaxe', 'mine.crafting_table', 'explore.stone'],
      ...Array.from({ length: 11 }, () => 'mine.stone'),
      ...['craft.stone_pickaxe', 'equip.stone_pickaxe', 'explore.iron_ore', 'mine.iron_ore', 'mine.iron_ore'],
      ...['mine.iron_ore', 'explore.coal_ore', 'mine.coal_ore', 'craft.crafting_table', 'place.crafting_table'],
      ...['craft.furnace', 'place.furnace', 'smelt.raw_iron', 'smelt.raw_iron', 'smelt.raw_iron'],
      ...['craft.iron_pickaxe', 'equip.iron_pickaxe', 'explore.diamond_ore', 'mine.diamond_ore'],
    )
    assert.equal(count(world, 'diamond'), 1)
    assert.ok(world.ticks < 13_000, `done by day (${world.ticks} ticks)`)
  })

  test('optimal plans for the pickaxes and a diamond, replayed in a fresh world', async (t) => {
    const lengths: Record<string, number> = {}
    for (const goal of ['wooden_pickaxe', 'stone_pickaxe', 'iron_pickaxe', 'diamond']) {
      const started = performance.now()
      const result = optimalPlan(goal)
      const ms = Math.round(performance.now() - started)
      t.diagnostic(`${goal}: ${result.length} steps in ${ms} ms: ${result.plan.join(' ')}`)
      assert.equal(result.length, result.plan.length)
      lengths[goal] = result.length
      const world = sim()
      await ok(world, ...result.plan)
      assert.ok(count(world, goal) >= 1, `the plan for ${goal} yields it`)
    }
    const { wooden_pickaxe: wooden = 0, stone_pickaxe: stone = 0, iron_pickaxe: iron = 0, diamond = 0 } = lengths
    // 3 logs, 3 planks, table, place, sticks, pickaxe; then equip, 3 stone, pickaxe (+ explore, and back up to the
    // table: the one on the surface is out of reach from the caves); then furnace, 3 iron, 3 smelts, fuel, sticks;
    // then equip, explore, mine (a second table carried down: one more log, planks and table).
    assert.ok(wooden >= 9 && wooden <= 10, `wooden_pickaxe ${wooden}`)
    assert.ok(stone >= wooden + 5 && stone <= wooden + 7, `stone_pickaxe ${stone}`)
    assert.ok(iron >= stone + 16 && iron <= stone + 24, `iron_pickaxe ${iron}`)
    assert.ok(diamond >= iron + 2 && diamond <= iron + 6, `diamond ${diamond}`)
  })

  test('optimal plans elsewhere, and for what cannot be had', () => {
    const desert = optimalPlan('wooden_pickaxe', { startBiome: 'desert' })
    assert.equal(desert.plan[0], 'explore.logs')
    assert.deepEqual(optimalPlan('stick', { startInventory: { stick: 1 } }), { item: 'stick', length: 0, plan: [] })
    assert.throws(() => optimalPlan('elytra'), /elytra cannot be obtained/)
    assert.throws(() => optimalPlan('diamnd'), /unknown item diamnd/)
  })
})
