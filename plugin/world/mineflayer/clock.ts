import type { Bot } from 'mineflayer'

/** Resolves once `holds()` is true of the bot's clock (read at each of the server's time updates), or on `signal`. */
export function untilClock(bot: Bot, holds: () => boolean, signal: AbortSignal): Promise<void> {
  if (holds() || signal.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      bot.off('time', onTime)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const onTime = () => {
      if (holds()) done()
    }
    bot.on('time', onTime)
    signal.addEventListener('abort', done, { once: true })
  })
}
