// Hunger on the embedded server (plugin/server/mechanics/hunger.ts, exertion.ts) with unmodified mineflayer: what
// the bot does tires it by vanilla's amounts (standing and walking cost nothing; sprinting, jumping, digging and
// attacking do); a bot that fights with its last food points loses them, then health down to easy's 10 HP;
// bot.consume of raw and cooked food restores food, and a fed bot heals.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import { Vec3 } from 'vec3'
import type { HungryPlayer } from '../plugin/server/mechanics/hunger.js'
import { giveItem, openSession, serverTicks, type TestSession, waitUntil } from './harness/index.js'

let session: TestSession
let bot: Bot

before(async () => {
  session = await openSession()
  bot = await session.bot('hungry')
})

after(() => session?.close())

const player = (): HungryPlayer => session.server.serv.getPlayer(bot.username) as HungryPlayer

/** All the exhaustion the player has had: what food and saturation lost (4.0 a point) plus what is pending. */
const spent = (): number => {
  const p = player()
  return (20 - p.food) * 4 + (5 - p.foodSaturation) * 4 + p.foodExhaustion
}

/** Lets the server take in the bot's last packets. */
const settle = () => serverTicks(session.server.serv, 5, 10_000)

async function stopMoving(): Promise<void> {
  bot.clearControlStates()
  await waitUntil(
    bot,
    () => bot.entity.onGround && Math.hypot(bot.entity.velocity.x, bot.entity.velocity.z) < 0.01,
    'the bot at rest',
  )
  await settle()
}

/** Runs ahead (yaw: 0 is north) until `metres` from where it started; returns the distance covered meanwhile. */
async function run(metres: number, sprint: boolean, yaw: number): Promise<number> {
  await bot.look(yaw, 0, true)
  const start = bot.entity.position.clone()
  const covered = () => Math.hypot(bot.entity.position.x - start.x, bot.entity.position.z - start.z)
  bot.setControlState('forward', true)
  bot.setControlState('sprint', sprint)
  await waitUntil(bot, () => covered() >= metres, `${metres} m run`, 20_000)
  const distance = covered()
  bot.setControlState('sprint', false) // the slide to a stop is walking, which is free
  await stopMoving()
  return distance
}

/** Spawns a mob beside the bot that takes no damage (nor knockback), to be hit as often as a test likes. */
async function trainingDummy(): Promise<Entity> {
  const { serv, registry } = session.server
  const spawnMob = (serv as unknown as { spawnMob: (t: number, w: unknown, p: unknown) => { id: number } }).spawnMob
  const at = bot.entity.position.floored().offset(0.5, 0, 1.5) // not over the holes test one digs
  const dummy = spawnMob(registry.entitiesByName.zombie?.id ?? -1, serv.overworld, new Vec3(at.x, at.y, at.z))
  ;(dummy as unknown as { takeDamage: () => void }).takeDamage = () => undefined
  await waitUntil(bot, () => bot.entities[dummy.id] !== undefined, 'the dummy in view', 10_000)
  return bot.entities[dummy.id] as Entity
}

test("standing and walking cost nothing; sprinting, jumping, digging and hitting cost vanilla's exhaustion", async () => {
  assert.deepEqual([bot.food, bot.foodSaturation, bot.health], [20, 5, 20])
  await serverTicks(session.server.serv, 100, 20_000)
  assert.equal(spent(), 0, 'standing still for 5 s')

  const walked = await run(6, false, Math.PI / 2)
  assert.ok(walked >= 6)
  assert.equal(spent(), 0, `walking ${walked.toFixed(1)} m`)

  const sprinted = await run(20, true, -Math.PI / 2)
  const sprintCost = spent()
  // 0.1 a metre on the ground; a metre either way for the packets around the start and the stop (on a loaded
  // machine they bunch: 20.4 m cost 1.984).
  assert.ok(Math.abs(sprintCost - 0.1 * sprinted) < 0.1, `sprinting ${sprinted.toFixed(1)} m cost ${sprintCost}`)

  bot.setControlState('jump', true)
  let jumps = 0
  let wasOnGround = true
  await waitUntil(
    bot,
    () => {
      if (wasOnGround && !bot.entity.onGround) jumps++
      wasOnGround = bot.entity.onGround
      return jumps >= 4
    },
    'four jumps',
    20_000,
  )
  await stopMoving()
  assert.ok(Math.abs(spent() - sprintCost - 0.05 * jumps) < 1e-6, `${jumps} jumps cost ${spent() - sprintCost}`)

  const beforeDigging = spent()
  const feet = bot.entity.position.floored()
  for (const dx of [1, -1]) await bot.dig(bot.blockAt(feet.offset(dx, -1, 0)) ?? assert.fail('no ground'))
  await settle()
  assert.ok(Math.abs(spent() - beforeDigging - 2 * 0.005) < 1e-6, `two blocks cost ${spent() - beforeDigging}`)

  const dummy = await trainingDummy()
  const beforeHits = spent()
  for (let hit = 0; hit < 3; hit++) {
    bot.attack(dummy)
    await serverTicks(session.server.serv, 12, 10_000) // past the dummy's invulnerability after a hurt
  }
  bot.attack(dummy)
  bot.attack(dummy) // two more in the same tick: the second cannot hurt, so it does not tire
  await settle()
  assert.ok(Math.abs(spent() - beforeHits - 4 * 0.1) < 1e-6, `hits cost ${spent() - beforeHits}`)
})

test('a bot nearly out of food that fights loses its last food, then health down to 10 HP (easy), and no further', async () => {
  const { serv } = session.server
  const dummy = await trainingDummy()
  // The days a whole bar lasts depend on how often the bot gets to swing per server tick, which a loaded machine
  // changes (a loaded clean-clone run took 7.8 days of ticks): what each act costs is the test above; here
  // the bot starts with two food points and no saturation, so what is left is the bar running out and starving.
  const hungry = player()
  hungry.foodSaturation = 0
  hungry.foodExhaustion = 0
  hungry.updateFood(2)
  await waitUntil(bot, () => bot.food === 2 && bot.foodSaturation === 0, 'two food points left', 10_000)
  serv.setTickInterval(600)
  // Swings every physics tick (mineflayer does not wait for the attack cooldown) and jumps meanwhile.
  const swing = () => bot.attack(dummy)
  bot.on('physicsTick', swing)
  bot.setControlState('jump', true)
  try {
    let healthWhileFed = bot.health
    await waitUntil(
      bot,
      () => {
        if (bot.food > 0) healthWhileFed = Math.min(healthWhileFed, bot.health)
        return bot.food === 0
      },
      'food at 0',
      120_000,
    )
    assert.equal(healthWhileFed, 20, 'health holds while there is food')
    await waitUntil(bot, () => bot.health === 10, 'starved down to 10 HP', 60_000)
    await serverTicks(serv, 400, 30_000)
    assert.equal(bot.health, 10, 'easy difficulty starves no further than 10 HP')
  } finally {
    bot.off('physicsTick', swing)
    await stopMoving()
  }
})

async function eat(item: string): Promise<number> {
  const before = bot.food
  await giveItem(session.server, bot, item, 1)
  await bot.equip(bot.registry.itemsByName[item]?.id ?? 0, 'hand')
  await bot.consume()
  await waitUntil(bot, () => bot.food > before, `${item} raised food above ${before}`, 10_000)
  return bot.food - before
}

test('raw and cooked food restore food points (bot.consume), and a fed bot heals', async () => {
  // Points from minecraft-data: raw beef 3, bread 5, cooked beef 8; standing while eating costs nothing.
  assert.equal(await eat('beef'), 3)
  assert.equal(await eat('bread'), 5)
  assert.equal(await eat('cooked_beef'), 8)
  await eat('cooked_beef')
  await waitUntil(bot, () => bot.health > 10, 'healing once fed', 30_000)
  const foods = ['beef', 'bread', 'cooked_beef']
  assert.deepEqual(
    bot.inventory.items().filter((i) => foods.includes(i.name)),
    [],
    'every food item was eaten',
  )
})
