// A night the bot cannot sleep under "sleep at night" (agent/reflexes/reflex-admission.ts): live, a bot with no bed
// (seed 0: no sheep found) or nowhere to put one (seed 3) tried sleep.bed three times at nightfall, then stood in the
// open while the constraint refused every survival reflex (a fight, digging in: acts awake), and the zombies killed
// it. A constraint never asks the bot to die: once every act it would accept has failed (once: seed 3 died in its
// second try under attack), an urgent reflex act is let through, and the step says plainly which constraint was set
// aside and why; nothing else is. And the night is over at daybreak: seed 0 waited the whole next day for a sleep.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { runController } from '../plugin/agent/controller/index.js'
import { constraintsAdmitReflex, constraintsReleasedUnkept } from '../plugin/agent/reflexes/reflex-admission.js'
import { shelterReflex } from '../plugin/agent/reflexes/shelter-reflex.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { unkeptWords } from '../plugin/chat/do-progress.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { type Primitive, primitiveSymbol } from '../plugin/vocabulary/symbols.js'
import { failure, type Observation, type Outcome, success, type World } from '../plugin/world/port.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
const agent = new CedarAgent({ rules, grounding: offlineGrounding(), library: new MemoryLibrary(), biomes: SIM_BIOMES })
const bedFailed = (action: string) => action === 'sleep.bed'
const prepared = () =>
  agent.prepare('collect a log but sleep at night', new SimWorld({ seed: 0, startInventory: {} }).observe())

describe('admitting a survival act when "sleep at night" cannot be kept', () => {
  const night = ['time.night']

  test('sleep.bed failed: urgent acts pass, and the constraint set aside is named with the act it wanted', async () => {
    const admit = constraintsAdmitReflex((await prepared()).constraints)
    for (const act of ['place.shelter', 'kill.zombie', 'explore.safe_ground']) {
      const notes: string[] = []
      const context = { urgent: true, failedHere: bedFailed, onSetAside: (n: string) => notes.push(n) }
      assert.equal(admit(night, act, context), undefined, act)
      assert.deepEqual(notes, ['constraint "sleep at night" cannot be kept now (sleep.bed failed)'], act)
    }
  })

  test('still refused: before sleep.bed has failed, a non-urgent act (eating), and by any act once slept', async () => {
    const admit = constraintsAdmitReflex((await prepared()).constraints)
    const refusal = 'constraint "sleep at night"'
    assert.equal(admit(night, 'place.shelter', { urgent: true, failedHere: () => false }), refusal)
    assert.equal(admit(night, 'eat.apple', { urgent: false, failedHere: bedFailed }), refusal)
    assert.equal(admit(night, 'place.shelter'), refusal, 'without a context, as before')
    const notes: string[] = []
    const slept = admit([...night, 'sleep.bed'], 'kill.zombie', {
      urgent: true,
      failedHere: bedFailed,
      onSetAside: (n) => notes.push(n),
    })
    assert.equal(slept, undefined)
    assert.deepEqual(notes, [], 'after sleeping nothing is set aside')
  })
})

/** Night, no bed, a zombie coming across open ground; digging in works (and ends the test's run). */
class BedlessNight implements World {
  readonly acts: string[] = []
  constructor(private readonly stop: AbortController) {}
  observe(): Observation {
    return {
      inventory: new Map(),
      equipped: undefined,
      timeOfDay: 14_000,
      isNight: true,
      underSky: true,
      biome: 'plains',
      position: { x: 0, y: 64, z: 0 },
      health: 20,
      food: 20,
      nearest: (object, radius = 32) => (object === 'zombie' && radius >= 12 ? 12 : undefined),
    }
  }
  async act(primitive: Primitive): Promise<Outcome> {
    const symbol = primitiveSymbol(primitive)
    this.acts.push(symbol)
    if (symbol === 'sleep.bed') return failure('not_found', 'no beds nearby or in the inventory')
    if (symbol === 'place.shelter') {
      this.stop.abort()
      return success('dug in 3 blocks down, covered, until daybreak')
    }
    return failure('not_found', `${symbol}: nothing here`)
  }
}

describe('the controller on a night without a bed', () => {
  test('sleep.bed fails once with a zombie coming: the bot digs in at once, and the step says it did not sleep', async () => {
    const ready = await prepared()
    const stop = new AbortController()
    const world = new BedlessNight(stop)
    const options = agent.runOptions(ready)
    const result = await runController({
      world,
      ...options,
      reflexes: [shelterReflex(rules)],
      signal: stop.signal,
      maxSteps: 40,
    })
    assert.deepEqual(world.acts, ['sleep.bed', 'place.shelter'], result.message)
    const dug = result.steps.find((s) => s.action === 'place.shelter')
    assert.equal(dug?.ok, true)
    assert.equal(dug?.setAside, 'constraint "sleep at night" cannot be kept now (sleep.bed failed)')
    assert.match(dug?.message ?? '', /cannot be kept now .*: dug in 3 blocks down/)
    assert.doesNotMatch(dug?.message ?? '', /slept/)
  })
})

describe('daybreak ends a night the bot could not sleep', () => {
  test('the constraint forbids work all night long without a sleep, and allows it again from daybreak', async () => {
    const [sleepAtNight] = (await prepared()).constraints
    assert.ok(sleepAtNight)
    const ok = (word: string[]) => {
      const q = sleepAtNight.dfa.run(word)
      return q >= 0 && sleepAtNight.dfa.isAccepting(q)
    }
    assert.equal(ok(['time.night', 'mine.logs']), false, 'work at night before sleeping stays forbidden')
    assert.equal(ok(['time.night', 'mine.logs', 'time.day']), false, 'and daybreak does not excuse it')
    assert.equal(ok(['time.night', 'time.day', 'mine.logs']), true, 'the night over, the day is for work')
    assert.equal(ok(['time.night', 'time.day', 'mine.logs', 'time.night', 'mine.logs']), false, 'the next night asks')
  })

  test('a night released unkept is named by its daybreak, and only when the sleep failed', async () => {
    const release = constraintsReleasedUnkept((await prepared()).constraints)
    const note = 'constraint "sleep at night" was not kept: sleep.bed failed before time.day'
    // Live, the daybreak came with a block picked up on the same tick.
    assert.deepEqual(release(['time.night'], ['has.dirt.1', 'time.day'], bedFailed), [note])
    assert.deepEqual(
      release(['time.night'], ['time.day'], () => false),
      [],
      'not tried: no claim it failed',
    )
    assert.deepEqual(release(['time.night', 'sleep.bed'], ['time.day'], bedFailed), [], 'slept: nothing unkept')
    assert.deepEqual(release(['time.night'], ['has.dirt.1'], bedFailed), [], 'still night: not released')
  })

  test('in the Sim, a night without a bed: sleep.bed fails, the bot waits, and collects the log after daybreak', async () => {
    const ready = await prepared()
    // Nightfall, no bed anywhere, and the night's mobs kept off: the test is about the constraint, not survival.
    const world = new SimWorld({ seed: 0, startInventory: {}, startTime: 13_500, nightDamageInterval: 1e9 })
    const result = await runController({ world, ...agent.runOptions(ready), maxSteps: 40 })
    assert.equal(result.outcome, 'goal', result.message)
    const acts = result.steps.map((s) => `${s.action}${s.night ? ' (night)' : ''}`)
    assert.ok(acts.includes('sleep.bed (night)'), acts.join(', '))
    const firstWork = result.steps.findIndex((s) => s.action !== 'sleep.bed')
    assert.ok(firstWork >= 0, acts.join(', '))
    assert.ok(
      result.steps.slice(firstWork).every((s) => !s.night),
      `nothing but sleep.bed at night: ${acts.join(', ')}`,
    )
    assert.equal(world.state.day, 1, 'the log came the first day, not after another night')
    assert.deepEqual(result.unkept, ['constraint "sleep at night" was not kept: sleep.bed failed before time.day'])
    const said = unkeptWords(result.unkept?.[0] ?? '')
    assert.equal(said, 'I could not sleep last night (sleeping did not work); it is day now, so I go on')
  })

  test('with a bed the night is slept, and nothing is said about a night not slept', async () => {
    const ready = await prepared()
    const start = { seed: 0, startInventory: { white_bed: 1 }, startTime: 13_500, nightDamageInterval: 1e9 }
    const result = await runController({ world: new SimWorld(start), ...agent.runOptions(ready), maxSteps: 40 })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(
      result.steps.filter((s) => s.action === 'sleep.bed').map((s) => s.ok),
      [true],
    )
    assert.equal(result.unkept, undefined)
  })
})
