// The shield on LogicGuard's own laws and examples, with the paper's proposition names mapped to ours.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { buildLaw, createShield, LawBook } from '../plugin/agent/critic/laws.js'
import { LOGICGUARD_LAW_SETS } from '../plugin/ltl/law-sets.js'
import { LtlSyntaxError } from '../plugin/ltl/parser.js'

const state = (...props: string[]) => new Set(props)

describe('LogicGuard law sets', () => {
  test('all 54 laws load unchanged and map onto our symbols', () => {
    assert.deepEqual(
      LOGICGUARD_LAW_SETS.map((s) => [s.name, s.kind, s.laws.length]),
      [
        ['saycan-hard', 'hard', 19],
        ['saycan-soft', 'soft', 15],
        ['innermonologue', 'soft', 20],
      ],
    )
    const shield = createShield()
    const book = new LawBook(shield)
    for (const set of LOGICGUARD_LAW_SETS) {
      for (const monitor of book.loadSet(set.name)) {
        for (const prop of monitor.props) assert.match(prop, /^[a-z]+\.[a-z_]+(\.\d+)?$/, `${monitor.id}: ${prop}`)
      }
    }
    assert.equal(shield.monitors().length, 54)
    assert.equal(
      shield.get('H1')?.text,
      'G(!equipped.iron_pickaxe -> X !mine.diamond_ore)',
      'the first hard law, in our symbols',
    )
  })
})

describe('shield decisions', () => {
  test('mining diamond without an iron pickaxe equipped is blocked, naming the law and the alternatives', () => {
    const shield = createShield()
    new LawBook(shield).loadSet('saycan-hard')
    shield.observe(state('has.iron_pickaxe', 'sees.diamond_ore'))
    const verdict = shield.check('mine.diamond_ore')
    assert.equal(verdict.allowed, false)
    assert.deepEqual(
      verdict.blockedBy.map((law) => law.id),
      ['H1'],
    )
    assert.equal(verdict.blockedBy[0]?.text, 'G(!equipped.iron_pickaxe -> X !mine.diamond_ore)')
    assert.ok(verdict.allowedActions.includes('equip.iron_pickaxe'), verdict.allowedActions.join(' '))
    assert.ok(!verdict.allowedActions.includes('equip.stone_pickaxe'), 'no stone pickaxe to equip (law 17)')
    assert.ok(!verdict.allowedActions.includes('mine.diamond_ore'))

    shield.commit('equip.iron_pickaxe')
    shield.observe(state('has.iron_pickaxe', 'equipped.iron_pickaxe', 'sees.diamond_ore'))
    assert.equal(shield.check('mine.diamond_ore').allowed, true)
    assert.equal(shield.check('mine.deepslate_diamond_ore').allowed, true, 'the deepslate variant is a diamond ore')
  })

  test('family symbols: mining any log counts as action_mine_log', () => {
    const shield = createShield({ actions: ['mine.oak_log', 'craft.planks', 'mine.stone'] })
    shield.add(
      buildLaw(
        'S1',
        'G(!obs_has_log & !obs_has_plank & !obs_has_2x_stick & !obs_has_iron_pickaxe -> X(action_mine_log))',
        'soft',
        'builtin',
      ),
    )
    shield.observe(state())
    assert.equal(shield.check('mine.birch_log').allowed, true)
    assert.equal(shield.check('mine.stone').allowed, false)
    shield.observe(state('has.logs'))
    assert.equal(shield.check('mine.stone').allowed, true, 'the law only applies without logs')
  })

  test('a failed action leaves no trace: observing again replaces the pending state', () => {
    const shield = createShield()
    shield.add(buildLaw('once', 'G(craft.crafting_table -> X G !craft.crafting_table)', 'hard', 'user'))
    shield.observe(state())
    assert.equal(shield.check('craft.crafting_table').allowed, true)
    shield.observe(state()) // the craft failed; no commit
    assert.equal(shield.check('craft.crafting_table').allowed, true)
    shield.commit('craft.crafting_table')
    shield.observe(state('has.crafting_table'))
    assert.equal(shield.check('craft.crafting_table').allowed, false, 'only once')
    shield.reset()
    shield.observe(state())
    assert.equal(shield.check('craft.crafting_table').allowed, true, 'a new trajectory starts fresh')
  })

  test('blocking on dead states keeps eventualities reachable', () => {
    const shield = createShield({ actions: ['mine.stone', 'sleep.bed'] })
    shield.add(buildLaw('sleep', 'F sleep.bed', 'hard', 'user'))
    shield.observe(state())
    assert.equal(shield.check('mine.stone').allowed, true, 'not yet asleep is not a violation')
  })

  test('a soft law that keeps blocking the same action is dropped after the limit', () => {
    const dropped: string[] = []
    const shield = createShield({ softBlockLimit: 2, onDrop: (m, reason) => dropped.push(`${m.id}: ${reason}`) })
    shield.addActions(['explore.any', 'mine.iron_ore'])
    shield.add(
      buildLaw(
        'soft15',
        'G(obs_has_fuel & obs_iron_in_chunk & obs_coal_in_chunk -> X(!action_explore_general))',
        'soft',
        'builtin',
      ),
    )
    const known = state('has.fuel', 'sees.iron_ore', 'sees.coal_ore')
    for (let i = 0; i < 3; i++) {
      shield.observe(known)
      assert.equal(shield.check('explore.any').allowed, false, `block ${i + 1}`)
    }
    assert.deepEqual(dropped, ['soft15: soft law soft15 blocked explore.any 3 times (limit 2); dropped'])
    shield.observe(known)
    assert.equal(shield.check('explore.any').allowed, true)
    assert.equal(shield.get('soft15'), undefined)
  })

  test('hard laws are never dropped', () => {
    const shield = createShield({ softBlockLimit: 1, actions: ['mine.stone', 'mine.diamond_ore'] })
    shield.add(buildLaw('h', 'G(!equipped.iron_pickaxe -> X !mine.diamond_ore)', 'hard', 'builtin'))
    for (let i = 0; i < 5; i++) {
      shield.observe(state())
      assert.equal(shield.check('mine.diamond_ore').allowed, false)
    }
    assert.ok(shield.get('h'))
  })

  test('an over-constrained state falls back to the hard laws and is recorded', () => {
    const recorded: string[][] = []
    const shield = createShield({
      actions: ['mine.logs', 'craft.planks'],
      onOverConstrained: (trueInState) => recorded.push([...trueInState]),
    })
    shield.add(buildLaw('hard', 'G(!has.logs -> X !craft.planks)', 'hard', 'builtin'))
    shield.add(buildLaw('soft-a', 'G(!has.logs -> X craft.planks)', 'soft', 'critic'))
    shield.add(buildLaw('soft-b', 'G(!has.logs -> X !mine.logs)', 'soft', 'critic'))
    shield.observe(state('sees.oak_log'))
    const verdict = shield.check('mine.logs')
    assert.equal(verdict.allowed, true)
    assert.equal(verdict.fallback, true)
    assert.deepEqual(verdict.allowedActions, ['mine.logs'], 'what the hard laws allow')
    assert.equal(shield.check('craft.planks').allowed, false, 'the hard law still holds')
    assert.deepEqual(
      shield.check('craft.planks').blockedBy.map((l) => l.id),
      ['hard'],
    )
    assert.deepEqual(recorded, [[]], 'recorded once, with nothing the laws mention true')
    assert.deepEqual(shield.allowedActions(), ['mine.logs'])
  })

  test('a law broken by an act the shield was not asked about starts over instead of refusing everything after', () => {
    const shield = createShield({ actions: ['mine.logs', 'craft.planks'] })
    shield.add(buildLaw('h13', 'G(!has.logs -> X !craft.planks)', 'hard', 'builtin'))
    shield.observe(state())
    assert.equal(shield.check('craft.planks').allowed, false)
    shield.commit('craft.planks') // taken anyway (no gate on that path)
    shield.observe(state('has.logs'))
    assert.equal(shield.check('mine.logs').allowed, true, 'not dead for good')
    assert.equal(shield.check('craft.planks').allowed, true, 'with logs the law allows it')
    shield.commit('craft.planks')
    shield.observe(state())
    assert.equal(shield.check('craft.planks').allowed, false, 'and it still holds')
  })

  test('one vocabulary at both levels: a law about kill.zombie holds for the gate’s attack.zombie', () => {
    const shield = createShield({ actions: ['attack.zombie', 'attack.cow', 'mine.stone'] })
    shield.add(buildLaw('peace', 'G(time.day -> X !kill.zombie)', 'hard', 'user'))
    shield.observe(state('time.day'))
    assert.deepEqual(
      shield.check('attack.zombie').blockedBy.map((l) => l.id),
      ['peace'],
    )
    assert.equal(shield.check('attack.cow').allowed, true)
  })

  test('one vocabulary at both levels: a law about the output holds for the smelt of its input, and the other twins', () => {
    const shield = createShield({ actions: ['smelt.raw_iron', 'smelt.raw_gold', 'kill.zombie', 'goto.position'] })
    shield.add(buildLaw('no-iron', 'G(time.day -> X !smelt.iron_ingot)', 'hard', 'user'))
    shield.add(buildLaw('no-hits', 'G(time.day -> X !attack.zombie)', 'hard', 'user'))
    shield.observe(state('time.day'))
    assert.deepEqual(
      shield.check('smelt.raw_iron').blockedBy.map((l) => l.id),
      ['no-iron'],
    )
    assert.equal(shield.check('smelt.raw_gold').allowed, true, 'gold ingots are not iron ingots')
    assert.deepEqual(
      shield.check('kill.zombie').blockedBy.map((l) => l.id),
      ['no-hits'],
    )
    assert.equal(shield.check('goto.position').allowed, true)
  })

  test('a law added mid-trajectory starts at the current state', () => {
    const shield = createShield()
    shield.observe(state('time.night'))
    shield.add(buildLaw('night', 'G(time.night -> X !mine.diamond_ore)', 'hard', 'user'))
    assert.equal(shield.check('mine.diamond_ore').allowed, false)
  })

  test('a law that does not parse is refused with its column; duplicate ids too', () => {
    assert.throws(
      () => buildLaw('x', 'G(a ->', 'hard', 'user'),
      (e: unknown) => e instanceof LtlSyntaxError && e.column === 7,
    )
    const shield = createShield()
    shield.add(buildLaw('x', 'G a', 'hard', 'user'))
    assert.throws(() => shield.add(buildLaw('x', 'G b', 'hard', 'user')), /already in the shield/)
  })
})

describe('the everyday verbs in one vocabulary (issue 36)', () => {
  test('using an item on a block is activating it, and back', async () => {
    const { actionPropositions } = await import('../plugin/vocabulary/symbols.js')
    assert.ok(actionPropositions('use.grass_block').has('activate.grass_block'))
    assert.ok(actionPropositions('activate.water').has('use.water'))
    assert.ok(actionPropositions('fish.cod').has('fish.fish'), 'a cod is a fish: a law about fish.fish holds for it')
  })
})
