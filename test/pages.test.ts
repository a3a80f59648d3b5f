// Long replies in pages: the items of a page, and a footer naming the command for the next one.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { linesPerPage, pageOf } from '../plugin/chat/pages.js'

test('pages of a list, the footer names the next page; one page needs no footer', () => {
  const items = Array.from({ length: 12 }, (_, i) => `L${i + 1}`)
  assert.deepEqual(pageOf(items, undefined, 5, '!laws', 'laws'), {
    items: ['L1', 'L2', 'L3', 'L4', 'L5'],
    footer: 'page 1 of 3: say !laws 2 for more',
  })
  assert.deepEqual(pageOf(items, 3, 5, '!laws', 'laws'), { items: ['L11', 'L12'], footer: 'page 3 of 3' })
  assert.deepEqual(pageOf(['a'], 1, 5, '!laws', 'laws'), { items: ['a'], footer: undefined })
  assert.equal(linesPerPage(8), 7)
})

test('a page past the end or below 1 is no failure: the reply says which pages there are', () => {
  const items = Array.from({ length: 12 }, (_, i) => i)
  assert.deepEqual(pageOf(items, 4, 5, '!laws', 'laws'), { noSuchPage: 'there are only 3 pages of laws; say !laws 3' })
  assert.deepEqual(pageOf([1], 9, 5, '!skills', 'skills'), {
    noSuchPage: 'there is only 1 page of skills; say !skills 1',
  })
  assert.deepEqual(pageOf([1], 0, 5, '!skills', 'skills'), { noSuchPage: 'pages start at 1; say !skills 1' })
})
