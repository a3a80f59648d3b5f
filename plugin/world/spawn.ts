import type { Bot } from 'mineflayer'

/**
 * Resolves when the bot has spawned; rejects with the reason (kicked, refused, closed, or no spawn in time) so a
 * failed join is one clear message instead of a hang. `username` is the name asked for: `bot.username` is unset
 * until login.
 */
export function waitForSpawn(bot: Bot, username: string, address: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (why: string, cause?: unknown) => {
      cleanup()
      reject(new Error(`Bot "${username}" did not spawn on ${address}: ${why}`, { cause }))
    }
    const timer = setTimeout(() => fail(`no 'spawn' within ${timeoutMs} ms`), timeoutMs)
    const onSpawn = () => {
      cleanup()
      resolve()
    }
    const onKicked = (reason: unknown) => fail(`kicked (${kickReasonText(reason)})`)
    const onError = (error: Error) => fail(error.message, error)
    const onEnd = (reason: string) => fail(`connection ended (${reason})`)
    function cleanup(): void {
      clearTimeout(timer)
      bot.off('spawn', onSpawn)
      bot.off('kicked', onKicked)
      bot.off('error', onError)
      bot.off('end', onEnd)
    }
    bot.once('spawn', onSpawn)
    bot.on('kicked', onKicked)
    bot.on('error', onError)
    bot.on('end', onEnd)
  })
}

/** A kick reason is a string, a JSON text component, or (1.20.3+) an NBT compound: get its text. */
export function kickReasonText(reason: unknown): string {
  if (typeof reason === 'string') return reason
  const nbtText = (reason as { value?: { text?: { value?: unknown } } } | undefined)?.value?.text?.value
  if (typeof nbtText === 'string') return nbtText
  return JSON.stringify(reason)
}
