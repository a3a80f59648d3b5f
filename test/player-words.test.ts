// Goals in the words players use: instructions that end in the player's hands, what a goal leaves to hand over,
// and smelting named by its product.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { skillKey } from '../plugin/agent/skills/skill-key.js'
import { handOverLine } from '../plugin/chat/hand-over-commands.js'
import { countGiven, goalItems, wantsHandOver } from '../plugin/grounding/hand-over.js'
import { lawWords } from '../plugin/vocabulary/law-words.js'
import { actWords, counted, itemWords, listWords, stateWords } from '../plugin/vocabulary/player-words.js'
import { ACTION_VERBS, SKILL_ONLY_VERBS } from '../plugin/vocabulary/symbols.js'
import { loadRules } from '../plugin/world/rules.js'

test('"bring me", "get me", "for me" ask for a hand-over; plain goals do not', () => {
  for (const line of ['bring me 2 oak logs', 'can you get me some wood?', 'fetch 3 coal for me', 'give me a pickaxe']) {
    assert.equal(wantsHandOver(line), true, line)
  }
  for (const line of ['collect an oak log', 'mine iron_ore but sleep at night', 'craft a memorial stone']) {
    assert.equal(wantsHandOver(line), false, line)
  }
})

test('the items of a goal come from its has.* success events', () => {
  assert.deepEqual(goalItems(['has.oak_log.2', 'time.night', 'has.stick']), [
    { item: 'oak_log', count: 2 },
    { item: 'stick', count: 1 },
  ])
})

test('a smelting goal may name the product: smelt iron_ingot is the skill that smelts raw_iron', () => {
  const rules = loadRules()
  assert.deepEqual(skillKey('smelt', 'iron_ingot', rules), {
    verb: 'smelt',
    object: 'raw_iron',
    item: 'iron_ingot',
    count: 1,
  })
  assert.deepEqual(skillKey('smelt', 'raw_iron', rules), {
    verb: 'smelt',
    object: 'raw_iron',
    item: 'iron_ingot',
    count: 1,
  })
  assert.throws(() => skillKey('smelt', 'stick', rules), /stick cannot be smelted, and no smelting makes it/)
})

test('item names as players say them: counts, articles, plurals and heaps', () => {
  assert.equal(itemWords('oak_log', 3), '3 oak logs')
  assert.equal(itemWords('iron_pickaxe', 1), 'an iron pickaxe')
  assert.equal(itemWords('stone_pickaxe', 1), 'a stone pickaxe')
  assert.equal(itemWords('oak_planks', 4), '4 oak planks')
  assert.equal(itemWords('oak_planks', 1), 'an oak plank')
  assert.equal(itemWords('torch', 2), '2 torches')
  assert.equal(itemWords('coal', 1), '1 coal')
  assert.equal(itemWords('raw_iron', 3), '3 raw iron')
  assert.equal(itemWords('logs', 2), '2 logs')
  // The same in the plural: "4 sheep", never "sheeps".
  assert.equal(itemWords('sheep', 4), '4 sheep')
  assert.equal(itemWords('cod', 2), '2 cod')
  assert.equal(counted(1, 'action'), '1 action')
  assert.equal(counted(0, 'action'), '0 actions')
  assert.equal(listWords(['a', 'b', 'c']), 'a, b and c')
})

test('acts and goals as sentences, not symbols', () => {
  assert.equal(actWords('mine.iron_ore'), 'mining iron ore')
  assert.equal(actWords('mine.logs'), 'mining logs')
  assert.equal(actWords('craft.stone_pickaxe'), 'crafting a stone pickaxe')
  // A family is any of its kinds.
  assert.equal(actWords('craft.planks'), 'crafting planks')
  assert.equal(actWords('smelt.raw_iron'), 'smelting raw iron')
  assert.equal(actWords('explore.oak_log'), 'looking for oak logs')
  // Every verb of the vocabulary, and the skills' own (hunt, wear), has its words.
  assert.equal(actWords('fish.cod'), 'fishing for cod')
  assert.equal(actWords('plant.wheat_seeds'), 'planting wheat seeds')
  assert.equal(actWords('use.grass_block'), 'using what I hold on a grass block')
  assert.equal(actWords('hunt.zombie'), 'hunting zombies')
  assert.equal(actWords('wear.iron_helmet'), 'putting on an iron helmet')
  for (const verb of [...ACTION_VERBS, ...SKILL_ONLY_VERBS]) {
    assert.doesNotMatch(actWords(`${verb}.oak_log`), /\./, `${verb} has words`)
  }
  assert.equal(stateWords('has.oak_log.3'), '3 oak logs')
  assert.equal(stateWords('equipped.iron_pickaxe'), 'an iron pickaxe in hand')
})

test('a hand-over line says what the world showed: caught, lying, or never thrown', () => {
  const base = { item: 'oak_log', items: ['oak_log'], asked: 2 }
  assert.equal(handOverLine({ ...base, given: 2, caught: 2 }, 'Alex'), 'here you are, Alex: 2 oak logs')
  assert.equal(
    handOverLine({ ...base, given: 2, caught: 0, lying: { count: 2, distance: 2.2 } }, 'Alex'),
    'I threw you 2 oak logs; 2 are on the ground 2 blocks from you',
  )
  assert.equal(
    handOverLine({ ...base, asked: 1, given: 1, caught: 0, lying: { count: 1, distance: 1.2 } }, 'Alex'),
    'I threw you an oak log; it is on the ground 1 block from you',
  )
  const line = handOverLine(
    { ...base, given: 0, caught: 0, unreachable: { blocks: 20.4, above: 4, why: 'I found no way to you' } },
    'Alex',
  )
  assert.equal(
    line,
    'I could not reach you, Alex: I found no way to you (you are 20 blocks away, 4 blocks above me); I kept 2 oak logs; come closer and say !give 2 oak logs',
  )
  assert.doesNotMatch(line, /at your feet/)
})

test('laws in plain English, for the forms the bot’s laws take', () => {
  assert.equal(
    lawWords('G(!equipped.iron_pickaxe -> X !mine.diamond_ore)'),
    'never mine diamond ore without an iron pickaxe in hand',
  )
  assert.equal(lawWords('G !mine.oak_log'), 'never mine oak logs')
  assert.equal(lawWords('G(time.night -> X !mine.diamond_ore)'), 'never mine diamond ore at night')
  assert.equal(
    lawWords('G(!(equipped.stone_pickaxe | equipped.iron_pickaxe) -> X !mine.iron_ore)'),
    'never mine iron ore without a stone pickaxe or an iron pickaxe in hand',
  )
  assert.equal(
    lawWords('G(!near.crafting_table -> X(!craft.wooden_pickaxe & !craft.stone_pickaxe))'),
    'never craft a wooden pickaxe or craft a stone pickaxe unless near a crafting table',
  )
  assert.equal(lawWords('G(has.oak_log.3 -> X craft.planks)'), 'with 3 oak logs, craft planks next')
  assert.equal(lawWords('G(time.night -> F sleep.bed)'), 'at night, sleep sooner or later')
  assert.equal(lawWords('F has.diamond'), 'in the end, have a diamond')
  // Any other form is read out operator by operator; what does not parse is shown as written.
  assert.equal(lawWords('mine.stone U has.cobblestone.3'), 'mine stone until 3 cobblestone')
  assert.equal(lawWords('G((('), 'G(((')
})

test('a hand-over without a count ("get me some wood") hands over all of it; one with a count, that many', () => {
  for (const line of ['get me some wood', 'bring me oak logs', 'can you get me wood?']) {
    assert.equal(countGiven(line), false, line)
  }
  for (const line of ['bring me 2 oak logs', 'get me an iron pickaxe', 'fetch 3 coal for me', 'give me a pickaxe']) {
    assert.equal(countGiven(line), true, line)
  }
})
