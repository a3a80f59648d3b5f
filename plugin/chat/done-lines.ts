/**
 * A run's "done" names what the world shows: the goal's items counted in the bot's inventory ("done in 5 actions:
 * I have 4 oak logs"), and a goal that held before any act is "I already have 4 oak logs"; a hunt names the creatures
 * that died in this run ("killed 2 zombies"), not the bot's count over all its runs that the goal is written in.
 */
import type { Bot } from 'mineflayer'
import type { ControllerResult } from '../agent/index.js'
import { goalItems } from '../grounding/hand-over.js'
import { matchesObject } from '../vocabulary/families.js'
import { counted, inPlayerWords, itemWords, listWords } from '../vocabulary/player-words.js'
import { inventoryCounts } from '../world/mineflayer/hand-over.js'

/** How many the bot holds of `object` (an item or a family), and of which kinds. */
export function heldOf(bot: Bot, object: string): { held: [string, number][]; total: number } {
  const held = [...inventoryCounts(bot)].filter(([name]) => matchesObject(object, name))
  return { held, total: held.reduce((n, [, c]) => n + c, 0) }
}

/** What the bot holds of `object` (an item or a family), in words: "4 oak logs", "3 logs" for several kinds. */
export function heldWords(bot: Bot, object: string): string | undefined {
  const { held, total } = heldOf(bot, object)
  if (total === 0) return undefined
  return itemWords(held.length === 1 ? (held[0]?.[0] ?? object) : object, total)
}

export function doneLine(
  bot: Bot,
  goal: readonly string[],
  result: ControllerResult,
  verbose: boolean,
  killed?: Readonly<Record<string, number>>,
): string {
  const actions = counted(result.steps.length, 'action')
  if (verbose) return `done in ${actions}: ${result.message}`
  const held = goalItems(goal).flatMap(({ item }) => heldWords(bot, item) ?? [])
  const hunted = killed && goal.some((g) => g.startsWith('killed.')) ? killedWords(killed) : undefined
  if (held.length === 0 && hunted !== undefined) return `done in ${actions}: ${hunted}`
  if (held.length === 0) return `done in ${actions}: ${inPlayerWords(result.message.replace(/^done: /, ''))}`
  return result.steps.length === 0
    ? `I already have ${listWords(held)}`
    : `done in ${actions}: I have ${listWords(held)}`
}

/** "killed 2 zombies and a skeleton"; undefined when none died. */
export function killedWords(killed: Readonly<Record<string, number>> | undefined): string | undefined {
  const words = Object.entries(killed ?? {})
    .filter(([, n]) => n > 0)
    .map(([creature, n]) => itemWords(creature, n))
  return words.length > 0 ? `killed ${listWords(words)}` : undefined
}
