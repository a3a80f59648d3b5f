// A real browser for the console tests: Debian's chromium package (installed with apt-get when missing, never a
// downloaded build), headless, driven over the DevTools protocol with Node's own WebSocket — no browser library.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { descendantsCpuSeconds, reportUnreapedCpu } from '../runner/unreaped-cpu.js'

export const CHROMIUM = '/usr/bin/chromium'

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  // WebGL (the console's 3D view) on the software renderer: without the flag chromium warns it will stop falling back.
  '--enable-unsafe-swiftshader',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--remote-debugging-address=127.0.0.1',
  '--remote-debugging-port=0',
]

/** Installs Debian's chromium when it is missing (as root, through apt-get); throws a clear message otherwise. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return
  if (process.getuid?.() !== 0) throw new Error(`${CHROMIUM} is missing: run apt-get install -y chromium as root`)
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const run = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${run.status})`)
  }
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium, but ${CHROMIUM} is not there`)
}

export interface Browser {
  /** A new tab showing `url`. */
  open(url: string, size?: { width: number; height: number }): Promise<Page>
  close(): Promise<void>
}

/** `flags`: more of chromium's switches, e.g. `--disable-webgl` for a browser that has none. */
export async function launchChromium(flags: readonly string[] = []): Promise<Browser> {
  ensureChromium()
  const profile = await mkdtemp(path.join(tmpdir(), 'cedar-chromium-'))
  const child = spawn(CHROMIUM, [...FLAGS, ...flags, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const endpoint = await devtoolsEndpoint(child)
  const http = `http://${new URL(endpoint).host}`
  const pages: Page[] = []
  return {
    async open(url, size = { width: 1280, height: 900 }) {
      const target = (await (await fetch(`${http}/json/new?about:blank`, { method: 'PUT' })).json()) as {
        webSocketDebuggerUrl: string
      }
      const page = await Page.connect(target.webSocketDebuggerUrl)
      pages.push(page)
      await page.send('Page.enable')
      await page.send('Runtime.enable')
      await page.send('Emulation.setDeviceMetricsOverride', { ...size, deviceScaleFactor: 1, mobile: size.width < 600 })
      await page.goto(url)
      return page
    },
    async close() {
      for (const page of pages) page.close()
      const exited = new Promise((resolve) => child.once('exit', resolve))
      // The renderer outlives the browser process and goes to PID 1 with its CPU: the runner would never count it.
      if (child.pid !== undefined) reportUnreapedCpu(descendantsCpuSeconds(child.pid))
      child.kill()
      await exited
      await rm(profile, { recursive: true, force: true })
    },
  }
}

function devtoolsEndpoint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    const timer = setTimeout(() => reject(new Error(`chromium did not start: ${text}`)), 60_000)
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(text)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${text}`)))
  })
}

interface Pending {
  resolve(value: unknown): void
  reject(error: Error): void
}

/** One tab, over its DevTools socket. */
export class Page {
  private id = 0
  private readonly pending = new Map<number, Pending>()
  private readonly waiters = new Map<string, (params: unknown) => void>()

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (message) => {
      const data = JSON.parse(String(message.data)) as {
        id?: number
        result?: unknown
        error?: { message: string }
        method?: string
        params?: unknown
      }
      if (data.id !== undefined) {
        const pending = this.pending.get(data.id)
        this.pending.delete(data.id)
        if (data.error) pending?.reject(new Error(data.error.message))
        else pending?.resolve(data.result)
      } else if (data.method) {
        this.waiters.get(data.method)?.(data.params)
        this.waiters.delete(data.method)
      }
    })
  }

  static connect(url: string): Promise<Page> {
    const socket = new WebSocket(url)
    return new Promise((resolve, reject) => {
      socket.addEventListener('open', () => resolve(new Page(socket)))
      socket.addEventListener('error', () => reject(new Error(`no DevTools socket at ${url}`)))
    })
  }

  send<T = unknown>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = ++this.id
    this.socket.send(JSON.stringify({ id, method, params }))
    return new Promise((resolve, reject) => this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject }))
  }

  /** Navigates and resolves once the page has loaded. */
  async goto(url: string): Promise<void> {
    const loaded = new Promise((resolve) => this.waiters.set('Page.loadEventFired', resolve))
    await this.send('Page.navigate', { url })
    await loaded
  }

  /** The value of a JavaScript expression in the page. */
  async evaluate<T>(expression: string): Promise<T> {
    const { result, exceptionDetails } = await this.send<{
      result: { value: T }
      exceptionDetails?: { text: string; exception?: { description?: string } }
    }>('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text)
    return result.value
  }

  /**
   * Resolves with the expression's value once it is truthy, checked on every change to the page (a
   * MutationObserver, not a timer), or rejects after `timeoutMs` naming `what`.
   */
  waitFor<T>(expression: string, what: string, timeoutMs = 120_000): Promise<T> {
    return this.evaluate<T>(`new Promise((resolve, reject) => {
      const check = () => { let v; try { v = (${expression}) } catch { return } if (v) { observer.disconnect(); clearTimeout(timer); resolve(v) } }
      const observer = new MutationObserver(check)
      const timer = setTimeout(() => { observer.disconnect(); reject(new Error(${JSON.stringify(`timed out waiting for ${what}`)})) }, ${timeoutMs})
      observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
      check()
    })`)
  }

  /** Types into the focused element as a user would, then presses Enter. */
  async type(selector: string, text: string): Promise<void> {
    await this.evaluate(`document.querySelector(${JSON.stringify(selector)}).focus()`)
    await this.send('Input.insertText', { text })
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' }
    await this.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter })
    await this.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 })
  }

  /** A real mouse click (press and release) at the middle of the element. */
  async click(selector: string): Promise<void> {
    const { x, y } = await this.evaluate<{ x: number; y: number }>(`(() => {
      const element = document.querySelector(${JSON.stringify(selector)})
      element.scrollIntoView({ block: 'center' })
      const r = element.getBoundingClientRect()
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 }
    })()`)
    for (const type of ['mousePressed', 'mouseReleased']) {
      await this.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 })
    }
  }

  async screenshot(): Promise<Buffer> {
    const { data } = await this.send<{ data: string }>('Page.captureScreenshot', { format: 'png' })
    return Buffer.from(data, 'base64')
  }

  close(): void {
    this.socket.close()
  }
}
