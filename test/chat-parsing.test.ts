import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { parseArguments, tokenize, usageLine } from '../plugin/chat/arguments.js'
import { splitForChat } from '../plugin/chat/chat-lines.js'
import { param } from '../plugin/chat/command.js'
import { closestName } from '../plugin/vocabulary/closest-name.js'

describe('command arguments', () => {
  const goto = [param.int('x'), param.int('y'), param.int('z'), param.number('range', { optional: true })] as const

  test('reads typed values', () => {
    assert.deepEqual(parseArguments(goto, '10 -64 +3'), { ok: true, args: { x: 10, y: -64, z: 3, range: undefined } })
    assert.deepEqual(parseArguments(goto, ' 1 2 3 2.5 '), { ok: true, args: { x: 1, y: 2, z: 3, range: 2.5 } })
  })

  test('says which argument is wrong and why', () => {
    assert.deepEqual(parseArguments(goto, '1 two 3'), { ok: false, problem: '<y> must be a whole number, not "two"' })
    assert.deepEqual(parseArguments(goto, '1 2'), { ok: false, problem: 'missing <z>' })
    assert.deepEqual(parseArguments(goto, '1 2 3 4 5 6'), { ok: false, problem: 'unexpected arguments "5 6"' })
    assert.deepEqual(parseArguments(goto, '1 2 3 far'), { ok: false, problem: '<range> must be a number, not "far"' })
    assert.deepEqual(parseArguments(goto, '99999999999999999999 1 1'), {
      ok: false,
      problem: '<x> is too large: 99999999999999999999',
    })
  })

  test('choices are matched case-insensitively and returned as declared', () => {
    const specs = [param.word('mode', { choices: ['public', 'whisper'] })] as const
    assert.deepEqual(parseArguments(specs, 'WHISPER'), { ok: true, args: { mode: 'whisper' } })
    assert.deepEqual(parseArguments(specs, 'loud'), {
      ok: false,
      problem: '<mode> must be one of public, whisper, not "loud"',
    })
  })

  test('a text parameter takes the rest of the line, quotes keep words together', () => {
    const specs = [param.word('who'), param.text('instruction')] as const
    assert.deepEqual(parseArguments(specs, 'Alex collect   diamonds, sleep at night'), {
      ok: true,
      args: { who: 'Alex', instruction: 'collect   diamonds, sleep at night' },
    })
    assert.deepEqual(parseArguments(specs, '"Big Alex" "quoted text"'), {
      ok: true,
      args: { who: 'Big Alex', instruction: 'quoted text' },
    })
    assert.deepEqual(parseArguments(specs, 'Alex'), { ok: false, problem: 'missing <instruction>' })
    assert.deepEqual(tokenize(`a "b c" 'd e' "open`), ['a', 'b c', 'd e', 'open'])
  })

  test('usage lines mark optional parameters and choices', () => {
    assert.equal(usageLine('!', 'goto', goto), '!goto <x> <y> <z> [range]')
    assert.equal(
      usageLine('!', 'say', [
        param.word('mode', { choices: ['a', 'b'], optional: true }),
        param.text('message', { optional: true }),
      ]),
      '!say [a|b] [message...]',
    )
  })
})

describe('chat line splitting', () => {
  test('breaks at spaces, never mid-word when a space is near', () => {
    const lines = splitForChat('alpha beta gamma delta epsilon', 12)
    assert.deepEqual(lines, ['alpha beta', 'gamma delta', 'epsilon'])
  })

  test('a word longer than the limit is cut, newlines always break', () => {
    assert.deepEqual(splitForChat('x'.repeat(25), 10), ['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)])
    assert.deepEqual(splitForChat('one\n\ntwo\n', 100), ['one', 'two'])
  })

  test('lines beyond the cap become a note saying how many were left out', () => {
    const text = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n')
    assert.deepEqual(splitForChat(text, 100, 3), ['line 0', 'line 1', '... (8 more lines not shown)'])
  })

  test('property: every line fits and no word is lost or reordered', () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,30}$/)
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), fc.integer({ min: 10, max: 256 }), (words, limit) => {
        const lines = splitForChat(words.join(' '), limit)
        for (const line of lines) assert.ok(line.length <= limit, `${line.length} > ${limit}`)
        assert.equal(lines.join('').replace(/\s+/g, ''), words.join(''), 'no letter lost or moved')
        for (const line of lines) assert.equal(line, line.trim(), 'no line starts or ends with a space')
        // A word that fits in half a line is never cut (the split looks back up to half a line for a space).
        for (const w of words.filter((w) => w.length < limit / 2)) {
          assert.ok(
            lines.some((line) => line.split(' ').includes(w)),
            `word ${w} was cut`,
          )
        }
      }),
    )
  })
})

describe('did-you-mean', () => {
  const names = ['help', 'status', 'stop', 'come', 'follow']
  test('suggests the nearest command for a slip', () => {
    assert.equal(closestName('hlep', names), 'help')
    assert.equal(closestName('stauts', names), 'status')
    assert.equal(closestName('folow', names), 'follow')
    assert.equal(closestName('STOP', names), 'stop')
    assert.equal(closestName('foll', names), 'follow')
  })
  test('suggests nothing for an unrelated word', () => {
    assert.equal(closestName('dance', names), undefined)
    assert.equal(closestName('x', names), undefined)
  })
})
