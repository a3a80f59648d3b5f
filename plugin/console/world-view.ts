/**
 * The console's 3D view: prismarine-viewer's browser bundle and its socket, mounted on the console's own server
 * behind the token, in two modes (first person, and from above). prismarine-viewer's `mineflayer()` helper is not
 * used: it starts a server of its own on every interface with no token.
 *
 * The bundle asks for its socket at `location.pathname + 'socket.io'` and for its worker and textures relative to
 * the page, and sends no token of its own; so the token goes in the path: `/view/<token>/<mode>/`, with the socket
 * at `/view/<token>/<mode>/socket.io`. prismarine-viewer is an optional peer (about 410 MB with its textures):
 * when it is not installed the page says so and this module loads nothing.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Bot } from 'mineflayer'
import type { Vec3 } from 'vec3'

export const VIEWER_PACKAGE = 'prismarine-viewer'
/** The version the console is tested with (the lockfile's); it has textures for 1.21.4. */
export const VIEWER_VERSION = '1.33.0'
export const VIEW_MODES = ['first', 'above'] as const
export type ViewMode = (typeof VIEW_MODES)[number]

/** Chunks each way the view sends; the bundle meshes them in the browser, the bot only serializes them. */
const VIEW_DISTANCE = 4

/** What the page is told about the 3D view (in the snapshot). */
export type ViewStatus =
  | { readonly available: true; readonly version: string; readonly modes: readonly ViewMode[] }
  | { readonly available: false; readonly reason: string }

interface ViewerSocket {
  emit(event: string, ...args: unknown[]): unknown
  on(event: 'disconnect', listener: () => void): unknown
  removeAllListeners(event: string): unknown
  disconnect(close: boolean): unknown
}
interface SocketServer {
  on(event: 'connection', listener: (socket: ViewerSocket) => void): unknown
  readonly engine: { close(): void }
}
type SocketServerClass = new (
  server: HttpServer,
  options: {
    path: string
    serveClient: boolean
    allowRequest: (request: IncomingMessage, answer: (error: string | null, ok: boolean) => void) => void
  },
) => SocketServer
interface WorldView {
  init(position: Vec3): Promise<void>
  updatePosition(position: Vec3): Promise<void>
  listenToBot(bot: Bot): void
  removeListenersFromBot(bot: Bot): void
}
type WorldViewClass = new (world: unknown, viewDistance: number, position: Vec3, emitter: ViewerSocket) => WorldView

export interface ViewerPackage {
  /** The bundle, its worker, the textures and block states, as prismarine-viewer ships them. */
  readonly publicDir: string
  readonly version: string
  readonly WorldView: WorldViewClass
  readonly SocketServer: SocketServerClass
  /** The textures' version for a Minecraft version (the newest of its major), or null when it has none. */
  readonly texturesFor: (version: string) => string | null
}

/** prismarine-viewer and its socket.io (from its own dependencies), or why the 3D view cannot be shown. */
export function loadViewerPackage(name: string = VIEWER_PACKAGE): ViewerPackage | { readonly missing: string } {
  const require = createRequire(import.meta.url)
  let manifest: string
  try {
    manifest = require.resolve(`${name}/package.json`)
  } catch {
    return {
      missing:
        `the 3D view is not installed: ${name} is an optional dependency (about 410 MB with its textures) and is ` +
        `not in node_modules; \`npm install ${name}@${VIEWER_VERSION}\` adds it`,
    }
  }
  try {
    const fromViewer = createRequire(manifest)
    const root = path.dirname(manifest)
    const { version } = fromViewer(manifest) as { version: string }
    const { WorldView } = fromViewer('./viewer/lib/worldView.js') as { WorldView: WorldViewClass }
    const { getVersion } = fromViewer('./viewer/lib/version.js') as { getVersion: (v: string) => string | null }
    const { Server } = fromViewer('socket.io') as { Server: SocketServerClass }
    return {
      publicDir: path.join(root, 'public'),
      version,
      WorldView,
      SocketServer: Server,
      texturesFor: (v) => getVersion(v) ?? null,
    }
  } catch (error) {
    return { missing: `the 3D view cannot start: ${name} is installed but broken (${(error as Error).message})` }
  }
}

/** `/view/<token>/<mode>/<file>`, taken apart; undefined for any other path. */
export function parseViewPath(pathname: string): { token: string; mode: ViewMode; file: string } | undefined {
  const match = /^\/view\/([0-9a-f]+)\/(first|above)\/(.*)$/.exec(pathname)
  if (!match) return undefined
  return { token: match[1] ?? '', mode: match[2] as ViewMode, file: match[3] ?? '' }
}

export interface MountedView {
  /** Asked each time a page opens: the bot's version is known only once it has joined. */
  status(): ViewStatus
  /** Serves a file of the view's page (the path's token has been checked by the caller). */
  serve(file: string, response: ServerResponse): void
  close(): void
}

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

/** The bundle needs workers and images from its own folder and its socket; nothing from elsewhere, no inline code. */
const VIEW_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}
/**
 * The bundle's mesher worker validates minecraft-data with ajv, which compiles its (bundled) schemas with `new
 * Function`; a worker takes its policy from its own response, so only it gets 'unsafe-eval'. It is fed chunk data
 * by postMessage and can reach nothing but its own origin; the pages keep their policies without eval.
 */
const WORKER_POLICY = "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'self'"

/**
 * Mounts the view on the console's server: one socket server per mode (the bundle finds its socket beside its
 * page), each connection streaming the chunks around the bot and the bot's position. Nothing runs until a page
 * connects, and a closed page leaves no listener on the bot.
 */
export function mountView(
  bot: Bot,
  server: HttpServer,
  token: string,
  authorized: (given: string) => boolean,
  viewer: ViewerPackage | { readonly missing: string },
  /** Where the view's own page (view.html, view.css) is: the bundle's index.html has inline style. */
  pageDir: string,
  warn: (message: string) => void,
): MountedView {
  if ('missing' in viewer) {
    const status: ViewStatus = { available: false, reason: viewer.missing }
    return { status: () => status, serve: notFound, close() {} }
  }
  const status = (): ViewStatus => {
    if (!bot.entity || !bot.version) return { available: false, reason: 'the 3D view starts once the bot has joined' }
    if (viewer.texturesFor(bot.version) === null) {
      const reason = `the 3D view has no textures for Minecraft ${bot.version} (prismarine-viewer ${viewer.version})`
      return { available: false, reason }
    }
    return { available: true, version: viewer.version, modes: VIEW_MODES }
  }
  const sockets = VIEW_MODES.map((mode) => {
    const io = new viewer.SocketServer(server, {
      path: `/view/${token}/${mode}/socket.io`,
      serveClient: false,
      // The path's prefix matched; this checks the token in it in constant time.
      allowRequest: (request, answer) => answer(null, authorized(parseViewPath(request.url ?? '')?.token ?? '')),
    })
    io.on('connection', (socket) => {
      if (status().available) stream(bot, viewer.WorldView, socket, mode, warn)
      else socket.disconnect(true)
    })
    return io
  })
  return {
    status,
    serve: (file, response) => {
      const own = file === '' ? 'view.html' : file === 'view.css' ? file : undefined
      const serving = own ? serveFile(path.join(pageDir, own), response) : serveAsset(viewer.publicDir, file, response)
      serving.catch((error: Error) => fail(response, error, warn))
    },
    close: () => {
      for (const io of sockets) io.engine.close()
    },
  }
}

/** One page's view: the version, the chunks around the bot as it moves, the bot's position (with its pitch when
 * seen through its eyes: that is what makes the bundle's camera first person). */
function stream(bot: Bot, WorldView: WorldViewClass, socket: ViewerSocket, mode: ViewMode, warn: (m: string) => void) {
  socket.emit('version', bot.version)
  const view = new WorldView(pacedWorld(bot), VIEW_DISTANCE, bot.entity.position, socket)
  // WorldView answers the page's clicks with a raycast in the bot's world (unchecked input, in an async listener: a
  // malformed click would be an unhandled rejection). The page has no business touching the bot: it is not asked.
  socket.removeAllListeners('mouseClick')
  const position = () => {
    const { position: pos, yaw, pitch } = bot.entity
    socket.emit('position', mode === 'first' ? { pos, yaw, pitch } : { pos, yaw, addMesh: true })
    view.updatePosition(pos).catch((error: Error) => warn(`cedar console: the 3D view lost a chunk: ${error.message}`))
  }
  view
    .init(bot.entity.position)
    .then(position, (error: Error) => warn(`cedar console: the 3D view could not send the world: ${error.message}`))
  bot.on('move', position)
  view.listenToBot(bot)
  socket.on('disconnect', () => {
    bot.off('move', position)
    view.removeListenersFromBot(bot)
  })
}

/**
 * The bot's world as WorldView reads it, one column at a time: serializing a 1.21 column takes 5–25 ms, and
 * WorldView asks for five at once (and for every column the server sends), so each is serialized in a turn of
 * the event loop of its own, after the one before, and the bot's packets and physics run in between.
 */
function pacedWorld(bot: Bot) {
  let previous: Promise<unknown> = Promise.resolve()
  return {
    getColumnAt(position: Vec3): Promise<{ toJson(): string } | undefined> {
      const turn = previous.then(
        () =>
          new Promise<{ toJson(): string } | undefined>((resolve) =>
            setImmediate(() => {
              const column = bot.world.getColumnAt(position) as { toJson(): string } | null | undefined
              if (!column) return resolve(undefined)
              const json = column.toJson()
              resolve({ toJson: () => json })
            }),
          ),
      )
      previous = turn.catch(() => undefined)
      return turn
    },
  }
}

/** A file under the bundle's folder: names of letters, digits, dots, dashes and slashes, never `..`. */
async function serveAsset(root: string, file: string, response: ServerResponse): Promise<void> {
  const type = TYPES[path.extname(file)]
  if (
    !type ||
    type.startsWith('text/html') ||
    !/^[\w.\-/]+$/.test(file) ||
    file.split('/').some((part) => part === '..' || part === '')
  ) {
    return notFound(file, response)
  }
  return serveFile(path.join(root, file), response, file === 'worker.js' ? WORKER_POLICY : undefined)
}

async function serveFile(where: string, response: ServerResponse, policy?: string): Promise<void> {
  const info = await stat(where).catch(() => undefined)
  if (!info?.isFile()) return notFound(where, response)
  response.writeHead(200, {
    ...VIEW_SECURITY_HEADERS,
    ...(policy ? { 'content-security-policy': policy } : {}),
    'content-type': TYPES[path.extname(where)] ?? 'application/octet-stream',
    'content-length': String(info.size),
    // The token in the path is new each start, so a cached copy is never served to another console; within one
    // page the bundle starts four workers from the same 60 MB script.
    'cache-control': 'private, max-age=86400, immutable',
  })
  await new Promise<void>((resolve, reject) => {
    createReadStream(where).on('error', reject).pipe(response).on('finish', resolve).on('close', resolve)
  })
}

function notFound(_file: string, response: ServerResponse): void {
  response.writeHead(404, { ...VIEW_SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' })
  response.end('not found\n')
}

function fail(response: ServerResponse, error: Error, warn: (message: string) => void): void {
  warn(`cedar console: the 3D view's page failed: ${error.message}`)
  if (!response.headersSent) {
    response.writeHead(500, { ...VIEW_SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' })
    response.end('the 3D view failed\n')
  } else response.destroy()
}
