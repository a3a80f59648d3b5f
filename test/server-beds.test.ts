// Beds on the embedded server (plugin/server/mechanics/beds.ts) with unmodified mineflayer: bot.sleep, the night
// skip once everyone sleeps, bot.wake, and vanilla's action-bar refusals; bot.placeBlock with a bed item puts down
// both halves (bed-placement.ts), and digging one half removes the bed.
import assert from 'node:assert/strict'
import { afterEach, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import { Vec3 } from 'vec3'
import { countItem, giveItem, openSession, serverTicks, type TestSession, waitFor, waitUntil } from './harness/index.js'

const SLEEP_TICKS = 20
const NIGHT = 14_000

interface Bed {
  foot: Vec3
  head: Vec3
}

// The bots stand at the spawn point (0.5, 5, 0.5); mineflayer's bot.sleep wants a bed within ~2-3 blocks of it.
const SOUTH_BED: Bed = { foot: new Vec3(0, 5, 2), head: new Vec3(0, 5, 3) }
const NORTH_BED: Bed = { foot: new Vec3(0, 5, -2), head: new Vec3(0, 5, -3) }
// Out of vanilla's reach (3 blocks) but not of mineflayer's activateBlock, which does not check.
const FAR_BED: Bed = { foot: new Vec3(0, 5, 5), head: new Vec3(0, 5, 6) }

const isNight = (bot: Bot): boolean => bot.time.timeOfDay >= 12_541 && bot.time.timeOfDay <= 23_458
const occupied = (block: Block | null): boolean => block?.getProperties().occupied === true

describe('beds on the embedded server', () => {
  let session: TestSession | undefined
  let serverErrors: Error[] = []

  afterEach(async () => {
    await session?.close()
    session = undefined
    assert.deepEqual(
      serverErrors.map((e) => e.message),
      [],
      'the server reported no error',
    )
  })

  async function open(): Promise<TestSession> {
    session = await openSession({ mechanics: { sleepTicks: SLEEP_TICKS } })
    serverErrors = []
    session.server.serv.on('error', (error) => serverErrors.push(error))
    return session
  }

  /** Places both halves of a red bed, the head `facing` from the foot, and waits until every bot sees it. */
  async function placeBed(bed: Bed, bots: Bot[]): Promise<Block> {
    assert.ok(session)
    const facing = bed.head.z > bed.foot.z ? 'south' : 'north'
    // occupied is left out: setBlock keeps the default state's value (free) for properties not named.
    await session.server.setBlock(bed.foot, 'red_bed', { part: 'foot', facing })
    await session.server.setBlock(bed.head, 'red_bed', { part: 'head', facing })
    for (const bot of bots) {
      await waitUntil(
        bot,
        () => bot.blockAt(bed.foot)?.name === 'red_bed' && bot.blockAt(bed.head)?.name === 'red_bed',
        `a red bed at ${bed.foot}`,
      )
    }
    const block = bots[0]?.blockAt(bed.foot)
    assert.ok(block)
    return block
  }

  async function makeNight(bots: Bot[]): Promise<void> {
    session?.server.setTime(NIGHT)
    for (const bot of bots) await waitUntil(bot, () => isNight(bot), 'night')
  }

  async function sleepIn(bot: Bot, bed: Bed): Promise<void> {
    const block = bot.blockAt(bed.foot)
    assert.ok(block)
    await bot.sleep(block)
    assert.equal(bot.isSleeping, true)
    await waitUntil(
      bot,
      () => occupied(bot.blockAt(bed.foot)) && occupied(bot.blockAt(bed.head)),
      'both bed halves occupied',
    )
  }

  /** The next action-bar line `bot` gets, as its translation key and its English text. */
  async function nextActionBar(bot: Bot, act: () => Promise<unknown>): Promise<{ translate: string; text: string }> {
    const line = waitFor(bot, 'actionBar')
    await act()
    const [message] = await line
    return { translate: String((message as { translate?: unknown }).translate), text: message.toString() }
  }

  test('at night bot.sleep succeeds, the bed is occupied, and after sleepTicks the bot wakes at morning', async () => {
    const s = await open()
    const alex = await s.bot('Alex')
    await placeBed(SOUTH_BED, [alex])
    await makeNight([alex])
    await sleepIn(alex, SOUTH_BED)
    await waitFor(alex, 'wake', undefined, 10_000)
    assert.equal(alex.isSleeping, false)
    assert.ok(alex.time.timeOfDay < 1_000, `morning, got timeOfDay ${alex.time.timeOfDay}`)
    assert.equal(alex.time.isDay, true)
    await waitUntil(
      alex,
      () => !occupied(alex.blockAt(SOUTH_BED.foot)) && !occupied(alex.blockAt(SOUTH_BED.head)),
      'bed freed',
    )
  })

  test('by day bot.sleep rejects, and using the bed shows the vanilla refusal on the action bar', async () => {
    const s = await open()
    const alex = await s.bot('Alex')
    const bed = await placeBed(SOUTH_BED, [alex])
    assert.equal(alex.time.isDay, true)
    await assert.rejects(alex.sleep(bed), /not night/)
    const line = await nextActionBar(alex, () => alex.activateBlock(bed))
    assert.deepEqual(line, {
      translate: 'block.minecraft.bed.no_sleep',
      text: 'You can sleep only at night or during thunderstorms',
    })
    assert.equal(alex.isSleeping, false)
    assert.equal(occupied(alex.blockAt(SOUTH_BED.foot)), false)
  })

  test('a bed out of reach is refused as too far away', async () => {
    const s = await open()
    const alex = await s.bot('Alex')
    const bed = await placeBed(FAR_BED, [alex])
    await makeNight([alex])
    const line = await nextActionBar(alex, () => alex.activateBlock(bed))
    assert.equal(line.translate, 'block.minecraft.bed.too_far_away')
    assert.equal(alex.isSleeping, false)
  })

  test('two players: one sleeper does not skip the night; when both sleep, both wake at morning', async () => {
    const s = await open()
    const alex = await s.bot('Alex')
    const steve = await s.bot('Steve')
    await waitUntil(steve, () => Boolean(steve.players.Alex?.entity), 'Steve sees Alex')
    await placeBed(SOUTH_BED, [alex, steve])
    await placeBed(NORTH_BED, [alex, steve])
    await makeNight([alex, steve])

    const steveSeesAlexAsleep = waitFor(steve, 'entitySleep', (entity) => entity.username === 'Alex')
    await sleepIn(alex, SOUTH_BED)
    await steveSeesAlexAsleep
    await serverTicks(s.server.serv, SLEEP_TICKS * 3, 10_000)
    assert.equal(alex.isSleeping, true)
    assert.ok(isNight(alex), `still night, got timeOfDay ${alex.time.timeOfDay}`)

    const alexWakes = waitFor(alex, 'wake', undefined, 10_000)
    const steveWakes = waitFor(steve, 'wake', undefined, 10_000)
    await sleepIn(steve, NORTH_BED)
    await Promise.all([alexWakes, steveWakes])
    assert.equal(alex.isSleeping, false)
    assert.equal(steve.isSleeping, false)
    assert.ok(alex.time.timeOfDay < 1_000 && steve.time.timeOfDay < 1_000, 'morning for both')
  })

  test('bot.wake leaves the bed, frees it and leaves the time alone', async () => {
    const s = await open()
    const alex = await s.bot('Alex')
    await placeBed(SOUTH_BED, [alex])
    await makeNight([alex])
    await sleepIn(alex, SOUTH_BED)
    const woke = waitFor(alex, 'wake')
    await alex.wake()
    await woke
    assert.equal(alex.isSleeping, false)
    await waitUntil(
      alex,
      () => !occupied(alex.blockAt(SOUTH_BED.foot)) && !occupied(alex.blockAt(SOUTH_BED.head)),
      'bed freed',
    )
    await serverTicks(s.server.serv, SLEEP_TICKS * 2, 10_000)
    assert.ok(isNight(alex), `still night, got timeOfDay ${alex.time.timeOfDay}`)
  })

  test('an occupied bed refuses a second player', async () => {
    const s = await open()
    const alex = await s.bot('Alex')
    const steve = await s.bot('Steve')
    await placeBed(SOUTH_BED, [alex, steve])
    await makeNight([alex, steve])
    await sleepIn(alex, SOUTH_BED)
    await waitUntil(steve, () => occupied(steve.blockAt(SOUTH_BED.foot)), 'Steve sees the bed occupied')
    const bed = steve.blockAt(SOUTH_BED.foot)
    assert.ok(bed)
    await assert.rejects(steve.sleep(bed), /occupied/) // mineflayer's own check, from the block state
    const line = await nextActionBar(steve, () => steve.activateBlock(bed))
    assert.deepEqual(line, { translate: 'block.minecraft.bed.occupied', text: 'This bed is occupied' })
    assert.equal(steve.isSleeping, false)
    assert.equal(alex.isSleeping, true)
  })

  test('a sleeper who leaves frees the bed, and the one left alone skips the night', async () => {
    const s = await open()
    const alex = await s.bot('Alex')
    const steve = await s.bot('Steve')
    await placeBed(SOUTH_BED, [alex, steve])
    await placeBed(NORTH_BED, [alex, steve])
    await makeNight([alex, steve])
    await sleepIn(steve, NORTH_BED) // Alex stays awake, so the night is not skipped meanwhile
    await s.quit(steve)
    await waitUntil(alex, () => !occupied(alex.blockAt(NORTH_BED.foot)), "Steve's bed freed")
    assert.ok(isNight(alex), `still night, got timeOfDay ${alex.time.timeOfDay}`)
    const woke = waitFor(alex, 'wake', undefined, 10_000)
    await sleepIn(alex, SOUTH_BED)
    await woke
    assert.ok(alex.time.timeOfDay < 1_000, 'morning')
  })

  test('a placed bed item whose head would be inside a block is refused and kept', async () => {
    const s = await open()
    const alex = await s.bot('Alex')
    // Bot at (0.5, 5, 0.5): a bed on the grass at z=2 would face south with its head at z=3, where the stone is.
    await s.server.setBlock({ x: 0, y: 5, z: 3 }, 'stone')
    await waitUntil(alex, () => alex.blockAt(new Vec3(0, 5, 3))?.name === 'stone', 'the stone')
    await giveItem(s.server, alex, 'red_bed', 1)
    await alex.equip(alex.registry.itemsByName.red_bed?.id ?? -1, 'hand')
    const ground = alex.blockAt(new Vec3(0, 4, 2)) ?? assert.fail('no ground')
    await assert.rejects(alex.placeBlock(ground, new Vec3(0, 1, 0)), /refused/)
    assert.equal(alex.blockAt(new Vec3(0, 5, 2))?.name, 'air')
    assert.equal(countItem(alex, 'red_bed'), 1, 'the bed item is kept')
  })

  test('digging either half of a placed bed removes the whole bed and drops one bed item', async () => {
    const s = await open()
    const alex = await s.bot('Alex')
    await giveItem(s.server, alex, 'red_bed', 1)
    await alex.equip(alex.registry.itemsByName.red_bed?.id ?? -1, 'hand')
    await alex.placeBlock(alex.blockAt(new Vec3(0, 4, 2)) ?? assert.fail('no ground'), new Vec3(0, 1, 0))
    await waitUntil(alex, () => alex.blockAt(SOUTH_BED.head)?.name === 'red_bed', 'the head half')
    assert.equal(alex.blockAt(SOUTH_BED.head)?.getProperties().part, 'head')
    await alex.dig(alex.blockAt(SOUTH_BED.head) ?? assert.fail('no head'))
    await waitUntil(alex, () => alex.blockAt(SOUTH_BED.foot)?.name === 'air', 'the foot half gone with the head')
    const drops = () =>
      Object.values(alex.entities)
        .map((e) => (e.name === 'item' ? e.getDroppedItem() : null))
        .filter((item) => item !== null)
    await waitUntil(alex, () => drops().length > 0, 'a drop')
    await serverTicks(s.server.serv, 20, 10_000) // a second half's drop would have spawned by now
    assert.deepEqual(
      drops().map((item) => [item.name, item.count]),
      [['red_bed', 1]],
    )
  })
})
