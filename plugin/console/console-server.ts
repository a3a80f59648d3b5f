/**
 * The web console: a page to watch and command the bot from a browser, served by node:http with server-sent events
 * for live updates. Every request, the event stream included, needs the one-time token printed at start; the page
 * only sends command lines, which go through the same dispatcher and owner rules as chat.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Bot } from 'mineflayer'
import type { ConsoleSettings } from '../config/options.js'
import type { SkillRecord } from '../store/record.js'
import { ConsoleFeed } from './console-feed.js'
import { fleetEntries, joinFleet } from './console-fleet.js'
import { StoreView } from './store-view.js'
import { loadViewerPackage, mountView, parseViewPath } from './world-view.js'

/** A command line longer than this is refused: chat lines are at most 256 characters. */
const MAX_LINE = 1000
/** Keeps proxies and idle-timeouts from closing a quiet event stream. */
const HEARTBEAT_MS = 15_000
/**
 * A page that reads slower than the bot writes is cut off past this much unsent data, rather than the bot holding
 * it all; the browser reconnects by itself and starts again from a snapshot.
 */
const MAX_UNSENT_BYTES = 4 * 1024 * 1024

export interface ConsoleAddress {
  readonly host: string
  readonly port: number
  readonly token: string
  /** The page, with its token: what `npm start` prints. */
  readonly url: string
}

export interface RunningConsole extends ConsoleAddress {
  close(): Promise<void>
}

export interface ConsoleHooks {
  /** Runs a command line as the console's owner; `reply` gets each reply line. */
  submit(line: string, reply: (text: string) => void): Promise<void>
  /** The skill store's records, for the store panel (left out: the panel says there is no store). */
  records?(): Promise<readonly SkillRecord[]>
  /** The package of the 3D view (prismarine-viewer); another name is for tests of a console without it. */
  viewerPackage?: string
}

const STATIC_FILES: Readonly<Record<string, { file: string; type: string }>> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/console.js': { file: 'console.js', type: 'text/javascript; charset=utf-8' },
  '/console.css': { file: 'console.css', type: 'text/css; charset=utf-8' },
  '/fleet.js': { file: 'fleet.js', type: 'text/javascript; charset=utf-8' },
}

/** No inline script, no script from elsewhere: an SVG or reply put into the page cannot run anything. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}

export async function startConsole(bot: Bot, settings: ConsoleSettings, hooks: ConsoleHooks): Promise<RunningConsole> {
  const token = randomBytes(16).toString('hex')
  const feed = new ConsoleFeed(bot)
  const store = hooks.records && new StoreView(() => hooks.records?.() ?? Promise.resolve([]))
  const streams = new Set<ServerResponse>()
  let commandIds = 0
  const staticDir = findStaticDir()

  const isToken = (given: unknown) =>
    typeof given === 'string' &&
    given.length === token.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(token))
  const authorized = (request: IncomingMessage, url: URL) =>
    isToken(url.searchParams.get('token') ?? request.headers['x-cedar-token'])

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://console.invalid')
    // The 3D view's files carry the token in their path (its bundle adds no query of its own).
    const viewPath = parseViewPath(url.pathname)
    if (viewPath && request.method === 'GET' && isToken(viewPath.token)) return view.serve(viewPath.file, response)
    if (!authorized(request, url)) {
      send(response, 403, 'text/plain; charset=utf-8', 'forbidden: open the address with its token, as printed\n')
      return
    }
    if (request.method === 'GET' && url.pathname === '/events') return openStream(response)
    if (request.method === 'POST' && url.pathname === '/command') return void command(request, response)
    if (request.method === 'GET' && url.pathname === '/fleet') {
      send(response, 200, 'application/json', JSON.stringify(fleetEntries()))
      return
    }
    if (request.method === 'GET' && url.pathname === '/store') {
      const reading = store ? store.entries() : Promise.resolve({ entries: [], total: 0 })
      reading.then(
        (view) => send(response, 200, 'application/json', JSON.stringify(view)),
        (error: Error) =>
          send(response, 500, 'text/plain; charset=utf-8', `the store could not be read: ${error.message}\n`),
      )
      return
    }
    const asset = STATIC_FILES[url.pathname]
    if (request.method === 'GET' && asset) {
      serveFile(response, asset.file, asset.type).catch((error: Error) => {
        bot.cedar.options.logger.warn(`cedar console: cannot serve ${asset.file}: ${error.message}`)
        if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', 'the page is missing\n')
      })
      return
    }
    send(response, 404, 'text/plain; charset=utf-8', 'not found\n')
  })

  const view = mountView(bot, server, token, isToken, loadViewerPackage(hooks.viewerPackage), staticDir, (message) =>
    bot.cedar.options.logger.warn(message),
  )

  const openStream = (response: ServerResponse) => {
    response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream', connection: 'keep-alive' })
    writeEvent(response, 'snapshot', { ...feed.snapshot(), view: view.status() })
    streams.add(response)
    response.on('close', () => streams.delete(response))
  }
  const broadcast = (type: string, data: unknown) => {
    for (const stream of streams) {
      if (stream.writableLength > MAX_UNSENT_BYTES) {
        streams.delete(stream)
        stream.destroy()
      } else writeEvent(stream, type, data)
    }
  }
  const unsubscribe = feed.subscribe((event) => broadcast(event.type, event.data))
  // A page opened before the bot joined shows the 3D view once it has.
  const viewReady = () => broadcast('view', view.status())
  bot.on('spawn', viewReady)
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': alive\n\n')
  }, HEARTBEAT_MS)
  heartbeat.unref()

  const command = async (request: IncomingMessage, response: ServerResponse) => {
    let line: string
    try {
      line = parseCommandBody(await readBody(request, MAX_LINE * 4))
    } catch (error) {
      send(response, 400, 'text/plain; charset=utf-8', `${(error as Error).message}\n`)
      return
    }
    const id = ++commandIds
    send(response, 202, 'application/json', JSON.stringify({ id }))
    feed.line({ id, kind: 'command', text: line })
    const reply = (text: string) => feed.line({ id, kind: 'reply', text })
    const owner = settings.owner
    if (owner === undefined) {
      reply('the console has no owner to run as: name owners, or console.owner, in the plugin options')
    } else if (!bot.cedar.isOwner(owner)) {
      reply(`the console runs as ${owner}, who is not an owner of this bot`)
    } else {
      await hooks.submit(line, reply)
    }
    feed.line({ id, kind: 'done', text: '' })
  }

  const serveFile = async (response: ServerResponse, file: string, type: string) => {
    const text = await readFile(path.join(staticDir, file), 'utf8')
    // The token is hex, so it goes into the page as it is; the page passes it on to its own requests.
    send(response, 200, type, file === 'index.html' ? text.replaceAll('__CEDAR_TOKEN__', token) : text)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const shownHost = settings.host.includes(':') ? `[${settings.host}]` : settings.host
  const pageUrl = `http://${shownHost}:${port}/?token=${token}`
  const leaveFleet = joinFleet({ bot, url: pageUrl, task: () => feed.currentTask() })
  return {
    host: settings.host,
    port,
    token,
    url: pageUrl,
    close: async () => {
      leaveFleet()
      clearInterval(heartbeat)
      unsubscribe()
      bot.off('spawn', viewReady)
      feed.close()
      view.close()
      for (const stream of streams) stream.end()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
    },
  }
}

/** `{"line": "!do mine oak_log"}`, checked: one line of text, not empty, not too long. */
export function parseCommandBody(body: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    throw new Error('expected JSON such as {"line": "!status"}')
  }
  const line = (parsed as { line?: unknown } | null)?.line
  if (typeof line !== 'string') throw new Error('expected JSON such as {"line": "!status"}')
  const trimmed = line.trim()
  if (trimmed === '') throw new Error('the command line is empty')
  if (trimmed.length > MAX_LINE) throw new Error(`the command line is longer than ${MAX_LINE} characters`)
  if (/[\r\n]/.test(trimmed)) throw new Error('one command line at a time')
  return trimmed
}

function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        reject(new Error('the request is too large'))
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function writeEvent(stream: ServerResponse, type: string, data: unknown): void {
  if (stream.destroyed || stream.writableEnded) return
  stream.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`)
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type })
  response.end(body)
}

/** Beside this module in the sources; in a build (dist/plugin/console), the shipped sources' folder. */
function findStaticDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const beside = path.join(here, 'static')
  return existsSync(beside) ? beside : path.resolve(here, '../../../plugin/console/static')
}
