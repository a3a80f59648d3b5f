// flying-squid has no private messages. mineflayer's `bot.whisper(name, msg)` sends the command `/tell name msg`
// and its default chat patterns (lib/plugins/chat.js) turn a line "<name> whispers to you: <msg>" (or
// "[<name> -> <you>] <msg>") into a 'whisper' event. So: register /tell with vanilla's aliases /msg and /w, and
// deliver the vanilla-format line to the target. The sender is answered with vanilla's "You whisper to ..." line,
// which matches neither of mineflayer's chat or whisper patterns.
import type { CommandContext, MCServer, SquidPlayer, TextComponent } from 'flying-squid'

export const WHISPER_USAGE = '/tell <player> <message>'

/** The line the target receives; mineflayer parses it into whisper(username, message). */
export function whisperLine(from: string, message: string): string {
  return `${from} whispers to you: ${message}`
}

/** The line the sender receives. */
export function whisperEchoLine(to: string, message: string): string {
  return `You whisper to ${to}: ${message}`
}

// parse must return a truthy value: on a falsy one flying-squid calls action with the raw argument string.
type WhisperArgs = { ok: true; target: string; message: string } | { ok: false }

// A component object, not a string: on JSON-chat versions a string goes through flying-squid's `&` colour-code
// parser, which would eat '&' characters of the message.
const text = (line: string): TextComponent => ({ text: line })

function findPlayer(serv: MCServer, name: string): SquidPlayer | undefined {
  const lower = name.toLowerCase()
  return serv.players.find((p) => p.username.toLowerCase() === lower) // vanilla matches names case-insensitively
}

function reply(serv: MCServer, ctx: CommandContext, line: string): void {
  if (ctx.player) ctx.player.chat(text(line))
  else serv.info(line)
}

/** Registers /tell, /msg and /w on the server. */
export function registerWhisperCommands(serv: MCServer): void {
  serv.commands.add<WhisperArgs>({
    base: 'tell',
    aliases: ['msg', 'w'],
    info: 'to send a private message to a player',
    usage: WHISPER_USAGE,
    tab: ['player'],
    // Never return false: flying-squid would answer "&cUsage: ..." with the colour code shown literally on 1.20.3+.
    parse(args) {
      const match = /^(\S+)\s+(\S[\s\S]*)$/.exec(args.trim())
      return match?.[1] !== undefined && match[2] !== undefined
        ? { ok: true, target: match[1], message: match[2] }
        : { ok: false }
    },
    action(args, ctx) {
      if (!args.ok) {
        reply(serv, ctx, `Usage: ${WHISPER_USAGE}`)
        return
      }
      const target = findPlayer(serv, args.target)
      if (target === undefined) {
        reply(serv, ctx, `No player was found: ${args.target}`)
        return
      }
      const from = ctx.player?.username ?? 'Server'
      target.chat(text(whisperLine(from, args.message)))
      reply(serv, ctx, whisperEchoLine(target.username, args.message))
    },
  })
}
