// `cedar skills ...` against a store in a temporary directory, run as a user runs it.
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { SkillStore, type StoreExport } from '../plugin/store/skill-store.js'
import { cedar } from './support/cli.js'
import { pickaxeSkill, sleepConstraint } from './support/skill-records.js'

describe('cedar skills', () => {
  let dir: string
  let exported: StoreExport
  const file = (name: string) => path.join(dir, name)
  const silent = { warn: () => {} }

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cedar-skills-'))
    // An export made the way a user makes one: records saved in a store, then exported.
    const source = new SkillStore(file('source'), { logger: silent })
    await source.save(pickaxeSkill())
    await source.save(sleepConstraint())
    await source.save(sleepConstraint('craft.wooden_pickaxe'))
    exported = await source.exportRecords()
    await writeFile(file('export.json'), JSON.stringify(exported))
  })
  after(() => rm(dir, { recursive: true, force: true }))

  test('import saves every record and says so; list and show describe them', async () => {
    const store = file('store')
    const imported = await cedar(['skills', 'import', file('export.json'), '--store', store, '--no-seeds'])
    assert.equal(imported.code, 0, imported.stderr)
    assert.equal(
      imported.stdout,
      'saved skill craft.wooden_pickaxe (version 1)\n' +
        'saved constraint craft.wooden_pickaxe (version 1)\n' +
        'saved constraint sleep-before-mining (version 1)\n',
    )
    assert.equal((await new SkillStore(store, { logger: silent }).list()).length, 3, 'on disk before it was printed')

    const [list, listJson, show, showJson, both] = await Promise.all([
      cedar(['skills', 'list', '--store', store, '--no-seeds']),
      cedar(['skills', 'list', '--json', '--no-seeds'], '', { CEDAR_STORE: store }),
      cedar(['skills', 'show', 'sleep-before-mining', '--store', store, '--no-seeds']),
      cedar(['skills', 'show', 'craft.wooden_pickaxe', '--json', '--store', store, '--no-seeds']),
      cedar(['skills', 'show', 'craft.wooden_pickaxe', '--kind', 'constraint', '--store', store, '--no-seeds']),
    ])
    assert.equal(
      list.stdout,
      [
        'name                  kind        states  symbols  provenance      version',
        'craft.wooden_pickaxe  skill       5       4        learned/recipe  1',
        'craft.wooden_pickaxe  constraint  3       3        learned/phrase  1',
        'sleep-before-mining   constraint  3       3        learned/phrase  1',
        '',
      ].join('\n'),
    )
    const listed = JSON.parse(listJson.stdout)
    assert.equal(listed.store, store, 'CEDAR_STORE chooses the store')
    assert.deepEqual(listed.records[0], {
      name: 'craft.wooden_pickaxe',
      kind: 'skill',
      states: 5,
      alphabetSize: 4,
      provenance: { path: 'learned', teacher: 'recipe' },
      version: 1,
    })
    assert.deepEqual(listed.problems, [])

    const lines = show.stdout.split('\n')
    assert.deepEqual(lines.slice(0, 7), [
      'constraint sleep-before-mining: "sleep before mining" (version 1)',
      '  alphabet (3): sleep.bed mine.diamond_ore time.night',
      '  success events: (none)',
      '  prerequisites: (none)',
      '  DFA: 3 states, 2 accepting',
      '  evidence: 2 labelled words, 1 gold',
      '  provenance: learned by phrase; 9 membership and 1 equivalence queries',
    ])
    assert.match(lines[7] ?? '', /^ {2}created \d{4}-.+Z, updated \d{4}-.+Z$/)

    assert.equal(
      showJson.stderr,
      'cedar: craft.wooden_pickaxe is both a skill and a constraint; showing the skill (--kind constraint)\n',
    )
    const summary = JSON.parse(showJson.stdout)
    assert.deepEqual(
      [summary.kind, summary.verb, summary.object, summary.successEvents, summary.evidence, summary.version],
      ['skill', 'craft', 'wooden_pickaxe', ['has.wooden_pickaxe.1'], { gold: 1, total: 3 }, 1],
    )
    assert.match(both.stdout, /^constraint craft\.wooden_pickaxe: "sleep before mining"/)
    assert.equal(both.stderr, '')
  })

  test('export round-trips through import; rm deletes; render draws the DFA', async () => {
    const store = file('round-trip')
    await cedar(['skills', 'import', file('export.json'), '--store', store, '--no-seeds'])
    const [all, one, toFile] = await Promise.all([
      cedar(['skills', 'export', '--store', store, '--no-seeds']),
      cedar(['skills', 'export', 'sleep-before-mining', '--store', store, '--no-seeds']),
      cedar(['skills', 'export', '--out', file('again.json'), '--store', store, '--no-seeds']),
    ])
    const records = JSON.parse(all.stdout).records
    const strip = ({ createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest
    assert.deepEqual(records.map(strip), exported.records.map(strip))
    assert.deepEqual(
      JSON.parse(one.stdout).records.map((r: { name: string }) => r.name),
      ['sleep-before-mining'],
    )
    assert.equal(toFile.stdout, `exported 3 records to ${file('again.json')}\n`)
    assert.deepEqual(JSON.parse(await readFile(file('again.json'), 'utf8')), JSON.parse(all.stdout))

    const again = await cedar(['skills', 'import', file('again.json'), '--json', '--store', store, '--no-seeds'])
    assert.deepEqual(JSON.parse(again.stdout).saved[0], { kind: 'skill', name: 'craft.wooden_pickaxe', version: 2 })

    const [svg, dot, badOut] = await Promise.all([
      cedar(['skills', 'render', 'craft.wooden_pickaxe', '--out', file('pickaxe.svg'), '--store', store, '--no-seeds']),
      cedar(['skills', 'render', 'sleep-before-mining', '-o', file('sleep.dot'), '--store', store, '--no-seeds']),
      cedar(['skills', 'render', 'sleep-before-mining', '-o', file('sleep.png'), '--store', store, '--no-seeds']),
    ])
    assert.equal(svg.stdout, `wrote ${file('pickaxe.svg')} (skill craft.wooden_pickaxe, 5 states)\n`, svg.stderr)
    const picture = await readFile(file('pickaxe.svg'), 'utf8')
    assert.match(picture, /<svg /)
    assert.match(picture, /craft\.wooden_pickaxe/, 'edges are labelled with their symbols')
    assert.equal(dot.stdout, `wrote ${file('sleep.dot')} (constraint sleep-before-mining, 3 states)\n`)
    const graph = await readFile(file('sleep.dot'), 'utf8')
    assert.match(graph, /^digraph "sleep-before-mining" \{/)
    assert.match(graph, /0 -> 1 \[label="sleep\.bed"\]/)
    assert.equal(badOut.code, 1)
    assert.equal(badOut.stderr, `cedar: --out must end in .svg or .dot, not ${file('sleep.png')}\n`)

    const removed = await cedar(['skills', 'rm', 'sleep-before-mining', '--store', store, '--no-seeds'])
    assert.equal(removed.stdout, 'removed constraint sleep-before-mining\n')
    const [gone, typo] = await Promise.all([
      cedar(['skills', 'rm', 'sleep-before-mining', '--store', store, '--no-seeds']),
      cedar(['skills', 'rm', 'craft.wooden_pickax', '--store', store, '--no-seeds']),
    ])
    assert.equal(gone.code, 1)
    assert.equal(gone.stderr, `cedar: no skill or constraint named sleep-before-mining in ${store}\n`)
    assert.equal(
      typo.stderr,
      `cedar: no skill or constraint named craft.wooden_pickax in ${store}; did you mean craft.wooden_pickaxe?\n`,
    )
    const left = await new SkillStore(store, { logger: silent }).list()
    assert.deepEqual(
      left.map((r) => `${r.kind} ${r.name}`),
      ['skill craft.wooden_pickaxe', 'constraint craft.wooden_pickaxe'],
    )
  })

  test('a bad import file is a clear error and saves nothing', async () => {
    const store = file('refuses')
    const [pickaxe, , sleep] = exported.records
    const inconsistent = {
      ...sleep,
      dfa: {
        ...sleep?.dfa,
        transitions: [
          [0, 1],
          [1, 1, 1],
          [2, 2, 2],
        ],
      },
    }
    await writeFile(file('bad.json'), JSON.stringify({ schema: 1, records: [pickaxe, inconsistent] }))
    await writeFile(file('not-json.json'), '{"schema": 1, "records": [')
    await writeFile(file('not-export.json'), JSON.stringify([pickaxe]))

    const [bad, notJson, notExport] = await Promise.all([
      cedar(['skills', 'import', file('bad.json'), '--store', store, '--no-seeds']),
      cedar(['skills', 'import', file('not-json.json'), '--store', store, '--no-seeds']),
      cedar(['skills', 'import', file('not-export.json'), '--store', store, '--no-seeds']),
    ])
    assert.equal(bad.code, 1)
    assert.equal(bad.stdout, '')
    assert.equal(
      bad.stderr,
      `cedar: ${file('bad.json')}: nothing imported: ` +
        'records.1 (sleep-before-mining): dfa.transitions.0: has 2 entries, expected 3 (one per symbol)\n',
    )
    assert.equal(notJson.code, 1)
    assert.match(notJson.stderr, /^cedar: .*not-json\.json: not JSON \(.+\)\n$/)
    assert.equal(notExport.stderr, `cedar: ${file('not-export.json')}: expected {"schema": 1, "records": [...]}\n`)
    assert.deepEqual(await new SkillStore(store, { logger: silent }).load(), { records: [], problems: [] })
  })

  test('an import into a store that cannot be made fails at once, in one line naming the directory', {
    skip: process.platform !== 'linux' && 'needs /proc',
  }, async () => {
    // Under /proc the kernel says ENOENT for a directory whose parent exists, where Node's recursive mkdir spun
    // for good: `cedar skills import` hung past 45 s.
    const store = `/proc/${process.pid}/store`
    const started = performance.now()
    const result = await cedar(['skills', 'import', file('export.json'), '--store', store, '--no-seeds'])
    const ms = performance.now() - started
    assert.equal(result.code, 1)
    assert.equal(result.stdout, '')
    assert.equal(
      result.stderr,
      `cedar: ${file('export.json')}: nothing imported: cannot create the directory ${store} (ENOENT)\n`,
    )
    assert.ok(ms < 2000, `${Math.round(ms)} ms`)
  })

  test('list reports a file it had to set aside, and still lists the rest', async () => {
    const store = file('damaged')
    await cedar(['skills', 'import', file('export.json'), '--store', store, '--no-seeds'])
    await mkdir(path.join(store, 'skills'), { recursive: true })
    await writeFile(path.join(store, 'skills', 'craft.torch.json'), '{"schema": 1, "kind": "skill", "name": "craft.t')
    const list = await cedar(['skills', 'list', '--store', store, '--no-seeds'])
    assert.equal(list.code, 0, list.stderr)
    const lines = list.stdout.trimEnd().split('\n')
    assert.equal(lines.length, 1 + 3 + 2)
    assert.equal(lines[4], '1 file could not be loaded:')
    assert.match(
      lines[5] ?? '',
      /^ {2}skills\/craft\.torch\.json: not JSON \(.+\) \(moved to corrupt\/craft\.torch\..+\.json\)$/,
    )
    const json = JSON.parse((await cedar(['skills', 'list', '--json', '--store', store, '--no-seeds'])).stdout)
    assert.equal(json.records.length, 3)
    assert.deepEqual(json.problems, [], 'the file was moved aside the first time')
  })
})
