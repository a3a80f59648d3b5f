// Goals in the words players use: instructions that end in the player's hands, what a goal leaves to hand over,
// and smelting named by its product.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { skillKey } from '../plugin/agent/skills/skill-key.js'
import { goalItems, wantsHandOver } from '../plugin/grounding/hand-over.js'
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
