// Issue 25's table of bad input to the `cedar` command, as a hostile or careless user types it: malformed formulas
// and traces, garbage DFA files, absurd numbers, bad flags and names, corrupt or misplaced stores, a broken LLM
// configuration. Every one must end with a non-zero exit and one clear line on stderr (no stack trace, no control
// character), within 5 s of CPU past start-up. The cases run through runCedar in this process, as the bin entry
// calls it (an error that escaped it, or a process.exit, fails the case here too); a case that only a process can
// show (a parser that recursed would overflow the stack or blow the heap) runs as its own process in a 500 MB heap.
// One process per case cost 59 CPU-s of a CI run for the same checks, most of it start-up.
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { SkillStore } from '../plugin/store/skill-store.js'
import { type CliResult, cedar, cedarProcess } from './support/cli.js'
import { assertCleanFailure } from './support/hostile.js'
import { pickaxeSkill } from './support/skill-records.js'

interface BadInput {
  readonly name: string
  /** The arguments; `@name` stands for the path of a file of the scratch directory. */
  readonly args: readonly string[]
  /** What the one line on stderr must say. */
  readonly says: RegExp
  readonly stdin?: string
  readonly env?: Readonly<Record<string, string>>
  /** Why this case runs as its own process, in a 500 MB heap: what only a process shows. */
  readonly ownProcess?: string
}

const goodDfa = JSON.stringify({
  alphabet: ['a', 'b'],
  initial: 0,
  accepting: [1],
  transitions: [
    [1, 0],
    [1, 1],
  ],
})
const dfaWith = (fields: Record<string, unknown>) =>
  JSON.stringify({ alphabet: ['a'], initial: 0, accepting: [0], transitions: [[0]], ...fields })

/** Files the cases name with `@`: what is in them. */
const FILES: Readonly<Record<string, string>> = {
  'good.json': goodDfa,
  'empty.json': '',
  'null.json': 'null',
  'array.json': '[]',
  'string-alphabet.json': dfaWith({ alphabet: 'ab' }),
  'out-of-range.json': dfaWith({ transitions: [[5]] }),
  'negative-initial.json': dfaWith({ initial: -1 }),
  'bad-accepting.json': dfaWith({ accepting: [3] }),
  'short-row.json': JSON.stringify({ alphabet: ['a', 'b'], initial: 0, accepting: [0], transitions: [[0]] }),
  'duplicate-symbols.json': JSON.stringify({ alphabet: ['a', 'a'], initial: 0, accepting: [0], transitions: [[0, 0]] }),
  'fractional.json': dfaWith({ transitions: [[0.5]] }),
  'no-states.json': dfaWith({ accepting: [], transitions: [] }),
  'deep.json': `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  'truncated.json': goodDfa.slice(0, 30),
  'traces-not-json.jsonl': 'not json\n',
  'export-garbage.json': 'PK\u0003\u0004 binary garbage',
  'export-newer.json': JSON.stringify({ schema: 99, records: [] }),
  'export-bad-name.json': JSON.stringify({ schema: 1, records: [{ ...pickaxeSkill(), name: '../../etc/passwd' }] }),
  'export-no-records.json': JSON.stringify({ schema: 1 }),
  'a-file': 'not a directory',
}

const CASES: readonly BadInput[] = [
  // Formulas.
  { name: 'an unclosed parenthesis', args: ['ltl', 'dfa', '-f', 'G(a'], says: /^cedar: formula: .*column/ },
  { name: 'a dangling operator', args: ['ltl', 'dfa', '-f', 'a &'], says: /^cedar: formula: .*ended at column/ },
  { name: 'parentheses inside out', args: ['ltl', 'dfa', '-f', ')a('], says: /^cedar: formula: / },
  { name: 'an empty formula', args: ['ltl', 'dfa', '-f', ''], says: /^cedar: formula: / },
  { name: 'a binary operator with one side', args: ['ltl', 'dfa', '-f', 'a U'], says: /^cedar: formula: / },
  { name: 'punctuation only', args: ['ltl', 'dfa', '-f', '@#$%'], says: /^cedar: formula: / },
  { name: 'a terminal escape in a formula', args: ['ltl', 'dfa', '-f', '\u001b[31ma'], says: /^cedar: formula: / },
  {
    name: '13 propositions',
    args: ['ltl', 'dfa', '-f', Array.from({ length: 13 }, (_, i) => `p${i}`).join(' | ')],
    says: /13 propositions|more than 12/,
  },
  { name: 'ltl dfa without a formula', args: ['ltl', 'dfa'], says: /^error: required option '-f, --formula/ },
  {
    name: 'ltl dfa -f with no value',
    args: ['ltl', 'dfa', '-f'],
    says: /^error: option '-f, --formula.*argument missing/,
  },
  // Traces.
  ...(
    [
      ['traces that are not JSON', 'not json\n'],
      ['a trace of numbers', '[[1, 2]]\n'],
      ['a trace that is an object', '{"a": 1}\n'],
    ] as const
  ).map(([name, stdin]) => ({ name, args: ['ltl', 'eval', '-f', 'a', '-t', '-'], stdin, says: /^cedar: .*line 1/ })),
  {
    name: 'a traces file that is not there',
    args: ['ltl', 'eval', '-f', 'a', '-t', '@missing.jsonl'],
    says: /missing\.jsonl/,
  },
  // DFA files.
  { name: 'a DFA file that is not there', args: ['dfa', 'show', '@missing.json'], says: /missing\.json/ },
  { name: 'a directory for a DFA file', args: ['dfa', 'show', '@'], says: /^cedar: / },
  { name: 'an empty DFA file', args: ['dfa', 'show', '@empty.json'], says: /empty\.json: not JSON/ },
  { name: 'null for a DFA', args: ['dfa', 'show', '@null.json'], says: /null\.json/ },
  { name: 'an array for a DFA', args: ['dfa', 'minimize', '@array.json'], says: /array\.json/ },
  { name: 'an alphabet that is a string', args: ['dfa', 'show', '@string-alphabet.json'], says: /alphabet/ },
  { name: 'a transition to no state', args: ['dfa', 'show', '@out-of-range.json'], says: /state 5|5/ },
  { name: 'a negative initial state', args: ['dfa', 'show', '@negative-initial.json'], says: /initial/ },
  { name: 'an accepting state that is not there', args: ['dfa', 'show', '@bad-accepting.json'], says: /accepting|3/ },
  { name: 'a row too short for the alphabet', args: ['dfa', 'show', '@short-row.json'], says: /transitions|row/ },
  { name: 'a symbol twice in the alphabet', args: ['dfa', 'show', '@duplicate-symbols.json'], says: /"a"|twice|dupli/ },
  { name: 'a fractional state', args: ['dfa', 'show', '@fractional.json'], says: /0\.5|whole|integer/ },
  { name: 'no states at all', args: ['dfa', 'show', '@no-states.json'], says: /state/ },
  {
    name: 'JSON nested 100,000 deep',
    args: ['dfa', 'show', '@deep.json'],
    says: /deep\.json/,
    ownProcess: 'a parser that recursed would overflow the stack or blow the heap',
  },
  { name: 'a truncated DFA file', args: ['dfa', 'show', '@truncated.json'], says: /truncated\.json: not JSON/ },
  { name: 'garbage on standard input', args: ['dfa', 'minimize', '-'], stdin: '\u0000\u0001garbage', says: /not JSON/ },
  { name: 'equiv with one file', args: ['dfa', 'equiv', '@good.json'], says: /^error: missing required argument/ },
  {
    name: 'complement of two files',
    args: ['dfa', 'complement', '@good.json', '@good.json'],
    says: /^error: too many/,
  },
  {
    name: 'a negative state limit',
    args: ['dfa', 'intersect', '--max-states', '-5', '@good.json', '@good.json'],
    says: /--max-states must be a positive/,
  },
  {
    name: 'an output file in a directory that is not there',
    args: ['dfa', 'minimize', '@good.json', '-o', '@no-such-dir/out.json'],
    says: /no-such-dir/,
  },
  {
    name: 'an unknown dfa option',
    args: ['dfa', 'show', '--bogus', '@good.json'],
    says: /^error: unknown option '--bogus'/,
  },
  // Learning.
  { name: 'a learning target that is not there', args: ['learn', '-t', '@missing.json'], says: /missing\.json/ },
  { name: 'learn without a target', args: ['learn'], says: /^error: required option '-t, --target/ },
  { name: 'a negative query budget', args: ['learn', '-t', '@good.json', '--budget-mq', '-1'], says: /--budget-mq/ },
  { name: 'a query budget in words', args: ['learn', '-t', '@good.json', '--budget-mq', 'lots'], says: /--budget-mq/ },
  {
    name: 'an unknown algorithm',
    args: ['learn', '-t', '@good.json', '--algo', 'magic'],
    says: /^cedar: --algo must be one of lstar, kv, capal, not "magic"$/,
  },
  { name: 'noise above 1', args: ['learn', '-t', '@good.json', '--noise', '2'], says: /--noise/ },
  { name: 'noise in words', args: ['learn', '-t', '@good.json', '--noise', 'some'], says: /--noise/ },
  { name: 'a seed in words', args: ['learn', '-t', '@good.json', '--seed', 'x'], says: /--seed/ },
  { name: 'a zero equivalence budget', args: ['learn', '-t', '@good.json', '--budget-eq', '0'], says: /--budget-eq/ },
  // Instructions in the Sim.
  { name: 'an empty instruction', args: ['sim', 'do', '--offline', ' '], says: /^cedar: the instruction is empty$/ },
  { name: 'a seed in words', args: ['sim', 'do', '--seed', 'abc', 'collect coal'], says: /--seed must be a whole/ },
  { name: 'an unknown biome', args: ['sim', 'do', '--biome', 'mars', 'collect coal'], says: /unknown biome mars/ },
  { name: 'an unknown teacher', args: ['sim', 'do', '--teacher', 'bob', 'collect coal'], says: /--teacher must be/ },
  { name: 'zero days', args: ['sim', 'do', '--days', '0', 'collect coal'], says: /--days must be a positive/ },
  {
    name: 'a count no inventory holds',
    args: ['sim', 'do', '--offline', 'collect 1000000 coal'],
    says: /^cedar: refused: .*at most 2,304/,
  },
  { name: 'a count of 1e20', args: ['sim', 'do', '--offline', 'collect 1e20 coal'], says: /^cedar: refused: / },
  { name: 'nothing to get', args: ['sim', 'do', '--offline', 'build me a house'], says: /^cedar: .*house/ },
  { name: 'a law that does not parse', args: ['sim', 'do', '--law', 'G(', 'collect coal'], says: /G\(/ },
  {
    name: 'a law with a typo',
    args: ['sim', 'do', '--law', 'G !mine.diamnod_ore', 'collect coal'],
    says: /did you mean mine\.diamond_ore/,
  },
  { name: 'an item that does not exist', args: ['sim', 'optimal', 'unobtainium'], says: /unobtainium/ },
  { name: 'sim do with no instruction', args: ['sim', 'do'], says: /^error: missing required argument/ },
  // Grounding.
  { name: 'an empty instruction to ground', args: ['alphabet', '--offline', ''], says: /^cedar: / },
  {
    name: 'an instruction of 2,000 characters',
    args: ['alphabet', '--offline', 'x'.repeat(2000)],
    says: /2,000 characters long; an instruction may have at most 1,000$/,
  },
  { name: 'an unknown Minecraft version', args: ['symbols', '--mc-version', '0.0.1'], says: /0\.0\.1/ },
  { name: 'a search limit in words', args: ['symbols', '--search', 'log', '--limit', 'many'], says: /--limit/ },
  // The skill store.
  {
    name: 'a skill that is not stored',
    args: ['skills', 'show', 'craft.nothing', '--store', '@store'],
    says: /craft\.nothing/,
  },
  {
    name: 'removing what is not stored',
    args: ['skills', 'rm', 'craft.nothing', '--store', '@store'],
    says: /craft\.nothing/,
  },
  { name: 'a name that is a path', args: ['skills', 'show', '../../etc/passwd', '--store', '@store'], says: /passwd/ },
  {
    name: 'an unknown record kind',
    args: ['skills', 'show', 'x', '--kind', 'spell', '--store', '@store'],
    says: /spell/,
  },
  {
    name: 'importing a file that is not there',
    args: ['skills', 'import', '@missing.json', '--store', '@store'],
    says: /missing\.json/,
  },
  {
    name: 'importing garbage',
    args: ['skills', 'import', '@export-garbage.json', '--store', '@store'],
    says: /not JSON/,
  },
  {
    name: 'importing a newer schema',
    args: ['skills', 'import', '@export-newer.json', '--store', '@store'],
    says: /schema|99/,
  },
  {
    name: 'importing a record named like a path',
    args: ['skills', 'import', '@export-bad-name.json', '--store', '@store'],
    says: /name/,
  },
  {
    name: 'importing an export without records',
    args: ['skills', 'import', '@export-no-records.json', '--store', '@store'],
    says: /records/,
  },
  {
    name: 'importing garbage from standard input',
    args: ['skills', 'import', '-', '--store', '@store'],
    stdin: '{{{',
    says: /not JSON/,
  },
  { name: 'a store that is a file', args: ['skills', 'list', '--store', '@a-file'], says: /a-file/ },
  {
    name: 'saving into a store under a file',
    args: ['skills', 'import', '@good.json', '--store', '@a-file/store'],
    says: /^cedar: /,
  },
  {
    name: 'a corrupt record, shown',
    args: ['skills', 'show', 'craft.broken', '--store', '@corrupt-store'],
    says: /^cedar: craft\.broken could not be loaded: skills\/craft\.broken\.json: not JSON .*\(moved to corrupt\//,
  },
  {
    name: 'rendering what is not stored',
    args: ['skills', 'render', 'craft.nothing', '--store', '@store'],
    says: /craft\.nothing/,
  },
  // Configuration.
  {
    name: 'a port in words',
    args: ['config'],
    env: { MC_PORT: 'abc' },
    says: /port \(MC_PORT\): a port number from 0 to 65535/,
  },
  {
    name: 'a port out of range',
    args: ['config'],
    env: { MC_PORT: '99999' },
    says: /port \(MC_PORT\): a port number from 0 to 65535/,
  },
  {
    name: 'a negative LLM timeout',
    args: ['config'],
    env: { CEDAR_LLM_TIMEOUT_MS: '-1' },
    says: /CEDAR_LLM_TIMEOUT_MS: expected a positive whole number, not "-1"/,
  },
  {
    name: 'an LLM address that is not a URL',
    args: ['config'],
    env: { OPENAI_BASE_URL: 'not a url' },
    says: /OPENAI_BASE_URL: expected an http\(s\) URL/,
  },
  { name: 'a start port in words', args: ['start', '--port', 'abc'], says: /port \(--port\): a port number/ },
  { name: 'a start seed out of range', args: ['start', '--seed', '-3'], says: /seed/ },
  { name: 'an unknown world type', args: ['start', '--world', 'nether'], says: /world \(--world\): survival or flat/ },
  // The command line itself.
  { name: 'an unknown command', args: ['fly'], says: /^error: unknown command 'fly'/ },
  { name: 'an unknown subcommand', args: ['dfa', 'explode', '@good.json'], says: /^error: unknown command 'explode'/ },
  { name: 'an unknown top-level option', args: ['--colour'], says: /^error: unknown option '--colour'/ },
]

let dir: string
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cedar-bad-inputs-'))
  for (const [name, text] of Object.entries(FILES)) await writeFile(path.join(dir, name), text)
  await new SkillStore(path.join(dir, 'store')).save(pickaxeSkill())
  const corrupt = path.join(dir, 'corrupt-store')
  await mkdir(path.join(corrupt, 'skills'), { recursive: true })
  await writeFile(path.join(corrupt, 'skills', 'craft.broken.json'), '{"schema": 1, "kind": "skill", "name": ')
})
after(() => rm(dir, { recursive: true, force: true }))

const resolve = (arg: string) => (arg.startsWith('@') ? path.join(dir, arg.slice(1)) : arg)

/** `cedar <args>` as its own process in a 500 MB heap, with the CPU time it used (see support/cpu-report.mjs). */
async function runProcess(args: readonly string[], env: Readonly<Record<string, string>> = {}, stdin?: string) {
  const cpuFile = path.join(dir, `cpu-${++runs}`)
  const result = await cedarProcess([...args], stdin, {
    NODE_OPTIONS: `--max-old-space-size=500 --import=${pathToFileURL(path.join(import.meta.dirname, 'support/cpu-report.mjs')).href}`,
    CEDAR_TEST_CPU_FILE: cpuFile,
    CEDAR_STORE: path.join(dir, 'default-store'),
    ...env,
  })
  const cpuMs = Number(await readFile(cpuFile, 'utf8').catch(() => Number.NaN))
  return { ...result, cpuMs }
}
let runs = 0

/** `cedar <args>` in this process (runCedar, as the bin entry calls it), with the CPU time it took. */
async function runHere(args: readonly string[], env: Readonly<Record<string, string>> = {}, stdin?: string) {
  const before = process.cpuUsage()
  const result = await cedar([...args], stdin, { CEDAR_STORE: path.join(dir, 'default-store'), ...env })
  const used = process.cpuUsage(before)
  return { ...result, cpuMs: Math.round((used.user + used.system) / 1000) }
}

describe(`${CASES.length} bad inputs to cedar`, () => {
  const results: (CliResult & { cpuMs: number })[] = []
  /** What starting the command costs as a process: `cedar --version`, the most it takes before any work. */
  let startupMs = 0
  before(async () => {
    const own = CASES.filter((c) => c.ownProcess !== undefined)
    const [baseline, ...ownResults] = await Promise.all([
      runProcess(['--version']),
      ...own.map((c) => runProcess(c.args.map(resolve), c.env, c.stdin)),
    ])
    startupMs = baseline?.cpuMs ?? Number.NaN
    // One at a time, so that each case's CPU time is its own.
    for (const c of CASES) {
      results.push(
        c.ownProcess === undefined
          ? await runHere(c.args.map(resolve), c.env, c.stdin)
          : (ownResults[own.indexOf(c)] ?? assert.fail(`${c.name} not run`)),
      )
    }
  })

  CASES.forEach((c, i) => {
    test(c.name, (t) => {
      const result = results[i]
      assert.ok(result, 'not run')
      const where = c.ownProcess === undefined ? 'in this process' : `as a process, start-up ${startupMs} ms`
      t.diagnostic(`${result.cpuMs} ms of CPU (${where}): ${result.stderr.trimEnd()}`)
      assertCleanFailure(result, c.says)
      // Within 5 s of work past start-up (loading the modules of a subcommand is part of that work). A process that
      // hangs instead of working is ended by its 60 s timeout, which fails the exit code above.
      assert.ok(Number.isFinite(result.cpuMs), 'the process did not report its CPU time')
      const startup = c.ownProcess === undefined ? 0 : startupMs
      assert.ok(result.cpuMs < startup + 5000, `${result.cpuMs} ms of CPU`)
    })
  })
})
