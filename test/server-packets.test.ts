// Every packet the embedded server sends must parse exactly: minecraft-protocol's deserializer logs "Chunk size is X
// but only Y was read ; partial packet" (console.log) for a packet with bytes left over, and a real client may
// disconnect on one. A dig / place / craft / sleep session with a real mineflayer bot logs none, and the sounds it
// hears are this version's sound events (by registry id) at a real pitch.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { countItem, giveItem, openSession, type TestSession, waitFor, waitUntil } from './harness/index.js'

const partial: string[] = []
const log = console.log
let session: TestSession
let bot: Bot
const sounds: { id: number | undefined; pitch: number }[] = []

before(async () => {
  console.log = (...args: unknown[]) => {
    const line = args.map(String).join(' ')
    if (line.includes('partial packet')) partial.push(line.slice(0, 300))
    else log(...args)
  }
  session = await openSession({ mechanics: { sleepTicks: 5 } })
  bot = await session.bot('packets')
  bot._client.on('sound_effect', (packet: { sound: { soundId?: number }; pitch: number }) => {
    sounds.push({ id: packet.sound.soundId, pitch: packet.pitch })
  })
})

after(async () => {
  await session?.close()
  console.log = log
})

test('dig, place, craft and sleep: no partial packet, and the place sound is a real 1.21 event', async () => {
  await bot.dig(bot.blockAt(new Vec3(2, 4, 0)) ?? assert.fail('no grass to dig'))
  await giveItem(session.server, bot, 'dirt', 2)
  await bot.equip(bot.registry.itemsByName.dirt?.id ?? 0, 'hand')
  const heard = waitFor(bot._client, 'sound_effect')
  await bot.placeBlock(bot.blockAt(new Vec3(-2, 4, 0)) ?? assert.fail('no ground'), new Vec3(0, 1, 0))
  await heard

  await giveItem(session.server, bot, 'oak_log', 1)
  const recipe = bot.recipesFor(bot.registry.itemsByName.oak_planks?.id ?? 0, null, 1, null)[0]
  assert.ok(recipe, 'a planks recipe')
  await bot.craft(recipe, 1, undefined)
  await waitUntil(bot, () => countItem(bot, 'oak_planks') === 4, '4 planks')

  await session.server.setBlock({ x: 0, y: 5, z: 2 }, 'red_bed', { part: 'foot', facing: 'south' })
  await session.server.setBlock({ x: 0, y: 5, z: 3 }, 'red_bed', { part: 'head', facing: 'south' })
  await waitUntil(bot, () => bot.blockAt(new Vec3(0, 5, 3))?.name === 'red_bed', 'the bed')
  session.server.setTime(18_000)
  await waitUntil(bot, () => bot.time.timeOfDay >= 13_000, 'night')
  const woke = waitFor(bot, 'wake', undefined, 15_000)
  await bot.sleep(bot.blockAt(new Vec3(0, 5, 2)) ?? assert.fail('no bed'))
  await woke

  assert.deepEqual(partial, [], 'no packet was read short')
  assert.ok(sounds.length > 0, 'the placed block was heard')
  const registry = session.server.registry as unknown as { sounds: Record<number, { name: string } | undefined> }
  for (const sound of sounds) {
    // By registry id, as vanilla sends its own sounds; the id must name this version's event for a placed block.
    assert.match(registry.sounds[sound.id ?? -1]?.name ?? `unknown id ${sound.id}`, /^block\.\w+\.place$/)
    assert.ok(sound.pitch >= 0.5 && sound.pitch <= 2, `pitch ${sound.pitch} as a float`)
  }
})
