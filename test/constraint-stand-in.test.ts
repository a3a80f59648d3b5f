// A run's own constraint taught over its phrase's symbols and one action standing for the skills' others
// (plugin/agent/constraints/constraint-set.ts): the teacher is asked about 3 symbols, not 20, and the DFA it leaves, extended,
// is the one learned over every symbol.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { learnConstraint } from '../plugin/agent/constraints/constraint-learning.js'
import { extendByStandIn, learnRunConstraints } from '../plugin/agent/constraints/constraint-set.js'
import type { ObtainedSkill } from '../plugin/agent/skills/skill-manager.js'
import { equivalent } from '../plugin/automata/product.js'

const ACTIONS = ['craft.planks', 'craft.wooden_pickaxe', 'mine.logs', 'mine.stone', 'mine.coal_ore', 'smelt.raw_iron']
const skill = { record: { alphabet: [...ACTIONS, 'has.wooden_pickaxe.1'] } } as unknown as ObtainedSkill

describe('constraints taught with a stand-in action', () => {
  for (const [phrase, own] of [
    ['sleep at night', ['sleep.bed', 'time.night']],
    ['stay in the windswept forest', ['biome.windswept_forest', 'biome.desert']],
  ] as const) {
    test(`"${phrase}": asked over its symbols and one action, the same DFA as over all of them`, async () => {
      const asked: string[][] = []
      const teach = (p: string, alphabet: readonly string[]) => {
        asked.push([...alphabet])
        return learnConstraint(p, alphabet)
      }
      const part = { id: 'c', phrase, alphabet: own, standIn: true }
      const { constraints } = await learnRunConstraints([part], [skill], teach, new Map())
      assert.equal(asked.length, 1)
      assert.deepEqual(asked[0], [...new Set([...own, 'craft.planks'])].sort())
      const full = await learnConstraint(phrase, [...new Set([...own, ...ACTIONS])].sort())
      const result = equivalent(constraints[0]!.dfa, full.dfa)
      assert.ok(result.equivalent, `differs on ${result.counterexample?.join(' ')}`)
      // Without the stand-in the teacher is asked over every symbol.
      asked.length = 0
      await learnRunConstraints([{ ...part, standIn: false }], [skill], teach, new Map())
      assert.equal(asked[0]?.length, new Set([...own, ...ACTIONS]).size)
    })
  }

  test('a phrase about some of the actions ("mine minerals only at night") is asked over all of them', async () => {
    const asked: string[][] = []
    const teach = (p: string, alphabet: readonly string[]) => {
      asked.push([...alphabet])
      return learnConstraint(p, alphabet)
    }
    const part = { id: 'c', phrase: 'mine minerals only at night', alphabet: ['time.day', 'time.night'], standIn: true }
    await learnRunConstraints([part], [skill], teach, new Map())
    assert.deepEqual(asked[0], [...new Set(['time.day', 'time.night', ...ACTIONS])].sort())
  })

  test('an action the DFA does not know reads as the stand-in; a DFA without the stand-in is left alone', async () => {
    const learned = await learnConstraint('sleep at night', ['craft.planks', 'sleep.bed', 'time.night'])
    const extended = extendByStandIn(learned.dfa, 'craft.planks', [
      'craft.planks',
      'mine.stone',
      'sleep.bed',
      'time.night',
    ])
    assert.equal(extended.accepts(['time.night', 'mine.stone']), false)
    assert.equal(extended.accepts(['mine.stone', 'time.night', 'sleep.bed', 'mine.stone']), true)
    assert.equal(extendByStandIn(learned.dfa, 'mine.stone', ['mine.stone']), learned.dfa)
  })
})
