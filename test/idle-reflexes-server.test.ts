// The survival reflexes of an idle bot on a real server (`reflexes: { idle: true }`, what `cedar start` runs): with
// no instruction given, at nightfall a zombie coming at the bot makes it act (dig in, or fight one at hand), said in
// chat; `!stop` ends the act like any task. Off by default: a plugin in someone's bot script does nothing unasked.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { type CedarSession, nextChat, openCedarSession, waitFor, waitUntil } from './harness/index.js'

describe('an idle bot at nightfall', () => {
  let cedar: CedarSession
  let bot: Bot

  before(async () => {
    cedar = await openCedarSession({
      server: { mechanics: { hostileMobs: { perPlayer: 1 } } },
      cedar: { reflexes: { idle: true } },
    })
    bot = cedar.bot
    // The owner is in creative: no zombie's target.
    cedar.session.server.serv.getPlayer('Alex')?.setGameMode(1)
  })
  after(() => cedar?.close())

  test('with no task running, a zombie coming at night makes the bot act, said in chat; !stop ends it', async () => {
    assert.equal(bot.cedar.options.reflexes.idle, true)
    const task = () => bot.cedar.tasks.current
    assert.equal(task(), undefined, 'idle')
    const acted = waitFor(bot, 'cedarReflex', () => true, 120_000)
    const said = nextChat(cedar.alex, 'cedar', (message) => /zombie .* blocks away/.test(message), 120_000)
    cedar.session.server.setTime(14_000)
    const [reflex, action, why] = await acted.catch((error: Error) => {
      const zombies = Object.values(bot.entities)
        .filter((e) => e.name === 'zombie')
        .map((e) => e.position.distanceTo(bot.entity.position).toFixed(1))
      const night = bot.cedar.valuation()('time.night')
      throw new Error(`${error.message}; night ${night}, zombies at ${zombies.join(', ')}, task ${task()?.name}`)
    })
    assert.ok(
      (reflex === 'shelter' && action === 'place.shelter') || (reflex === 'fight' && /^(equip|kill)\./.test(action)),
      `${reflex} ${action}`,
    )
    assert.match(why, /zombie .* blocks away/)
    assert.equal((await said).message, `${why}: ${action}`)
    assert.equal(task()?.name, `${reflex} reflex`, 'the act is the bot’s task')
    const ended = waitFor(bot, 'cedarTaskEnd', () => true, 60_000)
    assert.match((await cedar.converse('!stop', /^stopped/))[0] ?? '', new RegExp(`^stopped the ${reflex} reflex`))
    await ended
    cedar.session.server.setTime(1_000)
    await waitUntil(bot, () => bot.time.isDay, 'day')
  })
})
