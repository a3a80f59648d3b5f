// `cedar sim optimal`, run as a user runs it.

import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { type ChatRequest, startFakeOpenAi, wordsIn } from '../bench/fake-openai.js'
import { PhraseTeacher } from '../plugin/teachers/phrase-teacher.js'
import { parsePrimitive } from '../plugin/vocabulary/symbols.js'
import { SimWorld } from '../plugin/world/sim/index.js'
import { cedar } from './support/cli.js'

describe('cedar sim optimal', () => {
  test('prints the shortest plan to a diamond as JSON, and it works in a fresh world', async () => {
    const result = await cedar(['sim', 'optimal', 'diamond', '--json'])
    assert.equal(result.code, 0, result.stderr)
    const plan = JSON.parse(result.stdout) as { item: string; length: number; plan: string[] }
    assert.deepEqual(Object.keys(plan), ['item', 'length', 'plan'])
    assert.equal(plan.item, 'diamond')
    assert.equal(plan.length, plan.plan.length)
    assert.ok(plan.length > 30 && plan.length < 50, `${plan.length} steps`)
    assert.equal(plan.plan.at(-1), 'mine.diamond_ore')
    const world = new SimWorld({ pathFailureRate: 0 })
    for (const symbol of plan.plan) {
      const primitive = parsePrimitive(symbol)
      assert.ok(primitive, symbol)
      const outcome = world.actNow(primitive)
      assert.ok(outcome.ok, `${symbol}: ${outcome.ok ? '' : outcome.message}`)
    }
    assert.equal(world.state.inventory.diamond, 1)
  })

  test('prints one symbol a line and the length; --seed and --biome pick the world', async () => {
    const result = await cedar(['sim', 'optimal', 'wooden_pickaxe', '--seed', '3', '--biome', 'desert'])
    assert.equal(result.code, 0, result.stderr)
    const lines = result.stdout.trimEnd().split('\n')
    assert.equal(lines[0], 'explore.logs')
    assert.equal(lines.at(-2), 'craft.wooden_pickaxe')
    assert.equal(lines.at(-1), `${lines.length - 1} steps to wooden_pickaxe (seed 3, start desert)`)
  })

  test('an unknown item or biome is named, with the nearest real name', async () => {
    const typo = await cedar(['sim', 'optimal', 'diamnd'])
    assert.equal(typo.code, 1)
    assert.equal(typo.stderr, 'cedar: unknown item diamnd; did you mean diamond?\n')
    const json = await cedar(['sim', 'optimal', 'elytra', '--json'])
    assert.equal(json.code, 1)
    assert.deepEqual(JSON.parse(json.stdout), { error: "elytra cannot be obtained in the Sim's world" })
    const biome = await cedar(['sim', 'optimal', 'stick', '--biome', 'desrt'])
    assert.equal(biome.stderr, 'cedar: unknown biome desrt; did you mean desert?\n')
  })
})

describe('cedar sim do', () => {
  test('runs an instruction with a constraint and prints the trace as JSON', async () => {
    const result = await cedar([
      'sim',
      'do',
      'collect some coal but mine minerals only at night',
      '--seed',
      '2',
      '--json',
    ])
    assert.equal(result.code, 0, result.stderr)
    const run = JSON.parse(result.stdout) as {
      goal: boolean
      outcome: string
      teacherQueries: number
      skills: { name: string; path: string }[]
      constraints: { phrase: string; ltl: string | null }[]
      steps: { tick: number; action: string; ok: boolean; night: boolean; biome: string | null; blocked_by: null }[]
    }
    assert.equal(run.goal, true)
    assert.deepEqual(
      run.skills.map((s) => s.name),
      ['craft.wooden_pickaxe', 'mine.coal_ore'],
    )
    assert.deepEqual(
      run.constraints.map((c) => c.phrase),
      ['mine minerals only at night'],
    )
    assert.ok(run.teacherQueries > 0)
    const ore = run.steps.filter((s) => s.ok && s.action === 'mine.coal_ore')
    assert.ok(ore.length > 0 && ore.every((s) => s.night), JSON.stringify(ore))
    assert.deepEqual(Object.keys(run.steps[0] ?? {}), [
      'tick',
      'action',
      'ok',
      'night',
      'biome',
      'blocked_by',
      'dfa',
      'events',
    ])
  })

  test('--no-bed with "sleep at night": the bed is made first, and the text and JSON say so', async () => {
    const json = await cedar(['sim', 'do', 'collect a diamond but sleep at night', '--no-bed', '--seed', '1', '--json'])
    assert.equal(json.code, 0, json.stderr)
    const run = JSON.parse(json.stdout) as {
      goal: boolean
      needs: { item: string; action: string; constraint: string; instruction: string; outcome: string }[]
      steps: { tick: number; action: string; ok: boolean; night: boolean }[]
    }
    assert.equal(run.goal, true)
    assert.deepEqual(run.needs, [
      {
        item: 'white_bed',
        action: 'sleep.bed',
        constraint: 'sleep at night',
        instruction: 'collect a white bed; sleep at night',
        outcome: 'goal',
      },
    ])
    const bed = run.steps.find((s) => s.ok && s.action === 'craft.white_bed')
    assert.ok(bed && bed.tick < 13_000, `the bed is made before the first night (${bed?.tick})`)
    assert.ok(run.steps.some((s) => s.ok && s.action === 'sleep.bed'))
    const text = await cedar(['sim', 'do', 'collect a diamond but sleep at night', '--no-bed', '--seed', '1'])
    assert.match(text.stdout, /first, for sleep\.bed \("sleep at night"\): "collect a white bed; sleep at night": goal/)
  })

  test('a conflict is refused before anything runs; bad flags are errors', async () => {
    const refused = await cedar(['sim', 'do', 'collect coal but never mine coal ore'])
    assert.equal(refused.code, 1, refused.stdout)
    assert.match(
      refused.stderr,
      /^cedar: refused: .*conflicts with "never mine coal ore": no way to do it that keeps it\n$/,
    )
    const bad = await cedar(['sim', 'do', 'collect coal', '--days', '-1'])
    assert.equal(bad.code, 1)
    assert.equal(bad.stderr, 'cedar: --days must be a positive number, not "-1"\n')
  })
})

describe('cedar sim do keeps the laws a bot keeps', () => {
  interface Run {
    goal: boolean
    outcome: string
    message: string
    laws: { id: string; kind: string; text: string }[]
    steps: { action: string; ok: boolean; blocked_by: string | null }[]
  }

  test('a --law forbidding a step of the plan: the step names the law in blocked_by, and the run says why it failed', async () => {
    const result = await cedar(['sim', 'do', 'collect some coal', '--seed', '2', '--law', 'G !craft.stick', '--json'])
    assert.equal(result.code, 0, result.stderr)
    const run = JSON.parse(result.stdout) as Run
    // The bot's default law set is there too (vanilla-hard: LogicGuard's with vanilla's pickaxes), then the extra law.
    assert.deepEqual(
      run.laws.map((l) => l.id),
      [...Array.from({ length: 20 }, (_, i) => `V${i + 1}`), 'L1'],
    )
    assert.deepEqual(run.laws.at(-1), { id: 'L1', kind: 'hard', text: 'G !craft.stick' })
    const blocked = run.steps.filter((s) => s.blocked_by !== null)
    assert.ok(blocked.length > 0, JSON.stringify(run.steps))
    for (const step of blocked) {
      assert.equal(step.action, 'craft.stick')
      assert.equal(step.ok, false)
      assert.equal(step.blocked_by, 'L1 (hard) G !craft.stick')
    }
    assert.ok(!run.steps.some((s) => s.ok && s.action === 'craft.stick'), 'the law held')
    assert.equal(run.goal, false)
    assert.equal(run.outcome, 'blocked')
    assert.match(run.message, /craft\.stick blocked by L1 \(hard\) G !craft\.stick/)
  })

  test('the default laws do not stand in the way of an ordinary plan; --no-laws leaves them out; a bad law is named', async () => {
    const lawful = await cedar(['sim', 'do', 'craft a wooden pickaxe', '--seed', '2', '--json'])
    assert.equal(lawful.code, 0, lawful.stderr)
    const run = JSON.parse(lawful.stdout) as Run
    assert.equal(run.goal, true, run.message)
    assert.equal(run.laws.length, 20)
    assert.ok(run.steps.every((s) => s.blocked_by === null))
    const bare = JSON.parse(
      (await cedar(['sim', 'do', 'craft a wooden pickaxe', '--seed', '2', '--no-laws', '--json'])).stdout,
    ) as Run
    assert.deepEqual(bare.laws, [])
    const typo = await cedar(['sim', 'do', 'collect some coal', '--law', 'G !craft.stik'])
    assert.equal(typo.code, 1)
    assert.equal(
      typo.stderr,
      'cedar: the law "G !craft.stik": unknown craft object "stik" in craft.stik; did you mean craft.stick?\n',
    )
  })
})

describe('cedar sim do with an LLM', () => {
  /** A model that knows what "mine minerals only at night" means: it answers from the phrase grammar. */
  const knowing = (request: ChatRequest): string => {
    if (!/^You judge sequences/.test(request.messages[0]?.content ?? '')) return '{}'
    const words = wordsIn(request)
    const alphabet = [...new Set(['time.day', 'time.night', ...words.flat()])]
    const phrase = new PhraseTeacher('mine minerals only at night', alphabet)
    return JSON.stringify({ answers: words.map((w) => phrase.accepts(w)) })
  }

  test('the model teaches the constraint; its replies are data, and the run keeps the constraint', async () => {
    const server = await startFakeOpenAi(knowing)
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-sim-llm-'))
    try {
      const env = { OPENAI_BASE_URL: server.baseURL, CEDAR_LLM_CACHE: cacheDir, CEDAR_MODEL: 'judge' }
      const args = ['sim', 'do', 'collect some coal but mine minerals only at night', '--seed', '2', '--json']
      const result = await cedar(args, undefined, env)
      assert.equal(result.code, 0, result.stderr)
      const run = JSON.parse(result.stdout) as {
        goal: boolean
        llm: { model: string; requests: number }
        constraints: { teacher: string }[]
        steps: { action: string; ok: boolean; night: boolean }[]
      }
      assert.equal(run.goal, true)
      assert.deepEqual(
        run.constraints.map((c) => c.teacher),
        ['llm:judge'],
      )
      assert.ok(run.llm.requests > 0)
      assert.ok(server.chats.some((c) => /^You judge sequences/.test(c.messages[0]?.content ?? '')))
      const ore = run.steps.filter((s) => s.ok && s.action === 'mine.coal_ore')
      assert.ok(ore.length > 0 && ore.every((s) => s.night))
    } finally {
      await server.close()
      await rm(cacheDir, { recursive: true, force: true })
    }
  })

  test('with CEDAR_EMBED_MODEL set, grounding retrieves by embeddings (the model is asked for them)', async () => {
    const server = await startFakeOpenAi(knowing)
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-sim-llm-'))
    try {
      const env = { OPENAI_BASE_URL: server.baseURL, CEDAR_LLM_CACHE: cacheDir, CEDAR_EMBED_MODEL: 'embedder' }
      const result = await cedar(['sim', 'do', 'craft a wooden pickaxe', '--seed', '2', '--json'], undefined, env)
      assert.equal(result.code, 0, result.stderr)
      assert.ok(server.embeddings.length > 0, 'no embedding request')
      assert.ok(server.embeddings.every((e) => e.model === 'embedder'))
      assert.ok(server.embeddings.some((e) => e.input.some((text) => /pickaxe/.test(text))))
    } finally {
      await server.close()
      await rm(cacheDir, { recursive: true, force: true })
    }
  })

  test('a model that answers garbage is replaced by the phrase grammar, and the report says so', async () => {
    const server = await startFakeOpenAi(() => 'sure, whatever you like')
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-sim-llm-'))
    try {
      const env = { OPENAI_BASE_URL: server.baseURL, CEDAR_LLM_CACHE: cacheDir }
      const args = ['sim', 'do', 'collect some coal but mine minerals only at night', '--seed', '2', '--json']
      const result = await cedar(args, undefined, env)
      assert.equal(result.code, 0, result.stderr)
      const run = JSON.parse(result.stdout) as { goal: boolean; constraints: { teacher: string }[] }
      assert.equal(run.goal, true)
      assert.match(run.constraints[0]?.teacher ?? '', /^phrase \(the LLM could not: .*not \{"answers"/)
    } finally {
      await server.close()
      await rm(cacheDir, { recursive: true, force: true })
    }
  })
})
