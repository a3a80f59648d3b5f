// The fighting and escape reflexes (agent/reflexes/fight-reflex.ts, agent/reflexes/escape-reflex.ts) as the controller asks them, and
// what the run's constraints say of their acts: a mob at hand is fought with the best weapon held, a bot swimming or
// beside lava heads for safe ground; under "sleep at night" neither acts at night before the bot has slept (an act
// awake), and once it has slept (woken by a mob in bed) it may fight; "mine minerals only at night" never stops them.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { runController } from '../plugin/agent/controller/index.js'
import { escapeReflex } from '../plugin/agent/reflexes/escape-reflex.js'
import { AT_HAND, FIGHT_RADIUS, fightReflex } from '../plugin/agent/reflexes/fight-reflex.js'
import type { ReflexContext } from '../plugin/agent/reflexes/reflex.js'
import { constraintsAdmitReflex } from '../plugin/agent/reflexes/reflex-admission.js'
import { shelterReflex } from '../plugin/agent/reflexes/shelter-reflex.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { Dfa } from '../plugin/automata/dfa.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import type { Primitive } from '../plugin/vocabulary/symbols.js'
import { primitiveSymbol } from '../plugin/vocabulary/symbols.js'
import { type ActOptions, failure, type Observation, success, type World } from '../plugin/world/port.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'

const rules = loadRules()
const open: ReflexContext = { skip: () => false, spare: () => true, hunted: () => false, planned: () => undefined }

function seen(
  options: { inventory?: Record<string, number>; equipped?: string; mobs?: Record<string, number> } & Pick<
    Partial<Observation>,
    'hazard'
  >,
): Observation {
  const mobs = options.mobs ?? {}
  return {
    inventory: new Map(Object.entries(options.inventory ?? {})),
    equipped: options.equipped,
    timeOfDay: 14_000,
    isNight: true,
    biome: 'plains',
    position: { x: 0, y: 64, z: 0 },
    health: 20,
    food: 20,
    ...(options.hazard ? { hazard: options.hazard } : {}),
    nearest: (object, radius = 32) => {
      const d = mobs[object]
      return d !== undefined && d <= radius ? d : undefined
    },
  }
}

const offered = (o: Observation, context = open) => {
  const act = fightReflex(rules).next(o, context)
  return act && primitiveSymbol(act.primitive)
}

describe('fighting reflex', () => {
  test('a zombie at hand: the best weapon held is taken first, then the zombie fought', () => {
    const inventory = { wooden_sword: 1, stone_axe: 1, iron_sword: 1, iron_pickaxe: 1 }
    assert.equal(offered(seen({ inventory, mobs: { zombie: 3 } })), 'equip.iron_sword')
    assert.equal(offered(seen({ inventory, equipped: 'iron_sword', mobs: { zombie: 3 } })), 'kill.zombie')
    // Bare-handed, it fights with its fists.
    assert.equal(offered(seen({ mobs: { zombie: 2 } })), 'kill.zombie')
    // An equip that failed lately is not offered again: the next weapon is.
    const noIron: ReflexContext = { ...open, skip: (s) => s === 'equip.iron_sword' }
    assert.equal(offered(seen({ inventory, mobs: { zombie: 3 } }), noIron), 'equip.stone_axe')
  })

  test('only a hostile mob within reach: one farther off, or a cow beside the bot, is left alone', () => {
    assert.equal(offered(seen({ mobs: { zombie: FIGHT_RADIUS + 2 } })), undefined)
    assert.equal(offered(seen({ mobs: { cow: 1 } })), undefined)
    assert.equal(offered(seen({ mobs: { zombie: 3 } }), { ...open, skip: (s) => s === 'kill.zombie' }), undefined)
  })

  test('a zombie at hand is fought even when a fight failed lately: it is hitting the bot', () => {
    const failedFight: ReflexContext = { ...open, skip: (s) => s === 'kill.zombie' }
    assert.equal(AT_HAND < 3, true, 'one a step off, which the fight that failed could not reach, is left')
    assert.equal(offered(seen({ mobs: { zombie: 1.5 } }), failedFight), 'kill.zombie')
    assert.equal(offered(seen({ mobs: { zombie: AT_HAND } }), failedFight), 'kill.zombie')
  })

  test('in the Sim, whose night mobs keep 8 blocks or more away, no run fights', async () => {
    const agent = new CedarAgent({
      rules,
      grounding: offlineGrounding(),
      library: new MemoryLibrary(),
      biomes: SIM_BIOMES,
    })
    const world = new SimWorld({ seed: 0, startTime: 13_100, nightDamageInterval: 1e9, pathFailureRate: 0 })
    assert.ok(world.observe().nearest('zombie') !== undefined, 'a zombie in sight in the Sim at night')
    const report = await agent.do('collect a log', world, { clock: () => world.ticks })
    assert.equal(report.result?.outcome, 'goal', report.result?.message)
    assert.deepEqual(
      (report.result?.steps ?? []).filter((s) => s.action.startsWith('kill.')),
      [],
      'no fight offered',
    )
  })
})

describe('shelter reflex', () => {
  const shelter = shelterReflex(rules)
  const at = (o: Observation) => {
    const act = shelter.next(o, open)
    return act && primitiveSymbol(act.primitive)
  }
  test('at night under the open sky with a zombie near, the bot digs in; not by day or under cover', () => {
    assert.equal(at({ ...seen({ mobs: { zombie: 15 } }), underSky: true }), 'place.shelter')
    assert.equal(at({ ...seen({ mobs: { zombie: 15 } }), underSky: false }), undefined, 'under cover')
    assert.equal(at({ ...seen({ mobs: { zombie: 15 } }), underSky: true, isNight: false }), undefined, 'by day')
    // One at hand is the fight's (asked first); when the fight is not on offer, the bot digs in.
    assert.equal(at({ ...seen({ mobs: { zombie: 3 } }), underSky: true }), 'place.shelter')
    assert.equal(at({ ...seen({ mobs: { zombie: 30 } }), underSky: true }), undefined, 'none near')
    // The Sim does not say where the sky is (and shows its night mobs 8-28 blocks off): no Sim run digs in.
    assert.equal(at(seen({ mobs: { zombie: 15 } })), undefined)
  })

  test('a run that hunts zombies does not dig in from one, but still from another kind of mob', () => {
    const hunting = { ...open, hunted: (creature: string) => creature === 'zombie' }
    const night = (mobs: Record<string, number>) => ({ ...seen({ mobs }), underSky: true })
    assert.equal(shelter.next(night({ zombie: 15 }), hunting), undefined)
    const skeleton = shelter.next(night({ zombie: 15, skeleton: 20 }), hunting)
    assert.equal(skeleton && primitiveSymbol(skeleton.primitive), 'place.shelter')
    assert.match(skeleton?.why ?? '', /^a skeleton 20 blocks away/)
  })
})

describe('shelter reflex with the night’s work to go on with (issue 37)', () => {
  const shelter = shelterReflex(rules)
  const dug = (next: string | undefined) => {
    const act = shelter.next({ ...seen({ mobs: { zombie: 24 } }), underSky: true }, { ...open, planned: () => next })
    assert.equal(act && primitiveSymbol(act.primitive), 'place.shelter', `next: ${next}`)
    return act?.toWorkFrom === true
  }

  test('an ore mined or prospected for, or a craft, goes on from the hole: the bot does not wait there for day', () => {
    for (const next of ['mine.coal_ore', 'explore.iron_ore', 'mine.deepslate_diamond_ore', 'mine.stone'])
      assert.equal(dug(next), true, next)
    assert.equal(dug('craft.stone_pickaxe'), true, 'done where the bot stands')
  })

  test('nothing to do now, or work on the surface: the bot waits in the hole until daybreak', () => {
    assert.equal(dug(undefined), false, 'waiting for an event')
    // Each would take the bot back out among the mobs, to be dug in for again.
    for (const next of ['mine.logs', 'kill.pig', 'explore.sheep', 'plant.wheat_seeds'])
      assert.equal(dug(next), false, next)
  })
})

/**
 * At night under the open sky, a zombie 15 blocks off, until the bot is dug in and covered; the plan's acts and the
 * options each ran with, and one coal for every `mine.coal_ore`.
 */
class ZombieAtNightfall implements World {
  readonly acts: { action: string; toWorkFrom: boolean }[] = []
  covered = false
  coal = 0
  observe(): Observation {
    return {
      ...seen({ mobs: { zombie: 15 } }),
      inventory: new Map(this.coal > 0 ? [['coal', this.coal]] : []),
      underSky: !this.covered,
    }
  }
  async act(primitive: Primitive, _signal?: AbortSignal, options?: ActOptions) {
    const action = primitiveSymbol(primitive)
    this.acts.push({ action, toWorkFrom: options?.toWorkFrom === true })
    if (action === 'place.shelter') {
      this.covered = true
      return success(options?.toWorkFrom ? 'dug in and covered' : 'dug in until daybreak')
    }
    if (action === 'mine.coal_ore') {
      this.coal++
      return success('got 1 coal')
    }
    return failure('not_found', `no ${primitive.object} here`)
  }
}

describe('the shelter in a run (issue 37: a zombie at nightfall cost the night’s mining)', () => {
  test('"mine minerals only at night": dug in at nightfall, the bot mines from its hole that night', async () => {
    const world = new ZombieAtNightfall()
    const dfa = Dfa.from({ alphabet: ['mine.coal_ore'], initial: 0, accepting: [1], transitions: [[1], [null]] })
    const result = await runController({ world, dfa, goal: ['has.coal.1'], reflexes: [shelterReflex(rules)] })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, [
      { action: 'place.shelter', toWorkFrom: true },
      { action: 'mine.coal_ore', toWorkFrom: false },
    ])
    assert.ok(
      result.steps.every((s) => s.night),
      'both at night',
    )
    assert.match(result.steps[0]?.message ?? '', /mine\.coal_ore to go on with/)
  })

  test('a run whose way on waits for daybreak digs in until then, as before', async () => {
    // mine.oak_log only after time.day: nothing to do at night.
    const dfa = Dfa.from({
      alphabet: ['time.day', 'mine.oak_log'],
      initial: 0,
      accepting: [2],
      transitions: [
        [1, null],
        [1, 2],
        [2, 2],
      ],
    })
    const world = new ZombieAtNightfall()
    await runController({ world, dfa, goal: ['has.oak_log.1'], reflexes: [shelterReflex(rules)] })
    assert.deepEqual(world.acts, [{ action: 'place.shelter', toWorkFrom: false }])
  })
})

describe('escape reflex', () => {
  test('a bot swimming or beside lava heads for safe ground; on land it does nothing', () => {
    const reflex = escapeReflex()
    for (const hazard of ['water', 'lava'] as const) {
      const act = reflex.next(seen({ hazard }), open)
      assert.equal(act && primitiveSymbol(act.primitive), 'explore.safe_ground', hazard)
    }
    assert.equal(reflex.next(seen({}), open), undefined)
    assert.equal(reflex.next(seen({ hazard: 'water' }), { ...open, skip: () => true }), undefined)
  })
})

describe('what the constraints say of a fight or an escape', () => {
  const agent = new CedarAgent({
    rules,
    grounding: offlineGrounding(),
    library: new MemoryLibrary(),
    biomes: SIM_BIOMES,
  })
  const world = new SimWorld({ seed: 0, startInventory: { white_bed: 1 } })

  test('"sleep at night": no fight or swim at night before the bot has slept; after (woken in bed) it may fight', async () => {
    const admit = constraintsAdmitReflex(
      (await agent.prepare('collect a log but sleep at night', world.observe())).constraints,
    )
    for (const act of ['kill.zombie', 'equip.iron_sword', 'explore.safe_ground']) {
      assert.equal(admit(['time.day'], act), undefined, `${act} by day`)
      assert.equal(admit(['time.night'], act), 'constraint "sleep at night"', `${act} at night, awake`)
      assert.equal(admit(['time.night', 'sleep.bed'], act), undefined, `${act} at night, after sleeping`)
    }
  })

  test('"mine minerals only at night" lets the bot fight and get out of water by day and by night', async () => {
    const prepared = await agent.prepare('collect a raw iron but mine minerals only at night', world.observe())
    const admit = constraintsAdmitReflex(prepared.constraints)
    for (const word of [['time.day'], ['time.night']])
      for (const act of ['kill.zombie', 'explore.safe_ground'])
        assert.equal(admit(word, act), undefined, `${act} ${word}`)
  })
})

/** A log that takes long to mine; a zombie turns up beside the bot while the first dig runs. */
class ZombieAtTheDig implements World {
  readonly acts: string[] = []
  zombie = false
  logs = 0
  observe(): Observation {
    return {
      ...seen({ mobs: this.zombie ? { zombie: 2 } : {} }),
      inventory: new Map(this.logs > 0 ? [['oak_log', this.logs]] : []),
    }
  }
  async act(primitive: Primitive, signal?: AbortSignal) {
    const symbol = primitiveSymbol(primitive)
    this.acts.push(symbol)
    if (symbol === 'kill.zombie') {
      this.zombie = false
      return success('zombie is gone')
    }
    if (this.acts.filter((a) => a === symbol).length > 1) {
      this.logs++
      return success('got 1 oak_log')
    }
    await this.digUntilCut(100, signal)
    return signal?.aborted ? failure('cancelled', `${symbol}: cancelled`) : success('dug for 20 s')
  }

  /**
   * A zombie turns up `ms` into the dig, which runs until it is cut short (or 20 s: a controller that never
   * interrupts fails the tests).
   */
  protected async digUntilCut(ms: number, signal?: AbortSignal): Promise<void> {
    setTimeout(() => {
      this.zombie = true
    }, ms)
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 20_000)
      signal?.addEventListener('abort', () => resolve(clearTimeout(timer)), { once: true })
    })
  }
}

describe('urgent reflex acts while a step runs', () => {
  test('a zombie that turns up mid-dig cuts the dig short; the bot fights, then digs again and reaches the goal', async () => {
    const world = new ZombieAtTheDig()
    const dfa = Dfa.from({
      alphabet: ['mine.oak_log'],
      initial: 0,
      accepting: [1],
      transitions: [[1], [null]],
    })
    const started = performance.now()
    const result = await runController({ world, dfa, goal: ['has.oak_log.1'], reflexes: [fightReflex(rules)] })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['mine.oak_log', 'kill.zombie', 'mine.oak_log'])
    const cut = result.steps[0]
    assert.equal(cut?.ok, false)
    assert.match(cut?.message ?? '', /^interrupted: a zombie 2\.0 blocks away/)
    assert.ok(performance.now() - started < 10_000, 'the dig did not run its course')
  })

  test('an act cut short every time, with nothing done between, is given up, not tried for ever', async () => {
    // A sheep in a lake: each chase is cut short by the swimming reflex. Here a zombie comes at every dig.
    const world = new ZombieAtEveryDig()
    const dfa = Dfa.from({ alphabet: ['mine.oak_log'], initial: 0, accepting: [1], transitions: [[1], [null]] })
    const result = await runController({ world, dfa, goal: ['has.oak_log.1'], reflexes: [fightReflex(rules)] })
    assert.equal(result.outcome, 'no-path', result.message)
    // Three failures (the controller's tries), each four acts cut short.
    assert.equal(world.acts.filter((a) => a === 'mine.oak_log').length, 12)
  })

  test('a hunt’s kill.zombie is not cut short by the fight reflex offering the same kill', async () => {
    const world = new ZombieHunted()
    const dfa = Dfa.from({ alphabet: ['kill.zombie'], initial: 0, accepting: [1], transitions: [[1], [null]] })
    const result = await runController({ world, dfa, goal: ['killed.zombie.1'], reflexes: [fightReflex(rules)] })
    assert.equal(result.outcome, 'goal', result.message)
    assert.deepEqual(world.acts, ['kill.zombie'], 'one fight, run to its end')
    assert.equal(result.steps[0]?.ok, true, result.steps[0]?.message)
  })
})

describe('what the run hunts, as the shelter reflex sees it', () => {
  /** A log to mine at night under the open sky, a zombie 15 blocks off: the first act the controller runs. */
  const firstAct = async (dfa: Dfa) => {
    const acts: string[] = []
    const world: World = {
      observe: () => ({ ...seen({ mobs: { zombie: 15 } }), underSky: true }),
      act: async (primitive) => {
        acts.push(primitiveSymbol(primitive))
        return failure('cancelled', 'one act is enough')
      },
    }
    await runController({ world, dfa, goal: ['has.oak_log.1'], reflexes: [shelterReflex(rules)] })
    return acts[0]
  }

  test('a zombie is hidden from under a law that forbids killing it, and not while zombies are the goal', async () => {
    // mine.oak_log reaches the goal; kill.zombie leads to the dead state (a law "never kill zombies").
    const forbidden = Dfa.from({
      alphabet: ['mine.oak_log', 'kill.zombie'],
      initial: 0,
      accepting: [1],
      transitions: [
        [1, 2],
        [1, 2],
        [2, 2],
      ],
    })
    assert.equal(await firstAct(forbidden), 'place.shelter')
    // kill.zombie is on the way to the goal: the zombie is what the run is for.
    const hunting = Dfa.from({ alphabet: ['kill.zombie'], initial: 0, accepting: [1], transitions: [[1], [1]] })
    assert.equal(await firstAct(hunting), 'kill.zombie')
  })
})

/** A zombie 8 blocks off, hunted: it comes within the fight reflex's reach as the hunt's fight begins. */
class ZombieHunted implements World {
  readonly acts: string[] = []
  distance = 8
  kills = 0
  observe(): Observation {
    return {
      ...seen({ mobs: this.kills === 0 ? { zombie: this.distance } : {} }),
      ...(this.kills > 0 ? { kills: new Map([['zombie', this.kills]]) } : {}),
    }
  }
  async act(primitive: Primitive, signal?: AbortSignal) {
    this.acts.push(primitiveSymbol(primitive))
    this.distance = 2
    // The fight lasts a second: four of the controller's looks for an urgent act.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000)
      signal?.addEventListener('abort', () => resolve(clearTimeout(timer)), { once: true })
    })
    if (signal?.aborted) return failure('cancelled', 'the fight was cut short')
    this.kills++
    return success('zombie is gone')
  }
}

/** Every dig is cut short by a zombie that turns up beside the bot. */
class ZombieAtEveryDig extends ZombieAtTheDig {
  override async act(primitive: Primitive, signal?: AbortSignal) {
    const symbol = primitiveSymbol(primitive)
    if (symbol === 'kill.zombie') return super.act(primitive, signal)
    this.acts.push(symbol)
    await this.digUntilCut(20, signal)
    return failure('cancelled', `${symbol}: cancelled`)
  }
}
