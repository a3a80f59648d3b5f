// A player who talks to the bot in plain words is told how to ask, once a minute at most.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { MENTION_HINT_MS, MentionHint } from '../plugin/chat/mention-hint.js'

test('a mention gets the hint, with the request as the example; one per player per minute', () => {
  let now = 0
  const hints = new MentionHint('!', () => now)
  assert.equal(
    hints.hintFor('Alex', 'hey cedar, can you get me some wood?', 'cedar'),
    'Alex, I only follow commands: say !do <what you want>, e.g. !do get me some wood (!help lists the rest)',
  )
  assert.equal(hints.hintFor('Alex', 'cedar?', 'cedar'), undefined, 'within the minute')
  assert.match(hints.hintFor('Bob', 'Cedar!', 'cedar') ?? '', /^Bob, .* e\.g\. !do get me some wood /)
  now += MENTION_HINT_MS
  assert.match(
    hints.hintFor('Alex', 'CEDAR please craft me a stone pickaxe', 'cedar') ?? '',
    /e\.g\. !do craft a stone pickaxe /,
  )
})

test('no mention, no hint: other words that contain the name do not count', () => {
  const hints = new MentionHint('!')
  assert.equal(hints.hintFor('Alex', 'nice cedars over there', 'cedar'), undefined)
  assert.equal(hints.hintFor('Alex', 'hello everyone', 'cedar'), undefined)
  assert.equal(hints.hintFor('Alex', 'hey cedar', undefined), undefined, 'before login the bot has no name')
})
