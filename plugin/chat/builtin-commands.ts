import { isReflexName, REFLEX_NAMES, TaskCancelledError } from '../agent/index.js'
import type { LlmUsage, LlmUsageReport } from '../llm/llm-usage.js'
import { counted } from '../vocabulary/player-words.js'
import { follow, playerEntity, walkToPlayer } from '../world/pathfinding.js'
import { usageLine } from './arguments.js'
import { type CommandContext, type CommandDefinition, defineCommand, param } from './command.js'
import type { CommandRegistry } from './registry.js'
import { busyWords, taskWords } from './task-words.js'

function helpCommand(registry: CommandRegistry, prefix: string) {
  return defineCommand({
    name: 'help',
    aliases: ['commands'],
    summary: 'list the commands, or explain one',
    params: [param.word('command', { optional: true, description: 'a command to explain' })],
    run: (_context, { command: asked }) => {
      if (asked === undefined) {
        const names = registry.list().map((c) => c.name)
        return `commands: ${names.map((n) => prefix + n).join(', ')}. Say ${prefix}help <command> for details.`
      }
      const name = asked.startsWith(prefix) ? asked.slice(prefix.length) : asked
      const command = registry.get(name)
      if (!command) {
        const suggestion = registry.suggest(name)
        return `no command ${name}${suggestion ? `; did you mean ${prefix}${suggestion}?` : `; say ${prefix}help`}`
      }
      return describeCommand(command, prefix)
    },
  })
}

/** `!help <name>` text: usage, summary, parameters, aliases, details. */
export function describeCommand(command: CommandDefinition, prefix: string): string {
  const lines = [`${usageLine(prefix, command.name, command.params)} - ${command.summary}`]
  for (const spec of command.params) {
    if (spec.description !== spec.name) lines.push(`  ${spec.name}: ${spec.description}`)
  }
  if (command.aliases?.length) lines.push(`  also: ${command.aliases.map((a) => prefix + a).join(', ')}`)
  if (command.details) lines.push(command.details)
  return lines.join('\n')
}

const statusCommand = defineCommand({
  name: 'status',
  summary: 'what I am doing, where I am, and how I am configured',
  params: [],
  run: ({ bot, cedar }) => {
    const status = cedar.status()
    const task = status.task
      ? `${taskWords(status.task)} for ${Math.round(status.task.runningMs / 1000)} s (asked by ${status.task.requestedBy})`
      : 'idle'
    const pos = bot.entity?.position
    const where = pos ? `at ${Math.floor(pos.x)} ${Math.floor(pos.y)} ${Math.floor(pos.z)}` : 'not spawned'
    const time = bot.time ? `time ${bot.time.timeOfDay} (${bot.time.isDay ? 'day' : 'night'})` : 'time unknown'
    const owners = status.owners === '*' ? 'everyone' : status.owners.join(', ') || 'nobody'
    return [
      `cedar ${status.version}: ${task}; ${where}; health ${round(bot.health)}/20, food ${round(bot.food)}/20; ${time}`,
      `owners: ${owners}; LLM: ${status.llm}${usageText(status)}`,
    ].join('\n')
  },
})

/** "; 12 requests, 9,800 tokens since I started (this instruction: 5, 4,100)"; nothing while the LLM was never asked. */
function usageText({ llmUsage }: { readonly llmUsage: LlmUsageReport }): string {
  const { total, instruction } = llmUsage
  if (total.requests === 0) return ''
  const tokens = (u: LlmUsage) => (u.promptTokens + u.completionTokens).toLocaleString('en')
  return `; ${total.requests} requests, ${tokens(total)} tokens since I started (this instruction: ${instruction.requests} requests, ${tokens(instruction)} tokens)`
}

function round(value: number | undefined): string {
  return value === undefined ? '?' : String(Math.round(value))
}

const stopCommand = defineCommand({
  name: 'stop',
  aliases: ['cancel', 'halt'],
  summary: 'stop whatever I am doing',
  params: [],
  run: ({ cedar, username }) => {
    const stopped = cedar.stop(`stopped by ${username}`)
    return stopped ? `stopped ${taskWords(stopped)}` : 'nothing to stop; I was idle (motion halted anyway)'
  },
})

/** Why a movement cannot start now, checked before the bot says it is on its way. */
function movementRefusal(context: CommandContext, range: number): string | undefined {
  const running = context.cedar.tasks.current
  if (running) return busyWords(running, context.cedar.options.prefix)
  if (range < 1 || range > 64) return 'range must be between 1 and 64 blocks'
  return undefined
}

/** Runs a movement as the bot's task; false when it was stopped (`!stop` has answered already). */
async function movementTask(
  context: CommandContext,
  name: string,
  work: (signal: AbortSignal) => Promise<void>,
): Promise<boolean> {
  try {
    await context.cedar.tasks.run(name, context.username, work)
    return true
  } catch (error) {
    if (error instanceof TaskCancelledError) return false
    throw error
  }
}

/** Why the bot cannot even set out: the player is out of its sight (or not in the game). */
function unseen(context: CommandContext): string {
  return context.bot.players[context.username]
    ? `I cannot see you, ${context.username}: you are too far for me to know where you are; come closer`
    : `I cannot see you, ${context.username}: you are not in the game`
}

const comeCommand = defineCommand({
  name: 'come',
  summary: 'walk to you',
  params: [param.int('range', { optional: true, description: 'how close to come, in blocks (default 2)' })],
  run: async (context, { range = 2 }) => {
    const refusal = movementRefusal(context, range)
    if (refusal) return refusal
    if (!playerEntity(context.bot, context.username)) return unseen(context)
    context.reply(`coming, ${context.username}`)
    let why: string | undefined
    const walked = await movementTask(context, 'come', async (signal) => {
      why = await walkToPlayer(context.bot, context.username, range, signal)
    })
    if (!walked) return undefined
    // "here I am" is what the distance says, not what the walk claims.
    const player = playerEntity(context.bot, context.username)
    const distance = player ? context.bot.entity.position.distanceTo(player.position) : Number.POSITIVE_INFINITY
    if (why === undefined && distance <= range + 1) return 'here I am'
    const away = Number.isFinite(distance) ? ` (I am ${counted(Math.round(distance), 'block')} from you)` : ''
    return `I could not come to you, ${context.username}: ${why ?? 'you moved away'}${away}`
  },
})

const followCommand = defineCommand({
  name: 'follow',
  summary: `follow you until told to stop`,
  params: [param.int('range', { optional: true, description: 'distance to keep, in blocks (default 3)' })],
  run: async (context, { range = 3 }) => {
    const refusal = movementRefusal(context, range)
    if (refusal) return refusal
    if (!playerEntity(context.bot, context.username)) return unseen(context)
    context.reply(`following ${context.username}; say ${context.cedar.options.prefix}stop to end`)
    await movementTask(context, 'follow', (signal) => follow(context.bot, context.username, range, signal))
    return undefined
  },
})

/** "eat, escape, fight, shelter or armour": the reflexes' names as a player reads a choice. */
const reflexChoice = `${REFLEX_NAMES.slice(0, -1).join(', ')} or ${REFLEX_NAMES.at(-1)}`

const modeCommand = defineCommand({
  name: 'mode',
  aliases: ['modes', 'reflex'],
  summary: `switch a survival reflex on or off: ${REFLEX_NAMES.join(', ')}`,
  params: [
    param.word('name', { optional: true, choices: REFLEX_NAMES, description: reflexChoice }),
    param.word('state', { optional: true, choices: ['on', 'off'] as const, description: 'on or off' }),
  ],
  run: ({ cedar }, { name, state }) => {
    const modes = cedar.reflexes
    if (name === undefined) {
      const listed = Object.entries(modes.list()).map(([reflex, on]) => `${reflex} ${on ? 'on' : 'off'}`)
      return `reflexes: ${listed.join(', ')}`
    }
    // The dispatcher has refused any other name already (choices); the guard is for the types.
    if (!isReflexName(name)) return `no reflex ${name}; say ${reflexChoice}`
    if (state !== undefined) modes.set(name, state === 'on')
    return `${name} reflex: ${modes.list()[name] ? 'on' : 'off'}`
  },
})

/** The commands every cedar bot has, registered in the order `!help` lists them. */
export function registerBuiltinCommands(registry: CommandRegistry, prefix: string): void {
  registry.register(helpCommand(registry, prefix))
  registry.register(statusCommand)
  registry.register(stopCommand)
  registry.register(comeCommand)
  registry.register(followCommand)
  registry.register(modeCommand)
}
