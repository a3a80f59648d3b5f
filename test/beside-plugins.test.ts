// The plugin beside the plugins people load with it, real packages from npm on a real server: mineflayer-armor-manager
// equips armour, mineflayer-auto-eat eats, mineflayer-pvp fights a zombie while a `!do` runs. Under the default gate
// ('own') their calls meet only the owner's laws: none by default, so each works as without the plugin; a law the
// owner adds refuses their calls as rejected promises they may ignore, and the bot goes on (README "Beside other
// plugins").
import assert from 'node:assert/strict'
import type { EventEmitter } from 'node:events'
import { createRequire } from 'node:module'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { loader as autoEat } from 'mineflayer-auto-eat'
import { plugin as pvp } from 'mineflayer-pvp'
import type { Entity } from 'prismarine-entity'
import type { HungryPlayer } from '../plugin/server/mechanics/hunger.js'
import { runDo } from './harness/do-run.js'
import { type CedarSession, countItem, giveItem, openCedarSession, waitFor, waitUntil } from './harness/index.js'

// armor-manager is CommonJS with `export =`.
const armorManager = createRequire(import.meta.url)('mineflayer-armor-manager') as (bot: Bot) => void
type ArmoredBot = Bot & { armorManager: { equipAll(): Promise<void> } }

describe('beside mineflayer-pvp, mineflayer-auto-eat and mineflayer-armor-manager', { timeout: 600_000 }, () => {
  let cedar: CedarSession
  let bot: Bot
  const warnings: string[] = []
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => unhandled.push(reason)

  before(async () => {
    process.on('unhandledRejection', onUnhandled)
    cedar = await openCedarSession({
      server: { mechanics: { hostileMobs: { perPlayer: 1 } } },
      // The plugin's defaults (laws, gate), besides the session's store and a logger the test reads.
      cedar: {
        shield: {},
        logger: { info: () => {}, warn: (message) => warnings.push(message), error: () => {} },
      },
    })
    bot = cedar.bot
    // Loaded after ours, as a user adds plugins to a bot that has it; pvp finds the pathfinder ours loaded.
    bot.loadPlugin(pvp)
    bot.loadPlugin(autoEat)
    bot.loadPlugin(armorManager)
    // The owner is in creative: no zombie's target.
    cedar.session.server.serv.getPlayer('Alex')?.setGameMode(1)
  })
  after(async () => {
    process.off('unhandledRejection', onUnhandled)
    await cedar?.close()
  })

  test('mineflayer-armor-manager equips the chestplate the bot is given', async () => {
    await giveItem(cedar.session.server, bot, 'iron_chestplate')
    await (bot as ArmoredBot).armorManager.equipAll()
    // Slot 6 of the player window is the chest.
    await waitUntil(bot, () => bot.inventory.slots[6]?.name === 'iron_chestplate', 'the chestplate worn')
  })

  test('mineflayer-auto-eat eats when hungry; an owner law on its equip is a refusal it survives', async () => {
    await giveItem(cedar.session.server, bot, 'bread', 4)
    const player = cedar.session.server.serv.getPlayer(bot.username) as HungryPlayer
    player.foodSaturation = 0
    player.updateFood(10)
    await waitUntil(bot, () => bot.food === 10, 'the bot is hungry')
    bot.autoEat.setOpts({ minHunger: 15 })
    // auto-eat's EatUtil emits its events as an EventEmitter (its typings do not say so).
    const finished = waitFor(bot.autoEat as unknown as EventEmitter, 'eatFinish', () => true, 60_000)
    bot.autoEat.enableAuto()
    await finished
    await waitUntil(bot, () => bot.food > 10, 'the bread was eaten')
    bot.autoEat.disableAuto()

    // The owner forbids taking bread in hand: auto-eat's equip is refused (CedarShieldError, which it catches).
    const added = await cedar.converse('!ltl add G !equip.bread', /./)
    assert.match(added[0] ?? '', /^added L1 \(hard\)/, added.join(' | '))
    // Bread in hand would be eaten without an equip (auto-eat equips only what is not held).
    await bot.unequip('hand')
    player.updateFood(10)
    await waitUntil(bot, () => bot.food === 10, 'hungry again')
    const refused = waitFor(
      bot,
      'cedarShieldBlocked',
      (verdict: { action: string }) => verdict.action === 'equip.bread',
    )
    bot.autoEat.enableAuto()
    await refused
    bot.autoEat.disableAuto()
    assert.equal(bot.food, 10, 'nothing eaten')
    assert.equal(warnings.filter((w) => /refused .*equip\.bread/.test(w)).length, 1, warnings.join('\n'))
    assert.equal((await cedar.converse('!ltl rm L1', /./))[0], 'removed L1')
  })

  test('mineflayer-pvp kills a zombie at night while a !do collects a log; neither crashes, the !do is done', async () => {
    const { server } = cedar.session
    const log = bot.entity.position.floored().offset(4, 0, 3)
    await server.setBlock(log, 'oak_log')
    await waitUntil(bot, () => bot.blockAt(log)?.name === 'oak_log', 'the log is there')
    // The shelter reflex would dig the bot in: this test is about the fight (see reflex-modes.test.ts for it).
    assert.equal((await cedar.converse('!mode shelter off', /./))[0], 'shelter reflex: off')
    await giveItem(server, bot, 'iron_sword')
    server.setTime(14_000)
    const zombie = await new Promise<Entity>((resolve, reject) => {
      const found = () => Object.values(bot.entities).find((e) => e.name === 'zombie')
      waitUntil(bot, () => found() !== undefined, 'a zombie at night', 60_000).then(
        () => resolve(found() as Entity),
        reject,
      )
    })
    const gone = waitFor(bot, 'entityGone', (entity: Entity) => entity.id === zombie.id, 240_000)
    let hits = 0
    const onHit = () => hits++
    ;(bot as unknown as EventEmitter).on('attackedTarget', onHit)
    bot.pvp.attack(zombie)
    const before = countItem(bot, 'oak_log')
    const run = await runDo(cedar, '!do collect an oak_log', 240_000)
    assert.match(run.lines.at(-1) ?? '', /^done/, run.transcript)
    assert.ok(countItem(bot, 'oak_log') > before, run.transcript)
    await gone
    ;(bot as unknown as EventEmitter).off('attackedTarget', onHit)
    assert.ok(hits > 0, 'pvp hit the zombie')
    bot.pvp.forceStop()
    server.setTime(1_000)
    assert.ok(bot.health > 0, 'alive')
    assert.equal((await cedar.converse('!mode shelter on', /./))[0], 'shelter reflex: on')
  })

  test('an owner law against hitting zombies refuses pvp’s attacks; pvp and the bot go on, logged once', async () => {
    const { server } = cedar.session
    const added = await cedar.converse('!ltl add G !attack.zombie', /./)
    const law = /^added (L\d+) \(hard\)/.exec(added[0] ?? '')?.[1]
    assert.ok(law, added.join(' | '))
    server.setTime(14_000)
    await waitUntil(bot, () => Object.values(bot.entities).some((e) => e.name === 'zombie'), 'a zombie', 60_000)
    const zombie = Object.values(bot.entities).find((e) => e.name === 'zombie') as Entity
    let refusals = 0
    const twice = waitFor(
      bot,
      'cedarShieldBlocked',
      (verdict: { action: string }) => verdict.action === 'attack.zombie' && ++refusals === 2,
      120_000,
    )
    bot.pvp.attack(zombie)
    await twice
    bot.pvp.forceStop()
    server.setTime(1_000)
    assert.equal(warnings.filter((w) => /refused .*attack\.zombie/.test(w)).length, 1, warnings.join('\n'))
    assert.equal((await cedar.converse(`!ltl rm ${law}`, /./))[0], `removed ${law}`)
    // Still the bot it was: it answers, and nothing was left unhandled.
    assert.match((await cedar.converse('!status', /./))[0] ?? '', /./)
    assert.deepEqual(unhandled, [])
  })
})
