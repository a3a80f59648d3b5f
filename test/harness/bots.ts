// Real mineflayer bots against an embedded server.
import { type Bot, type BotOptions, createBot, type Plugin } from 'mineflayer'
import type { EmbeddedServer } from '../../plugin/server/embedded-server.js'
import { kickReasonText, waitForSpawn } from '../../plugin/world/spawn.js'
import { DEFAULT_TIMEOUT_MS, deadline, WAIT_SCALE, waitFor, withTimeout } from './wait.js'

export interface ConnectBotOptions {
  /** For spawn plus chunk loading. Default 15000. */
  timeoutMs?: number
  /** Wait until the chunks around the bot are loaded. Default true. */
  waitForChunks?: boolean
  /** Loaded after spawn (plugins such as collectblock need the registry, which exists only after login). */
  plugins?: Plugin[]
  /** Passed to mineflayer's createBot (host, port, version and auth are set from the server). */
  botOptions?: Partial<BotOptions>
}

/** A line of chat or a whisper as mineflayer parsed it. */
export interface ChatLine {
  username: string
  message: string
}

/** Connects a bot and resolves once it has spawned (and, by default, its chunks are loaded). */
export async function connectBot(
  server: EmbeddedServer,
  username: string,
  options: ConnectBotOptions = {},
): Promise<Bot> {
  const timeoutMs = deadline(options.timeoutMs ?? 15_000)
  const started = Date.now()
  const bot = createBot({
    host: server.host,
    port: server.port,
    username,
    version: server.version,
    auth: 'offline',
    logErrors: true, // keeps an 'error' listener, so a late client error cannot crash the test process
    hideErrors: true,
    ...options.botOptions,
  })
  try {
    await waitForSpawn(bot, username, `${server.host}:${server.port}`, timeoutMs)
    if (options.waitForChunks ?? true) {
      // What is left of the (stretched) deadline; withTimeout stretches what it is given, so it gets it unstretched.
      const left = Math.max(1, timeoutMs - (Date.now() - started)) / WAIT_SCALE
      await withTimeout(bot.waitForChunksToLoad(), left, `the chunks around bot "${username}" to load`)
    }
    for (const plugin of options.plugins ?? []) bot.loadPlugin(plugin)
    return bot
  } catch (error) {
    bot.end('connectBot failed')
    throw error
  }
}

export { kickReasonText }

/** The next chat line from `fromUsername` (optionally matching `predicate`) seen by `bot`. */
export function nextChat(
  bot: Bot,
  fromUsername: string,
  predicate: (message: string) => boolean = () => true,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<ChatLine> {
  return nextLine(bot, 'chat', fromUsername, predicate, timeoutMs)
}

/** The next whisper from `fromUsername` (optionally matching `predicate`) received by `bot`. */
export function nextWhisper(
  bot: Bot,
  fromUsername: string,
  predicate: (message: string) => boolean = () => true,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<ChatLine> {
  return nextLine(bot, 'whisper', fromUsername, predicate, timeoutMs)
}

async function nextLine(
  bot: Bot,
  event: 'chat' | 'whisper',
  fromUsername: string,
  predicate: (message: string) => boolean,
  timeoutMs: number,
): Promise<ChatLine> {
  const what = event === 'chat' ? 'a chat line' : 'a whisper'
  const [username, message] = await waitFor(
    bot,
    event,
    (user: string, msg: string) => user === fromUsername && predicate(msg),
    timeoutMs,
  ).catch((error: Error) => {
    throw new Error(`${error.message}: ${what} from "${fromUsername}"`, { cause: error })
  })
  return { username, message }
}

/** The next plain server line (any chat position) `bot` sees that matches `predicate`. */
export async function nextMessage(
  bot: Bot,
  predicate: (line: string) => boolean,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<string> {
  const [line] = await waitFor(bot, 'messagestr', (msg) => predicate(msg), timeoutMs)
  return line
}

/** Disconnects `bot` and waits (at most `timeoutMs`) for its connection to end. */
export async function quitBot(bot: Bot, timeoutMs = 2_000): Promise<void> {
  const client = bot._client as { ended?: boolean } | undefined
  if (client?.ended) return
  const ended = waitFor(bot, 'end', undefined, timeoutMs).catch(() => undefined)
  bot.quit()
  await ended
}
