// Which instructions end in the player's hands, and what a goal leaves to hand over.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { goalItems, wantsHandOver } from '../plugin/grounding/hand-over.js'

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
