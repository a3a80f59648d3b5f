// The skill store: round trips, versions, corrupt files set aside, schema migration, and writers in other
// processes, including ones killed with SIGKILL in the middle of saving.
import assert from 'node:assert/strict'
import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process'
import { access, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { after, before, describe, test } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { promisify } from 'node:util'
import { parseDfaJson } from '../plugin/automata/index.js'
import type { NewRecord } from '../plugin/store/record.js'
import { RecordValidationError, SkillStore } from '../plugin/store/skill-store.js'
import { exists } from '../plugin/store/store-files.js'
import { root } from './support/cli.js'
import { PICKAXE_STEPS, pickaxeSkill, sleepConstraint } from './support/skill-records.js'

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
  writer = await compileWriter()
})
after(() => rm(scratch, { recursive: true, force: true }))

describe('skill store', () => {
  test('saved records load back exactly, from a new store object, skills first', async () => {
    const { dir, store } = freshStore()
    const constraint = await store.save(sleepConstraint())
    const skill = await store.save(pickaxeSkill())
    assert.equal(skill.schema, 1)
    assert.equal(skill.version, 1)
    assert.equal(skill.createdAt, skill.updatedAt)

    const reopened = new SkillStore(dir)
    assert.deepEqual(await reopened.load(), { records: [skill, constraint], problems: [] })
    assert.deepEqual(await reopened.get('skill', 'craft.wooden_pickaxe'), skill)
    assert.equal(await reopened.get('constraint', 'craft.wooden_pickaxe'), undefined)
    assert.deepEqual(await reopened.list('constraint'), [constraint])
    const dfa = parseDfaJson(skill.dfa)
    assert.equal(dfa.accepts(PICKAXE_STEPS), true, 'the stored DFA is the one that was saved')
    assert.equal(dfa.accepts(PICKAXE_STEPS.slice(1)), false)
  })

  test('a missing store is empty', async () => {
    const { store } = freshStore()
    assert.deepEqual(await store.load(), { records: [], problems: [] })
    assert.equal(await store.get('skill', 'craft.anything'), undefined)
    assert.equal(await store.remove('skill', 'craft.anything'), false)
  })

  test('saving again bumps the version and keeps createdAt', async () => {
    const { store } = freshStore()
    const first = await store.save(pickaxeSkill())
    const changed = pickaxeSkill()
    changed.evidence.push({ word: ['craft.wooden_pickaxe'], label: false, gold: true })
    const second = await store.save(changed)
    const third = await store.save(changed)
    assert.deepEqual([first.version, second.version, third.version], [1, 2, 3])
    assert.equal(third.createdAt, first.createdAt)
    assert.ok(third.updatedAt >= first.updatedAt)
    assert.equal((await store.get('skill', 'craft.wooden_pickaxe'))?.evidence.length, 4)
  })

  test('an invalid record is refused with the bad field named, and nothing is written', async () => {
    const { dir, store } = freshStore()
    const good = pickaxeSkill('craft.short_row')
    const shortRow = { ...good, dfa: { ...good.dfa, transitions: [[0, 1], ...good.dfa.transitions.slice(1)] } }
    await assert.rejects(store.save(shortRow), {
      name: 'RecordValidationError',
      message: 'skill craft.short_row: dfa.transitions.0: has 2 entries, expected 4 (one per symbol)',
    })
    const badSymbol = { ...good, alphabet: ['Mine Oak'] }
    await assert.rejects(store.save(badSymbol), (error: Error) => {
      assert.ok(error instanceof RecordValidationError)
      assert.match(error.message, /^skill craft\.short_row: alphabet\.0: a symbol looks like mine\.oak_log/)
      return true
    })
    const { kind: _kind, ...noKind } = good
    await assert.rejects(store.save(noKind as NewRecord), /kind: /)
    await assert.rejects(access(path.join(dir, 'skills', 'craft.short_row.json')), { code: 'ENOENT' })
  })

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

  test('remove deletes one record of one kind', async () => {
    const { store } = freshStore()
    await store.save(pickaxeSkill())
    await store.save(sleepConstraint('craft.wooden_pickaxe'))
    assert.equal(await store.remove('skill', 'craft.wooden_pickaxe'), true)
    assert.equal(await store.remove('skill', 'craft.wooden_pickaxe'), false)
    assert.deepEqual(
      (await store.list()).map((r) => `${r.kind} ${r.name}`),
      ['constraint craft.wooden_pickaxe'],
    )
  })

  test('export and import carry records between stores; one bad record imports nothing', async () => {
    const from = freshStore().store
    await from.save({ ...pickaxeSkill(), provenance: { ...pickaxeSkill().provenance, path: 'seed', teacher: 'seed' } })
    await from.save(sleepConstraint())
    const exported = await from.exportRecords()
    assert.equal(exported.schema, 1)
    assert.deepEqual(
      (await from.exportRecords(['sleep-before-mining'])).records.map((r) => r.name),
      ['sleep-before-mining'],
    )
    await assert.rejects(from.exportRecords(['craft.nothing']), /no skill or constraint named craft\.nothing/)

    const { store: to } = freshStore()
    const broken = {
      ...exported.records[1],
      dfa: { alphabet: ['sleep.bed'], initial: 3, accepting: [], transitions: [[0]] },
    }
    await assert.rejects(to.importRecords([exported.records[0], broken]), {
      name: 'RecordValidationError',
      message: 'records.1 (sleep-before-mining): dfa.initial: state 3 does not exist (1 states)',
    })
    assert.deepEqual(await to.list(), [], 'nothing was saved')

    const imported = await to.importRecords(exported.records)
    assert.deepEqual(
      imported.map((r) => [r.kind, r.name, r.version, r.provenance.path]),
      [
        ['skill', 'craft.wooden_pickaxe', 1, 'seed'],
        ['constraint', 'sleep-before-mining', 1, 'learned'],
      ],
    )
    const strip = ({ version: _v, createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest
    assert.deepEqual((await to.list()).map(strip), exported.records.map(strip))
  })

  test('two processes saving at once lose nothing, and a shared record counts every save', async () => {
    const { dir, store } = freshStore()
    const batch = (prefix: string) =>
      finished(spawnWriter(['batch', dir, prefix, '25', 'craft.shared']), (line) => line === 'done')
    const ends = await Promise.all([batch('craft.left'), batch('craft.right')])
    assert.deepEqual(
      ends.map((end) => end.done),
      [true, true],
    )
    const { records, problems } = await store.load()
    assert.deepEqual(problems, [])
    const names = records.map((r) => r.name)
    for (const side of ['left', 'right']) {
      for (let i = 0; i < 25; i++) assert.ok(names.includes(`craft.${side}.${i}`), `craft.${side}.${i} is missing`)
    }
    assert.equal(records.length, 51)
    assert.equal(records.find((r) => r.name === 'craft.shared')?.version, 50)
  })

  test('a lock left by a killed process is taken over at once, not after the stale period', async () => {
    const { dir, store, warnings } = freshStore()
    const holder = spawnWriter(['hold', dir])
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
    const holder = spawnWriter(['hold', dir])
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

  test('SIGKILL at a random moment, 200 times: the store always loads with every save that was reported', async (t) => {
    const lanes = 4
    const runsPerLane = 50
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
    // The kill comes after 0-5 reported saves and a random 0-20 ms more, so it lands anywhere in a save.
    const savesBeforeKill = Math.floor(Math.random() * 6)
    const child = spawnWriter(['loop', dir, `lane${lane}.run${run}`], { STORE_LOCK_STALE_MS: '2000' })
    let saves = 0
    let killing = false
    const { stderr } = await finished(child, (line) => {
      if (line.startsWith('saved ')) {
        reported.add(line.slice('saved '.length))
        saves++
      }
      if (!killing && (line === 'ready' || line.startsWith('saved ')) && saves >= savesBeforeKill) {
        killing = true
        setTimeout(() => child.kill('SIGKILL'), Math.random() * 20)
      }
      return false
    })
    assert.ok(killing, `run ${run} of lane ${lane} ended before it was killed:\n${stderr}`)
    if (await exists(path.join(dir, '.lock'))) staleLocks++
    const { records, problems } = await store.load()
    assert.deepEqual(problems, [], `after run ${run} of lane ${lane}`)
    const present = new Set(records.map((r) => r.name))
    for (const name of reported) assert.ok(present.has(name), `${name} was reported saved but is gone (run ${run})`)
  }
  return { saved: stores.reduce((sum, s) => sum + s.reported.size, 0), staleLocks }
}

/**
 * test/support/store-writer.ts and what it imports, compiled once to JavaScript with the project's tsc. The kill
 * test starts 200 writers: under tsx each costs ~0.9 s of CPU, compiled ~0.35 s, which on two cores is the
 * difference between three minutes and under one. Packages resolve through a link to the checkout's node_modules.
 */
async function compileWriter(): Promise<string> {
  const out = path.join(scratch, 'writer')
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc')
  const source = path.join(root, 'test/support/store-writer.ts')
  const flags = ['--ignoreConfig', '--noCheck', '--skipLibCheck', '--types', 'node', '--target', 'es2022']
  await promisify(execFile)(process.execPath, [
    tsc,
    ...flags,
    ...['--module', 'nodenext', '--moduleResolution', 'nodenext', '--rootDir', root, '--outDir', out, source],
  ])
  await writeFile(path.join(out, 'package.json'), '{"type": "module"}\n')
  await symlink(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'), 'junction')
  return path.join(out, 'test/support/store-writer.js')
}

function spawnWriter(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [writer, ...args], { cwd: root, env: { ...process.env, ...env } })
}

/** Resolves when the child prints `line`. */
function lineFrom(child: ChildProcessWithoutNullStreams, line: string): Promise<void> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: child.stdout })
    lines.on('line', (l) => {
      if (l === line) {
        lines.close()
        resolve()
      }
    })
  })
}

/**
 * Feeds each stdout line of the child to `onLine` and resolves when the child has exited and its output is read:
 * with `done` true if `onLine` said so for some line. A child that fails on its own rejects with its stderr.
 */
function finished(
  child: ChildProcessWithoutNullStreams,
  onLine: (line: string) => boolean,
): Promise<{ done: boolean; stderr: string }> {
  return new Promise((resolve, reject) => {
    let done = false
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (onLine(line)) done = true
    })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0 || signal === 'SIGKILL') resolve({ done, stderr })
      else reject(new Error(`writer exited with ${code ?? signal}:\n${stderr}`))
    })
  })
}
