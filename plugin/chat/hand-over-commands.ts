/**
 * `!inventory` and `!give`: what the bot holds, and items into the player's hands. A "bring me ..." instruction
 * ends with the same hand-over (`giveGoalItems`, called by `!do`).
 */

import { TaskCancelledError } from '../agent/index.js'
import { goalItems } from '../grounding/hand-over.js'
import { closestName } from '../vocabulary/closest-name.js'
import { matchesObject } from '../vocabulary/families.js'
import { type HandOver, handOver, inventoryCounts } from '../world/mineflayer/hand-over.js'
import { type CommandContext, defineCommand, param } from './command.js'
import type { CommandRegistry } from './registry.js'

function holding(context: CommandContext): string {
  const counts = inventoryCounts(context.bot)
  if (counts.size === 0) return 'my inventory is empty'
  const hand = context.bot.heldItem?.name
  const items = [...counts].map(([name, n]) => `${n} ${name}`)
  return `I hold ${items.join(', ')}${hand ? `, with ${hand} in hand` : ''}`
}

/** One line for a hand-over: what was given, and whether the player was seen to pick it up. */
export function handOverLine(result: HandOver, username: string): string {
  const short = result.given < result.asked ? ` (all I had; you asked for ${result.asked})` : ''
  const what = `${result.given} ${result.item}${short}`
  return result.caught >= result.given
    ? `here you are, ${username}: ${what}`
    : `I threw you ${what}; pick it up at your feet`
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
  summary: 'walk to you and hand over an item: !give oak_log 3 (all of it without a count)',
  params: [
    param.word('item', { description: 'an item name such as oak_log, or logs for any log' }),
    param.int('count', { optional: true, description: 'how many (default: all I have)' }),
  ],
  run: async (context, { item, count }) => {
    const object = item.toLowerCase()
    if (count !== undefined && count < 1) return `<count> must be at least 1, not ${count}`
    const held = [...inventoryCounts(context.bot).keys()]
    if (!held.some((name) => matchesObject(object, name))) {
      const known = context.bot.registry.itemsByName[object] !== undefined || object === 'logs' || object === 'planks'
      const guess = closestName(object, known ? held : [...held, ...Object.keys(context.bot.registry.itemsByName)])
      const hint = guess ? ` (did you mean ${guess}?)` : ''
      return `${known ? `I have no ${object}` : `there is no item called ${object}`}${hint}; ${holding(context)}`
    }
    const running = context.cedar.tasks.current
    if (running) return `busy with ${running.name}; say ${context.cedar.options.prefix}stop first`
    try {
      const result = await context.cedar.tasks.run(`give ${object}`, context.username, (signal) =>
        handOver(context.bot, context.username, object, count, signal),
      )
      return handOverLine(result, context.username)
    } catch (error) {
      if (error instanceof TaskCancelledError) return undefined
      throw error
    }
  },
})

/** After "bring me 2 oak logs" reached its goal: the goal's items into the asker's hands, a line for each. */
export async function giveGoalItems(
  context: CommandContext,
  successEvents: readonly string[],
  signal: AbortSignal,
): Promise<string> {
  const lines: string[] = []
  for (const { item, count } of goalItems(successEvents)) {
    lines.push(handOverLine(await handOver(context.bot, context.username, item, count, signal), context.username))
  }
  return lines.join('\n')
}

export function registerHandOverCommands(registry: CommandRegistry): void {
  registry.register(inventoryCommand)
  registry.register(giveCommand)
}
