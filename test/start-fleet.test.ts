// `cedar start --bots N`: a fleet of bots in one process on one store, on a real server. Each answers its owner's
// whisper itself; a public command reaches them all; Ctrl-C's stop ends every one.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import type { FleetEntry } from '../plugin/console/console-fleet.js'
import type { EmbeddedServer } from '../plugin/server/embedded-server.js'
import { type RunningBot, runBot, type StartEvent } from '../plugin/start/run-bot.js'
import { resolveStartSettings } from '../plugin/start/start-settings.js'
import type { RecordChange } from '../plugin/store/record-store.js'
import { SkillStore } from '../plugin/store/skill-store.js'
import { closeAll, connectBot, giveItem, nextChat, nextWhisper, startTestServer } from './harness/index.js'
import { pickaxeSkill } from './support/skill-records.js'

describe('cedar start --bots 3', () => {
  let server: EmbeddedServer | undefined
  let alex: Bot | undefined
  let running: RunningBot | undefined
  let store: string
  const events: StartEvent[] = []
  const quiet = { info: () => {}, warn: () => {}, error: () => {} }

  before(async () => {
    store = await mkdtemp(path.join(tmpdir(), 'cedar-fleet-start-'))
    server = await startTestServer()
    alex = await connectBot(server, 'Alex')
    const settings = resolveStartSettings(
      {
        host: '127.0.0.1',
        port: String(server.port),
        version: server.version,
        owners: 'Alex',
        console: false,
        reconnect: false,
        bots: '3',
      },
      {},
    )
    running = await runBot({ ...settings, cedar: { storePath: store } }, (event) => events.push(event), quiet)
  })
  after(async () => {
    await running?.stop()
    await closeAll(server, [alex])
    await rm(store, { recursive: true, force: true })
  })

  test('three bots join, named after the first; each answers a whisper itself, and a public !help reaches all', async () => {
    assert.deepEqual(
      events.filter((e) => e.event === 'spawned').map((e) => e.event === 'spawned' && e.username),
      ['cedar', 'cedar2', 'cedar3'],
    )
    assert.deepEqual(
      running?.bots.map((bot) => bot.cedar.status().storePath),
      [store, store, store],
      'one store',
    )
    const owner = alex as Bot
    for (const name of ['cedar3', 'cedar']) {
      const reply = nextWhisper(owner, name, () => true, 30_000)
      owner.whisper(name, '!status')
      assert.match((await reply).message, /^cedar \S+: .*health \d+\/20/, `${name} answered its owner`)
    }
    const replies = ['cedar', 'cedar2', 'cedar3'].map((name) => nextChat(owner, name, () => true, 30_000))
    owner.chat('!help')
    for (const reply of await Promise.all(replies)) assert.match(reply.message, /^commands: !help, /)
  })

  test('a skill saved to the store is announced on every bot of the fleet', async () => {
    const bots = running?.bots ?? []
    const heard = bots.map(
      (bot) =>
        new Promise<RecordChange>((resolve) => {
          bot.once('cedarStoreChange', resolve)
        }),
    )
    await new SkillStore(store).save(pickaxeSkill('craft.fleet_pickaxe'))
    for (const change of await Promise.all(heard)) {
      assert.deepEqual(change, { kind: 'skill', name: 'craft.fleet_pickaxe', version: 1 })
    }
    assert.equal(heard.length, 3)
  })

  test('a fleet is 1 to 8 bots, and a name that leaves room for their digit', () => {
    assert.equal(resolveStartSettings({}, {}).bots, 1)
    assert.equal(resolveStartSettings({}, { CEDAR_BOTS: '8' }).bots, 8)
    assert.throws(() => resolveStartSettings({ bots: '9' }, {}), /bots \(--bots\): a number of bots from 1 to 8/)
    assert.throws(() => resolveStartSettings({ bots: 'two' }, {}), /bots \(--bots\): a number of bots from 1 to 8/)
    assert.throws(
      () => resolveStartSettings({ bots: '2', username: 'a_sixteen_chars_' }, {}),
      /username \(--username\): at most 15 characters with --bots/,
    )
  })
})

describe('cedar start --bots 3 with the web console', () => {
  let server: EmbeddedServer | undefined
  let running: RunningBot | undefined
  let store: string
  const events: StartEvent[] = []
  const quiet = { info: () => {}, warn: () => {}, error: () => {} }

  before(async () => {
    store = await mkdtemp(path.join(tmpdir(), 'cedar-fleet-console-'))
    server = await startTestServer()
    const settings = resolveStartSettings(
      {
        host: '127.0.0.1',
        port: String(server.port),
        version: server.version,
        owners: 'Alex',
        consolePort: '0',
        reconnect: false,
        bots: '3',
      },
      {},
    )
    running = await runBot({ ...settings, cedar: { storePath: store } }, (event) => events.push(event), quiet)
  })
  after(async () => {
    await running?.stop()
    await closeAll(server, [])
    await rm(store, { recursive: true, force: true })
  })

  test('each bot has a console of its own, named in its line, that shows that bot', async () => {
    const consoles = events.flatMap((e) => (e.event === 'console' ? [e] : []))
    assert.deepEqual(
      consoles.map((e) => e.username),
      ['cedar', 'cedar2', 'cedar3'],
    )
    assert.equal(new Set(consoles.map((c) => new URL(c.url).port)).size, 3, 'three ports')
    for (const { url, username } of consoles) {
      // The page's event stream opens with a snapshot of its bot.
      const address = new URL(url)
      const controller = new AbortController()
      const response = await fetch(`${address.origin}/events?token=${address.searchParams.get('token')}`, {
        signal: controller.signal,
      })
      const reader = response.body?.getReader()
      let text = ''
      while (reader && !/\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value)
      controller.abort()
      const snapshot = JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? '{}') as { bot?: string }
      assert.equal(snapshot.bot, username)
    }
  })

  test("every bot's console lists the fleet: each bot's health, task and what it holds, linking to its console", async () => {
    const consoles = events.flatMap((e) => (e.event === 'console' ? [e] : []))
    const second = running?.bots[1] as Bot
    await giveItem(server as EmbeddedServer, second, 'oak_log', 3)
    for (const { url } of consoles) {
      const address = new URL(url)
      const token = address.searchParams.get('token')
      const fleet = (await (await fetch(`${address.origin}/fleet?token=${token}`)).json()) as FleetEntry[]
      assert.deepEqual(
        fleet.map((entry) => [entry.bot, entry.url, entry.inWorld, entry.health, entry.task]),
        consoles.map((c) => [c.username, c.url, true, 20, 'no task yet']),
      )
      assert.deepEqual(
        fleet.map((entry) => entry.holds),
        ['nothing', '3 oak logs', 'nothing'],
      )
      const page = await (await fetch(url)).text()
      assert.match(page, /<section id="fleet"/)
      assert.equal((await fetch(`${address.origin}/fleet.js?token=${token}`)).status, 200)
      assert.equal((await fetch(`${address.origin}/fleet`)).status, 403, 'not without the token')
    }
  })
})
