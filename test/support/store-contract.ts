// What every skill store must do, whichever backend keeps it: run against the JSON files (test/skill-store.test.ts)
// and against a real PostgreSQL server (test/postgres-store.test.ts). Round trips, versions, refusals, removal,
// export and import, optimistic concurrency, and writers in other processes, killed with SIGKILL mid-save.
import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { skillKey } from '../../plugin/agent/index.js'
import { SkillManager } from '../../plugin/agent/skills/skill-manager.js'
import { parseDfaJson } from '../../plugin/automata/index.js'
import type { NewRecord } from '../../plugin/store/record.js'
import {
  type RecordChange,
  type RecordStore,
  RecordValidationError,
  StaleRecordError,
} from '../../plugin/store/record-store.js'
import { loadRules } from '../../plugin/world/rules.js'
import { PICKAXE_STEPS, pickaxeSkill, sleepConstraint } from './skill-records.js'
import { finished, killedWriter, spawnWriter } from './store-processes.js'

export interface StoreBackend {
  readonly name: string
  /** A new, empty store's location: a directory not yet made, or a fresh database's URL. */
  fresh(): Promise<string>
  open(location: string): RecordStore
  /** The compiled store-writer script (store-processes.ts). */
  writer(): string
}

export function storeContract(backend: StoreBackend): void {
  const opened: RecordStore[] = []
  const open = (location: string) => {
    const store = backend.open(location)
    opened.push(store)
    return store
  }
  const freshStore = async () => {
    const location = await backend.fresh()
    return { location, store: open(location) }
  }

  describe(`the skill store's contract (${backend.name})`, () => {
    // A database's connections would keep the test process alive.
    after(() => Promise.all(opened.map((store) => store.close())))

    test('saved records load back exactly, from a new store object, skills first', async () => {
      const { location, store } = await freshStore()
      const constraint = await store.save(sleepConstraint())
      const skill = await store.save(pickaxeSkill())
      assert.equal(skill.schema, 1)
      assert.equal(skill.version, 1)
      assert.equal(skill.createdAt, skill.updatedAt)

      const reopened = open(location)
      assert.deepEqual(await reopened.load(), { records: [skill, constraint], problems: [] })
      assert.deepEqual(await reopened.get('skill', 'craft.wooden_pickaxe'), skill)
      assert.equal(await reopened.get('constraint', 'craft.wooden_pickaxe'), undefined)
      assert.deepEqual(await reopened.list('constraint'), [constraint])
      const dfa = parseDfaJson(skill.dfa)
      assert.equal(dfa.accepts(PICKAXE_STEPS), true, 'the stored DFA is the one that was saved')
      assert.equal(dfa.accepts(PICKAXE_STEPS.slice(1)), false)
    })

    test('an empty store is empty', async () => {
      const { store } = await freshStore()
      assert.deepEqual(await store.load(), { records: [], problems: [] })
      assert.equal(await store.get('skill', 'craft.anything'), undefined)
      assert.equal(await store.get('skill', '../etc/passwd'), undefined)
      assert.equal(await store.remove('skill', 'craft.anything'), false)
    })

    test('saving again bumps the version and keeps createdAt', async () => {
      const { store } = await freshStore()
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
      const { store } = await freshStore()
      const good = pickaxeSkill('craft.short_row')
      const shortRow = { ...good, dfa: { ...good.dfa, transitions: [[0, 1], ...good.dfa.transitions.slice(1)] } }
      await assert.rejects(store.save(shortRow), {
        name: 'RecordValidationError',
        message: 'skill craft.short_row: dfa.transitions.0: has 2 entries, expected 4 (one per symbol)',
      })
      await assert.rejects(store.save({ ...good, alphabet: ['Mine Oak'] }), (error: Error) => {
        assert.ok(error instanceof RecordValidationError)
        assert.match(error.message, /^skill craft\.short_row: alphabet\.0: a symbol looks like mine\.oak_log/)
        return true
      })
      const { kind: _kind, ...noKind } = good
      await assert.rejects(store.save(noKind as NewRecord), /kind: /)
      assert.deepEqual(await store.load(), { records: [], problems: [] })
    })

    test('remove deletes one record of one kind', async () => {
      const { store } = await freshStore()
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
      const { store: from } = await freshStore()
      await from.save({
        ...pickaxeSkill(),
        provenance: { ...pickaxeSkill().provenance, path: 'seed', teacher: 'seed' },
      })
      await from.save(sleepConstraint())
      const exported = await from.exportRecords()
      assert.equal(exported.schema, 1)
      assert.deepEqual(
        (await from.exportRecords(['sleep-before-mining'])).records.map((r) => r.name),
        ['sleep-before-mining'],
      )
      await assert.rejects(from.exportRecords(['craft.nothing']), /no skill or constraint named craft\.nothing/)

      const { store: to } = await freshStore()
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

    test('a save that names the version it read fails, writing nothing, when another writer saved first', async () => {
      const { location, store } = await freshStore()
      const other = open(location)
      await assert.rejects(store.save(pickaxeSkill(), { expectedVersion: 1 }), StaleRecordError)
      const first = await store.save(pickaxeSkill(), { expectedVersion: 0 })
      const read = await other.get('skill', 'craft.wooden_pickaxe')
      assert.equal(read?.version, 1)
      const changed = pickaxeSkill()
      changed.evidence.push({ word: ['craft.wooden_pickaxe'], label: false, gold: true })
      await other.save(changed, { expectedVersion: read?.version ?? -1 })
      await assert.rejects(store.save(pickaxeSkill(), { expectedVersion: first.version }), (error: Error) => {
        assert.ok(error instanceof StaleRecordError)
        assert.equal(
          error.message,
          'skill craft.wooden_pickaxe is at version 2, not 1: another bot saved it meanwhile; read it again and redo the change',
        )
        return true
      })
      const now = await store.get('skill', 'craft.wooden_pickaxe')
      assert.deepEqual([now?.version, now?.evidence.length], [2, 4], "the other writer's change stands")
    })

    test('each save and removal is announced to listeners on the store', async () => {
      const { location, store } = await freshStore()
      const heard: RecordChange[] = []
      let heardThird = () => {}
      const third = new Promise<void>((resolve) => {
        heardThird = resolve
      })
      const stop = await open(location).onChange((change) => {
        if (heard.push(change) === 3) heardThird()
      })
      await store.save(pickaxeSkill())
      await store.save(pickaxeSkill())
      await store.remove('skill', 'craft.wooden_pickaxe')
      await third
      await stop()
      assert.deepEqual(heard, [
        { kind: 'skill', name: 'craft.wooden_pickaxe', version: 1 },
        { kind: 'skill', name: 'craft.wooden_pickaxe', version: 2 },
        { kind: 'skill', name: 'craft.wooden_pickaxe', version: 0 },
      ])
    })

    test('two bots on the store needing one skill at once: one learns it, the other reuses its record', async () => {
      const location = await backend.fresh()
      const rules = loadRules()
      const key = skillKey('craft', 'wooden_pickaxe', rules)
      const [alpha, beta] = [new SkillManager(open(location), rules), new SkillManager(open(location), rules)]
      const [a, b] = await Promise.all([alpha.obtain(key), beta.obtain(key)])
      assert.deepEqual([a.path, b.path].sort(), ['learned', 'reused'])
      assert.deepEqual([a.record.version, b.record.version], [1, 1], 'saved once: the other bot asked no teacher')
    })

    test('two processes saving at once lose nothing, and a shared record counts every save', async () => {
      const { store, location } = await freshStore()
      const batch = (prefix: string) =>
        finished(spawnWriter(backend.writer(), ['batch', location, prefix, '25', 'craft.shared']), (l) => l === 'done')
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

    test('8 writers at once, each killed with SIGKILL mid-save, 5 rounds: every reported save loads', async (t) => {
      const { store, location } = await freshStore()
      const reported = new Set<string>()
      const started = Date.now()
      for (let round = 0; round < 5; round++) {
        const lanes = Array.from({ length: 8 }, (_, lane) => `r${round}.w${lane}`)
        await Promise.all(lanes.map((prefix) => killedWriter(backend.writer(), location, prefix, reported)))
        const { records, problems } = await store.load()
        assert.deepEqual(problems, [], `after round ${round}`)
        const present = new Set(records.map((r) => r.name))
        for (const name of reported) assert.ok(present.has(name), `${name} was reported saved but is gone`)
      }
      t.diagnostic(
        `40 writers killed, ${reported.size} saves reported, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      )
    })
  })
}
