// `cedar start --profile FILE`: one JSON file keeps a bot's setup (where to join, who commands it, and the plugin's
// own options under "cedar"); flags and the environment still win, and a bad file is named with the bad key. The
// last test starts a bot from a profile on a real server and a player commands it with the profile's prefix.
// test-kind: server
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { type RunningBot, runBot } from '../plugin/start/run-bot.js'
import { readStartProfile } from '../plugin/start/start-profile.js'
import { resolveStartSettings } from '../plugin/start/start-settings.js'
import { closeAll, connectBot, nextChat, startTestServer } from './harness/index.js'
import { cedar } from './support/cli.js'

const dir = mkdtempSync(path.join(tmpdir(), 'cedar-profile-'))
after(() => rmSync(dir, { recursive: true, force: true }))

/** Writes `content` (JSON unless a string) to a profile file and returns its path. */
function profileFile(name: string, content: unknown): string {
  const file = path.join(dir, name)
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
  return file
}

describe('a profile file', () => {
  test('gives the start settings and the plugin options; the environment and flags win over it', () => {
    const file = profileFile('bot.json', {
      host: 'mc.example.org',
      port: 25570,
      username: 'helper_bot',
      owners: ['Alex', 'Bob'],
      console: false,
      reconnect: false,
      cedar: { prefix: '?', reflexes: { shelter: false }, storePath: 'store' },
    })
    const profile = readStartProfile(file)
    const settings = resolveStartSettings({}, {}, profile)
    assert.equal(settings.host, 'mc.example.org')
    assert.equal(settings.port, 25570)
    assert.equal(settings.username, 'helper_bot')
    assert.deepEqual(settings.owners, ['Alex', 'Bob'])
    assert.equal(settings.console, undefined)
    assert.equal(settings.reconnect, false)
    // A relative path is the profile's folder's, wherever `cedar start` runs.
    assert.deepEqual(settings.cedar, { prefix: '?', reflexes: { shelter: false }, storePath: path.join(dir, 'store') })
    const overridden = resolveStartSettings(
      { username: 'flag_bot' },
      { MC_PORT: '25600', CEDAR_OWNERS: 'Cat' },
      profile,
    )
    assert.deepEqual([overridden.username, overridden.port, overridden.owners], ['flag_bot', 25600, ['Cat']])
    assert.equal(resolveStartSettings({ reconnect: false }, {}).reconnect, false)
  })

  test('a bad file is named with what is wrong in it, and where a bad value came from', () => {
    assert.throws(() => readStartProfile(path.join(dir, 'none.json')), /profile .*none\.json: no such file/)
    assert.throws(() => readStartProfile(profileFile('broken.json', '{"host": ')), /profile .*broken\.json: not JSON/)
    assert.throws(
      () => readStartProfile(profileFile('typo.json', { hots: 'mc.example.org' })),
      /profile .*typo\.json: options: unknown "hots"/,
    )
    assert.throws(
      () => readStartProfile(profileFile('owners.json', { cedar: { owners: ['Alex'] } })),
      /cedar: unknown "owners" \(owners and console go at the top of the profile, not under cedar\)/,
    )
    assert.throws(
      () => readStartProfile(profileFile('prefix.json', { cedar: { prefix: 3 } })),
      /profile .*prefix\.json: cedar\.prefix: /,
    )
    const badPort = readStartProfile(profileFile('port.json', { port: 'eighty' }))
    assert.throws(
      () => resolveStartSettings({}, {}, badPort),
      /port \("port" in .*port\.json\): a port number from 0 to 65535/,
    )
  })

  test("a profile's fleet names each bot, with owners and options of its own; --bots must agree with it", () => {
    const file = profileFile('fleet.json', {
      owners: 'Alex',
      cedar: { prefix: '?' },
      fleet: [
        { username: 'miner' },
        { username: 'farmer', owners: ['Sam'], cedar: { prefix: '!', storePath: 'farm' } },
      ],
    })
    const settings = resolveStartSettings({}, {}, readStartProfile(file))
    assert.equal(settings.bots, 2)
    assert.deepEqual(
      settings.fleet?.map((bot) => [bot.username, bot.owners, bot.cedar.prefix, bot.cedar.storePath]),
      [
        ['miner', undefined, undefined, undefined],
        ['farmer', ['Sam'], '!', path.join(dir, 'farm')],
      ],
    )
    assert.equal(resolveStartSettings({ bots: '2' }, {}, readStartProfile(file)).bots, 2)
    assert.throws(
      () => resolveStartSettings({ bots: '3' }, {}, readStartProfile(file)),
      /bots \(--bots\): 3, but "fleet" in .*fleet\.json names 2 bots/,
    )
    const twice = readStartProfile(profileFile('twice.json', { fleet: [{ username: 'Bob' }, { username: 'bob' }] }))
    assert.throws(() => resolveStartSettings({}, {}, twice), /"fleet" in .*twice\.json: "bob" is named twice/)
    const badName = readStartProfile(profileFile('badname.json', { fleet: [{ username: 'no spaces' }] }))
    assert.throws(() => resolveStartSettings({}, {}, badName), /"no spaces" is not a player name/)
    assert.throws(
      () => readStartProfile(profileFile('typo-fleet.json', { fleet: [{ name: 'x' }] })),
      /typo-fleet\.json: .*fleet/,
    )
  })

  test('`cedar config --profile` shows what the profile sets, and CEDAR_PROFILE reads it too', async () => {
    const file = profileFile('config.json', { host: 'mc.example.org', owners: 'Alex', cedar: { prefix: '?' } })
    const byFlag = await cedar(['config', '--json', '--profile', file])
    assert.equal(byFlag.code, 0, byFlag.stderr)
    const shown = JSON.parse(byFlag.stdout) as Record<string, unknown>
    assert.deepEqual(
      [shown.profile, shown.server, shown.owners, shown.prefix],
      [file, 'mc.example.org:25565', ['Alex'], '?'],
    )
    const byEnv = await cedar(['config', '--json'], undefined, { CEDAR_PROFILE: file })
    assert.equal((JSON.parse(byEnv.stdout) as Record<string, unknown>).profile, file)
    const bad = await cedar(['start', '--profile', path.join(dir, 'missing.json')])
    assert.equal(bad.code, 1)
    assert.match(bad.stderr, /^cedar: profile .*missing\.json: no such file\n$/)
  })

  /** A real server, Alex on it, and `cedar start` from a profile with `extra` over a bot's usual settings. */
  async function startedFrom(
    name: string,
    extra: (store: string) => Record<string, unknown>,
    check: (alex: Bot, running: RunningBot) => Promise<void>,
  ) {
    const server = await startTestServer()
    const store = mkdtempSync(path.join(dir, `${name}-store-`))
    let alex: Bot | undefined
    let running: RunningBot | undefined
    try {
      alex = await connectBot(server, 'Alex')
      const file = profileFile(`${name}.json`, {
        host: '127.0.0.1',
        port: server.port,
        version: server.version,
        owners: ['Alex'],
        console: false,
        reconnect: false,
        ...extra(store),
      })
      const quiet = { info: () => {}, warn: () => {}, error: () => {} }
      running = await runBot(resolveStartSettings({}, {}, readStartProfile(file)), () => {}, quiet)
      await check(alex, running)
    } finally {
      await running?.stop()
      await closeAll(server, [alex])
    }
  }

  test("a bot started from a profile answers its owner with the profile's prefix, and not the default one", () =>
    startedFrom(
      'live',
      (store) => ({ cedar: { prefix: '?', storePath: store } }),
      async (alex) => {
        const reply = nextChat(alex, 'cedar', () => true, 30_000)
        alex.chat('!help')
        alex.chat('?help')
        // The first thing the bot says answers `?help`: `!help` is ordinary chat under this profile.
        assert.match((await reply).message, /^commands: \?help, /)
      },
    ))

  test('a fleet from a profile: each bot joins under its name and answers its own prefix, owned by its own owners', () =>
    startedFrom(
      'live-fleet',
      (store) => ({
        cedar: { prefix: '?', storePath: store },
        fleet: [{ username: 'miner' }, { username: 'farmer', owners: ['Alex', 'Sam'], cedar: { prefix: '%' } }],
      }),
      async (alex, running) => {
        assert.deepEqual(
          running.bots.map((bot) => [bot.username, bot.cedar.isOwner('Sam')]),
          [
            ['miner', false],
            ['farmer', true],
          ],
        )
        const miner = nextChat(alex, 'miner', () => true, 30_000)
        alex.chat('?help')
        assert.match((await miner).message, /^commands: \?help, /)
        const farmer = nextChat(alex, 'farmer', () => true, 30_000)
        alex.chat('%help')
        assert.match((await farmer).message, /^commands: %help, /)
      },
    ))
})
