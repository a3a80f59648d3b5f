// Families (plugin/vocabulary/families.ts): "a log" is any wood's log, "iron ore" its deepslate variant too, and a
// word that only looks like a family to JavaScript (an object's own property names) is none.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { familiesOf, isFamily, matchesObject, membersOf } from '../plugin/vocabulary/families.js'

describe('families of items and blocks', () => {
  test('a family matches its members, an ore its deepslate variant, and nothing else', () => {
    assert.ok(matchesObject('logs', 'birch_log'))
    assert.ok(matchesObject('logs', 'crimson_stem'))
    assert.ok(!matchesObject('logs', 'mushroom_stem'))
    assert.ok(matchesObject('iron_ore', 'deepslate_iron_ore'))
    assert.ok(!matchesObject('iron_ore', 'deepslate_coal_ore'))
    assert.ok(!matchesObject('iron_ore', 'xdeepslate_iron_ore'))
    assert.deepEqual(familiesOf('deepslate_iron_ore'), ['iron_ore'])
    assert.deepEqual(familiesOf('oak_planks'), ['planks'])
  })

  test("names of an object's own properties are no family", () => {
    for (const word of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      assert.equal(isFamily(word), false, word)
      assert.equal(matchesObject(word, 'oak_log'), false, word)
    }
  })

  test('what familiesOf returns is the caller’s: changing it changes no later answer', () => {
    familiesOf('oak_log').push('planks')
    assert.deepEqual(familiesOf('oak_log'), ['logs'])
  })

  test("a family's members among a list, the same each time", () => {
    const names = ['oak_planks', 'stone', 'birch_planks']
    assert.deepEqual(membersOf('planks', names), ['oak_planks', 'birch_planks'])
    assert.equal(membersOf('planks', names), membersOf('planks', names))
    assert.deepEqual(membersOf('stone', names), ['stone'])
  })
})
