// Survival reflexes as modes: the `reflexes` option and `!mode <name> on|off` switch each one; a reflex switched
// off stops acting at its next turn, in a run already going, and the others keep acting.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { runController } from '../plugin/agent/controller/index.js'
import { ReflexModes, survivalReflexes } from '../plugin/agent/reflexes/index.js'
import { Dfa } from '../plugin/automata/dfa.js'
import { resolveOptions } from '../plugin/config/options.js'
import { type Primitive, primitiveSymbol } from '../plugin/vocabulary/symbols.js'
import { type Observation, success, type World } from '../plugin/world/port.js'
import { loadRules } from '../plugin/world/rules.js'

const rules = loadRules()

/** Night under the open sky, a zombie 6 blocks off until the bot digs in; one log to mine. */
class NightWithAZombie implements World {
  readonly acts: string[] = []
  sheltered = false
  logs = 0
  constructor(private readonly onAct: (symbol: string) => void = () => {}) {}
  observe(): Observation {
    const zombie = this.sheltered ? undefined : 6
    return {
      inventory: new Map(this.logs > 0 ? [['oak_log', this.logs]] : []),
      equipped: undefined,
      timeOfDay: 14_000,
      isNight: true,
      underSky: !this.sheltered,
      biome: 'plains',
      position: { x: 0, y: 64, z: 0 },
      health: 20,
      food: 20,
      nearest: (object, radius = 32) =>
        object === 'zombie' && zombie !== undefined && zombie <= radius ? zombie : undefined,
    }
  }
  async act(primitive: Primitive) {
    const symbol = primitiveSymbol(primitive)
    this.acts.push(symbol)
    if (symbol === 'place.shelter') this.sheltered = true
    if (symbol === 'mine.oak_log') this.logs++
    this.onAct(symbol)
    return success(symbol)
  }
}

const oneLog = Dfa.from({ alphabet: ['mine.oak_log'], initial: 0, accepting: [1], transitions: [[1], [null]] })

describe('reflexes as modes', () => {
  test('the option sets each reflex; all are on by default', () => {
    assert.deepEqual(resolveOptions({}, {}).reflexes, {
      idle: false,
      eat: true,
      escape: true,
      fight: true,
      shelter: true,
      armour: true,
    })
    const options = resolveOptions({ reflexes: { shelter: false } }, {})
    assert.deepEqual(new ReflexModes(options.reflexes).list(), {
      eat: true,
      escape: true,
      fight: true,
      shelter: false,
      armour: true,
    })
    assert.throws(() => resolveOptions({ reflexes: { sleep: false } }, {}), /reflexes: unknown "sleep"/)
  })

  test('shelter on: at night with a zombie 6 blocks away the bot digs in before it mines', async () => {
    const world = new NightWithAZombie()
    const result = await runController({
      world,
      dfa: oneLog,
      goal: ['has.oak_log.1'],
      reflexes: survivalReflexes(rules),
    })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['place.shelter', 'mine.oak_log'])
  })

  test('!mode shelter off: the same night, the bot does not dig in; switched off mid-run, it stops at its next turn', async () => {
    const modes = new ReflexModes()
    modes.set('shelter', false)
    const world = new NightWithAZombie()
    const result = await runController({
      world,
      dfa: oneLog,
      goal: ['has.oak_log.1'],
      reflexes: survivalReflexes(rules, modes),
    })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['mine.oak_log'])

    // Two logs; the shelter is switched off after the first act, and the zombie is back (the shelter did not hold).
    const live = new ReflexModes()
    const twoLogs = Dfa.from({
      alphabet: ['mine.oak_log'],
      initial: 0,
      accepting: [2],
      transitions: [[1], [2], [null]],
    })
    const again: NightWithAZombie = new NightWithAZombie((symbol) => {
      if (symbol !== 'place.shelter') return
      live.set('shelter', false)
      again.sheltered = false
    })
    const run = await runController({
      world: again,
      dfa: twoLogs,
      goal: ['has.oak_log.2'],
      reflexes: survivalReflexes(rules, live),
    })
    assert.equal(run.outcome, 'goal', run.message)
    assert.deepEqual(again.acts, ['place.shelter', 'mine.oak_log', 'mine.oak_log'])
  })
})
