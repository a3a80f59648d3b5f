/**
 * A request the bot cannot do, said in one line before anything else: what it understood, what it cannot do yet,
 * and requests it can (suggestions.ts). The agent's reasons name symbols and items by their ids; the line names
 * them as a player would.
 */
import { itemsWords, singularWords, withArticle } from '../vocabulary/player-words.js'
import { suggestionsText } from './suggestions.js'

/** What the grounding or the planner said, read back: what was understood, and what cannot be done. */
export function readProblem(instruction: string, problem: string): { understood?: string; cannot: string } {
  const verb = /^\s*(?:please\s+)?(\w+)/i.exec(instruction)?.[1]?.toLowerCase() ?? ''
  // A hunt the agent refused says why itself ("zombies only come out at night, …"); only what it could not read is
  // answered for fights in general.
  if (['kill', 'hunt', 'attack', 'fight', 'slay'].includes(verb) && /^no item or block to get/.test(problem)) {
    return { cannot: 'I hunt animals for what they drop, and zombies and other monsters at night; nothing else' }
  }
  if (['build', 'construct'].includes(verb)) return { cannot: 'I cannot build things yet' }
  let m = /^no way to get ([a-z0-9_]+)/.exec(problem)
  if (m?.[1]) {
    return { understood: `getting ${itemsWords(m[1])}`, cannot: `I know no way to get ${itemsWords(m[1])} yet` }
  }
  m = /^I don't know how to get ([a-z0-9_]+)/.exec(problem)
  if (m?.[1]) {
    const thing = withArticle(singularWords(m[1]))
    return { understood: `getting ${thing}`, cannot: `${thing} is not an item or block I know how to get` }
  }
  m = /^([a-z0-9_]+) has no crafting recipe/.exec(problem)
  if (m?.[1]) return { understood: `crafting ${itemsWords(m[1])}`, cannot: `${itemsWords(m[1])} have no recipe` }
  m = /^([a-z0-9_]+) cannot be smelted/.exec(problem)
  if (m?.[1]) return { understood: `smelting ${itemsWords(m[1])}`, cannot: 'no furnace makes or takes that' }
  m = /^mining ([a-z0-9_]+) yields nothing/.exec(problem)
  if (m?.[1]) return { understood: `mining ${itemsWords(m[1])}`, cannot: 'mining it yields nothing' }
  if (/^skills are craft, mine or smelt/.test(problem)) {
    return { cannot: 'I can get, mine, craft and smelt things, nothing else yet' }
  }
  if (/^no item or block to get|^no goal in/.test(problem)) {
    return { cannot: 'nothing in it is an item or block I know how to get' }
  }
  return { cannot: problem }
}

/** The one line for an instruction the bot cannot do (`problem` is the agent's UnknownGoalError message). */
export function unreadableLine(instruction: string, problem: string, prefix: string): string {
  const quoted = instruction.length > 60 ? `${instruction.slice(0, 57)}...` : instruction
  const { understood, cannot } = readProblem(instruction, problem)
  const read = understood ? `I understood ${understood}, but ${cannot}` : cannot
  return `I cannot do "${quoted}" yet: ${read}; try ${suggestionsText(prefix, instruction)}`
}
