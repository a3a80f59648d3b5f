// A server with the plugin bot "cedar" (owned by Alex, its own temporary skill store without the shipped seeds, no
// laws in the shield) and Alex to talk to it — the setting of the chat-driven agent tests.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Bot } from 'mineflayer'
import { type CedarOptions, createCedar } from '../../index.js'
import type { EmbeddedServerOptions } from '../../plugin/server/embedded-server.js'
import { openSession, type TestSession } from './server.js'
import { waitFor, waitUntil } from './wait.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }

export interface CedarSession {
  readonly session: TestSession
  /** The plugin bot; a new one after `restart()`. */
  readonly bot: Bot
  readonly alex: Bot
  /** The skill store directory (removed by close). */
  readonly store: string
  /** Where the bot keeps this world's critic laws and trajectories (`<store>/worlds/<world>`, or the store). */
  worldDir(): string
  /** Says `line` as Alex; resolves with cedar's chat lines up to and including the first that `last` matches. */
  converse(line: string, last: RegExp, timeoutMs?: number): Promise<string[]>
  /** Quits the plugin bot and connects a new one with a fresh plugin on the same store: a restarted bot script. */
  restart(): Promise<Bot>
  close(): Promise<void>
}

/** The session bot's plugin options: owned by Alex, `store` its own, quiet, no laws, a loose rate limit, verbose. */
export function sessionCedarOptions(store: string): CedarOptions {
  return {
    owners: ['Alex'],
    storePath: store,
    // A store of its own, as before seeds showed through: what a test's bot knows is what it learned.
    seedPath: false,
    logger: quietLogger,
    shield: { lawSets: [] },
    rateLimit: { commands: 100, perSeconds: 10 },
    // The agent tests read runs in the bot's own terms (symbols, automata sizes); what players hear by default is
    // tested with verbose: false (companion-server, first-hour-server's scripted hour).
    verbose: true,
  }
}

export async function openCedarSession(
  options: {
    server?: EmbeddedServerOptions
    scene?: (session: TestSession) => Promise<void>
    /** Options of the plugin besides the session's own (owners, store, logger, no laws, a loose rate limit). */
    cedar?: CedarOptions
    /** Another session's store (the same user on another server); its owner removes it. */
    store?: string
  } = {},
): Promise<CedarSession> {
  const store = options.store ?? (await mkdtemp(path.join(tmpdir(), 'cedar-agent-store-')))
  const session = await openSession(options.server)
  await options.scene?.(session)
  const connect = () =>
    session.bot('cedar', {
      botOptions: {
        plugins: {
          cedar: createCedar({ ...sessionCedarOptions(store), ...options.cedar }),
        },
      },
    })
  let bot = await connect()
  const alex = await session.bot('Alex')
  await waitUntil(bot, () => Boolean(bot.players.Alex), 'cedar sees Alex')
  return {
    session,
    get bot() {
      return bot
    },
    alex,
    store,
    worldDir: () => bot.cedar.world()?.dir ?? store,
    converse: (line, last, timeoutMs) => converse(alex, 'cedar', line, last, timeoutMs),
    async restart() {
      await session.quit(bot)
      bot = await connect()
      await waitUntil(bot, () => Boolean(bot.players.Alex), 'the restarted cedar sees Alex')
      return bot
    },
    async close() {
      await session.close()
      if (!options.store) await rm(store, { recursive: true, force: true })
    },
  }
}

/** Says `line` as `player`; resolves with `botName`'s chat lines up to and including the first that `last` matches. */
export async function converse(
  player: Bot,
  botName: string,
  line: string,
  last: RegExp,
  timeoutMs = 60_000,
): Promise<string[]> {
  const lines: string[] = []
  const done = waitFor(
    player,
    'chat',
    (username: string, message: string) => {
      if (username !== botName) return false
      lines.push(message)
      return last.test(message)
    },
    timeoutMs,
  )
  player.chat(line)
  await done
  return lines
}
