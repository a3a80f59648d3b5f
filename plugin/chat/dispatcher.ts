import type { CedarLogger } from '../config/options.js'
import { CedarError } from '../errors.js'
import { inPlayerWords } from '../vocabulary/player-words.js'
import { parseArguments, usageLine } from './arguments.js'
import type { Channel, CommandDefinition } from './command.js'
import { MentionHint } from './mention-hint.js'
import { RateLimiter } from './rate-limiter.js'
import type { CommandRegistry } from './registry.js'
import { verboseFlag } from './verbose-flag.js'

export interface Invocation {
  readonly username: string
  readonly channel: Channel
  readonly name: string
  readonly args: Readonly<Record<string, string | number | undefined>>
}

export interface DispatcherSettings {
  readonly prefix: string
  readonly owners: readonly string[] | '*'
  readonly rateLimit: { readonly commands: number; readonly perSeconds: number }
  readonly logger: CedarLogger
  readonly now?: () => number
  /** The bot's name: a line from an owner that mentions it without a command gets a hint (rate limited). */
  readonly botName?: () => string | undefined
  /** Every reply in the bot's own terms (the `verbose` option): a failure's symbols are then not put in words. */
  readonly verbose?: boolean
}

export interface DispatcherHooks {
  /** Runs a parsed command; the dispatcher catches what it throws. */
  run(command: CommandDefinition, invocation: Invocation, reply: (text: string) => void): Promise<void>
  onCommand?(invocation: Invocation): void
  onCommandError?(invocation: Invocation, error: Error): void
  onIgnored?(username: string, reason: 'not_owner'): void
  /** A line the flood guard lets through uncounted: an answer to a question the bot is waiting on. */
  exemptFromLimit?(username: string, commandText: string): boolean
}

export interface IncomingMessage {
  readonly username: string
  readonly channel: Channel
  readonly message: string
}

/**
 * Turns one chat line into at most one command run and the replies a player should see. It never throws: any
 * failure becomes a reply, so nothing reaches mineflayer's event loop.
 */
export class CommandDispatcher {
  private readonly limiter: RateLimiter
  private readonly owners: ReadonlySet<string> | '*'
  private readonly reportedStrangers = new Set<string>()
  private readonly mentionHint: MentionHint

  constructor(
    private readonly registry: CommandRegistry,
    private readonly settings: DispatcherSettings,
    private readonly hooks: DispatcherHooks,
  ) {
    this.limiter = new RateLimiter(settings.rateLimit.commands, settings.rateLimit.perSeconds * 1000, settings.now)
    this.owners = settings.owners === '*' ? '*' : new Set(settings.owners.map((o) => o.toLowerCase()))
    this.mentionHint = new MentionHint(settings.prefix, settings.now)
  }

  isOwner(username: string): boolean {
    return this.owners === '*' || this.owners.has(username.toLowerCase())
  }

  /** The command text of a line, or undefined when the line is not addressed to the bot. */
  commandText(incoming: IncomingMessage): string | undefined {
    const text = incoming.message.trim()
    if (text.startsWith(this.settings.prefix)) return text.slice(this.settings.prefix.length).trim()
    // A whisper is addressed to the bot already, so the prefix is optional there.
    return incoming.channel === 'whisper' ? text : undefined
  }

  /** Handles a line; resolves when the command (if any) has finished. Never rejects. */
  async handle(incoming: IncomingMessage, reply: (text: string) => void): Promise<void> {
    try {
      await this.route(incoming, reply)
    } catch (error) {
      // Only a throwing event listener or reply sink lands here; the bot must keep running regardless.
      this.settings.logger.error('cedar: internal error while handling a chat line', error)
    }
  }

  private async route(incoming: IncomingMessage, reply: (text: string) => void): Promise<void> {
    const text = this.commandText(incoming)
    if (text === undefined) {
      if (!this.isOwner(incoming.username)) return
      const hint = this.mentionHint.hintFor(incoming.username, incoming.message, this.settings.botName?.())
      if (hint) reply(hint)
      return
    }
    if (!this.isOwner(incoming.username)) {
      if (!this.reportedStrangers.has(incoming.username)) {
        this.reportedStrangers.add(incoming.username)
        this.settings.logger.info(`cedar: ignoring commands from ${incoming.username} (not an owner)`)
      }
      this.hooks.onIgnored?.(incoming.username, 'not_owner')
      return
    }
    if (this.hooks.exemptFromLimit?.(incoming.username, text)) {
      await this.runLine(text, incoming, reply)
      return
    }
    const verdict = this.limiter.take(incoming.username.toLowerCase())
    if (verdict === 'silenced') return
    if (verdict === 'limited') {
      const { commands, perSeconds } = this.settings.rateLimit
      reply(`slow down: at most ${commands} commands in ${perSeconds} s; I will listen again shortly`)
      return
    }
    await this.runLine(text, incoming, reply)
  }

  private async runLine(text: string, incoming: IncomingMessage, reply: (text: string) => void): Promise<void> {
    const { prefix } = this.settings
    const match = /^(\S*)\s*([\s\S]*)$/.exec(text)
    const name = match?.[1] ?? ''
    if (name === '') {
      reply(`say ${prefix}help for the list of commands`)
      return
    }
    const command = this.registry.get(name)
    if (!command) {
      const suggestion = this.registry.suggest(name)
      reply(
        suggestion
          ? `unknown command ${name}; did you mean ${prefix}${suggestion}?`
          : `unknown command ${name}; say ${prefix}help for the list`,
      )
      return
    }
    const parsed = parseArguments(command.params, match?.[2] ?? '')
    if (!parsed.ok) {
      reply(`${parsed.problem}. usage: ${usageLine(prefix, command.name, command.params)}`)
      return
    }
    const invocation: Invocation = { ...incoming, name: command.name, args: parsed.args }
    try {
      this.hooks.onCommand?.(invocation)
      await this.hooks.run(command, invocation, reply)
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown))
      // A CedarError is the player's mistake or the world's (a typo, an unknown goal, no LLM): the one line says
      // it all. Anything else is a bug, logged with its stack for whoever reads the logs.
      if (!(error instanceof CedarError)) {
        this.settings.logger.error(`cedar: ${prefix}${command.name} from ${incoming.username} failed`, error)
      }
      const reason = firstLine(error.message) || error.name
      // Reasons are written by code that knows symbols (`no stored skill mine.logs`): the player hears them in words,
      // the log keeps them as written, and `--verbose` (or the option) says them as they are.
      const verbose = this.settings.verbose === true || verboseFlag(match?.[2] ?? '').verbose
      const said = verbose ? reason : inPlayerWords(reason)
      if (said !== reason)
        this.settings.logger.info(`cedar: ${prefix}${command.name} from ${incoming.username}: ${reason}`)
      reply(`${prefix}${command.name} failed: ${said}`)
      this.hooks.onCommandError?.(invocation, error)
    }
  }
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 200)
}
