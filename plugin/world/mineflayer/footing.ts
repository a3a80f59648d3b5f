import type { Bot } from 'mineflayer'

/** Up to half a second for the bot to stand on the ground again: a dig begun in the air takes five times as long. */
export async function landed(bot: Bot): Promise<void> {
  for (let tick = 0; tick < 10 && !bot.entity.onGround; tick++) await bot.waitForTicks(1)
}
