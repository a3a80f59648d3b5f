// Issue 37 ("Everyday Minecraft II") in the Sim: requests a player types that the bot used to refuse or misread,
// run as the bot runs them (grounding, skills learned or reused, the controller), one world per conversation, and
// judged by what the world shows afterwards: the armour worn, the chest's contents, the kills.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { holdsIn } from '../plugin/world/predicates.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
const grounding = offlineGrounding()
const newAgent = () => new CedarAgent({ rules, grounding, library: new MemoryLibrary(), biomes: SIM_BIOMES })
const IRON_ARMOUR = ['iron_helmet', 'iron_chestplate', 'iron_leggings', 'iron_boots']

describe('armour in the Sim', () => {
  test('"make me iron armour" makes the four pieces, and "put on your armour" then wears them (seeds 0–4)', async () => {
    for (const seed of [0, 1, 2, 3, 4]) {
      const agent = newAgent()
      const world = new SimWorld({ seed, startInventory: { white_bed: 1 } })
      const made = await agent.do('make me iron armour', world, { clock: () => world.ticks })
      assert.equal(made.result?.outcome, 'goal', `seed ${seed}: ${made.refusal ?? made.result?.message}`)
      for (const piece of IRON_ARMOUR) assert.equal(world.observe().inventory.get(piece), 1, `seed ${seed}: ${piece}`)
      const worn = await agent.do('put on your armour', world, { clock: () => world.ticks })
      assert.equal(worn.result?.outcome, 'goal', `seed ${seed}: ${worn.refusal ?? worn.result?.message}`)
      assert.deepEqual([...(world.observe().worn ?? [])].sort(), [...IRON_ARMOUR].sort(), `seed ${seed}`)
      for (const piece of IRON_ARMOUR) assert.equal(world.observe().inventory.has(piece), false, `${piece} is worn`)
    }
  })

  test('armour worn is had: wearing the set, "make me iron armour" makes a second, and its goal counts both', async () => {
    const world = new SimWorld({ seed: 0, startInventory: Object.fromEntries(IRON_ARMOUR.map((p) => [p, 1])) })
    const agent = newAgent()
    assert.equal((await agent.do('put on your armour', world)).result?.outcome, 'goal')
    assert.deepEqual(
      [...world.observe().inventory.keys()].filter((i) => IRON_ARMOUR.includes(i)),
      [],
    )
    assert.equal(holdsIn(world.observe(), 'has.iron_helmet.1'), true, 'the helmet worn is had')
    assert.equal(holdsIn(world.observe(), 'has.iron_helmet.2'), false)
    const again = await agent.do('make me iron armour', world, { clock: () => world.ticks })
    assert.equal(again.result?.outcome, 'goal', again.refusal ?? again.result?.message)
    assert.match(again.result?.message ?? '', /has\.iron_helmet\.2/)
    for (const piece of IRON_ARMOUR) assert.equal(world.observe().inventory.get(piece), 1, `a second ${piece}`)
  })

  test('the best piece held goes on: a diamond helmet over an iron one, which stays in the inventory', async () => {
    const world = new SimWorld({ seed: 0, startInventory: { iron_helmet: 1, diamond_helmet: 1, leather_boots: 1 } })
    const report = await newAgent().do('put on your armour', world)
    assert.equal(report.result?.outcome, 'goal', report.refusal ?? report.result?.message)
    assert.deepEqual([...(world.observe().worn ?? [])].sort(), ['diamond_helmet', 'leather_boots'])
    assert.equal(world.observe().inventory.get('iron_helmet'), 1)
  })

  test('with no armour, "put on your armour" is refused saying so and what to ask; "make me armour" asks which', async () => {
    const world = new SimWorld({ seed: 0 })
    await assert.rejects(newAgent().do('put on your armour', world), {
      name: 'UnknownGoalError',
      message: 'I have no armour to put on; say "make me iron armour" and I will make some first',
    })
    await assert.rejects(newAgent().do('make me armour', world), {
      name: 'UnknownGoalError',
      message: 'say which armour: leather, iron, golden or diamond ("make me iron armour")',
    })
    assert.equal(world.ticks, 0, 'nothing ran')
  })
})

describe('chests in the Sim', () => {
  const chestHolds = (world: SimWorld) => Object.fromEntries(world.observe().stored ?? [])

  test('"put the diamonds in the chest" makes a chest, puts it down and stores every diamond; "take the diamonds from the chest" takes them back (seeds 0–4)', async () => {
    for (const seed of [0, 1, 2, 3, 4]) {
      const agent = newAgent()
      const world = new SimWorld({ seed, startInventory: { diamond: 3 } })
      const put = await agent.do('put the diamonds in the chest', world)
      assert.equal(put.result?.outcome, 'goal', `seed ${seed}: ${put.refusal ?? put.result?.message}`)
      assert.deepEqual(chestHolds(world), { diamond: 3 }, `seed ${seed}`)
      assert.equal(world.observe().inventory.get('diamond'), undefined, 'none left in the inventory')
      assert.ok(
        !put.result?.steps.some(
          (s) => s.action.startsWith('craft.') && s.action !== 'craft.chest' && !/planks|crafting_table/.test(s.action),
        ),
        'nothing else made',
      )

      const taken = await agent.do('take the diamonds from the chest', world)
      assert.equal(taken.result?.outcome, 'goal', `seed ${seed}: ${taken.refusal ?? taken.result?.message}`)
      assert.equal(world.observe().inventory.get('diamond'), 3, `seed ${seed}`)
      assert.deepEqual(chestHolds(world), {}, `seed ${seed}: the chest is empty again`)
    }
  })

  test('"put 2 cobblestone in the chest" with none gets them first; what the chest held stays', async () => {
    const agent = newAgent()
    const world = new SimWorld({ seed: 0, startInventory: { diamond: 1 } })
    assert.equal((await agent.do('put the diamond in the chest', world)).result?.outcome, 'goal')
    const report = await agent.do('put 2 cobblestone in the chest', world)
    assert.equal(report.result?.outcome, 'goal', report.refusal ?? report.result?.message)
    assert.deepEqual(chestHolds(world), { diamond: 1, cobblestone: 2 })
  })

  test('"put 3 diamonds in the chest" stores three and the bot keeps the rest; "take 2 diamonds" takes two back', async () => {
    const agent = newAgent()
    const world = new SimWorld({ seed: 0, startInventory: { diamond: 5 } })
    const put = await agent.do('put 3 diamonds in the chest', world)
    assert.equal(put.result?.message, 'done: stored.diamond.3')
    assert.deepEqual(chestHolds(world), { diamond: 3 })
    assert.equal(world.observe().inventory.get('diamond'), 2, 'the bot keeps two')
    const taken = await agent.do('take 2 diamonds from the chest', world)
    assert.equal(taken.result?.message, 'done: has.diamond.4')
    assert.deepEqual(chestHolds(world), { diamond: 1 })
    assert.equal(world.observe().inventory.get('diamond'), 4)
  })

  test('"put the diamonds in the chest" is no longer read as making a chest', async () => {
    const world = new SimWorld({ seed: 0, startInventory: { diamond: 2 } })
    const report = await newAgent().do('put the diamonds in the chest', world)
    assert.deepEqual(report.result?.message, 'done: stored.diamond.2')
  })

  test('taking from a chest with none in sight is refused, saying so', async () => {
    await assert.rejects(newAgent().do('take the iron from the chest', new SimWorld({ seed: 0 })), {
      name: 'UnknownGoalError',
      message: 'I see no chest to take iron ingots from; stand by one and ask again',
    })
  })
})

describe('creatures as goals in the Sim', () => {
  test('"kill 3 zombies" at night: three zombies killed as the world counts them, and the goal says so (seeds 0–4)', async () => {
    for (const seed of [0, 1, 2, 3, 4]) {
      const world = new SimWorld({ seed, startTime: 14_000 })
      const report = await newAgent().do('kill 3 zombies', world)
      assert.equal(report.result?.outcome, 'goal', `seed ${seed}: ${report.refusal ?? report.result?.message}`)
      assert.equal(world.observe().kills?.get('zombie'), 3, `seed ${seed}: the Sim counted three zombie deaths`)
      assert.equal(report.result?.message, 'done: killed.zombie.3')
      assert.equal(report.result?.steps.filter((s) => s.action === 'kill.zombie' && s.ok).length, 3)
    }
  })

  test('a second "kill 2 zombies" counts on from the kills before: two more, and the report says two', async () => {
    const agent = newAgent()
    const world = new SimWorld({ seed: 0, startTime: 14_000 })
    assert.equal((await agent.do('kill a zombie', world)).result?.outcome, 'goal')
    const report = await agent.do('kill 2 zombies', world)
    assert.equal(report.result?.message, 'done: killed.zombie.3')
    assert.equal(world.observe().kills?.get('zombie'), 3)
    assert.deepEqual(report.killed, { zombie: 2 }, 'killed in this run')
  })

  test('by day "kill 3 zombies" is refused with what the bot does instead', async () => {
    await assert.rejects(newAgent().do('kill 3 zombies', new SimWorld({ seed: 0 })), {
      name: 'UnknownGoalError',
      message: /zombies only come out at night, and I don't go looking for them/,
    })
  })
})
