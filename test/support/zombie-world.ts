// A server with one zombie a player at most (plugin/server/mechanics/hostile-mobs.ts) and one bot, its prey: the
// world of the zombie tests, opened before a file's tests and closed after them.
import { after, before } from 'node:test'
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import { openSession, type TestSession } from '../harness/index.js'

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
