// The console's 3D view (prismarine-viewer, an optional dependency) in a real browser against the real embedded
// server: mounted on the console's own server behind the token, drawing the world around the bot in both modes (a
// screenshot must show terrain, not an empty sky or a blank frame), leaving nothing on the bot once the page goes,
// and a console without the package saying so instead of showing an empty box.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { createCedar } from '../index.js'
import { type ConsoleAddress, startConsole } from '../plugin/console/console-server.js'
import { loadViewerPackage, VIEWER_VERSION } from '../plugin/console/world-view.js'
import { type CedarSession, giveItem, sessionCedarOptions } from './harness/index.js'
import { type Browser, launchChromium } from './support/chromium.js'
import { type ConsoleSession, openConsoleSession } from './support/console-session.js'
import { decodePng, regionInk } from './support/png.js'
import { rectOf, waitForTerrain } from './support/view.js'

interface RawSocket {
  on(event: string, listener: (data: unknown) => void): void
  emit(event: string, data: unknown): void
  disconnect(): void
}

/** The bot events the console's feed and server listen to. */
const CONSOLE_EVENTS = [
  'cedarTaskStart',
  'cedarTaskEnd',
  'cedarProgress',
  'cedarShieldBlocked',
  'cedarShieldFallback',
  'cedarAction',
  'cedarLawDropped',
  'cedarCriticRound',
  'cedarQuestion',
  'cedarAnswered',
  'spawn',
] as const

describe('the console 3D view in chromium', () => {
  let cedar: CedarSession
  let bot: Bot
  let address: ConsoleAddress
  let browser: Browser
  const warnings: string[] = []

  let opened: ConsoleSession | undefined

  before(async () => {
    // Not a skip: npm ci installs it (a dev dependency); a checkout that deleted it is told so here.
    const viewer = loadViewerPackage()
    assert.ok(!('missing' in viewer), `${'missing' in viewer ? viewer.missing : ''} (npm ci installs it)`)
    assert.equal(viewer.version, VIEWER_VERSION)
    opened = await openConsoleSession({
      logger: { info: () => {}, warn: (m: string) => warnings.push(m), error: (m: string) => warnings.push(m) },
    })
    ;({ cedar, address, browser } = opened)
    bot = cedar.bot
  })
  after(async () => {
    await opened?.close()
  })

  const origin = () => `http://127.0.0.1:${address.port}`

  test("the view's page, bundle, textures and socket are served only with the token in their path", async () => {
    const wrong = '0123456789abcdef0123456789abcdef'
    for (const where of [
      `/view/${wrong}/above/`,
      `/view/${wrong}/first/index.js`,
      `/view/${wrong}/above/textures/1.21.4.png`,
      `/view/${wrong}/above/socket.io/?EIO=4&transport=polling`,
      `/view/${address.token}x/above/`,
      '/view/above/',
    ]) {
      const response = await fetch(`${origin()}${where}`)
      assert.equal(response.status, 403, where)
      await response.body?.cancel()
    }
    for (const mode of ['first', 'above']) {
      const base = `${origin()}/view/${address.token}/${mode}/`
      const page = await fetch(base)
      assert.equal(page.status, 200)
      assert.match(await page.text(), /<script src="index\.js"><\/script>/)
      assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'; worker-src 'self'/)
      const bundle = await fetch(`${base}index.js`)
      assert.equal(bundle.status, 200)
      assert.equal(bundle.headers.get('content-type'), 'text/javascript; charset=utf-8')
      await bundle.body?.cancel()
      // The socket's handshake answers on this console's port, for this mode's path.
      const handshake = await fetch(`${base}socket.io/?EIO=4&transport=polling`)
      assert.equal(handshake.status, 200, `the ${mode} socket is mounted`)
      assert.match(await handshake.text(), /"sid":/)
    }
    // Nothing outside the bundle's folder, however the path is spelled.
    for (const where of ['textures/..%2F..%2Fpackage.json', 'blocksStates/../../package.json', 'index.html']) {
      const response = await fetch(`${origin()}/view/${address.token}/above/${where}`)
      assert.ok([403, 404].includes(response.status), `${where}: ${response.status}`)
      await response.body?.cancel()
    }
  })

  test("the view's socket streams the world a column per turn, and the page's clicks reach nothing", async () => {
    const { io } = createRequire(createRequire(import.meta.url).resolve('prismarine-viewer/package.json'))(
      'socket.io-client',
    ) as { io: (url: string, options: { path: string; transports: string[] }) => RawSocket }
    const following = bot.listenerCount('move')
    const socket = io(origin(), { path: `/view/${address.token}/above/socket.io`, transports: ['websocket'] })
    try {
      const columns: { x: number; z: number; chunk: string }[] = []
      const version = new Promise<string>((resolve) => socket.on('version', (v) => resolve(v as string)))
      const positioned = new Promise<{ pos: { y: number } }>((resolve) =>
        socket.on('position', (p) => resolve(p as { pos: { y: number } })),
      )
      const loaded = new Promise<void>((resolve) =>
        socket.on('loadChunk', (column) => {
          columns.push(column as { x: number; z: number; chunk: string })
          if (columns.length >= 16) resolve()
        }),
      )
      assert.equal(await version, bot.version)
      await loaded
      assert.ok((await positioned).pos.y > 0, 'the bot position follows the chunks')
      assert.ok(
        columns.every((c) => typeof c.chunk === 'string' && c.chunk.length > 100),
        'each column comes serialized',
      )
      console.log(`3D view socket: ${columns.length} columns sent`)
      // Clicks (well-formed or not) are not listened to: nothing is raycast, nothing is thrown, nothing reaches the bot.
      for (const click of [
        {},
        null,
        'x',
        { origin: { x: 0, y: 5, z: 0 }, direction: { x: 0, y: -1, z: 0 }, button: 0 },
      ]) {
        socket.emit('mouseClick', click)
      }
      assert.match((await cedar.converse('!status', /./))[0] ?? '', /./, 'the bot still answers')
    } finally {
      socket.disconnect()
    }
    await waitUntilTrue(() => bot.listenerCount('move') === following, 'the socket gone, its view stops following')
  })

  test('the page shows the world around the bot from above and through its eyes, and leaves nothing behind', async () => {
    const moveListeners = bot.listenerCount('move')
    const chunkListeners = bot.listenerCount('chunkColumnLoad')
    const page = await browser.open(address.url)
    await page.waitFor(`document.querySelector('#connection').textContent === 'live'`, 'the event stream')
    await page.waitFor(`document.querySelector('#view iframe')`, 'the 3D view frame')
    assert.equal(await page.evaluate('document.querySelector("#view").dataset.mode'), 'above')

    const above = await waitForTerrain(page, 'from above')
    assert.equal(bot.listenerCount('move'), moveListeners + 1, 'one open view follows the bot')

    await page.click('#view-modes button[data-mode="first"]')
    await page.waitFor(`document.querySelector('#view').dataset.mode === 'first'`, 'the first-person frame')
    assert.equal(
      await page.evaluate(
        `document.querySelector('#view-modes button[data-mode="first"]').getAttribute('aria-pressed')`,
      ),
      'true',
    )
    const first = await waitForTerrain(page, 'first person')
    console.log(
      `3D view: from above ${(above.terrain * 100).toFixed(1)}% terrain after ${above.ms.toFixed(0)} ms; first person ${(first.terrain * 100).toFixed(1)}% after ${first.ms.toFixed(0)} ms`,
    )
    // The tab leaves the console: its frames unload and their sockets close.
    await page.goto('about:blank')
    page.close()
    await waitUntilTrue(() => bot.listenerCount('move') === moveListeners, 'the closed page stops following the bot')
    assert.equal(bot.listenerCount('chunkColumnLoad'), chunkListeners, 'and listens for no chunk')
    assert.deepEqual(
      warnings.filter((w) => /3D view/.test(w)),
      [],
    )
  })

  test('the console costs nothing when off: no server, no listener; gated actions timed off and on', async () => {
    const store = await mkdtemp(path.join(tmpdir(), 'cedar-quiet-store-'))
    const page = await browser.open(address.url)
    try {
      const quiet = await cedar.session.bot('Quiet', {
        botOptions: { plugins: { cedar: createCedar(sessionCedarOptions(store)) } },
      })
      assert.equal(quiet.cedar.console, undefined, 'no console unless asked')
      // What the console listens to on its bot; the same plugin without it has one listener fewer on each.
      for (const event of CONSOLE_EVENTS) {
        assert.equal(quiet.listenerCount(event), bot.listenerCount(event) - 1, `${event}: only the console's listener`)
      }
      await waitForTerrain(page, 'the view open while the console bot acts')
      const timed = async (who: Bot) => {
        await giveItem(cedar.session.server, who, 'dirt', 1)
        await giveItem(cedar.session.server, who, 'cobblestone', 1)
        const started = performance.now()
        for (let i = 0; i < 100; i++) {
          const name = i % 2 ? 'cobblestone' : 'dirt'
          const item = who.inventory.items().find((held) => held.name === name)
          assert.ok(item, `${who.username} holds ${name}`)
          await who.equip(item, 'hand')
        }
        return performance.now() - started
      }
      const off = await timed(quiet)
      const on = await timed(bot)
      console.log(
        `console cost: 100 gated equips with the console off ${off.toFixed(0)} ms; on, with its page and 3D view open, ${on.toFixed(0)} ms`,
      )
      await cedar.session.quit(quiet)
    } finally {
      await page.goto('about:blank')
      page.close()
      await rm(store, { recursive: true, force: true })
    }
  })

  test('a browser without WebGL is told so in place of the view, and the rest of the page works', async () => {
    const plain = await launchChromium(['--disable-webgl', '--disable-3d-apis'])
    try {
      const page = await plain.open(address.url, { width: 1400, height: 1000 })
      assert.equal(
        await page.evaluate(`Boolean(document.createElement('canvas').getContext('webgl'))`),
        false,
        'this browser has no WebGL (else the test proves nothing)',
      )
      const notice = await page.waitFor<string>(`document.querySelector('#view .notice')?.textContent`, 'the notice')
      assert.match(notice, /^the 3D view needs WebGL, which this browser has turned off or lacks/)
      assert.equal(await page.evaluate(`document.querySelector('#view iframe') === null`), true, 'no blank frame')
      assert.equal(await page.evaluate(`document.querySelector('#view-modes').hidden`), true, 'no mode buttons')
      // The rest still follows the bot: its name and state are on the page.
      await page.waitFor<boolean>(`document.body.textContent.includes(${JSON.stringify(bot.username)})`, 'the bot')
    } finally {
      await plain.close()
    }
  })

  test('a console without prismarine-viewer says so in place of the view', async () => {
    const bare = await startConsole(
      bot,
      { port: 0, host: '127.0.0.1', owner: 'Alex' },
      { submit: async () => {}, viewerPackage: 'prismarine-viewer-left-out' },
    )
    try {
      const page = await browser.open(bare.url, { width: 390, height: 844 })
      const notice = await page.waitFor<string>(`document.querySelector('#view .notice')?.textContent`, 'the notice')
      assert.match(
        notice,
        new RegExp(
          `^the 3D view is not installed: prismarine-viewer-left-out is an optional dependency \\(about 410 MB with its textures\\).*npm install prismarine-viewer-left-out@${VIEWER_VERSION.replaceAll('.', '\\.')}`,
        ),
      )
      assert.equal(await page.evaluate(`document.querySelector('#view iframe') === null`), true, 'no empty frame')
      assert.equal(await page.evaluate(`document.querySelector('#view-modes').hidden`), true, 'no mode buttons')
      const region = await rectOf(page, '#view .notice')
      const { ink } = regionInk(decodePng(await page.screenshot()), region)
      assert.ok(ink > 0.01, `the notice is drawn (ink ${ink.toFixed(4)})`)
      const socket = await fetch(
        `http://127.0.0.1:${bare.port}/view/${bare.token}/above/socket.io/?EIO=4&transport=polling`,
      )
      assert.equal(socket.status, 404, 'no socket is mounted')
      await socket.body?.cancel()
      page.close()
    } finally {
      await bare.close()
    }
  })
})

/** Waits for a condition of the bot's side that no event announces (a socket's disconnect handler has run). */
async function waitUntilTrue(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const started = performance.now()
  while (!condition()) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
