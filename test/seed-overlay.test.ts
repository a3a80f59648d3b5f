// Seeds stay seeds: the shipped seed skills show through a user's store and are never written; what the bot
// learns or is corrected on goes into the user's own store.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { openBotStore } from '../plugin/agent/assembly.js'
import { resolveStorePath, userStoreDir } from '../plugin/config/data-dir.js'
import { CedarOptionsError, resolveOptions } from '../plugin/config/options.js'
import { SHIPPED_SEEDS } from '../plugin/store/shipped-seeds.js'
import { ReadOnlyStoreError, SkillStore } from '../plugin/store/skill-store.js'
import { root } from './support/cli.js'
import { pickaxeSkill } from './support/skill-records.js'

const silent = { warn: () => {} }

async function digest(dir: string): Promise<string> {
  const hash = createHash('sha256')
  for (const entry of (await readdir(dir, { recursive: true, withFileTypes: true })).sort((a, b) =>
    path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)),
  )) {
    const file = path.join(entry.parentPath, entry.name)
    hash.update(file)
    if (entry.isFile()) hash.update(await readFile(file))
  }
  return hash.digest('hex')
}

describe('the shipped seeds under a user store', () => {
  let dir: string
  let seedsBefore: string
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cedar-seeds-'))
    seedsBefore = await digest(path.join(root, 'skills-store'))
  })
  after(() => rm(dir, { recursive: true, force: true }))

  test('the package finds its seeds in the checkout', () => {
    assert.equal(SHIPPED_SEEDS, path.join(root, 'skills-store'))
  })

  test('a fresh store shows every seed; saving a seed name writes only the user copy, removing it shows the seed again', async () => {
    const store = new SkillStore(path.join(dir, 'user'), { logger: silent, seeds: SHIPPED_SEEDS ?? '' })
    const { records, problems } = await store.load()
    assert.deepEqual(problems, [])
    assert.ok(records.length >= 10, `${records.length} seeds`)
    assert.ok(records.every((r) => r.provenance.path === 'seed'))
    const seed = await store.get('skill', 'craft.wooden_pickaxe')
    assert.ok(seed)
    assert.equal(await store.isSeed('skill', 'craft.wooden_pickaxe'), true)

    const corrected = await store.save({
      ...pickaxeSkill(),
      provenance: { teacher: 'player', path: 'learned', membershipQueries: 0, equivalenceQueries: 1 },
    })
    assert.equal(corrected.version, seed.version + 1, 'a corrected seed continues its version count')
    assert.equal(corrected.createdAt, seed.createdAt)
    assert.equal((await store.get('skill', 'craft.wooden_pickaxe'))?.provenance.teacher, 'player')
    assert.equal(await store.isSeed('skill', 'craft.wooden_pickaxe'), false)
    assert.equal((await store.list('skill')).filter((r) => r.name === 'craft.wooden_pickaxe').length, 1)
    assert.deepEqual(await readdir(path.join(dir, 'user', 'skills')), ['craft.wooden_pickaxe.json'])

    assert.equal(await store.remove('skill', 'craft.wooden_pickaxe'), true)
    assert.equal((await store.get('skill', 'craft.wooden_pickaxe'))?.provenance.path, 'seed', 'the seed is back')
    await assert.rejects(store.remove('skill', 'craft.wooden_pickaxe'), (error: unknown) => {
      assert.ok(error instanceof ReadOnlyStoreError)
      assert.equal(error.message, 'skill craft.wooden_pickaxe is a shipped seed; it cannot be removed, only replaced')
      return true
    })
    assert.equal(await digest(path.join(root, 'skills-store')), seedsBefore, 'the shipped seeds are untouched')
  })

  test('a damaged seed file is reported and left where it is; the other seeds load', async () => {
    const seeds = path.join(dir, 'seeds-copy')
    await cp(path.join(root, 'skills-store'), seeds, { recursive: true })
    await writeFile(path.join(seeds, 'skills', 'craft.bucket.json'), '{"schema": 1, "kind": "sk')
    const before = await digest(seeds)
    const store = new SkillStore(path.join(dir, 'user2'), { logger: silent, seeds })
    const { records, problems } = await store.load()
    assert.equal(problems.length, 1)
    assert.equal(problems[0]?.file, 'seeds/skills/craft.bucket.json')
    assert.equal(problems[0]?.movedTo, undefined)
    assert.ok(records.some((r) => r.name === 'craft.compass'))
    assert.equal(await digest(seeds), before, 'nothing in the seed directory was moved or rewritten')
    await assert.rejects(
      new SkillStore(seeds, { logger: silent, readOnly: true }).save(pickaxeSkill()),
      ReadOnlyStoreError,
    )
  })

  test('the default store is the user data directory; CEDAR_STORE or storePath choose another', () => {
    assert.equal(userStoreDir({ XDG_DATA_HOME: '/data' }, 'linux', '/home/alex'), '/data/mineflayer-cedar/store')
    assert.equal(
      userStoreDir({ XDG_DATA_HOME: 'relative' }, 'linux', '/home/alex'),
      '/home/alex/.local/share/mineflayer-cedar/store',
    )
    assert.equal(
      userStoreDir({}, 'darwin', '/Users/alex'),
      '/Users/alex/Library/Application Support/mineflayer-cedar/store',
    )
    assert.equal(resolveStorePath(undefined, { CEDAR_STORE: '/srv/store' }), '/srv/store')
    assert.equal(resolveStorePath('/given', { CEDAR_STORE: '/srv/store' }), '/given')
    assert.equal(resolveOptions({}, { XDG_DATA_HOME: '/data' }).storePath, '/data/mineflayer-cedar/store')
  })

  test('a bot refuses a store that is the seed directory, naming why', () => {
    const options = resolveOptions({ storePath: path.join(root, 'skills-store'), logger: console }, {})
    assert.throws(
      () => openBotStore(options),
      (error: unknown) =>
        error instanceof CedarOptionsError && /is the seed skills' directory, which is only read/.test(error.message),
    )
    const noSeeds = resolveOptions({ storePath: path.join(dir, 'x'), seedPath: false }, {})
    assert.equal(openBotStore(noSeeds).seeds, undefined)
  })
})
