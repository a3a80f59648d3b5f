// `cedar symbols` and `cedar alphabet`, run as a user runs them.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { lastUser, startFakeOpenAi } from '../bench/fake-openai.js'
import { cedar } from './support/cli.js'

describe('cedar symbols', () => {
  test('prints the counts per kind', async () => {
    const result = await cedar(['symbols'])
    assert.equal(result.code, 0, result.stderr)
    const lines = result.stdout.trimEnd().split('\n')
    const total = Number(
      /^(\d+) symbols for Minecraft 1\.21\.4: \d+ actions, \d+ event predicates$/.exec(lines[0] ?? '')?.[1],
    )
    assert.ok(total >= 1400, lines[0])
    const counts = lines.slice(1).map((line) => /^ {2}([a-z]+) +(\d+)$/.exec(line))
    assert.ok(
      counts.every((m) => m !== null),
      result.stdout,
    )
    assert.equal(
      counts.reduce((sum, m) => sum + Number(m?.[2]), 0),
      total,
    )
    for (const kind of ['mine', 'craft', 'has', 'biome', 'time'])
      assert.ok(
        counts.some((m) => m?.[1] === kind),
        kind,
      )
  })

  test('--json counts; --search lists the best matches with descriptions and bindings', async () => {
    const plain = await cedar(['symbols', '--json'])
    assert.equal(plain.code, 0, plain.stderr)
    const summary = JSON.parse(plain.stdout) as {
      total: number
      actions: number
      predicates: number
      counts: Record<string, number>
    }
    assert.equal(summary.actions + summary.predicates, summary.total)
    assert.equal(
      Object.values(summary.counts).reduce((a, b) => a + b, 0),
      summary.total,
    )
    const search = await cedar(['symbols', '--search', 'sleep at night', '--limit', '2', '--json'])
    assert.equal(search.code, 0, search.stderr)
    const found = JSON.parse(search.stdout) as {
      matches: { symbol: string; description: string; binding: { type: string } }[]
    }
    assert.deepEqual(found.matches.map((m) => m.symbol).sort(), ['sleep.bed', 'time.night'])
    assert.ok(found.matches.every((m) => m.description.length > 0))
    assert.equal(found.matches.find((m) => m.symbol === 'sleep.bed')?.binding.type, 'primitive')
    const text = await cedar(['symbols', '--search', 'diamond ore'])
    assert.equal(text.code, 0, text.stderr)
    assert.match(text.stdout, /^mine\.diamond_ore +mine diamond ore \(/m)
  })

  test('an unknown version is an error', async () => {
    const result = await cedar(['symbols', '--mc-version', '9.9'])
    assert.equal(result.code, 1)
    assert.equal(result.stderr, 'cedar: minecraft-data has no data for Minecraft 9.9\n')
  })
})

describe('cedar alphabet', () => {
  test('--json splits the instruction and prints each part’s alphabet', async () => {
    const result = await cedar(['alphabet', 'collect diamonds but sleep at night', '--json'])
    assert.equal(result.code, 0, result.stderr)
    const grounded = JSON.parse(result.stdout) as {
      goals: { text: string; alphabet: string[] }[]
      constraints: { text: string; alphabet: string[] }[]
    }
    assert.deepEqual(Object.keys(grounded), ['goals', 'constraints', 'grounding'])
    assert.deepEqual((grounded as unknown as { grounding: unknown }).grounding, { by: 'offline' })
    assert.deepEqual(
      grounded.goals.map((g) => g.text),
      ['collect diamonds'],
    )
    assert.ok(grounded.goals[0]?.alphabet.includes('mine.diamond_ore'))
    assert.ok(grounded.goals[0]?.alphabet.includes('has.diamond.1'))
    assert.deepEqual(grounded.constraints, [
      { text: 'sleep at night', alphabet: ['sleep.bed', 'time.day', 'time.night'] },
    ])
  })

  test('prints one line per part and its symbols; the words may come unquoted', async () => {
    const result = await cedar([
      'alphabet',
      'explore',
      'the',
      'world',
      'but',
      'stay',
      'in',
      'the',
      'windswept',
      'forest',
    ])
    assert.equal(result.code, 0, result.stderr)
    assert.equal(
      result.stdout,
      'goal: explore the world\n  explore.any\nconstraint: stay in the windswept forest\n  biome.windswept_forest\n',
    )
  })

  test('with OPENAI_BASE_URL set, the model splits and prunes; invented symbols are dropped and reported', async () => {
    const server = await startFakeOpenAi((request) =>
      /Split a Minecraft instruction/.test(request.messages[0]?.content ?? '')
        ? JSON.stringify({ goals: ['get some iron'], constraints: ['never go in water'] })
        : lastUser(request).includes('a task')
          ? JSON.stringify({ alphabet: ['mine.iron_ore', 'has.raw_iron.1', 'summon.iron_golem'] })
          : JSON.stringify({ alphabet: ['not a symbol'] }),
    )
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-cli-llm-'))
    try {
      const env = { OPENAI_BASE_URL: server.baseURL, CEDAR_LLM_CACHE: cacheDir, CEDAR_MODEL: 'small-model' }
      const result = await cedar(['alphabet', 'get some iron but never go in water', '--json'], undefined, env)
      assert.equal(result.code, 0, result.stderr)
      const grounded = JSON.parse(result.stdout) as {
        goals: { text: string; alphabet: string[] }[]
        constraints: { text: string; alphabet: string[] }[]
        grounding: { by: string; model: string; requests: number; rejectedSymbols: string[] }
      }
      assert.deepEqual(grounded.goals, [{ text: 'get some iron', alphabet: ['mine.iron_ore', 'has.raw_iron.1'] }])
      assert.deepEqual(
        grounded.constraints.map((c) => c.text),
        ['never go in water'],
      )
      assert.equal(grounded.grounding.by, 'llm')
      assert.equal(grounded.grounding.model, 'small-model')
      assert.deepEqual(grounded.grounding.rejectedSymbols.sort(), ['not a symbol', 'summon.iron_golem'])
      assert.ok(server.chats.every((c) => c.model === 'small-model'))
      // The same instruction again is answered from the disk cache: no new request reaches the endpoint.
      const asked = server.chats.length
      const again = await cedar(['alphabet', 'get some iron but never go in water'], undefined, env)
      assert.equal(again.code, 0, again.stderr)
      assert.match(again.stdout, /^goal: get some iron\n {2}mine\.iron_ore has\.raw_iron\.1\n/)
      assert.match(again.stdout, /\(grounded by small-model: 0 requests\)\n$/)
      assert.equal(server.chats.length, asked)
      // --offline never asks.
      const offline = await cedar(['alphabet', '--offline', 'get some iron'], undefined, env)
      assert.equal(offline.code, 0, offline.stderr)
      assert.equal(server.chats.length, asked)
      assert.doesNotMatch(offline.stdout, /grounded by/)
    } finally {
      await server.close()
      await rm(cacheDir, { recursive: true, force: true })
    }
  })

  test('an unreachable LLM endpoint: grounded offline, as the bot would, and the reason names the LLM', async () => {
    const result = await cedar(['alphabet', 'get some iron'], undefined, { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stdout, /^goal: get some iron\n {2}.*mine\.iron_ore/)
    assert.match(result.stdout, /\(grounded offline: cannot reach the LLM at http:\/\/127\.0\.0\.1:9\/v1.*\)\n$/)
    assert.doesNotMatch(result.stdout, /grounded by/)
  })

  test('an empty instruction is an error', async () => {
    const result = await cedar(['alphabet', ' ', '--json'])
    assert.equal(result.code, 1)
    assert.deepEqual(JSON.parse(result.stdout), { error: 'the instruction is empty' })
  })
})
