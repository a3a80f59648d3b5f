// MineflayerWorld.waitTicks (what the controller waits for nightfall with) on a real server: it follows the game's
// clock, so a server ticking five times faster makes the wait five times shorter; with the daylight cycle off, the
// bot's own physics ticks bound it.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { MineflayerWorld } from '../plugin/world/mineflayer-world.js'
import { openSession, type TestSession, waitUntil } from './harness/index.js'

let session: TestSession
let bot: Bot

before(async () => {
  session = await openSession()
  bot = await session.bot('waiter')
})
after(() => session?.close())

/** Game ticks (from the time updates) and the bot's physics ticks that pass while `work` runs. */
async function measure(work: () => Promise<void>): Promise<{ game: number; physics: number }> {
  let game = 0
  let last = bot.time.timeOfDay
  let physics = 0
  const onTime = () => {
    game += (bot.time.timeOfDay - last + 24_000) % 24_000
    last = bot.time.timeOfDay
  }
  const onPhysics = () => {
    physics++
  }
  bot.on('time', onTime)
  bot.on('physicsTick', onPhysics)
  try {
    await work()
  } finally {
    bot.off('time', onTime)
    bot.off('physicsTick', onPhysics)
  }
  return { game, physics }
}

test('a wait of 600 ticks on a server at five times the tick rate ends on the game clock, well before 600 physics ticks', async () => {
  const { serv } = session.server
  serv.setTickInterval(100)
  try {
    await waitUntil(bot, () => bot.time.timeOfDay > 0, 'the clock running', 20_000)
    const world = new MineflayerWorld(bot)
    const { game, physics } = await measure(() => world.waitTicks(600))
    assert.ok(game >= 600, `the game clock moved ${game}`)
    assert.ok(physics < 400, `${physics} physics ticks: the wait followed the bot's clock, not the game's`)
  } finally {
    serv.setTickInterval(20)
  }
})

test('with the daylight cycle off, the bot’s physics ticks end the wait', async () => {
  const { serv } = session.server
  ;(serv as { doDaylightCycle?: boolean }).doDaylightCycle = false
  try {
    const world = new MineflayerWorld(bot)
    const { game, physics } = await measure(() => world.waitTicks(40))
    assert.equal(game, 0, 'the clock stood still')
    assert.ok(physics >= 39, `${physics} physics ticks`)
  } finally {
    ;(serv as { doDaylightCycle?: boolean }).doDaylightCycle = true
  }
})
