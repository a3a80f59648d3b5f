// Items as players name them, read back for !give: "3 oak logs", "oak log 3", "an iron pickaxe", "logs".
import assert from 'node:assert/strict'
import { test } from 'node:test'
import mcData from 'minecraft-data'
import { closestItemWords, giveWords, readItemRequest } from '../plugin/vocabulary/item-names.js'
import { DEFAULT_RULES_VERSION } from '../plugin/world/rules.js'

const registry = mcData(DEFAULT_RULES_VERSION)

test('a count first or last, plural or singular, words or the game name: the same item', () => {
  for (const said of ['3 oak logs', 'oak logs 3', 'oak log 3', 'oak_log 3', '3 OAK LOGS', 'me 3 oak logs']) {
    assert.deepEqual(readItemRequest(said, registry), { name: 'oak_log', known: true, count: 3 }, said)
  }
  assert.deepEqual(readItemRequest('an iron pickaxe', registry), { name: 'iron_pickaxe', known: true, count: 1 })
  assert.deepEqual(readItemRequest('coal', registry), { name: 'coal', known: true, count: undefined })
  assert.deepEqual(readItemRequest('oak planks 4', registry), { name: 'oak_planks', known: true, count: 4 })
  assert.deepEqual(readItemRequest('logs', registry), { name: 'logs', known: true, count: undefined })
  assert.deepEqual(readItemRequest('the oak leaves', registry), { name: 'oak_leaves', known: true, count: undefined })
  assert.deepEqual(readItemRequest('oak lgo', registry), { name: 'oak lgo', known: false, count: undefined })
  assert.deepEqual(readItemRequest('oak log -2', registry), { problem: 'I can hand over 1 or more, not -2' })
})

test("what !give's replies say, it takes back", () => {
  for (const [name, count] of [
    ['oak_log', 2],
    ['oak_log', 1],
    ['coal', 5],
    ['iron_pickaxe', undefined],
    ['oak_planks', 3],
  ] as const) {
    const said = giveWords(name, count)
    assert.doesNotMatch(said, /_/)
    assert.deepEqual(readItemRequest(said, registry), { name, known: true, count }, said)
  }
  assert.equal(giveWords('oak_log', 2), '2 oak logs')
  assert.equal(closestItemWords('oak_lgo', Object.keys(registry.itemsByName)), 'oak log')
})
