// The shield in front of the bot's methods, on the real server: with `gate: 'all'` calls from outside code are
// judged by every law; with the default `own`, only by the laws the owner added.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot, Furnace } from 'mineflayer'
import { createCedar } from '../index.js'
import { buildLaw, createShield } from '../plugin/agent/critic/laws.js'
import { ShieldBlockedError } from '../plugin/ltl/shield.js'
import { installBotMethodGuard, Preparations } from '../plugin/world/bot-method-guard.js'
import { countItem, giveItem, openSession, type TestSession, waitFor, waitUntil, withTimeout } from './harness/index.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }

describe('shield gate over the real protocol', () => {
  let session: TestSession
  let cedarBot: Bot
  let alex: Bot

  before(async () => {
    session = await openSession()
    cedarBot = await session.bot('cedar', {
      botOptions: {
        plugins: {
          // Every caller judged by every law, LogicGuard's hard laws as written (the laws this describe names).
          cedar: createCedar({
            owners: ['Alex'],
            logger: quietLogger,
            rateLimit: { commands: 100, perSeconds: 10 },
            shield: { gate: 'all', lawSets: ['saycan-hard'] },
          }),
        },
      },
    })
    alex = await session.bot('Alex')
    await waitUntil(cedarBot, () => Boolean(cedarBot.players.Alex), 'cedar sees Alex')
  })
  after(() => session?.close())

  async function ask(line: string): Promise<string> {
    const reply = waitFor(alex, 'chat', (username: string) => username === 'cedar')
    alex.chat(line)
    return (await reply)[1]
  }

  /** Puts a block beside the cedar bot (offsets from its feet) and waits until the bot sees it. */
  async function placeNearBot(dx: number, dy: number, dz: number, name: string) {
    const position = cedarBot.entity.position.floored().offset(dx, dy, dz)
    await session.server.setBlock(position, name)
    await waitUntil(cedarBot, () => cedarBot.blockAt(position)?.name === name, `${name} at ${position}`)
    return cedarBot.blockAt(position)!
  }

  test('bot.dig on diamond ore without an iron pickaxe equipped is refused, naming the law', async () => {
    const ore = await placeNearBot(1, 0, 0, 'diamond_ore')
    const blocked = waitFor(cedarBot, 'cedarShieldBlocked')
    await assert.rejects(cedarBot.dig(ore), (error: unknown) => {
      assert.ok(error instanceof ShieldBlockedError)
      assert.deepEqual(
        error.verdict.blockedBy.map((law) => law.id),
        ['H1'],
      )
      assert.match(
        error.message,
        /^mine\.diamond_ore is blocked by H1 \(hard\) G\(!equipped\.iron_pickaxe -> X !mine\.diamond_ore\)\. Allowed now: /,
      )
      return true
    })
    assert.equal((await blocked)[0].action, 'mine.diamond_ore')
    assert.equal(cedarBot.blockAt(ore.position)?.name, 'diamond_ore', 'the block was not touched')
    assert.match(await ask('!ltl check mine.diamond_ore'), /^mine\.diamond_ore is blocked by H1 \(hard\)/)
  })

  test('with an iron pickaxe equipped the same call goes through', async () => {
    alex.chat('/give cedar iron_pickaxe')
    await waitUntil(
      cedarBot,
      () => cedarBot.inventory.items().some((i) => i.name === 'iron_pickaxe'),
      'the pickaxe arrives',
    )
    const pickaxe = cedarBot.inventory.items().find((i) => i.name === 'iron_pickaxe')!
    await cedarBot.equip(pickaxe, 'hand')
    assert.equal(await ask('!ltl check mine.diamond_ore'), 'mine.diamond_ore: allowed')
    const ore = cedarBot.blockAt(cedarBot.entity.position.floored().offset(1, 0, 0))!
    await cedarBot.dig(ore)
    assert.equal(cedarBot.blockAt(ore.position)?.name, 'air')
  })

  test('a player’s law applies at once and can be removed', async () => {
    assert.equal(
      await ask('!ltl add G(time.night -> X !mine.grass_block)'),
      'added L1 (hard): G(time.night -> X !mine.grass_block)',
    )
    session.server.setTime(18000)
    await waitUntil(cedarBot, () => cedarBot.time.isDay === false, 'night')
    const grass = cedarBot.blockAt(cedarBot.entity.position.floored().offset(1, -1, 1))!
    assert.equal(grass.name, 'grass_block')
    await assert.rejects(
      cedarBot.dig(grass),
      (e: unknown) => e instanceof ShieldBlockedError && e.verdict.blockedBy[0]?.id === 'L1',
    )
    assert.equal(await ask('!ltl rm L1'), 'removed L1')
    await cedarBot.dig(grass)
    assert.equal(cedarBot.blockAt(grass.position)?.name, 'air')
  })

  test('bad laws get specific messages and change nothing', async () => {
    assert.equal(
      await ask('!ltl add G(mine.diamnod_ore)'),
      'unknown mine object "diamnod_ore" in mine.diamnod_ore; did you mean mine.diamond_ore?',
    )
    assert.equal(
      await ask('!ltl add G(time.night ->'),
      'cannot read the law: expected a formula but the formula ended at column 16',
    )
    assert.equal(
      await ask('!ltl check fly.away'),
      'unknown verb "fly" in fly.away; known: mine, craft, smelt, place, equip, sleep, kill, attack, eat, activate, explore, goto, fish, use, plant, store, take, has, equipped, wears, stored, killed, near, sees, time, biome, health, food',
    )
    assert.equal(
      await ask('!ltl list'),
      '19 laws. hard: H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 H11 H12 H13 H14 H15 H16 H17 H18 H19. soft: none. Say !ltl show <id> for one.',
    )
    assert.equal(
      await ask('!ltl show H6'),
      'H6 (hard, builtin) G(!has.iron_pickaxe -> X !equip.iron_pickaxe) (Cannot equip an iron pickaxe unless the agent has one.)',
    )
  })
  test('a smelt by direct furnace calls is judged as smelt.X, on the state before the fuel went in', async () => {
    const furnaceBlock = await placeNearBot(-1, 0, 0, 'furnace')
    await giveItem(session.server, cedarBot, 'raw_iron', 2)
    await giveItem(session.server, cedarBot, 'coal', 1)
    const id = (name: string) => cedarBot.registry.itemsByName[name]!.id
    /** The furnace window's copy of the inventory arrives in its own packets. */
    const holds = (furnace: Furnace, items: readonly string[]) =>
      waitUntil(
        cedarBot,
        () => items.every((name) => furnace.items().some((item) => item.name === name)),
        `the furnace window shows ${items.join(' and ')}`,
      )
    const actions: string[] = []
    const onAction = (action: string) => actions.push(action)
    cedarBot.on('cedarAction', onAction)
    try {
      // The last coal goes in first, so has.fuel is false when the input follows: H15 (no fuel -> no smelt) must
      // read the state the smelt started from, or it refuses the smelt it allows.
      const furnace = await cedarBot.openFurnace(furnaceBlock)
      await holds(furnace, ['coal', 'raw_iron'])
      await furnace.putFuel(id('coal'), null, 1)
      await furnace.putInput(id('raw_iron'), null, 1)
      furnace.close()
      await waitUntil(cedarBot, () => countItem(cedarBot, 'raw_iron') === 1, 'one raw iron went in')
      assert.ok(actions.includes('smelt.raw_iron'), `the gate saw the smelt (${actions.join(', ')})`)
      assert.ok(!actions.includes('activate.furnace'), 'opening the furnace to smelt is not an act of its own')
    } finally {
      cedarBot.off('cedarAction', onAction)
    }
    // A law in the controller's vocabulary, named by the output, holds for the same direct calls (fuel in hand
    // again, so H15 allows it and only the new law refuses).
    await giveItem(session.server, cedarBot, 'oak_planks', 2)
    const added = await ask('!ltl add G(has.raw_iron -> X !smelt.iron_ingot)')
    const law = /^added (L\d+) \(hard\)/.exec(added)?.[1]
    assert.ok(law, added)
    assert.match(
      await ask('!ltl check smelt.raw_iron'),
      new RegExp(`^smelt\\.raw_iron is blocked by ${law} \\(hard\\)`),
    )
    const furnace = await cedarBot.openFurnace(furnaceBlock)
    await holds(furnace, ['oak_planks', 'raw_iron'])
    try {
      await assert.rejects(
        furnace.putInput(id('raw_iron'), null, 1),
        (e: unknown) => e instanceof ShieldBlockedError && e.verdict.blockedBy[0]?.id === law,
      )
    } finally {
      furnace.close()
    }
    assert.equal(countItem(cedarBot, 'raw_iron'), 1, 'the refused raw iron stayed in the inventory')
    assert.equal(await ask(`!ltl rm ${law}`), `removed ${law}`)
  })

  test('opening a chest a law forbids is refused at once (mineflayer activates the block without awaiting it)', async () => {
    const chest = await placeNearBot(0, 0, -1, 'chest')
    session.server.setTime(18000)
    await waitUntil(cedarBot, () => cedarBot.time.isDay === false, 'night')
    const added = await ask('!ltl add G(time.night -> X !activate.chest)')
    const law = /^added (L\d+) \(hard\)/.exec(added)?.[1]
    assert.ok(law, added)
    try {
      // Before the fix the refusal was an unhandled rejection (it ends the bot's process) and the call waited for
      // a window that never opened, failing after mineflayer's 20 s with a timeout instead of the law.
      await withTimeout(
        assert.rejects(
          cedarBot.openContainer(chest),
          (e: unknown) => e instanceof ShieldBlockedError && e.verdict.blockedBy[0]?.id === law,
        ),
        60_000,
        'the refused openContainer settles',
      )
    } finally {
      assert.equal(await ask(`!ltl rm ${law}`), `removed ${law}`)
    }
  })
})

describe('an act’s preparation under the gate', () => {
  let session: TestSession
  let bot: Bot
  let restore: () => void
  const preparations = new Preparations()

  before(async () => {
    session = await openSession()
    bot = await session.bot('sleeper')
    const shield = createShield()
    // The instruction's constraint forbids digging grass; a law (not a constraint) forbids digging dirt.
    shield.add(buildLaw('C:no-grass', 'G !mine.grass_block', 'hard', 'constraint'))
    shield.add(buildLaw('L1', 'G !mine.dirt', 'hard', 'user'))
    restore = installBotMethodGuard(bot, shield, {}, {}, preparations)
  })
  after(() => {
    restore?.()
    return session?.close()
  })

  test('a dig the constraint forbids goes through as part of preparing an act; one a law forbids does not', async () => {
    const grass = bot.blockAt(bot.entity.position.floored().offset(1, -1, 0))!
    assert.equal(grass.name, 'grass_block')
    await assert.rejects(
      bot.dig(grass),
      (e: unknown) => e instanceof ShieldBlockedError,
      'refused as an act of its own',
    )
    await preparations.during(() => bot.dig(grass))
    await waitUntil(bot, () => bot.blockAt(grass.position)?.name === 'air', 'the grass dug for the act')
    const dirt = bot.blockAt(grass.position.offset(0, -1, 0))!
    assert.equal(dirt.name, 'dirt')
    await assert.rejects(
      preparations.during(() => bot.dig(dirt)),
      (e: unknown) => e instanceof ShieldBlockedError && e.verdict.blockedBy.map((l) => l.id).join() === 'L1',
    )
    assert.equal(bot.blockAt(dirt.position)?.name, 'dirt')
  })
})
