import { type Bot, createBot } from 'mineflayer'
import { createCedar } from '../cedar-plugin.js'
import type { CedarLogger } from '../config/options.js'
import type { EmbeddedServer } from '../server/embedded-server.js'
import { kickReasonText, waitForSpawn } from '../world/spawn.js'
import { EMBEDDED_VERSION, type StartSettings, type StartWorld } from './start-settings.js'

/** A join that has not spawned by then is reported as failed rather than left hanging. */
const JOIN_TIMEOUT_MS = 60_000
/** Waits before each try to join again after a kick or a lost connection: doubling from the first, up to the last. */
export const RECONNECT_DELAYS_MS = { first: 1_000, most: 60_000 }

/** What `cedar start` reports as it goes; printed as text, or as JSON lines with `--json`. */
export type StartEvent =
  | {
      readonly event: 'server'
      readonly host: string
      readonly port: number
      readonly version: string
      readonly world: StartWorld
      readonly seed: number
      readonly spawn: { readonly x: number; readonly y: number; readonly z: number } | undefined
    }
  | { readonly event: 'owners'; readonly owners: readonly string[] | '*'; readonly note: string }
  | {
      readonly event: 'spawned'
      readonly username: string
      readonly host: string
      readonly port: number
      readonly version: string
    }
  | { readonly event: 'console'; readonly url: string; readonly username: string }
  | { readonly event: 'disconnected'; readonly reason: string }
  | { readonly event: 'reconnecting'; readonly attempt: number; readonly inMs: number; readonly reason: string }
  | { readonly event: 'stopped' }

export interface RunningBot {
  /** The (first) bot now: a new one after each reconnect. */
  readonly bot: Bot
  /** Every bot of the fleet (`--bots N`), the first first. */
  readonly bots: readonly Bot[]
  readonly server: EmbeddedServer | undefined
  /** Resolves when the bot is gone for good: disconnected with reconnecting off (never, with it on). */
  readonly ended: Promise<void>
  /** Quits the bot, then closes the embedded server; safe to call twice. */
  stop(): Promise<void>
}

/**
 * Starts what `npm start` promises: with a host, a bot with the plugin joins it; without, an embedded flying-squid
 * server starts on localhost first. Resolves once the bot has spawned.
 */
export async function runBot(
  settings: StartSettings,
  report: (event: StartEvent) => void,
  logger: CedarLogger,
): Promise<RunningBot> {
  let server: EmbeddedServer | undefined
  if (settings.host === undefined) {
    const { startEmbeddedServer } = await import('../server/embedded-server.js')
    server = await startEmbeddedServer({
      host: '127.0.0.1',
      port: settings.port,
      version: settings.version ?? EMBEDDED_VERSION,
      generation: settings.world === 'flat' ? 'superflat' : 'survival',
      // A survival world is sent out wider than the test default, so a player sees trees and hills.
      viewDistance: settings.world === 'flat' ? 3 : 6,
      // Night is dangerous in the survival world: zombies come out.
      ...(settings.world === 'flat' ? {} : { mechanics: { hostileMobs: true } }),
      ...(settings.seed === undefined ? {} : { seed: settings.seed }),
    })
    const { host, port, version, seed, spawn } = server
    report({ event: 'server', host, port, version, world: settings.world, seed, spawn })
  }
  const host = server?.host ?? settings.host ?? '127.0.0.1'
  const port = server?.port ?? settings.port

  // On the embedded server only local players can join, so with no owners named everyone there may command.
  const owners = settings.owners ?? (server ? '*' : [])
  report({ event: 'owners', owners, note: ownersNote(settings.owners, server !== undefined) })

  // The console's address is reported below as an event (a JSON line with --json), not also as the plugin's log line.
  const pluginLogger: CedarLogger = {
    ...logger,
    info: (message) => {
      if (!message.startsWith('cedar: console at ')) logger.info(message)
    },
  }
  const keep = (i: number, console: StartSettings['console']) => {
    const own = settings.fleet?.[i]
    const username = own?.username ?? (i === 0 ? settings.username : `${settings.username}${i + 1}`)
    return keepJoined({
      host,
      port,
      username,
      console,
      owners: own?.owners ?? owners,
      settings,
      cedar: { ...settings.cedar, ...own?.cedar },
      report,
      logger: pluginLogger,
      warn: logger,
    })
  }
  // Each bot of a fleet has its console: the first on the port asked for, the others on the ports after it (or on
  // any free one, when the first's is).
  const consoleOf = (i: number): StartSettings['console'] =>
    settings.console && { ...settings.console, port: settings.console.port === 0 ? 0 : settings.console.port + i }
  const bots: KeptBot[] = []
  try {
    // One after another: the server admits a player at a time, and each bot's store opens before the next.
    for (let i = 0; i < settings.bots; i++) {
      bots.push(await keep(i, consoleOf(i)))
    }
  } catch (error) {
    await Promise.all(bots.map((kept) => kept.stop()))
    await server?.close()
    throw error
  }

  let stopping: Promise<void> | undefined
  let endedForGood: () => void = () => {}
  const ended = new Promise<void>((resolve) => {
    endedForGood = resolve
  })
  // With reconnecting off, the fleet is over when its first bot is gone for good.
  void Promise.race(bots.map((kept) => kept.ended)).then(() => endedForGood())
  const [first] = bots
  if (!first) throw new Error('no bot joined')
  return {
    get bot() {
      return first.bot
    },
    get bots() {
      return bots.map((kept) => kept.bot)
    },
    server,
    ended,
    stop: () => {
      stopping ??= (async () => {
        await Promise.all(bots.map((kept) => kept.stop()))
        await server?.close()
        report({ event: 'stopped' })
        endedForGood()
      })()
      return stopping
    },
  }
}

interface KeptBot {
  readonly bot: Bot
  readonly ended: Promise<void>
  stop(): Promise<void>
}

/** One bot of the fleet: joined, spawned and kept joined (joining again after a kick, if reconnecting is on). */
async function keepJoined(options: {
  readonly host: string
  readonly port: number
  readonly username: string
  /** This bot's web console, if any. */
  readonly console: StartSettings['console']
  readonly owners: readonly string[] | '*'
  readonly settings: StartSettings
  /** This bot's plugin options: the profile's, with its own in a fleet over them. */
  readonly cedar: StartSettings['cedar']
  readonly report: (event: StartEvent) => void
  readonly logger: CedarLogger
  readonly warn: CedarLogger
}): Promise<KeptBot> {
  const { host, port, username, settings, report, logger, owners } = options
  /** A new bot with the plugin (on the same store: what it learned is there), joined and spawned. */
  const join = async (): Promise<Bot> => {
    const joining = createBot({
      host,
      port,
      username,
      auth: settings.auth,
      hideErrors: true, // mineflayer would print errors on stdout; they go to the logger (stderr with --json)
      ...(settings.version ? { version: settings.version } : {}),
    })
    joining.on('error', (error) => options.warn.warn(`cedar: connection error: ${error.message}`))
    try {
      joining.loadPlugin(
        createCedar({
          ...options.cedar,
          owners,
          logger,
          // The bot is the script's whole purpose here: its reflexes keep it alive between instructions too.
          reflexes: { idle: true, ...options.cedar.reflexes },
          ...(options.console ? { console: options.console } : {}),
        }),
      )
      await waitForSpawn(joining, username, `${host}:${port}`, JOIN_TIMEOUT_MS)
    } catch (error) {
      joining.end()
      throw error
    }
    report({ event: 'spawned', username: joining.username, host, port, version: joining.version })
    // A console that could not start (its port taken) is reported by the plugin; the bot runs on without it.
    const address = await joining.cedar.console?.catch(() => undefined)
    if (address) report({ event: 'console', url: address.url, username: joining.username })
    return joining
  }

  let bot = await join()
  let stopping: Promise<void> | undefined
  let endedForGood: () => void = () => {}
  const ended = new Promise<void>((resolve) => {
    endedForGood = resolve
  })
  /** Joins again after `reason`, waiting longer after each failed try, until it is back or told to stop. */
  const rejoin = async (reason: string): Promise<void> => {
    for (let attempt = 1; !stopping; attempt++) {
      const inMs = Math.min(RECONNECT_DELAYS_MS.first * 2 ** (attempt - 1), RECONNECT_DELAYS_MS.most)
      report({ event: 'reconnecting', attempt, inMs, reason })
      await new Promise((resolve) => setTimeout(resolve, inMs))
      if (stopping) return
      try {
        bot = await join()
      } catch (error) {
        options.warn.warn(`cedar: ${(error as Error).message}`)
        continue
      }
      watchEnd(bot)
      bot.chat(`back after ${reason}`)
      return
    }
  }
  const watchEnd = (watched: Bot) => {
    let kicked: string | undefined
    watched.once('kicked', (why) => {
      kicked = kickReasonText(why)
    })
    watched.once('end', (why) => {
      if (stopping) return
      const reason = kicked === undefined ? `connection lost (${String(why)})` : `kicked: ${kicked}`
      report({ event: 'disconnected', reason })
      if (settings.reconnect) void rejoin(reason)
      else endedForGood()
    })
  }
  watchEnd(bot)
  return {
    get bot() {
      return bot
    },
    ended,
    stop: () => {
      stopping ??= (async () => {
        bot.cedar?.stop('shutting down')
        await quit(bot)
        endedForGood()
      })()
      return stopping
    },
  }
}

function ownersNote(given: readonly string[] | '*' | undefined, embedded: boolean): string {
  if (given === '*') return 'every player may command the bot'
  if (given !== undefined && given.length > 0) return `only ${given.join(', ')} may command the bot`
  if (embedded) return 'every player on this local server may command the bot (set CEDAR_OWNERS to restrict)'
  return 'no owners: the bot obeys nobody. Set CEDAR_OWNERS=YourName'
}

function quit(bot: Bot): Promise<void> {
  return new Promise((resolve) => {
    if (!bot._client || bot._client.ended) return resolve()
    bot.once('end', () => resolve())
    bot.quit('cedar stopped')
  })
}
