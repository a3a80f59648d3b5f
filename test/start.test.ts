// `npm start` with no server configured: it starts an embedded server, says how to join, and its bot answers a
// player who joins. Ctrl-C stops both. The test runs the real script, as a newcomer would.
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { connect } from 'node:net'
import path from 'node:path'
import { after, test } from 'node:test'
import { createBot } from 'mineflayer'
import { nextChat, quitBot, waitFor } from './harness/index.js'

const root = path.resolve(import.meta.dirname, '..')

/** Collects a child's output and resolves when a line matching `pattern` appears. */
function watch(child: ChildProcess) {
  let out = ''
  const waiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void }[] = []
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk
    for (const waiter of [...waiters]) {
      const match = out.match(waiter.pattern)
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(match)
      }
    }
  })
  return {
    output: () => out,
    line(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
      const match = out.match(pattern)
      if (match) return Promise.resolve(match)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms:\n${out}`)),
          timeoutMs,
        )
        waiters.push({
          pattern,
          resolve: (m) => {
            clearTimeout(timer)
            resolve(m)
          },
        })
      })
    },
  }
}

let child: ChildProcess | undefined
after(() => {
  // If an assertion failed midway, do not leave the server running.
  try {
    if (child?.pid) process.kill(-child.pid, 'SIGKILL')
  } catch {
    // the group is gone already: the normal case
  }
})

test('npm start runs an embedded server whose bot answers !help; Ctrl-C stops both', async () => {
  // MC_PORT 0: a free port, so parallel runs never collide.
  const env: NodeJS.ProcessEnv = { ...process.env, MC_PORT: '0', CEDAR_SEED: '4242' }
  for (const key of ['MC_HOST', 'MC_VERSION', 'MC_USERNAME', 'CEDAR_OWNERS', 'MC_WORLD', 'CEDAR_CONSOLE'])
    delete env[key]
  // detached: its own process group, so a SIGINT to the group is what Ctrl-C in a terminal sends.
  child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  // npm itself dies on SIGINT at once; the bot's process finishes after it. The output pipe closes only when every
  // process that holds it (npm, tsx, the bot) has exited, so that is the event that means "all stopped".
  const allExited = new Promise<void>((resolve) => child?.stdout?.once('close', () => resolve()))
  const out = watch(child)

  const listening = await out.line(/listening on 127\.0\.0\.1:(\d+)/, 60_000)
  const port = Number(listening[1])
  assert.match(out.output(), /embedded Minecraft 1\.21\.4 server \(offline mode\)/)
  await out.line(/world: survival, seed 4242, spawn -?\d+ \d+ -?\d+ \(CEDAR_SEED=4242 makes it again\)/, 1_000)
  await out.line(/join it: Minecraft 1\.21\.4 > Multiplayer > Direct Connection > localhost:\d+/, 1_000)
  await out.line(/bot cedar joined 127\.0\.0\.1:\d+ .*say !help in chat/, 30_000)
  assert.match(out.output(), /owners: every player on this local server may command the bot/)
  const consoleLine = await out.line(/web console of cedar \(watch and command it from a browser\): (\S+)/, 30_000)
  const consoleUrl = new URL(consoleLine[1] ?? '')
  assert.equal(consoleUrl.hostname, '127.0.0.1')
  const page = await fetch(consoleUrl)
  assert.equal(page.status, 200)
  assert.match(await page.text(), /<title>cedar console<\/title>/)
  const withoutToken = await fetch(`${consoleUrl.origin}/`)
  assert.equal(withoutToken.status, 403, 'the console needs its token')
  await withoutToken.body?.cancel()

  const player = createBot({ host: '127.0.0.1', port, username: 'Steve', version: '1.21.4', auth: 'offline' })
  try {
    await waitFor(player, 'spawn', undefined, 15_000)
    const reply = nextChat(player, 'cedar', undefined, 10_000)
    player.chat('!help')
    assert.match((await reply).message, /^commands: !help, !status, !stop/)
  } finally {
    await quitBot(player)
  }

  const pid = child.pid ?? 0
  process.kill(-pid, 'SIGINT')
  const stopped = await Promise.race([
    allExited.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 15_000)),
  ])
  assert.ok(stopped, `npm start was still running 15 s after Ctrl-C:\n${out.output()}\n${stderr}`)
  assert.match(out.output(), /\nstopped\n/, 'the bot reported a clean stop')
  const refused = await new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve('connected')
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
  })
  assert.equal(refused, 'ECONNREFUSED', 'the embedded server no longer listens')
  await assert.rejects(fetch(consoleUrl), 'the console no longer listens')
})

test('MC_WORLD and CEDAR_SEED (or --world and --seed) pick the embedded world; bad values are named', async () => {
  const { resolveStartSettings } = await import('../plugin/start/start-settings.js')
  assert.deepEqual((({ world, seed }) => ({ world, seed }))(resolveStartSettings({}, {})), {
    world: 'survival',
    seed: undefined,
  })
  const flat = resolveStartSettings({}, { MC_WORLD: 'flat', CEDAR_SEED: '17' })
  assert.equal(flat.world, 'flat')
  assert.equal(flat.seed, 17)
  assert.equal(resolveStartSettings({ world: 'survival', seed: '0' }, { MC_WORLD: 'flat' }).world, 'survival')
  assert.throws(() => resolveStartSettings({}, { MC_WORLD: 'nether' }), /world.*survival or flat/)
  assert.throws(() => resolveStartSettings({ seed: '-3' }, {}), /seed.*0 to 2147483647/)
  assert.throws(() => resolveStartSettings({ seed: '2147483648' }, {}), /seed.*0 to 2147483647/)
})
