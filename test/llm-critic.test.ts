// LogicGuard's LLM critic with the real LlmClient against an OpenAI-compatible server on 127.0.0.1.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type ChatRequest, type FakeOpenAi, lastUser, startFakeOpenAi } from '../bench/fake-openai.js'
import { LlmCritic, LlmCriticError } from '../plugin/agent/critic/llm-critic.js'
import type { CriticContext, OverConstrainedState, Trajectory, TrajectoryStep } from '../plugin/agent/critic/types.js'
import { validateProposals } from '../plugin/agent/critic/validator.js'
import { LlmClient, LlmUnavailableError } from '../plugin/llm/llm-client.js'

const FAILED_MINE: TrajectoryStep = {
  state: ['equipped.wooden_pickaxe', 'sees.iron_ore'],
  action: 'mine.iron_ore',
  ok: false,
  error: 'missing_tool: iron_ore needs a stone pickaxe',
}

/** A run where the agent tried iron ore with a wooden pickaxe. */
const run: Trajectory = {
  id: 'run-1',
  task: 'mine iron ore',
  startedAt: '2025-01-01T00:00:00.000Z',
  success: false,
  steps: [
    { state: ['has.logs'], action: 'craft.planks', ok: true },
    { state: ['has.planks.3', 'has.stick.2', 'near.crafting_table'], action: 'craft.wooden_pickaxe', ok: true },
    { state: ['has.wooden_pickaxe'], action: 'equip.wooden_pickaxe', ok: true },
    FAILED_MINE,
  ],
}

const context: CriticContext = {
  task: 'mine iron ore',
  laws: [
    {
      id: 'S1',
      text: 'G(has.planks.3 & near.crafting_table -> X craft.wooden_pickaxe)',
      kind: 'soft',
      source: 'builtin',
    },
    { id: 'L1', text: 'G(sees.iron_ore & equipped.stone_pickaxe -> X mine.iron_ore)', kind: 'soft', source: 'user' },
    { id: 'L2', text: 'G(equipped.wooden_pickaxe -> X !explore.any)', kind: 'soft', source: 'user' },
  ],
  actions: [
    'craft.planks',
    'craft.stick',
    'craft.wooden_pickaxe',
    'craft.stone_pickaxe',
    'equip.wooden_pickaxe',
    'mine.stone',
    'mine.iron_ore',
    'explore.any',
  ],
  predicates: [
    'has.logs',
    'has.planks.3',
    'has.stick.2',
    'has.wooden_pickaxe',
    'near.crafting_table',
    'equipped.wooden_pickaxe',
    'sees.iron_ore',
  ],
}

const VALID = 'G(equipped.wooden_pickaxe & sees.iron_ore -> X !mine.iron_ore)'
const MALFORMED = 'G(has.planks.3 -> X(craft.stick'
const UNKNOWN = 'G(obs_is_happy -> X craft.stick)'

const goodReply = JSON.stringify({
  efficiency_laws: [
    { formula: MALFORMED, explanation: 'sticks after planks' },
    { formula: UNKNOWN, explanation: 'a happy agent crafts' },
    { formula: '   ', explanation: 'an empty law' },
    { formula: `G(${'has.logs & '.repeat(50)}has.logs -> X craft.planks)`, explanation: 'far too long' },
  ],
  inefficiency_laws: [{ formula: `  ${VALID} `, explanation: '  iron ore needs a stone pickaxe, not a wooden one  ' }],
})

describe('LLM critic', () => {
  let server: FakeOpenAi
  const client = (options: Partial<ConstructorParameters<typeof LlmClient>[0]> = {}) =>
    new LlmClient({ baseURL: server.baseURL, model: 'critic-model', backoffMs: 5, ...options })

  before(async () => {
    server = await startFakeOpenAi()
  })
  after(async () => {
    await server?.close()
  })

  test('proposes soft laws from the reply; the validator keeps only the one that parses and names known symbols', async () => {
    server.onChat = () => goodReply
    const proposals = await new LlmCritic(client()).propose([run], context)
    assert.deepEqual(
      proposals.map((p) => [p.formula, p.kind, p.origin]),
      [
        [MALFORMED, 'soft', 'llm:efficiency'],
        [UNKNOWN, 'soft', 'llm:efficiency'],
        [VALID, 'soft', 'llm:inefficiency'],
      ],
      'the empty and the over-long formulas are dropped, the others trimmed',
    )
    assert.equal(proposals[2]?.explanation, 'iron ore needs a stone pickaxe, not a wooden one')

    const { accepted, rejected } = validateProposals(proposals, { ...context, trajectories: [run] })
    assert.deepEqual(
      accepted.map((p) => p.formula),
      [VALID],
    )
    assert.equal(rejected.length, 2)
    assert.match(rejected.find((p) => p.formula === MALFORMED)?.reason ?? '', /^does not parse/)
    assert.match(rejected.find((p) => p.formula === UNKNOWN)?.reason ?? '', /^names unknown proposition obs_is_happy/)
  })

  test("the prompt names our actions, predicates, the laws in force and the run's failed step", async () => {
    server.onChat = () => goodReply
    await new LlmCritic(client()).propose([run], context)
    const request = server.chats.at(-1) as ChatRequest
    assert.equal(request.model, 'critic-model')
    assert.equal(request.response_format?.type, 'json_object')
    const prompt = lastUser(request)
    for (const symbol of [...context.actions, ...context.predicates]) assert.ok(prompt.includes(symbol), symbol)
    for (const law of context.laws) assert.ok(prompt.includes(`${law.id} `) && prompt.includes(law.text), law.id)
    assert.ok(prompt.includes('GOAL OF AGENT: mine iron ore'))
    assert.ok(
      prompt.includes(
        '3: {equipped.wooden_pickaxe, sees.iron_ore} mine.iron_ore FAILED: missing_tool: iron_ore needs a stone pickaxe',
      ),
    )
    assert.ok(prompt.includes('0: {has.logs} craft.planks ok'))
    assert.ok(prompt.includes('"efficiency_laws"') && prompt.includes('"inefficiency_laws"'))
  })

  test('a long run is cut to its failure with the steps around it, then the latest steps', async () => {
    server.onChat = () => goodReply
    const steps: TrajectoryStep[] = Array.from({ length: 100 }, (_, i) =>
      i === 20 ? FAILED_MINE : { state: ['has.logs'], action: 'craft.planks', ok: true },
    )
    await new LlmCritic(client(), { maxTrajectorySteps: 10 }).propose([{ ...run, steps }], context)
    const lines = lastUser(server.chats.at(-1) as ChatRequest).split('\n')
    const shown = lines.flatMap((line) => /^(\d+): \{/.exec(line)?.[1] ?? []).map(Number)
    assert.deepEqual(shown, [19, 20, 21, 93, 94, 95, 96, 97, 98, 99])
    assert.ok(lines.includes('... 19 steps left out'))
    assert.ok(lines.includes('... 71 steps left out'))
  })

  test('only the most recent runs are shown step by step', async () => {
    server.onChat = () => goodReply
    const runs = ['a', 'b', 'c', 'd'].map((id) => ({ ...run, id }))
    await new LlmCritic(client(), { maxTrajectories: 2 }).propose(runs, context)
    const prompt = lastUser(server.chats.at(-1) as ChatRequest)
    assert.deepEqual(
      [...prompt.matchAll(/^Trajectory (\w+) /gm)].map((m) => m[1]),
      ['c', 'd'],
    )
    assert.ok(prompt.includes('missing_tool: iron_ore needs a stone pickaxe (4 times)'), 'failures of every run count')
  })

  test('garbage twice is an LlmCriticError after exactly two requests', async () => {
    const before = server.chats.length
    server.onChat = () => 'Sure! Here are some laws: G(a -> X b)'
    await assert.rejects(new LlmCritic(client()).propose([run], context), (error: unknown) => {
      assert.ok(error instanceof LlmCriticError)
      assert.match(error.message, /^the critic's reply was not \{"efficiency_laws": .*\}, twice \(last: not JSON/)
      return true
    })
    assert.equal(server.chats.length - before, 2)
    assert.match(lastUser(server.chats.at(-1) as ChatRequest), /previous reply was not valid \(not JSON/)
  })

  test('garbage, or the wrong shape, then a good reply: the good reply is used', async () => {
    for (const bad of ['not json at all', JSON.stringify({ laws: [VALID] })]) {
      const first = server.chats.length
      server.onChat = (_request, index) => (index === first ? bad : goodReply)
      const proposals = await new LlmCritic(client()).propose([run], context)
      assert.equal(proposals.length, 3)
      assert.equal(server.chats.length - first, 2)
    }
  })

  test('a spent request budget means no proposals and no request', async () => {
    const before = server.chats.length
    const proposals = await new LlmCritic(client({ maxRequests: 0 })).propose([run], context)
    assert.deepEqual(proposals, [])
    assert.equal(server.chats.length, before)
  })

  test('relax() returns changes to the laws that blocked the action, and drops changes to any other law', async () => {
    const state: OverConstrainedState = {
      state: ['equipped.wooden_pickaxe', 'sees.iron_ore'],
      action: 'mine.iron_ore',
      blockedBy: ['L1', 'L2'],
      blame: { 'mine.iron_ore': ['L1'], 'explore.any': ['L2'] },
      at: '2025-01-01T00:00:10.000Z',
    }
    server.onChat = () =>
      JSON.stringify({
        changes: [
          { law: 'L1', action: 'delete', explanation: 'mining iron with a wooden pickaxe cannot work' },
          { law: 'S1', action: 'delete', explanation: 'not involved' },
          { law: 'L7', action: 'replace', formula: 'G(true)', explanation: 'no such law' },
          { law: 'L2', action: 'replace', formula: 'G(has.stone_pickaxe -> X !explore.any)', explanation: 'narrower' },
        ],
      })
    const relaxations = await new LlmCritic(client()).relax(state, context)
    assert.deepEqual(relaxations, [
      {
        lawId: 'L1',
        change: { type: 'delete' },
        explanation: 'mining iron with a wooden pickaxe cannot work',
        origin: 'llm',
      },
      {
        lawId: 'L2',
        change: { type: 'replace', formula: 'G(has.stone_pickaxe -> X !explore.any)' },
        explanation: 'narrower',
        origin: 'llm',
      },
    ])
    const prompt = lastUser(server.chats.at(-1) as ChatRequest)
    assert.ok(prompt.includes('{equipped.wooden_pickaxe, sees.iron_ore}'))
    assert.ok(prompt.includes('Action the agent tried: mine.iron_ore'))
    assert.ok(prompt.includes('L1 (soft, from user): G(sees.iron_ore & equipped.stone_pickaxe -> X mine.iron_ore)'))
    assert.ok(prompt.includes('"changes"'))
    assert.ok(prompt.includes('  - mine.iron_ore: L1\n  - explore.any: L2'), 'which law blocked which action')
  })

  test('an unreachable endpoint is reported as LlmUnavailableError', async () => {
    const unreachable = new LlmClient({ baseURL: 'http://127.0.0.1:9/v1', model: 'critic-model', maxRetries: 0 })
    await assert.rejects(new LlmCritic(unreachable).propose([run], context), (error: unknown) => {
      assert.ok(error instanceof LlmUnavailableError)
      assert.match(error.message, /cannot reach the LLM at http:\/\/127\.0\.0\.1:9\/v1/)
      return true
    })
  })
})
