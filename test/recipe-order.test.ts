// A crafted skill's words that hold the goal before the ingredients the last craft consumes are rejected from the
// recipe book, never put to the model: a lie there gave a learned stone pickaxe extra states (Table 13's
// diamond ∩ sleep above the paper's 17) that no run in the world could correct.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { withRecipeOrder } from '../plugin/agent/skills/recipe-order.js'
import { skillKey } from '../plugin/agent/skills/skill-key.js'
import { learnSkill, skillTarget } from '../plugin/agent/skills/skill-learning.js'
import type { MembershipTeacher, SymbolWord } from '../plugin/learning/index.js'
import { loadRules } from '../plugin/world/rules.js'

const rules = loadRules()
const PICKAXE = 'has.stone_pickaxe.1'
const COBBLESTONE = 'has.cobblestone.3'
const pickaxeFirst = (word: SymbolWord) => {
  const p = word.indexOf(PICKAXE)
  return p >= 0 && !word.slice(0, p).includes(COBBLESTONE)
}

describe('the recipe order of a crafted skill', () => {
  test('the words with the goal first are answered no, the rest go to the model in one batch, in order', async () => {
    const asked: SymbolWord[][] = []
    const model: MembershipTeacher = {
      answer: async (words) => {
        asked.push([...words])
        return words.map(() => true)
      },
    }
    const teacher = withRecipeOrder(model, [COBBLESTONE, PICKAXE])
    const words = [[PICKAXE], [COBBLESTONE, PICKAXE], [PICKAXE, COBBLESTONE], [COBBLESTONE], []]
    assert.deepEqual(await teacher.answer(words), [false, true, false, true, true])
    assert.deepEqual(asked, [[[COBBLESTONE, PICKAXE], [COBBLESTONE], []]])
    // A batch of impossible words only: the model is not asked at all.
    assert.deepEqual(await teacher.answer([[PICKAXE]]), [false])
    assert.equal(asked.length, 1)
  })

  test('a skill with no ingredient to gather (only its goal) asks the model every word', async () => {
    const model: MembershipTeacher = { answer: async (words) => words.map(() => true) }
    assert.equal(withRecipeOrder(model, ['has.oak_log.1']), model)
  })

  test('a model that says yes to every pickaxe before its cobblestone: never asked, and the skill rejects them', async () => {
    const key = skillKey('craft', 'stone_pickaxe', rules)
    const { target } = skillTarget(key, rules)
    const asked: SymbolWord[] = []
    const lying: MembershipTeacher = {
      answer: async (words) => {
        asked.push(...words)
        return words.map((word) => pickaxeFirst(word) || target.accepts(word))
      },
    }
    const skill = await learnSkill(key, rules, { teacher: lying, teacherName: 'llm:lying' })
    assert.deepEqual(asked.filter(pickaxeFirst), [], 'the model was asked a word the recipe book answers')
    assert.equal(skill.dfa.accepts([PICKAXE]), false)
    assert.equal(skill.dfa.accepts([PICKAXE, COBBLESTONE]), false)
    assert.equal(skill.dfa.accepts(['mine.stone', COBBLESTONE, 'craft.stone_pickaxe', PICKAXE]), true)
  })
})
