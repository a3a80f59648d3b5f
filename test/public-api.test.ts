// The package as a user sees it: a bot script that imports only `mineflayer-cedar` (test/fixtures/public-api) can
// name what bot.cedar returns and catch every error class, and cannot reach the classes behind bot.cedar.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import * as cedar from '../index.js'
import { CedarAgent } from '../plugin/agent/cedar-agent.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { parseDfaJson } from '../plugin/automata/json.js'
import { type DoProgress, publicProgress, publicReport } from '../plugin/cedar-reports.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { loadRules } from '../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../plugin/world/sim/index.js'
import { root } from './support/cli.js'

const run = promisify(execFile)
const rules = loadRules()
const fixtures = path.join(root, 'test/fixtures/public-api')

/** Type-checks one fixture in a directory of its own, where `mineflayer-cedar` resolves to the package's entry. */
async function typeCheck(dir: string, file: string): Promise<{ code: number; output: string }> {
  await copyFile(path.join(fixtures, file), path.join(dir, file))
  const config = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      resolveJsonModule: true,
      types: ['node'],
      typeRoots: [path.join(root, 'node_modules/@types')],
      paths: {
        'mineflayer-cedar': [path.join(root, 'index.ts')],
        mineflayer: [path.join(root, 'node_modules/mineflayer')],
      },
    },
    files: [file],
  }
  const project = path.join(dir, `${file}.tsconfig.json`)
  await writeFile(project, JSON.stringify(config))
  try {
    const { stdout } = await run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', project])
    return { code: 0, output: stdout }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string }
    return { code: failed.code ?? -1, output: failed.stdout ?? '' }
  }
}

describe('the public entry', () => {
  let dir: string
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cedar-consumer-'))
  })
  after(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  test('a script importing only the package names the result of agent.do and catches each error class', async () => {
    const { code, output } = await typeCheck(dir, 'consumer.ts')
    assert.equal(code, 0, output)
  })

  test('the classes behind bot.cedar and its reports (agent.core, a DFA, a composition) are not part of its type', async () => {
    const { code, output } = await typeCheck(dir, 'hidden.ts')
    assert.notEqual(code, 0)
    const missing = [...output.matchAll(/error TS2339: Property '(\w+)' does not exist/g)].map((m) => m[1])
    assert.deepEqual(missing, ['core', 'runner', 'commit', 'composition', 'dfa', 'record', 'dfa'], output)
  })

  test("a run's report and progress as the package gives them are plain data: JSON keeps every field", async () => {
    const agent = new CedarAgent({
      rules,
      grounding: offlineGrounding(),
      library: new MemoryLibrary(),
      biomes: SIM_BIOMES,
    })
    const progress: DoProgress[] = []
    const internal = await agent.do('collect 3 coal but mine minerals only at night', new SimWorld({ seed: 2 }), {
      onProgress: (p) => progress.push(publicProgress(p)),
    })
    const report = publicReport(internal)
    assert.equal(report.result?.outcome, 'goal')
    assert.deepEqual(JSON.parse(JSON.stringify(report)), report)
    assert.deepEqual(JSON.parse(JSON.stringify(progress)), progress)
    // The summaries say what a player and the console need: sizes, teachers, and each automaton as stored.
    const plan = report.plan
    assert.ok(plan && plan.productStates === parseDfaJson(plan.automaton).stateCount)
    assert.deepEqual(
      report.skills.map((s) => s.name),
      internal.skills.map((s) => s.name),
    )
    assert.ok(report.constraints.every((c) => c.states === parseDfaJson(c.automaton).stateCount && c.teacher))
    assert.ok(progress.some((p) => p.type === 'composed') && progress.some((p) => p.type === 'skill'))
  })

  test('every error class the package exports is a CedarError, so one instanceof tells a mistake from a bug', () => {
    const isErrorClass = (value: unknown): value is typeof Error =>
      typeof value === 'function' && value.prototype instanceof Error
    const errors = Object.entries(cedar).flatMap(([name, value]) =>
      isErrorClass(value) ? [[name, value] as const] : [],
    )
    assert.ok(errors.length >= 20, errors.map(([name]) => name).join(', '))
    for (const [name, ErrorClass] of errors) {
      assert.ok(ErrorClass === cedar.CedarError || ErrorClass.prototype instanceof cedar.CedarError, name)
    }
    const thrown = new cedar.LawError('cannot read the law')
    assert.ok(thrown instanceof cedar.CedarError && thrown instanceof Error)
    assert.equal(thrown.name, 'LawError')
  })
})
