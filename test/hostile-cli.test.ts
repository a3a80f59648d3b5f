// Issue 25: hostile input to the `cedar` command. Formulas, automata, learning targets and instructions past any
// sane size are refused before the work starts, in one clear line, within bounded time and a 500 MB heap; files of
// garbage and closed pipes are handled quietly. (Signals mid-computation: hostile-cli-signals.test.ts, run alone.)
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { SkillStore } from '../plugin/store/skill-store.js'
import { root } from './support/cli.js'
import { assertCleanFailure, boundedCedar, counterDfa, STARTUP_ALLOWANCE_MS } from './support/hostile.js'
import { pickaxeSkill } from './support/skill-records.js'

let dir: string
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cedar-hostile-cli-'))
})
after(() => rm(dir, { recursive: true, force: true }))
const file = (name: string) => path.join(dir, name)

const counter = counterDfa

/** Refused at once: one clear line, a non-zero exit, no more than start-up plus a few seconds of work. */
async function refused(args: string[], pattern: RegExp, input?: string): Promise<void> {
  const result = await boundedCedar(args, {}, input)
  assertCleanFailure(result, pattern)
  assert.ok(result.ms < STARTUP_ALLOWANCE_MS + 5000, `${result.ms} ms`)
}

describe('formulas past any sane size', () => {
  const deep = (open: string, n: number, close = '') => `${open.repeat(n)}a${close.repeat(n)}`
  const cases: [string, string, RegExp][] = [
    [
      'G(G(...)) 3,000 deep',
      deep('G(', 3000, ')'),
      /^cedar: formula: the formula is 9,001 characters long; at most 4,000/,
    ],
    ['G(...) 150 deep, short enough', deep('G(', 150, ')'), /^cedar: formula: the formula nests more than 200 deep/],
    ['10,000 negations', deep('!', 10_000), /^cedar: formula: the formula is 10,001 characters long/],
    ['1,999 negations', deep('!', 1999), /^cedar: formula: the formula nests more than 200 deep/],
    ['10,000 open parentheses', deep('(', 10_000), /^cedar: formula: the formula is 10,001 characters long/],
    ['a chain of 1,500 ands', Array(1500).fill('a').join('&'), /^cedar: formula: the formula has 2,999 operators/],
  ]
  for (const [name, formula, pattern] of cases) {
    test(`${name}: refused by the parser, not a stack overflow`, () => refused(['ltl', 'dfa', '-f', formula], pattern))
  }

  test('a chain of 900 ands still compiles (the syntax tree is 900 deep: no overflow)', async () => {
    const result = await boundedCedar(['ltl', 'dfa', '-f', Array(900).fill('a').join(' & ')])
    assert.equal(result.code, 0, result.stderr)
  })

  test('12 eventualities: the construction stops at its budget instead of running for minutes', () =>
    refused(
      ['ltl', 'dfa', '-f', Array.from({ length: 12 }, (_, i) => `F p${i}`).join(' & ')],
      /^cedar: the DFA of the formula over 4,096 letters has more than 24 states \(the limit\)$/,
    ))

  test('ltl eval of a deep formula is refused the same way', () =>
    refused(['ltl', 'eval', '-f', deep('X ', 300), '-t', '-'], /^cedar: .*nests more than 200 deep/, '[["a"]]\n'))
})

describe('automata and learning targets past any sane size', () => {
  test('cedar dfa intersect of five counters stops at 500,000 states, in a 500 MB heap', async () => {
    const symbols = ['a', 'b', 'c', 'd', 'e']
    const files = await Promise.all(
      [23, 29, 31, 37, 41].map(async (n, i) => {
        const name = file(`counter-${n}.json`)
        await writeFile(name, counter(symbols[i] ?? 'a', n, symbols))
        return name
      }),
    )
    await refused(['dfa', 'intersect', ...files], /^cedar: the intersection product has more than 500,000 states/)
    // The limit can be raised or lowered.
    await refused(['dfa', 'intersect', '--max-states', '100', ...files.slice(0, 2)], /more than 100 states/)
    await refused(['dfa', 'intersect', '--max-states', 'lots', ...files], /^cedar: --max-states must be a positive/)
  })

  test('cedar learn on a 300,000-state target is refused before learning starts', async () => {
    const big = file('big.json')
    await writeFile(big, counter('a', 300_000, ['a', 'b']))
    await refused(
      ['learn', '-t', big, '--budget-mq', '1000'],
      /^cedar: the target ".*big\.json" \(300,000 states\) has more than 10,000 states \(the limit\)$/,
    )
  })
})

describe('instructions past any sane size', () => {
  test('collect 1000000 coal and collect 1e20 coal are refused with the limit, before any learning', async () => {
    for (const count of ['1000000', '1e20']) {
      const result = await boundedCedar(['sim', 'do', '--offline', `collect ${count} coal`])
      assertCleanFailure(result)
      assert.equal(
        result.stderr,
        `cedar: refused: "${count}" in "collect ${count} coal" is more than one goal may ask for: at most 2,304 (a full inventory); ask for fewer\n`,
      )
      assert.equal(result.stdout, '', 'nothing ran, nothing was reported as run')
      assert.ok(result.ms < STARTUP_ALLOWANCE_MS + 5000, `${result.ms} ms`)
    }
    // With --json the refusal is data, and still a failed command.
    const json = await boundedCedar(['sim', 'do', '--offline', '--json', 'collect 1000000 coal'])
    assert.equal(json.code, 1, json.stderr)
    const summary = JSON.parse(json.stdout) as { outcome: string; message: string; skills: unknown[] }
    assert.equal(summary.outcome, 'refused')
    assert.match(summary.message, /at most 2,304/)
    assert.deepEqual(summary.skills, [], 'no skill was learned')
  })

  test('a 10,000-character instruction is refused, quoted shortened', async () => {
    const long = 'collect coal '.repeat(800)
    for (const command of [['alphabet'], ['sim', 'do', '--offline']]) {
      const result = await boundedCedar([...command, long])
      const line = assertCleanFailure(
        result,
        /^cedar: "collect coal collect coal .*…" is 10,399 characters long; an instruction may have at most 1,000$/,
      )
      assert.ok(line.length < 200, line)
    }
  })
})

describe('files and pipes', () => {
  test('a DFA file of terminal escapes and binary garbage: one line, no control character reaches the terminal', async () => {
    const escapes = file('escapes.json')
    await writeFile(escapes, '\u001b[2J\u001b[31mred\u0007\u0000\u009b')
    await refused(['dfa', 'show', escapes], /^cedar: .*escapes\.json: not JSON/)
    const garbage = file('garbage.json')
    await writeFile(garbage, Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)))
    await refused(['dfa', 'minimize', garbage], /not JSON/)
    const symbols = file('symbols.json')
    await writeFile(symbols, JSON.stringify({ alphabet: ['\u001b[31m'], initial: 5, accepting: [], transitions: [] }))
    await refused(['dfa', 'show', symbols], /^cedar: /)
  })

  test('cedar dfa minimize and cedar skills export into a closed pipe exit quietly', async () => {
    const big = file('pipe.json')
    await writeFile(big, counter('a', 20_000, ['a', 'b']))
    const store = file('pipe-store')
    const records = new SkillStore(store)
    for (let i = 0; i < 30; i++) await records.save(pickaxeSkill(`craft.pickaxe_${i}`))
    for (const args of [
      ['dfa', 'minimize', big],
      ['skills', 'export', '--store', store],
    ]) {
      // `| head -c 1`: the reader takes one byte and goes away.
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'plugin/cli/main.ts'), ...args], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
      })
      child.stdout.once('data', () => child.stdout.destroy())
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
      assert.equal(stderr, '', `${args.join(' ')}: ${stderr.slice(0, 400)}`)
      assert.equal(code, 0)
    }
  })

  test('a plain file where the store lock goes is taken over at once, with a warning', async () => {
    const store = file('locked-store')
    await new SkillStore(store).save(pickaxeSkill())
    const exported = file('export.json')
    const out = await boundedCedar(['skills', 'export', '--store', store, '--no-seeds'])
    await writeFile(exported, out.stdout)
    await writeFile(path.join(store, '.lock'), 'stale')
    const result = await boundedCedar(['skills', 'import', exported, '--store', store])
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stderr, /removed .*\.lock, a file where the lock directory goes/)
    assert.ok(result.ms < STARTUP_ALLOWANCE_MS + 3000, `${result.ms} ms (proper-lockfile alone waits 30 s)`)
    await assert.rejects(stat(path.join(store, '.lock')), 'the lock was released')
  })
})
