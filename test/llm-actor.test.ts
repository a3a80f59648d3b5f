// The LLM actor (LogicGuard's actor with InnerMonologue feedback) over loopback, through the real `openai` client: a
// garbage reply gets a clear reason and the fallback, never runs; under the shield a blocked pick is not executed,
// the model is told which law blocked it, and the run still reaches its goal through the model's picks.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type SimulatedActor, startSimulatedActorLlm } from '../bench/simulated-actor-llm.js'
import { llmChooser } from '../plugin/agent/actor/controller-actor.js'
import { LlmActor, parseActorReply } from '../plugin/agent/actor/llm-actor.js'
import { agentGrounding, createAgent, createLaws } from '../plugin/agent/assembly.js'
import { runController } from '../plugin/agent/controller/index.js'
import { controllerGate } from '../plugin/agent/controller-gate.js'
import { MemoryLibrary } from '../plugin/agent/skills/skill-manager.js'
import { Dfa } from '../plugin/automata/dfa.js'
import { resolveOptions } from '../plugin/config/options.js'
import { LlmClient } from '../plugin/llm/llm-client.js'
import { SimWorld } from '../plugin/world/sim/index.js'
import { cedar } from './support/cli.js'

const ACTIONS = ['mine.logs', 'craft.planks', 'craft.stick']

describe('the LLM actor', () => {
  test('a reply is data: code, prose and an action not offered are refused with the reason; JSON in a fence is read', () => {
    assert.deepEqual(parseActorReply('Code:\n```javascript\nawait mineBlock(bot, "oak_log");\n```', ACTIONS), {
      problem:
        'it answered code ("Code:\\n```javascript\\nawait mineBlock(bot, \\"oak_log\\");\\n```"), which is never run; it must name one action',
    })
    assert.deepEqual(parseActorReply('I would mine logs', ACTIONS), {
      problem: 'it answered "I would mine logs", which is not JSON',
    })
    assert.deepEqual(parseActorReply('{"action": "mine.diamond_ore"}', ACTIONS), {
      problem: 'it chose "mine.diamond_ore", which is not one of the 3 actions offered',
    })
    assert.deepEqual(parseActorReply('{"act": "mine.logs"}', ACTIONS), {
      problem: 'it answered "{\\"act\\": \\"mine.logs\\"}", without a string "action"',
    })
    assert.deepEqual(parseActorReply('```json\n{"thinking": "wood first", "action": " craft.planks "}\n```', ACTIONS), {
      action: 'craft.planks',
      thinking: 'wood first',
    })
  })

  describe('over loopback', () => {
    let model: SimulatedActor
    let garbage = 0
    let insist: string | undefined
    const prompts: string[] = []
    before(async () => {
      model = await startSimulatedActorLlm({
        errorRate: 0,
        garbageRate: 0,
        script: (request, prompt) => {
          prompts.push(request.messages.at(-1)?.content ?? '')
          if (garbage > 0) {
            garbage--
            return 'Thinking: wood.\nCode:\n```javascript\nawait mineBlock(bot, "oak_log");\n```'
          }
          // Insists on one action while it is offered and the critique does not name it.
          return insist !== undefined && prompt.actions.includes(insist) && !prompt.blocked.has(insist)
            ? JSON.stringify({ thinking: 'more wood', action: insist })
            : undefined
        },
      })
    })
    after(() => model.close())

    test('garbage twice: the fallback is taken and the reason is told, naming what the model said', async () => {
      const llm = new LlmClient({ baseURL: model.baseURL, model: 'actor', maxRetries: 0 })
      const problems: string[] = []
      const actor = new LlmActor(llm, { task: 'get a stick', onProblem: (p) => problems.push(p) })
      garbage = 2
      const world = new SimWorld({ seed: 1 })
      const choice = await actor.choose(world.observe(), ACTIONS, 'mine.logs')
      assert.equal(choice.source, 'fallback')
      assert.equal(choice.action, 'mine.logs')
      assert.equal(llm.stats.requests, 2, 'asked again once')
      assert.match(prompts.at(-1) ?? '', /^Your last reply could not be used: it answered code .*, which is never run/m)
      assert.deepEqual(problems, [choice.problem])
      assert.match(
        choice.problem ?? '',
        /^the LLM actor's reply could not be used: it answered code \(.*mineBlock.*\), which is never run; it must name one action; took mine\.logs instead$/,
      )
      assert.deepEqual(actor.counts, { choices: 1, picked: 0, fallbacks: 1, unusable: 2 })
    })

    test('an unreachable model: the fallback, with the reason', async () => {
      const llm = new LlmClient({ baseURL: 'http://127.0.0.1:9/v1', model: 'actor', maxRetries: 0, timeoutMs: 5000 })
      const actor = new LlmActor(llm, { task: 'get a stick' })
      const choice = await actor.choose(new SimWorld({ seed: 1 }).observe(), ACTIONS, () => 'craft.planks')
      assert.equal(choice.action, 'craft.planks')
      assert.match(
        choice.problem ?? '',
        /^the LLM actor could not be asked \(cannot reach the LLM at http:\/\/127\.0\.0\.1:9\/v1/,
      )
    })

    test('`actor: llm` runs !do by the model’s picks under the shield: a blocked pick is not executed', async () => {
      const cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-llm-actor-'))
      const settings = resolveOptions({ llm: { baseURL: model.baseURL, model: 'actor', cacheDir } }, {}).llm
      const agent = createAgent(agentGrounding(settings), new MemoryLibrary(), { actor: 'llm' })
      const world = new SimWorld({ seed: 3, startInventory: { oak_log: 3 } })
      const laws = createLaws({ lawSets: [] })
      // Never true to mine logs here (three logs make every plank the pickaxe needs); the model insists on it anyway.
      laws.add('G(!has.diamond -> X !mine.logs)')
      prompts.length = 0
      insist = 'mine.logs'
      garbage = 1 // one garbage reply on the way: asked again, the run goes on
      try {
        const report = await agent.do('craft a wooden pickaxe', world, {
          gate: controllerGate(laws.shield, { commits: true }),
          clock: () => world.ticks,
        })
        const steps = report.result?.steps ?? []
        const blocked = steps.find((s) => s.action === 'mine.logs' && s.blockedBy !== undefined)
        assert.ok(blocked, `the model's mine.logs reached the gate (${steps.map((s) => s.action).join(', ')})`)
        assert.equal(blocked.blockedBy, 'L1 (hard) G(!has.diamond -> X !mine.logs)')
        const mined = (report.result?.trace ?? []).filter((t) => t.action === 'mine.logs')
        assert.deepEqual(mined, [], 'a blocked pick never ran')
        assert.ok(
          prompts.some((p) =>
            /^Critique: mine\.logs is blocked by L1 \(hard\) G\(!has\.diamond -> X !mine\.logs\)$/m.test(p),
          ),
          'the model was told which law blocked its pick',
        )
        assert.equal(garbage, 0, 'the garbage reply came, and the run went on')
        assert.equal(report.result?.outcome, 'goal', report.result?.message)
        assert.ok(prompts.length >= 4, `every step was the model's to choose (${prompts.length} prompts)`)
      } finally {
        insist = undefined
        await rm(cacheDir, { recursive: true, force: true })
      }
    })
  })

  test('cedar sim do --actor llm: the model picks every act (a quarter of them mistakes), the shield holds, the goal is reached', async () => {
    const model = await startSimulatedActorLlm({ seed: 2 })
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-sim-actor-'))
    try {
      const env = { OPENAI_BASE_URL: model.baseURL, CEDAR_MODEL: 'actor', CEDAR_LLM_CACHE: cacheDir }
      const result = await cedar(
        ['sim', 'do', 'craft a wooden pickaxe', '--seed', '4', '--actor', 'llm', '--json'],
        undefined,
        env,
      )
      assert.equal(result.code, 0, result.stderr)
      const run = JSON.parse(result.stdout) as { goal: boolean; steps: { action: string; ok: boolean }[] }
      assert.equal(run.goal, true, result.stdout)
      assert.ok(
        model.counts.requests >= run.steps.length,
        `${model.counts.requests} requests for ${run.steps.length} steps`,
      )
      const wrong = await cedar(['sim', 'do', 'craft a wooden pickaxe', '--actor', 'robot'], undefined, env)
      assert.equal(wrong.code, 1)
      assert.equal(wrong.stderr.trim(), 'cedar: --actor must be planner or llm, not "robot"')
    } finally {
      await model.close()
      await rm(cacheDir, { recursive: true, force: true })
    }
  })

  test('!stop while the model thinks: the run ends cancelled, nothing acted', async () => {
    // A model that never answers: the request arrives, then the player stops the run.
    const stop = new AbortController()
    const silent = createServer(() => stop.abort())
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = silent.address() as AddressInfo
      const llm = new LlmClient({ baseURL: `http://127.0.0.1:${port}/v1`, model: 'actor', maxRetries: 0 })
      const world = new SimWorld({ seed: 1 })
      const result = await runController({
        world,
        dfa: Dfa.from({ alphabet: ['mine.logs'], initial: 0, accepting: [1], transitions: [[1], [1]] }),
        goal: ['has.logs'],
        signal: stop.signal,
        choose: llmChooser(new LlmActor(llm, { task: 'get a log' })),
      })
      assert.equal(result.outcome, 'cancelled')
      assert.deepEqual(result.trace, [], 'nothing was acted')
    } finally {
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})
