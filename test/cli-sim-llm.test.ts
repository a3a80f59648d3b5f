// `cedar sim do --json` against the simulated LLM (bench/simulated-llm.ts) and against an endpoint that fails:
// each learned constraint's DFA, who taught it, why a fallback happened, and what the teaching cost.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { startFakeOpenAi } from '../bench/fake-openai.js'
import { startSimulatedLlm } from '../bench/simulated-llm.js'
import { learnConstraint } from '../plugin/agent/constraints/constraint-learning.js'
import { equivalent, parseDfaJson } from '../plugin/automata/index.js'
import type { ConstraintReport } from '../plugin/cli/constraint-report.js'
import { cedar } from './support/cli.js'

const args = ['sim', 'do', 'collect some coal but mine minerals only at night', '--seed', '2', '--json']
interface Run {
  goal: boolean
  llm: { model: string; requests: number; promptTokens: number; completionTokens: number }
  constraints: ConstraintReport[]
}

describe('cedar sim do --json: constraints in the open', () => {
  // A fresh LLM disk cache per run, so every answer is really asked.
  let cacheDir: string
  before(async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-sim-llm-'))
  })
  after(() => rm(cacheDir, { recursive: true, force: true }))

  /** `cedar sim do --json` against the endpoint, as model `model`, with its own LLM cache; the parsed report. */
  const simDo = async (baseURL: string, model: string): Promise<Run> => {
    const env = { OPENAI_BASE_URL: baseURL, CEDAR_MODEL: model, CEDAR_LLM_CACHE: path.join(cacheDir, model) }
    const result = await cedar(args, undefined, env)
    assert.equal(result.code, 0, result.stderr)
    return JSON.parse(result.stdout) as Run
  }

  test('taught by the simulated LLM at 5% noise: its DFA, the teacher, the requests, words and tokens', async () => {
    const llm = await startSimulatedLlm({ noise: 0.05, seed: 1 })
    try {
      const run = await simDo(llm.baseURL, 'simulated')
      assert.equal(run.goal, true)
      const [c] = run.constraints
      assert.ok(c)
      assert.equal(c.teacher, 'llm:simulated')
      assert.equal(c.fallback, null)
      const dfa = parseDfaJson(c.dfa)
      const exact = await learnConstraint(c.phrase, dfa.alphabet.symbols)
      assert.ok(equivalent(dfa, exact.dfa).equivalent, 'the DFA taught is not the phrase’s')
      assert.deepEqual(c.dfa.alphabet, [...c.dfa.alphabet].sort())
      const [cost] = c.costs
      assert.equal(cost?.teacher, 'llm:simulated')
      assert.ok(cost.llmRequests > 0 && cost.llmRequests <= llm.counts.prompts, JSON.stringify([cost, llm.counts]))
      assert.ok(cost.words > 0 && cost.words <= llm.counts.words, `${cost.words} words, ${llm.counts.words} judged`)
      assert.ok(cost.promptTokens > 0 && cost.completionTokens > 0)
    } finally {
      await llm.close()
    }
  })

  test('against an endpoint that fails, the phrase grammar teaches and the report says why', async () => {
    const server = await startFakeOpenAi(() => ({ status: 400, body: { error: { message: 'model not found' } } }))
    try {
      const run = await simDo(server.baseURL, 'missing')
      const [c] = run.constraints
      assert.ok(c)
      assert.match(c.fallback ?? '', /teacher-failed: the LLM at .* answered 400/)
      assert.match(c.teacher, /^phrase \(the LLM could not/)
      // The words went out in requests that failed: they were asked, and count.
      assert.deepEqual(
        c.costs.map((k) => [k.teacher, k.llmRequests > 0, k.words > 0]),
        [
          ['llm:missing', true, true],
          ['phrase', false, true],
        ],
      )
    } finally {
      await server.close()
    }
  })
})

describe('cedar sim do --teacher llm: skills taught by the model', () => {
  let cacheDir: string
  before(async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-sim-skill-llm-'))
  })
  after(() => rm(cacheDir, { recursive: true, force: true }))

  test('the simulated LLM at 5% teaches the wooden pickaxe skill, and the run gets one', async () => {
    const llm = await startSimulatedLlm({ noise: 0.05, seed: 2 })
    try {
      const env = { OPENAI_BASE_URL: llm.baseURL, CEDAR_MODEL: 'simulated', CEDAR_LLM_CACHE: cacheDir }
      const result = await cedar(['sim', 'do', 'craft a wooden pickaxe', '--teacher', 'llm', '--json'], undefined, env)
      assert.equal(result.code, 0, result.stderr)
      const run = JSON.parse(result.stdout) as {
        goal: boolean
        skills: { name: string; path: string; states: number; teacher: string }[]
        steps: { action: string }[]
      }
      assert.equal(run.goal, true)
      assert.deepEqual(
        run.skills.map((s) => [s.name, s.path, s.teacher]),
        [['craft.wooden_pickaxe', 'learned', 'llm:simulated']],
      )
      assert.ok(llm.counts.prompts > 0, 'the model was asked')
      // The model's mistakes left nothing in the skill: it is the recipe book's, and the run does the same acts.
      const book = await cedar(['sim', 'do', 'craft a wooden pickaxe', '--teacher', 'recipe', '--json'], undefined, env)
      assert.equal(book.code, 0, book.stderr)
      const recipe = JSON.parse(book.stdout) as typeof run
      assert.equal(run.skills[0]?.states, recipe.skills[0]?.states, JSON.stringify([run.skills, recipe.skills]))
      assert.deepEqual(
        run.steps.map((s) => s.action),
        recipe.steps.map((s) => s.action),
      )
      const bad = await cedar(['sim', 'do', 'craft a wooden pickaxe', '--teacher', 'book'])
      assert.equal(bad.code, 1)
      assert.match(bad.stderr, /--teacher must be recipe or llm, not "book"/)
    } finally {
      await llm.close()
    }
  })
})
