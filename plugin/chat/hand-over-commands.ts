/**
 * `!inventory` and `!give`: what the bot holds, and items into the player's hands. A "bring me ..." instruction
 * ends with the same hand-over (`giveGoalItems`, called by `!do`).
 */

import { TaskCancelledError } from '../agent/index.js'
import { goalItems } from '../grounding/hand-over.js'
import { matchesObject } from '../vocabulary/families.js'
import { closestItemWords, giveWords, readItemRequest } from '../vocabulary/item-names.js'
import { counted, itemsWords, itemWords, listWords, singularWords, withArticle } from '../vocabulary/player-words.js'
import { type HandOver, handOver, inventoryCounts } from '../world/mineflayer/hand-over.js'
import { type CommandContext, defineCommand, param } from './command.js'
import type { CommandRegistry } from './registry.js'
import { busyWords } from './task-words.js'

function holding(context: CommandContext): string {
  const counts = inventoryCounts(context.bot)
  if (counts.size === 0) return 'my inventory is empty'
  const hand = context.bot.heldItem?.name
  const items = [...counts].map(([name, n]) => itemWords(name, n))
  return `I hold ${listWords(items)}${hand ? `, with ${withArticle(singularWords(hand))} in hand` : ''}`
}

/** The items of a hand-over as a player says them: "3 oak logs"; a family's several kinds by its own name. */
function handedWords(result: HandOver, count: number): string {
  return itemWords(result.items.length === 1 ? (result.items[0] ?? result.item) : 'logs', count)
}

/** Blocks, rounded, in words: "1 block", "2 blocks". */
function blocksWords(distance: number): string {
  return counted(Math.max(1, Math.round(distance)), 'block')
}

/**
 * One line for a hand-over, from what the world showed: picked up by the player, lying (and where), picked up
 * again, or never thrown because the bot could not get near.
 */
export function handOverLine(result: HandOver, username: string, prefix = '!'): string {
  const object = result.items.length === 1 ? (result.items[0] ?? result.item) : 'logs'
  if (result.unreachable) {
    const { blocks, above, why } = result.unreachable
    const where = Number.isFinite(blocks)
      ? ` (you are ${blocksWords(blocks)} away${Math.abs(above) >= 2 ? `, ${blocksWords(Math.abs(above))} ${above > 0 ? 'above' : 'below'} me` : ''})`
      : ''
    return `I could not reach you, ${username}: ${why}${where}; I kept ${handedWords(result, result.asked)}; come closer and say ${prefix}give ${giveWords(object, result.asked)}`
  }
  const short = result.given < result.asked ? ` (all I had; you asked for ${result.asked})` : ''
  const what = `${handedWords(result, result.given)}${short}`
  if (result.caught >= result.given) return `here you are, ${username}: ${what}`
  const picked = result.caught > 0 ? `; you picked up ${result.caught}` : ''
  if (result.lying) {
    const { count, distance } = result.lying
    const them = count === 1 ? 'it is' : `${count} are`
    return `I threw you ${what}${picked}; ${them} on the ground ${blocksWords(distance)} from you`
  }
  if (result.reclaimed) return `I threw you ${what}${picked}, but nobody took them and I picked them up again`
  return `I threw you ${what}${picked}, but I did not see you pick them up`
}

const inventoryCommand = defineCommand({
  name: 'inventory',
  aliases: ['inv', 'items'],
  summary: 'what I hold',
  params: [],
  run: (context) => holding(context),
})

const giveCommand = defineCommand({
  name: 'give',
  aliases: ['drop'],
  summary: 'walk to you and hand over an item: !give 3 oak logs (all of them without a count)',
  params: [
    param.text('item', {
      description: 'the item, with a count if you want fewer than all: 3 oak logs, oak log 3, logs for any log',
    }),
  ],
  run: async (context, { item }) => {
    const request = readItemRequest(item, context.bot.registry)
    if ('problem' in request) return request.problem
    const { name: object, count } = request
    const held = [...inventoryCounts(context.bot).keys()]
    if (!held.some((name) => matchesObject(object, name))) {
      const guess = request.known
        ? closestItemWords(object, held)
        : closestItemWords(object, [...held, ...Object.keys(context.bot.registry.itemsByName)])
      const hint = guess ? ` (did you mean ${guess}?)` : ''
      return `${request.known ? `I have no ${itemsWords(object)}` : `there is no item called ${object}`}${hint}; ${holding(context)}`
    }
    const running = context.cedar.tasks.current
    if (running) return busyWords(running, context.cedar.options.prefix)
    try {
      const result = await context.cedar.tasks.run(`give ${object}`, context.username, (signal) =>
        handOver(context.bot, context.username, object, count, signal),
      )
      return handOverLine(result, context.username, context.cedar.options.prefix)
    } catch (error) {
      if (error instanceof TaskCancelledError) return undefined
      throw error
    }
  },
})

/**
 * After "bring me 2 oak logs" reached its goal: the goal's items into the asker's hands, a line for each; `all`
 * (no count was said: "get me some wood") hands over every one of the kind, as `!give` does.
 */
export async function giveGoalItems(
  context: CommandContext,
  successEvents: readonly string[],
  signal: AbortSignal,
  all = false,
): Promise<string> {
  const lines: string[] = []
  for (const { item, count } of goalItems(successEvents)) {
    const result = await handOver(context.bot, context.username, item, all ? undefined : count, signal)
    lines.push(handOverLine(result, context.username, context.cedar.options.prefix))
  }
  return lines.join('\n')
}

export function registerHandOverCommands(registry: CommandRegistry): void {
  registry.register(inventoryCommand)
  registry.register(giveCommand)
}
