// A night without a bed under "sleep at night", over the real protocol with the server's zombies (issue 35). Live,
// a bot that found no sheep (seed 0) tried sleep.bed three times at nightfall, then stood in the open waiting for
// wool while the constraint refused every survival reflex, and the zombies killed it. Here the bot has no bed, night
// falls, zombies come: it tries to sleep, cannot, digs in, and is alive at daybreak; the run's step says plainly that
// the night was spent dug in, with "sleep at night" set aside, not slept.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import type { ControllerStep } from '../plugin/agent/controller/controller-types.js'
import type { DoProgress } from '../plugin/cedar-reports.js'
import { type CedarSession, countItem, openCedarSession, waitUntil } from './harness/index.js'
import { zombiesComing } from './support/zombie-world.js'

describe('no bed, night falls, zombies come, under "sleep at night"', () => {
  let cedar: CedarSession
  let bot: Bot

  before(async () => {
    cedar = await openCedarSession({ server: { mechanics: { hostileMobs: { perPlayer: 2 } } } })
    cedar.session.server.serv.getPlayer('Alex')?.setGameMode(1) // the onlooker is no zombie's target
    bot = cedar.bot
  })
  after(() => cedar?.close())

  test('the bot cannot sleep, digs in, and is alive at daybreak; the step names the constraint set aside', {
    timeout: 400_000,
  }, async () => {
    const { server } = cedar.session
    for (const at of [new Vec3(5, 5, 5), new Vec3(-5, 5, 5)]) await server.setBlock(at, 'oak_log')
    await waitUntil(bot, () => bot.blockAt(new Vec3(-5, 5, 5))?.name === 'oak_log', 'the logs are there', 20_000)
    // By day the skill is learned and a log collected (nothing acts at night meanwhile).
    const learned = await bot.cedar.agent.do('collect an oak_log')
    assert.equal(learned.result?.outcome, 'goal', learned.result?.message)
    assert.equal(countItem(bot, 'white_bed'), 0, 'no bed')
    const night = await zombiesComing(server, bot, 19_000)
    // The run ends when the bot is out of the night (dug in until daybreak): what it does by day is not this test's.
    const stop = new AbortController()
    const steps: ControllerStep[] = []
    const onProgress = (p: DoProgress) => {
      if (p.type !== 'step') return
      steps.push(p.step)
      if (p.step.action === 'place.shelter' && p.step.ok) stop.abort()
    }
    // Stopped, the run ends with the abort (or, had it finished first, a report).
    await bot.cedar.agent
      .do('collect 2 oak_log but sleep at night', { signal: stop.signal, onProgress })
      .catch((error: Error) => assert.equal(error.name, 'AbortError', error.message))
    night.end()
    const transcript = steps.map((s) => `${s.action} ${s.ok ? 'ok' : 'failed'}: ${s.message ?? ''}`).join('\n')
    const slept = steps.filter((s) => s.action === 'sleep.bed')
    assert.ok(slept.length > 0 && slept.every((s) => !s.ok), `it tried to sleep and could not\n${transcript}`)
    const shelter = steps.find((s) => s.action === 'place.shelter' && s.ok)
    assert.ok(shelter, transcript)
    assert.equal(shelter.setAside, 'constraint "sleep at night" cannot be kept now (sleep.bed failed)', transcript)
    assert.match(shelter.message ?? '', /cannot be kept now.*dug in 3 blocks down/, transcript)
    assert.ok(bot.health > 0 && night.lowest >= 10, `health fell to ${night.lowest}\n${transcript}`)
    assert.ok(night.deepest <= 2.1, `three blocks down from the grass at y 5: the lowest it stood was ${night.deepest}`)
    assert.ok(bot.time.isDay, 'out of the night at daybreak')
  })
})
