// Test servers with reproducible defaults, and tear-down of servers and bots.
import type { Bot } from 'mineflayer'
import {
  type BlockPosition,
  type EmbeddedServer,
  type EmbeddedServerOptions,
  startEmbeddedServer,
} from '../../plugin/server/embedded-server.js'
import { refuseInUnitRun } from '../runner/unit-run.js'
import { type ConnectBotOptions, connectBot, quitBot } from './bots.js'

/** Where every test player spawns: on the superflat grass (y=4), in the middle of a block. */
export const TEST_SPAWN: BlockPosition = Object.freeze({ x: 0.5, y: 5, z: 0.5 })

/** The version tests run against; CEDAR_TEST_MC_VERSION overrides it (e.g. 1.21.1, 1.20.2, 1.16.5). */
export const TEST_VERSION = process.env.CEDAR_TEST_MC_VERSION ?? '1.21.4'

/**
 * startEmbeddedServer with test defaults: superflat, fixed spawn, view distance 3, silent, free port. With
 * `generation: 'survival'` (and a `seed`) the spawn is the world's own unless one is given.
 */
export function startTestServer(options: EmbeddedServerOptions = {}): Promise<EmbeddedServer> {
  refuseInUnitRun('starts a game server')
  return startEmbeddedServer({
    version: TEST_VERSION,
    ...(options.generation === 'survival' ? {} : { spawn: TEST_SPAWN }),
    viewDistance: 3,
    generation: 'superflat',
    log: process.env.CEDAR_TEST_SERVER_LOG === '1',
    ...options,
  })
}

/** Quits the bots (in parallel), then closes the server. Never throws; safe to call twice. */
export async function closeAll(
  server: EmbeddedServer | undefined,
  bots: Iterable<Bot | undefined> = [],
): Promise<void> {
  await Promise.all([...bots].map((bot) => (bot ? quitBot(bot).catch(() => undefined) : undefined)))
  await server?.close().catch(() => undefined)
}

/** A server plus the bots connected to it, closed together. */
export interface TestSession {
  readonly server: EmbeddedServer
  readonly bots: readonly Bot[]
  /** Connects a bot that `close()` will quit. */
  bot(username: string, options?: ConnectBotOptions): Promise<Bot>
  /** Quits one bot now (e.g. to test a leave) and forgets it. */
  quit(bot: Bot): Promise<void>
  close(): Promise<void>
}

export async function openSession(options: EmbeddedServerOptions = {}): Promise<TestSession> {
  const server = await startTestServer(options)
  const bots: Bot[] = []
  return {
    server,
    bots,
    async bot(username, botOptions) {
      const bot = await connectBot(server, username, botOptions)
      bots.push(bot)
      return bot
    },
    async quit(bot) {
      const index = bots.indexOf(bot)
      if (index >= 0) bots.splice(index, 1)
      await quitBot(bot)
    },
    close: () => closeAll(server, bots.splice(0)),
  }
}
