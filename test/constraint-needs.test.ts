// What a constraint needs comes first: "sleep at night" from an empty inventory makes a bed before the first night
// (CEDAR's protocol hands the bot one; a player does not), in the Sim, through the agent a player's `!do` runs.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { meetConstraintNeeds, neededActions, needText } from '../plugin/agent/run/constraint-needs.js'
import { UnknownGoalError } from '../plugin/agent/skills/skill-key.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import type { DoProgress, SkillSummary } from '../plugin/cedar-reports.js'
import { RunProgress } from '../plugin/chat/run-progress.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import type { Primitive } from '../plugin/vocabulary/symbols.js'
import { primitiveSymbol } from '../plugin/vocabulary/symbols.js'
import { pursueMilestone } from '../plugin/world/milestone-pursuit.js'
import type { ActOptions, Observation, Outcome, World } from '../plugin/world/port.js'
import { loadRules } from '../plugin/world/rules.js'
import { DAY_TICKS, NIGHT_START, SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
const grounding = offlineGrounding()
const newAgent = () => new CedarAgent({ rules, grounding, library: new MemoryLibrary(), biomes: SIM_BIOMES })
const TABLE2 = 'collect a diamond but sleep at night'

interface Act {
  readonly action: string
  readonly ok: boolean
  readonly tick: number
  /** Night when the act began (measured at the world, not taken from the agent's report). */
  readonly night: boolean
}

/** The Sim, with every act recorded as the world saw it. */
class RecordedWorld implements World {
  readonly acts: Act[] = []
  constructor(readonly sim: SimWorld) {}
  observe(): Observation {
    return this.sim.observe()
  }
  async act(primitive: Primitive, signal?: AbortSignal, options?: ActOptions): Promise<Outcome> {
    const { ticks, isNight } = this.sim.state
    const outcome = await this.sim.act(primitive, signal, options)
    this.acts.push({ action: primitiveSymbol(primitive), ok: outcome.ok, tick: ticks, night: isNight })
    return outcome
  }
  waitTicks(ticks: number, signal?: AbortSignal): Promise<void> {
    return this.sim.waitTicks(ticks, signal)
  }
  /** The nights (by index from the start) the run reached, and those a sleep begun in them succeeded. */
  nights(): { met: number[]; slept: number[] } {
    const last = this.sim.ticks
    const met: number[] = []
    for (let k = 0; DAY_TICKS * k + NIGHT_START < last; k++) met.push(k)
    const nightOf = (tick: number) => Math.floor(tick / DAY_TICKS)
    const slept = met.filter((k) => this.acts.some((a) => a.ok && a.action === 'sleep.bed' && nightOf(a.tick) === k))
    return { met, slept }
  }
}

const bedMade = (acts: readonly Act[]) => acts.find((a) => a.ok && /^craft\.[a-z]+_bed$/.test(a.action))

describe('what a constraint needs comes first', () => {
  test('"sleep at night" needs sleep.bed; "mine minerals only at night" and "don\'t eat at night" need nothing', async () => {
    const agent = newAgent()
    const observation = new SimWorld({ seed: 1 }).observe()
    const needed = async (instruction: string) => {
      const prepared = await agent.prepare(instruction, observation)
      return prepared.constraints.flatMap(neededActions)
    }
    assert.deepEqual(await needed(TABLE2), ['sleep.bed'])
    assert.deepEqual(await needed('collect a diamond but mine minerals only at night'), [])
    assert.deepEqual(await needed("collect 3 coal but don't eat at night"), [])
  })

  test('"collect a white bed" and "collect a bed" from an empty inventory: wool from sheep searched for, a bed made', async () => {
    const agent = newAgent()
    for (const instruction of ['collect a white bed', 'collect a bed']) {
      const world = new RecordedWorld(new SimWorld({ seed: 1, startBiome: 'forest', startInventory: {} }))
      const report = await agent.do(instruction, world)
      assert.equal(report.result?.outcome, 'goal', `${instruction}: ${report.result?.message}`)
      assert.equal(world.observe().inventory.get('white_bed'), 1, instruction)
      assert.ok(
        world.acts.some((a) => a.ok && a.action === 'kill.sheep'),
        `${instruction}: wool from sheep`,
      )
      // No run for a need: the bed is the goal itself.
      assert.deepEqual(report.needs ?? [], [], instruction)
    }
  })

  test(`"${TABLE2}" from an empty inventory: a bed before the first night, every night slept, none awake`, async () => {
    const agent = newAgent()
    const progress: string[] = []
    let diamonds = 0
    let nightsMet = 0
    const seeds = [0, 1, 2, 3, 4, 5, 6, 7]
    for (const seed of seeds) {
      const world = new RecordedWorld(new SimWorld({ seed, startInventory: {} }))
      const report = await agent.do(TABLE2, world, {
        clock: () => world.sim.ticks,
        onProgress: (p) => {
          if (p.type === 'need') progress.push(`${seed}:${p.need.item}:${p.need.action}`)
        },
      })
      assert.ok(progress.includes(`${seed}:white_bed:sleep.bed`), `seed ${seed}: the need was said`)
      assert.deepEqual(
        report.needs?.map((n) => [n.instruction, n.result?.outcome]),
        [['collect a white bed; sleep at night', 'goal']],
        `seed ${seed}`,
      )
      const made = bedMade(world.acts)
      assert.ok(made && made.tick < NIGHT_START, `seed ${seed}: bed made at ${made?.tick}, before the first night`)
      assert.ok(
        world.acts.indexOf(made) <
          world.acts.findIndex((a) => a.action.startsWith('mine.') && a.action.endsWith('_ore')),
        `seed ${seed}: the bed before the instruction's own work`,
      )
      const { met, slept } = world.nights()
      nightsMet += met.length
      assert.deepEqual(slept, met, `seed ${seed}: every night slept`)
      const awake = world.acts.filter((a) => a.night && a.action !== 'sleep.bed')
      assert.deepEqual(awake, [], `seed ${seed}: acts awake at night`)
      assert.equal(report.result?.outcome, 'goal', `seed ${seed}: ${report.result?.message}`)
      if ((world.observe().inventory.get('diamond') ?? 0) > 0) diamonds++
      // The report's steps are the need's and the instruction's, in the order they ran.
      assert.equal(report.result?.steps.length, world.acts.length, `seed ${seed}`)
    }
    assert.equal(diamonds, seeds.length)
    assert.ok(nightsMet >= seeds.length / 2, `${nightsMet} nights met: enough runs reach a night for the test to tell`)
  })

  test('with a bed given, no bed is made; an instruction whose constraints need nothing runs as before', async () => {
    const agent = newAgent()
    for (const seed of [0, 1, 2]) {
      const given = new RecordedWorld(new SimWorld({ seed, startInventory: { white_bed: 1 } }))
      const report = await agent.do(TABLE2, given, { clock: () => given.sim.ticks })
      assert.equal(report.result?.outcome, 'goal', `seed ${seed}`)
      assert.deepEqual(report.needs, [], `seed ${seed}`)
      assert.equal(bedMade(given.acts), undefined, `seed ${seed}: no bed made`)

      const free = new RecordedWorld(new SimWorld({ seed, startInventory: {} }))
      const other = await agent.do('collect a diamond but mine minerals only at night', free)
      assert.deepEqual(other.needs, [], `seed ${seed}`)
      assert.equal(bedMade(free.acts), undefined, `seed ${seed}: no bed made`)
    }
  })

  test('the pursuit of wool kills a sheep in sight, and searches for one where the skill may', () => {
    const observe = (sheep: number | undefined): Observation => ({
      inventory: new Map(),
      equipped: undefined,
      timeOfDay: 0,
      isNight: false,
      biome: 'plains',
      position: { x: 0, y: 64, z: 0 },
      health: 20,
      food: 20,
      nearest: (object) => (object === 'sheep' ? sheep : undefined),
    })
    const actions = ['kill.sheep', 'explore.sheep', 'craft.white_bed']
    const all = () => true
    assert.equal(pursueMilestone('has.white_wool.3', observe(5), rules, actions, all), 'kill.sheep')
    assert.equal(pursueMilestone('has.white_wool.3', observe(undefined), rules, actions, all), 'explore.sheep')
    const noSearch = (a: string) => a !== 'explore.sheep'
    assert.equal(pursueMilestone('has.white_wool.3', observe(undefined), rules, actions, noSearch), undefined)
  })

  test("in chat: the need said as its run starts and ends; each plan's skills counted on their own", () => {
    const need = { item: 'white_bed', action: 'sleep.bed', constraint: 'sleep at night' }
    assert.equal(needText(need), 'first a white bed: "sleep at night" needs one (sleep.bed)')
    assert.equal(needText(need, 'goal'), 'got a white bed')
    assert.equal(needText(need, 'no-path'), 'no white bed (no-path); going on without one')
    const said: string[] = []
    const progress = new RunProgress(
      (t) => said.push(t),
      () => () => {},
    )
    const grounded = { type: 'grounded', grounded: { goals: [], constraints: [] } } as unknown as DoProgress
    const skill = (name: string) => ({ type: 'skill', skill: { name } as SkillSummary }) as DoProgress
    // The instruction planned (one skill), then the need's plan (two), which is what runs first.
    for (const p of [grounded, skill('mine.oak_log'), grounded, skill('mine.logs'), skill('craft.white_bed')]) {
      progress.onProgress(p)
    }
    progress.onProgress({ type: 'acting', action: 'mine.logs' })
    assert.deepEqual(said, ['starting mine.logs (1 of 2)'])
  })

  test('a need that cannot be planned is a refusal of the need, not of the instruction; a cancellation is not', async () => {
    const agent = newAgent()
    const observation = new SimWorld({ seed: 1 }).observe()
    const first = await agent.prepare(TABLE2, observation)
    let runs = 0
    const context = (error: Error) => ({
      rules,
      observe: () => observation,
      prepare: async () => {
        throw error
      },
      run: async () => {
        runs++
        throw new Error('not run')
      },
      prepareAgain: async () => first,
    })
    const met = await meetConstraintNeeds(first, context(new UnknownGoalError('no way to get white_bed')))
    assert.equal(met.prepared, first, 'the instruction as planned')
    assert.deepEqual(
      met.needs.map((n) => [n.item, n.refusal, n.result]),
      [['white_bed', 'no way to get white_bed', undefined]],
    )
    assert.equal(runs, 0)
    const stop = new Error('cancelled')
    await assert.rejects(meetConstraintNeeds(first, context(stop)), (e) => e === stop)
  })
})
