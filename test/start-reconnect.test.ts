// `cedar start` stays in the game: kicked (or its connection lost), the bot joins again after a backoff, says so in
// the log and in chat, and answers as before; `--auth microsoft` is passed to mineflayer, and refused for the
// embedded (offline-mode) server. The bot joins a real server over loopback; its store is a temporary one.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import type { EmbeddedServer } from '../plugin/server/embedded-server.js'
import { type RunningBot, runBot, type StartEvent } from '../plugin/start/run-bot.js'
import { resolveStartSettings } from '../plugin/start/start-settings.js'
import { closeAll, connectBot, nextChat, startTestServer, withTimeout } from './harness/index.js'

const quiet = { info: () => {}, warn: () => {}, error: () => {} }

describe('cedar start reconnects', () => {
  let server: EmbeddedServer | undefined
  let alex: Bot | undefined
  let running: RunningBot | undefined
  let store: string
  const events: StartEvent[] = []
  const waiters: { match: (e: StartEvent) => boolean; resolve: (e: StartEvent) => void }[] = []
  const report = (event: StartEvent) => {
    events.push(event)
    for (const waiter of [...waiters]) {
      if (!waiter.match(event)) continue
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve(event)
    }
  }
  const next = (match: (e: StartEvent) => boolean, what: string) =>
    withTimeout(new Promise<StartEvent>((resolve) => waiters.push({ match, resolve })), 90_000, what)

  before(async () => {
    store = await mkdtemp(path.join(tmpdir(), 'cedar-reconnect-'))
    // The plugin reads its store from the environment when the start settings name none.
    process.env.CEDAR_STORE = store
    server = await startTestServer()
    alex = await connectBot(server, 'Alex')
    const settings = resolveStartSettings(
      { host: '127.0.0.1', port: String(server.port), version: server.version, owners: 'Alex', console: false },
      {},
    )
    assert.equal(settings.auth, 'offline')
    assert.equal(settings.reconnect, true)
    running = await runBot(settings, report, quiet)
  })
  after(async () => {
    await running?.stop()
    await closeAll(server, [alex])
    delete process.env.CEDAR_STORE
    await rm(store, { recursive: true, force: true })
  })

  test('kicked, the bot joins again, says it is back in chat, and answers !help', async () => {
    const first = running?.bot
    const reconnecting = next((e) => e.event === 'reconnecting', 'the start to report a reconnect')
    const spawned = next((e) => e.event === 'spawned', 'the bot to spawn again')
    const back = nextChat(alex as Bot, 'cedar', (message) => message.startsWith('back after'), 90_000)
    server?.serv.getPlayer('cedar')?.kick('a test kick')
    const event = await reconnecting
    assert.equal(event.event === 'reconnecting' && event.reason, 'kicked: a test kick')
    await spawned
    assert.equal((await back).message, 'back after kicked: a test kick')
    assert.notEqual(running?.bot, first, 'a new bot')
    assert.deepEqual(
      events.map((e) => e.event),
      ['owners', 'spawned', 'disconnected', 'reconnecting', 'spawned'],
    )
    const reply = nextChat(alex as Bot, 'cedar', () => true, 30_000)
    alex?.chat('!help')
    assert.match((await reply).message, /^commands: !help, /)
  })
})

test('--auth microsoft is mineflayer’s, for a server to join; the embedded server is offline', () => {
  const remote = resolveStartSettings({ host: 'mc.example.org', auth: 'microsoft' }, {})
  assert.equal(remote.auth, 'microsoft')
  assert.equal(resolveStartSettings({ host: 'mc.example.org' }, { MC_AUTH: 'microsoft' }).auth, 'microsoft')
  assert.throws(() => resolveStartSettings({ auth: 'microsoft' }, {}), /auth \(--auth\): microsoft needs a server/)
  assert.throws(() => resolveStartSettings({ host: 'h', auth: 'mojang' }, {}), /auth \(--auth\): offline or microsoft/)
  assert.equal(resolveStartSettings({ reconnect: false }, {}).reconnect, false)
  assert.equal(resolveStartSettings({}, { CEDAR_RECONNECT: 'off' }).reconnect, false)
})
