import { type Bot, createBot } from 'mineflayer'
import { createCedar } from '../cedar-plugin.js'
import type { CedarLogger } from '../config/options.js'
import type { EmbeddedServer } from '../server/embedded-server.js'
import { waitForSpawn } from '../world/spawn.js'
import { EMBEDDED_VERSION, type StartSettings, type StartWorld } from './start-settings.js'

/** A join that has not spawned by then is reported as failed rather than left hanging. */
const JOIN_TIMEOUT_MS = 60_000

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
  | { readonly event: 'console'; readonly url: string }
  | { readonly event: 'disconnected'; readonly reason: string }
  | { readonly event: 'stopped' }

export interface RunningBot {
  readonly bot: Bot
  readonly server: EmbeddedServer | undefined
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

  const bot = createBot({
    host,
    port,
    username: settings.username,
    auth: 'offline',
    hideErrors: true, // mineflayer would print errors on stdout; they go to the logger (stderr with --json)
    ...(settings.version ? { version: settings.version } : {}),
  })
  bot.on('error', (error) => logger.warn(`cedar: connection error: ${error.message}`))
  try {
    // The console's address is reported below as an event (a JSON line with --json), not also as the plugin's log line.
    const pluginLogger: CedarLogger = {
      ...logger,
      info: (message) => {
        if (!message.startsWith('cedar: console at ')) logger.info(message)
      },
    }
    bot.loadPlugin(
      createCedar({ owners, logger: pluginLogger, ...(settings.console ? { console: settings.console } : {}) }),
    )
    await waitForSpawn(bot, settings.username, `${host}:${port}`, JOIN_TIMEOUT_MS)
  } catch (error) {
    bot.end()
    await server?.close()
    throw error
  }
  report({ event: 'spawned', username: bot.username, host, port, version: bot.version })
  // A console that could not start (its port taken) is reported by the plugin; the bot runs on without it.
  const address = await bot.cedar.console?.catch(() => undefined)
  if (address) report({ event: 'console', url: address.url })

  let stopping: Promise<void> | undefined
  bot.once('end', (reason) => {
    if (!stopping) report({ event: 'disconnected', reason: String(reason) })
  })
  return {
    bot,
    server,
    stop: () => {
      stopping ??= (async () => {
        bot.cedar?.stop('shutting down')
        await quit(bot)
        await server?.close()
        report({ event: 'stopped' })
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
