import type { Bot } from 'mineflayer'
import { splitForChat } from './chat-lines.js'
import type { Channel } from './command.js'
import type { CommandDispatcher } from './dispatcher.js'

export interface ChatRouterSettings {
  readonly replyMode: 'same' | 'public' | 'whisper'
  readonly chatLimit: number | undefined
  readonly maxReplyLines: number
}

export interface ChatRouter {
  /** Sends text to a player the way the reply mode says (`chat` as if they had asked in public chat). */
  send(username: string, channel: Channel, text: string): void
  detach(): void
}

/**
 * Connects the bot's chat and whisper events to the dispatcher and sends replies back the way the command came,
 * split to the server's line limit.
 */
export function attachChatRouter(bot: Bot, dispatcher: CommandDispatcher, settings: ChatRouterSettings): ChatRouter {
  const limit = settings.chatLimit ?? (bot.supportFeature('lessCharsInChat') ? 100 : 256)

  const send = (username: string, channel: Channel, text: string): void => {
    const whisper = settings.replyMode === 'whisper' || (settings.replyMode === 'same' && channel === 'whisper')
    // mineflayer prefixes each whispered line with `/tell name `, which counts against the limit.
    const room = whisper ? limit - `/tell ${username} `.length : limit
    for (const line of splitForChat(text, room, settings.maxReplyLines)) {
      if (whisper) {
        bot.whisper(username, line)
        // A public line comes back as chat; a whisper does not: whoever watches the bot (the console) is told.
        bot.emit('cedarWhispered', username, line)
      } else bot.chat(line)
    }
  }

  const listen =
    (channel: Channel) =>
    (username: string, message: string): void => {
      if (username === bot.username || typeof message !== 'string') return
      const reply = (text: string): void => {
        try {
          send(username, channel, text)
        } catch {
          // The connection is gone; there is no one left to tell.
        }
      }
      void dispatcher.handle({ username, channel, message }, reply)
    }

  const onChat = listen('chat')
  const onWhisper = listen('whisper')
  bot.on('chat', onChat)
  bot.on('whisper', onWhisper)
  return {
    send,
    detach: () => {
      bot.removeListener('chat', onChat)
      bot.removeListener('whisper', onWhisper)
    },
  }
}
