/**
 * What the recipe book knows for certain about a crafted skill's milestones, answered without asking the model:
 * the last craft consumes the gathered ingredients, so a word whose goal event comes before one of them has
 * happened is one the world never produces, and the skill rejects it. A model's lie on such a word cost a learned
 * stone pickaxe extra states (accepting the pickaxe before the cobblestone) that execution could never correct,
 * since no run shows that order. Every other word goes to the model, in one batch as it came.
 */
import type { MembershipTeacher, SymbolWord } from '../../learning/index.js'

/** `teacher`, with the words that hold the goal (`milestones`' last) before its other milestones rejected. */
export function withRecipeOrder(teacher: MembershipTeacher, milestones: readonly string[]): MembershipTeacher {
  const goal = milestones.at(-1)
  const gathered = milestones.slice(0, -1)
  if (goal === undefined || gathered.length === 0) return teacher
  const impossible = (word: SymbolWord): boolean => {
    const seen = new Set<string>()
    for (const symbol of word) {
      if (symbol === goal) return gathered.some((m) => !seen.has(m))
      seen.add(symbol)
    }
    return false
  }
  return {
    async answer(words, options) {
      const rejected = words.map(impossible)
      const asked = words.filter((_, i) => !rejected[i])
      const answers = asked.length > 0 ? await teacher.answer(asked, options) : []
      let next = 0
      return words.map((_, i) => (rejected[i] ? false : (answers[next++] ?? false)))
    },
  }
}
