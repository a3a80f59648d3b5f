// A server with one zombie a player at most (plugin/server/mechanics/hostile-mobs.ts) and one bot, its prey: the
// world of the zombie tests, opened before a file's tests and closed after them; and a night's last hours watched.
import { after, before } from 'node:test'
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import type { EmbeddedServer } from '../../plugin/server/embedded-server.js'
import { openSession, type TestSession, waitUntil } from '../harness/index.js'

export interface ZombieWorld {
  readonly session: TestSession
  readonly bot: Bot
  /** The zombies the bot sees now. */
  zombies(): Entity[]
}

/** Registers the file's before and after hooks; the world is there once the first test runs. */
export function zombieWorld(): ZombieWorld {
  let session: TestSession | undefined
  let bot: Bot | undefined
  before(async () => {
    session = await openSession({ mechanics: { hostileMobs: { perPlayer: 1 } } })
    bot = await session.bot('prey')
  })
  after(() => session?.close())
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the zombie world is not open yet')
    return value
  }
  return {
    get session() {
      return opened(session)
    },
    get bot() {
      return opened(bot)
    },
    zombies: () => Object.values(opened(bot).entities).filter((e) => e.name === 'zombie'),
  }
}

/** What a night watched by `zombiesComing` saw: the bot's lowest health and lowest feet, until `end()`. */
export interface NightWatch {
  readonly lowest: number
  readonly deepest: number
  /** Stops watching and puts the server back to vanilla's pace. */
  end(): void
}

/**
 * The last hours of the night (from `time`), at three times vanilla's pace (the zombies' too): resolves once a
 * zombie is within 24 blocks of the bot (the shelter reflex's reach), watching its health and depth from then on.
 */
export async function zombiesComing(server: EmbeddedServer, bot: Bot, time: number): Promise<NightWatch> {
  server.serv.setTickInterval(60)
  server.setTime(time)
  const zombieIn = (r: number) =>
    Object.values(bot.entities).some((e) => e.name === 'zombie' && e.position.distanceTo(bot.entity.position) < r)
  await waitUntil(bot, () => zombieIn(24), 'a zombie within 24 blocks', 60_000)
  let lowest = bot.health
  let deepest = bot.entity.position.y
  const onHealth = () => {
    lowest = Math.min(lowest, bot.health)
  }
  const onMove = () => {
    deepest = Math.min(deepest, bot.entity.position.y)
  }
  bot.on('health', onHealth)
  bot.on('move', onMove)
  return {
    get lowest() {
      return lowest
    },
    get deepest() {
      return deepest
    },
    end() {
      bot.off('health', onHealth)
      bot.off('move', onMove)
      server.serv.setTickInterval(20)
    },
  }
}
