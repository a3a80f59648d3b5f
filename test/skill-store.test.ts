// test-kind: process
// The JSON skill store: the contract every store keeps (test/support/store-contract.ts: round trips, versions,
// export and import, writers killed mid-save), and what only files have: corrupt files set aside, schema migration,
// the lock between processes, and 200 writers killed with SIGKILL at random moments.
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { SkillStore } from '../plugin/store/skill-store.js'
import { exists } from '../plugin/store/store-files.js'
import { pickaxeSkill } from './support/skill-records.js'
import { storeContract } from './support/store-contract.js'
import { compileWriter, finished, killedWriter, lineFrom, spawnWriter } from './support/store-processes.js'

let scratch: string
/** The writer script compiled to JavaScript (see `compileWriter`). */
let writer: string
let stores = 0
/** A fresh store directory (not yet created) and a logger that keeps what the store warned about. */
function freshStore(options: { lockStaleMs?: number } = {}) {
  const dir = path.join(scratch, `store-${++stores}`)
  const warnings: string[] = []
  const store = new SkillStore(dir, { ...options, logger: { warn: (message) => warnings.push(message) } })
  return { dir, store, warnings }
}

before(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'cedar-store-'))
  writer = await compileWriter(scratch)
})
after(() => rm(scratch, { recursive: true, force: true }))

storeContract({
  name: 'JSON files',
  fresh: async () => path.join(scratch, `store-${++stores}`),
  open: (dir) => new SkillStore(dir, { logger: { warn: () => undefined } }),
  writer: () => writer,
})

describe('skill store', () => {
  test('bad files are moved to corrupt/ and named with the bad field; the rest loads', async () => {
    const { dir, store, warnings } = freshStore()
    const good = await store.save(pickaxeSkill())
    const valid = JSON.parse(await readFile(path.join(dir, 'skills', 'craft.wooden_pickaxe.json'), 'utf8'))
    const put = (file: string, value: unknown) =>
      writeFile(path.join(dir, file), typeof value === 'string' ? value : JSON.stringify(value))
    await mkdir(path.join(dir, 'constraints'))
    await put('skills/broken.json', '{"schema": 1, "kind": "sk')
    await put('skills/craft.x.json', { ...valid, name: 'craft.x', dfa: { ...valid.dfa, transitions: [5] } })
    await put('skills/craft.y.json', valid)
    await put('constraints/short.json', {
      ...JSON.parse(JSON.stringify(valid)),
      kind: 'constraint',
      name: 'short',
      dfa: { ...valid.dfa, transitions: [[1, 0, 0], ...valid.dfa.transitions.slice(1)] },
    })
    await put('skills/craft.future.json', { ...valid, schema: 2, name: 'craft.future' })
    // Neither is a record: a note, and the temporary file of a writer killed mid-write.
    await put('README.md', 'notes')
    await put('skills/craft.wooden_pickaxe.json.3141592653', '{"schema": 1, "kin')

    const { records, problems } = await store.load()
    assert.deepEqual(records, [good])
    // V8 words the JSON error itself.
    assert.match(problems[0]?.message ?? '', /^skills\/broken\.json: not JSON \(.+\)$/)
    assert.deepEqual(
      problems.slice(1).map((p) => p.message),
      [
        'skills/craft.future.json: schema 2 is newer than this cedar reads (1)',
        'skills/craft.x.json: dfa.transitions.0: expected array, received number',
        'skills/craft.y.json: name: "craft.wooden_pickaxe" does not match the file name',
        'constraints/short.json: dfa.transitions.0: has 3 entries, expected 4 (one per symbol)',
      ],
    )
    const future = problems.find((p) => p.file === 'skills/craft.future.json')
    assert.equal(future?.movedTo, undefined, 'a file from a newer cedar is left where it is')
    const moved = problems.filter((p) => p !== future).map((p) => p.movedTo ?? '')
    for (const [i, file] of moved.entries()) {
      assert.match(file, /^corrupt\/[a-z.]+\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z(-\d+)?\.json$/)
      assert.match(file, new RegExp(`^corrupt/${['broken', 'craft.x', 'craft.y', 'short'][i]}\\.`))
    }
    assert.deepEqual((await readdir(path.join(dir, 'corrupt'))).sort(), moved.map((f) => path.basename(f)).sort())
    assert.equal(await readFile(path.join(dir, moved[0]!), 'utf8'), '{"schema": 1, "kind": "sk', 'moved, not rewritten')
    assert.equal(warnings.length, 5)
    assert.match(warnings[0]!, /skills\/broken\.json: not JSON .*\(moved to corrupt\/broken\./)

    const again = await store.load()
    assert.deepEqual(again.records, [good])
    assert.deepEqual(
      again.problems.map((p) => p.file),
      ['skills/craft.future.json'],
    )
    assert.equal(await store.get('skill', 'craft.future'), undefined)
    await assert.rejects(store.save(pickaxeSkill('craft.future')), /cannot overwrite schema 2/)
  })

  test('a schema-0 file is migrated to schema 1 and written back', async () => {
    const { dir, store, warnings } = freshStore()
    const skill = pickaxeSkill()
    const positive = skill.evidence.filter((e) => e.label).map((e) => e.word)
    const negative = skill.evidence.filter((e) => !e.label).map((e) => e.word)
    const stamp = '2024-05-01T12:00:00.000Z'
    const old = { ...skill, evidence: { positive, negative }, version: 4, createdAt: stamp, updatedAt: stamp }
    await mkdir(path.join(dir, 'skills'), { recursive: true })
    const file = path.join(dir, 'skills', 'craft.wooden_pickaxe.json')
    await writeFile(file, JSON.stringify(old))

    const { records, problems } = await store.load()
    assert.deepEqual(problems, [])
    assert.equal(records.length, 1)
    const [migrated] = records
    assert.equal(migrated?.schema, 1)
    assert.equal(migrated?.version, 4)
    assert.deepEqual(migrated?.evidence, [
      ...positive.map((word) => ({ word, label: true, gold: false })),
      ...negative.map((word) => ({ word, label: false, gold: false })),
    ])
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')), migrated, 'the file now holds schema 1')
    assert.deepEqual(warnings, ['skill store: skills/craft.wooden_pickaxe.json: migrated to schema 1'])
    assert.equal((await store.save(pickaxeSkill())).version, 5)
  })

  test('a lock left by a killed process is taken over at once, not after the stale period', async () => {
    const { dir, store, warnings } = freshStore()
    const holder = spawnWriter(writer, ['hold', dir])
    const gone = finished(holder, () => false)
    await lineFrom(holder, 'locked')
    holder.kill('SIGKILL')
    await gone
    assert.ok(await exists(path.join(dir, '.lock')), 'the killed holder left its lock behind')
    const started = Date.now()
    await store.save(pickaxeSkill())
    const ms = Date.now() - started
    // proper-lockfile alone would wait out the 10 s stale period.
    assert.ok(ms < 2000, `${ms} ms`)
    assert.deepEqual(warnings, [
      `skill store: took over ${path.join(dir, '.lock')}, left by process ${holder.pid}, which is gone`,
    ])
    assert.equal((await store.list()).length, 1)
    assert.equal(await exists(path.join(dir, '.lock')), false, 'released')
    assert.equal(await exists(path.join(dir, '.lock.owner')), false, 'its owner file too')
  })

  test("a live holder's lock is never broken, however long it is held", async () => {
    const { dir, store, warnings } = freshStore({ lockStaleMs: 2000 })
    const holder = spawnWriter(writer, ['hold', dir])
    const gone = finished(holder, () => false)
    await lineFrom(holder, 'locked')
    let savedAt: number | undefined
    const saving = store.save(pickaxeSkill()).then(() => {
      savedAt = Date.now()
    })
    // Past the stale period: the holder keeps its lock fresh, and its pid is alive.
    await delay(3000)
    assert.equal(savedAt, undefined, 'the save went ahead under a live lock')
    const released = lineFrom(holder, 'released')
    holder.stdin.write('release\n')
    await released
    const releasedAt = Date.now()
    await saving
    await gone
    assert.ok(savedAt !== undefined && savedAt >= releasedAt - 50, 'saved only once the holder let go')
    assert.deepEqual(warnings, [])
  })

  test('SIGKILL at a random moment, 100 times: the store always loads with every save that was reported', async (t) => {
    // 100 kills at random moments (after 0 to 5 saves, 0 to 20 ms on) across four stores; 200 cost some 40 CPU-s
    // of a suite that must stay under 15 minutes on two cores.
    const lanes = 4
    const runsPerLane = 25
    const started = Date.now()
    const results = await Promise.all(Array.from({ length: lanes }, (_, lane) => killLane(lane, runsPerLane)))
    const saved = results.reduce((sum, r) => sum + r.saved, 0)
    const staleLocks = results.reduce((sum, r) => sum + r.staleLocks, 0)
    // Reaching here means no writer was kept waiting for good by a lock a killed writer left behind.
    assert.ok(staleLocks > 0, 'some writers were killed holding the lock, so their successors had to break it')
    assert.ok(saved >= lanes * runsPerLane, `${saved} saves reported over ${lanes * runsPerLane} runs`)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    t.diagnostic(
      `${lanes * runsPerLane} writers killed, ${saved} saves reported, ${staleLocks} stale locks, ${seconds} s`,
    )
  })
})

/**
 * One lane of the kill test: writers one after another, each killed at a random moment. The lane rotates over
 * four stores, so a lock a killed writer left is usually stale (older than 2 s) by the time the next writer on
 * that store meets it: it is broken at once rather than waited out, and the test spends its time killing.
 */
async function killLane(lane: number, runs: number): Promise<{ saved: number; staleLocks: number }> {
  const stores = Array.from({ length: 4 }, () => ({
    ...freshStore({ lockStaleMs: 2000 }),
    reported: new Set<string>(),
  }))
  let staleLocks = 0
  for (let run = 0; run < runs; run++) {
    const { dir, store, reported } = stores[run % stores.length]!
    await killedWriter(writer, dir, `lane${lane}.run${run}`, reported)
    if (await exists(path.join(dir, '.lock'))) staleLocks++
    const { records, problems } = await store.load()
    assert.deepEqual(problems, [], `after run ${run} of lane ${lane}`)
    const present = new Set(records.map((r) => r.name))
    for (const name of reported) assert.ok(present.has(name), `${name} was reported saved but is gone (run ${run})`)
  }
  return { saved: stores.reduce((sum, s) => sum + s.reported.size, 0), staleLocks }
}
