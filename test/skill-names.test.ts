// A player names a skill in their own words (`!skill wooden pickaxe`), or by its symbol, and hears where it came
// from in words; a slip gets the command that finds what was meant.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { findSkill, provenanceWords, shortestName } from '../plugin/chat/skill-names.js'

const skills = [
  { name: 'craft.wooden_pickaxe', successEvents: ['has.wooden_pickaxe.1'] },
  { name: 'craft.planks', successEvents: ['has.planks.1'] },
  { name: 'mine.logs', successEvents: ['has.logs.1'] },
  { name: 'mine.oak_log', successEvents: ['has.oak_log.1'] },
  { name: 'smelt.raw_iron', successEvents: ['has.iron_ingot.1'] },
  { name: 'mine.stone', successEvents: ['has.cobblestone.1'] },
  { name: 'mine.cobblestone', successEvents: ['has.cobblestone.1'] },
]

test('a skill found by the words the bot says for it, by what it makes, and by its symbol', () => {
  for (const said of [
    'wooden pickaxe',
    'a wooden pickaxe',
    'Wooden Pickaxes',
    'crafting a wooden pickaxe',
    'craft a wooden pickaxe',
    'craft.wooden_pickaxe',
    'wooden_pickaxe',
  ]) {
    assert.deepEqual(findSkill(said, skills), { found: 'craft.wooden_pickaxe' }, said)
  }
  assert.deepEqual(findSkill('planks', skills), { found: 'craft.planks' })
  assert.deepEqual(findSkill('mining logs', skills), { found: 'mine.logs' })
  assert.deepEqual(findSkill('oak log', skills), { found: 'mine.oak_log' })
  // What the skill makes, when no act is named so: smelting raw iron makes iron ingots.
  assert.deepEqual(findSkill('iron ingots', skills), { found: 'smelt.raw_iron' })
  // The act's object first: "stone" is mining stone, though two skills make cobblestone.
  assert.deepEqual(findSkill('stone', skills), { found: 'mine.stone' })
})

test('words that fit several skills name them all; a slip gets the closest; nonsense gets nothing', () => {
  // By the act's object first (mining cobblestone), else by what each skill makes.
  assert.deepEqual(findSkill('cobblestone', skills), { found: 'mine.cobblestone' })
  const makers = skills.filter((s) => s.name !== 'mine.cobblestone')
  assert.deepEqual(findSkill('cobblestone', makers), { found: 'mine.stone' })
  const twoMakers = [...makers, { name: 'smelt.gravel', successEvents: ['has.cobblestone.1'] }]
  assert.deepEqual(findSkill('cobblestone', twoMakers), { several: ['mine.stone', 'smelt.gravel'] })
  assert.deepEqual(findSkill('wooden pikaxe', skills), { none: true, near: 'craft.wooden_pickaxe' })
  assert.deepEqual(findSkill('a spaceship', skills), { none: true })
})

test('part of a name finds the one skill it fits, or names each it fits', () => {
  const few = skills.filter((s) => s.name !== 'mine.logs')
  assert.deepEqual(findSkill('log', few), { found: 'mine.oak_log' })
  assert.deepEqual(findSkill('ingot', skills), { found: 'smelt.raw_iron' })
  const pickaxes = [...skills, { name: 'craft.stone_pickaxe', successEvents: ['has.stone_pickaxe.1'] }]
  assert.deepEqual(findSkill('pickaxe', pickaxes), { several: ['craft.wooden_pickaxe', 'craft.stone_pickaxe'] })
})

test('the shortest words that find a skill, for a suggestion a player can type', () => {
  assert.equal(shortestName('craft.wooden_pickaxe', skills), 'wooden pickaxe')
  assert.equal(shortestName('mine.logs', skills), 'log')
})

test('where a skill came from, in words', () => {
  const provenance = { membershipQueries: 12, equivalenceQueries: 2 }
  assert.equal(provenanceWords({ ...provenance, path: 'seed', teacher: 'seed' }), 'shipped with me')
  assert.equal(provenanceWords({ ...provenance, path: 'learned', teacher: 'recipe' }), 'learned from the recipe book')
  assert.equal(provenanceWords({ ...provenance, path: 'learned', teacher: 'llm:qwen' }), 'learned from the LLM')
  assert.equal(
    provenanceWords({ ...provenance, path: 'adapted', teacher: 'recipe', from: 'craft.stone_pickaxe' }),
    'worked out from crafting a stone pickaxe',
  )
})
