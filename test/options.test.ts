import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CedarOptionsError, describeLlm, parseOwners, resolveOptions } from '../plugin/config/options.js'
import { cedar } from './support/cli.js'

test('defaults: prefix !, nobody owns the bot, no LLM', () => {
  const options = resolveOptions({}, { HOME: '/home/alex' })
  assert.equal(options.prefix, '!')
  assert.deepEqual(options.owners, [])
  assert.equal(options.replyMode, 'same')
  assert.equal(options.llm.enabled, false)
  assert.equal(describeLlm(options.llm), 'off (offline teachers)')
  // Never the working directory (a checkout's skills-store/ holds the versioned seeds): the user's data directory.
  if (process.platform === 'linux') {
    assert.equal(options.storePath, '/home/alex/.local/share/mineflayer-cedar/store')
    // The LLM cache too: the user's cache directory (XDG_CACHE_HOME when set), never the working directory.
    assert.equal(options.llm.cacheDir, '/home/alex/.cache/mineflayer-cedar/llm')
    const xdg = resolveOptions({}, { HOME: '/home/alex', XDG_CACHE_HOME: '/var/cache/alex' })
    assert.equal(xdg.llm.cacheDir, '/var/cache/alex/mineflayer-cedar/llm')
  }
  assert.equal(options.seedPath, undefined, 'the shipped seeds')
  assert.deepEqual(options.shield, { gate: 'own', lawSets: ['vanilla-hard'], softBlockLimit: 3 })
})

test('a bad option names the field and the reason', () => {
  assert.throws(
    () => resolveOptions({ owners: ['Alex', 'not a name'], prefix: '/', replyMode: 'loud', colour: 'red' }, {}),
    (error: unknown) => {
      assert.ok(error instanceof CedarOptionsError)
      assert.match(error.message, /owners\.1: a player name is 1-16 letters/)
      assert.match(error.message, /prefix: the prefix cannot start with \//)
      assert.match(error.message, /replyMode:/)
      assert.match(error.message, /options: unknown "colour"/)
      return true
    },
  )
})

test('LLM settings come from the environment unless given', () => {
  const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1', CEDAR_MODEL: 'llama3' }
  const fromEnv = resolveOptions({}, env).llm
  assert.deepEqual([fromEnv.enabled, fromEnv.model, fromEnv.baseURL], [true, 'llama3', 'http://127.0.0.1:8080/v1'])
  assert.equal(describeLlm(fromEnv), 'llama3 at http://127.0.0.1:8080/v1', 'the key is never shown')
  const given = resolveOptions({ llm: { model: 'gpt-4.1' } }, env).llm
  assert.equal(given.model, 'gpt-4.1')
  assert.throws(() => resolveOptions({}, { OPENAI_BASE_URL: 'localhost:11434' }), /environment.*OPENAI_BASE_URL/)
})

test('the LLM budget, throttle and per-role models come from the environment too; given options win', () => {
  const env = {
    OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
    CEDAR_LLM_MAX_REQUESTS: '5',
    CEDAR_LLM_MAX_TOKENS: '20000',
    CEDAR_LLM_REQUESTS_PER_MINUTE: '30',
    CEDAR_MODEL_TEACHER: 'qwen2.5:14b',
    CEDAR_MODEL_CRITIC: 'llama3.1:70b',
  }
  const llm = resolveOptions({}, env).llm
  assert.deepEqual(
    [llm.maxRequests, llm.maxTokens, llm.requestsPerMinute, llm.models],
    [5, 20000, 30, { teacher: 'qwen2.5:14b', critic: 'llama3.1:70b' }],
  )
  const given = resolveOptions({ llm: { maxRequests: 2, models: { teacher: 'phi4' } } }, env).llm
  assert.deepEqual([given.maxRequests, given.models], [2, { teacher: 'phi4', critic: 'llama3.1:70b' }])
  assert.equal(resolveOptions({}, { OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' }).llm.maxRequests, undefined)
  // Named as the user wrote it, with what was written.
  assert.throws(
    () => resolveOptions({}, { ...env, CEDAR_LLM_MAX_REQUESTS: 'five' }),
    /invalid environment: CEDAR_LLM_MAX_REQUESTS: expected a positive whole number, not "five"/,
  )
  assert.throws(
    () => resolveOptions({}, { ...env, CEDAR_LLM_REQUESTS_PER_MINUTE: '0' }),
    /CEDAR_LLM_REQUESTS_PER_MINUTE/,
  )
})

test('owner lists from CEDAR_OWNERS-style text', () => {
  assert.deepEqual(parseOwners('Alex, Bob  Carol'), ['Alex', 'Bob', 'Carol'])
  assert.equal(parseOwners(' * '), '*')
  assert.deepEqual(parseOwners(undefined), [])
})

test('the web console is off unless given; on, it binds 127.0.0.1 and runs as the first owner', () => {
  assert.equal(resolveOptions({}, {}).console, undefined)
  assert.deepEqual(resolveOptions({ owners: ['Alex', 'Bob'], console: { port: 0 } }, {}).console, {
    port: 0,
    host: '127.0.0.1',
    owner: 'Alex',
  })
  assert.equal(resolveOptions({ owners: '*', console: { port: 8080 } }, {}).console?.owner, 'console')
  assert.equal(resolveOptions({ console: { port: 8080 } }, {}).console?.owner, undefined)
  assert.equal(resolveOptions({ owners: ['Alex'], console: { port: 1, owner: 'Bob' } }, {}).console?.owner, 'Bob')
  assert.throws(() => resolveOptions({ console: { port: 70000 } }, {}), /console\.port/)
  assert.throws(() => resolveOptions({ console: { port: 1, token: 'x' } }, {}), /console: unknown "token"/)
  assert.throws(() => resolveOptions({ console: { port: 1, owner: 'no spaces' } }, {}), /console\.owner/)
})

test('a postgres:// store is kept as given; what stays local goes per database into the data directory', async () => {
  const url = 'postgres://cedar:secret@db.example:5433/fleet'
  const options = resolveOptions({ storePath: url }, { XDG_DATA_HOME: '/data' })
  assert.equal(options.storePath, url)
  assert.equal(options.storeLocalDir, '/data/mineflayer-cedar/postgres/db.example_5433_fleet')
  const fromEnv = resolveOptions({}, { XDG_DATA_HOME: '/data', CEDAR_STORE: 'postgresql://h/db' })
  assert.deepEqual(
    [fromEnv.storePath, fromEnv.storeLocalDir],
    ['postgresql://h/db', '/data/mineflayer-cedar/postgres/h_5432_db'],
  )
  assert.equal(resolveOptions({ storePath: 'x' }, {}).storeLocalDir, undefined, 'a directory keeps everything itself')
  const config = await cedar(['config', '--json'], '', { CEDAR_STORE: url, XDG_DATA_HOME: '/data' })
  assert.equal(JSON.parse(config.stdout).storePath, 'postgres://cedar:***@db.example:5433/fleet', 'no password shown')
})
