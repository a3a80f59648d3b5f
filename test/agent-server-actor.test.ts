// `actor: 'llm'` on a real server: `!do` runs by the LLM actor's picks (a simulated model on loopback, through the
// real `openai` client), every pick through the shield. The model insists on mining logs; once a player's law
// refuses it (four logs are enough), the dig is not done, the model is told the law, and the run goes on to its goal.
// Its first replies are code: the player hears why they were not used, and the planner's step is taken.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type SimulatedActor, startSimulatedActorLlm } from '../bench/simulated-actor-llm.js'
import { TrajectoryLog } from '../plugin/agent/critic/trajectory-log.js'
import { type CedarSession, countItem, morningWithTwoTrees, openCedarSession } from './harness/index.js'

const RUN_TIMEOUT_MS = 300_000
const END = /^(done|not done|refused|!do failed|I cannot do)/
const LAW = 'G(has.logs.4 -> X !mine.logs)'

describe('the LLM actor on a real server', () => {
  let cedar: CedarSession
  let model: SimulatedActor
  let cacheDir: string
  /** The model mines logs until the critique names the law, then follows its know-how. */
  let insisting = true
  /** Its first two replies are code, as the paper's actor writes it: the planner's step is taken instead. */
  let garbage = 2
  const critiques: string[] = []

  before(async () => {
    model = await startSimulatedActorLlm({
      errorRate: 0,
      garbageRate: 0,
      script: (request, prompt) => {
        const critique = /^Critique: (.*)$/m.exec(request.messages.at(-1)?.content ?? '')?.[1] ?? 'None'
        if (critique !== 'None') critiques.push(critique)
        if (garbage > 0) {
          garbage--
          return 'Code:\n```javascript\nawait mineBlock(bot, "oak_log");\n```'
        }
        if (prompt.blocked.has('mine.logs')) insisting = false
        return insisting && prompt.actions.includes('mine.logs')
          ? JSON.stringify({ thinking: 'wood, more wood', action: 'mine.logs' })
          : undefined
      },
    })
    cacheDir = await mkdtemp(path.join(tmpdir(), 'cedar-actor-llm-'))
    cedar = await openCedarSession({
      cedar: { actor: 'llm', llm: { baseURL: model.baseURL, model: 'actor', cacheDir } },
      scene: morningWithTwoTrees,
    })
  })
  after(async () => {
    await cedar?.close()
    await model?.close()
    await rm(cacheDir, { recursive: true, force: true })
  })

  test('!do get a wooden pickaxe by the model’s picks; the pick the law refuses is not done', {
    timeout: RUN_TIMEOUT_MS,
  }, async () => {
    const added = await cedar.converse(`!ltl add ${LAW}`, /./)
    const id = /^added (L\d+) \(hard\)/.exec(added[0] ?? '')?.[1]
    assert.ok(id, added.join(' | '))
    const lines = await cedar.converse('!do get a wooden pickaxe', END, RUN_TIMEOUT_MS - 10_000)
    const [run] = await new TrajectoryLog(path.join(cedar.worldDir(), 'trajectories')).list()
    const steps = (run?.steps ?? []).map((s) => s.action)
    assert.match(
      lines.at(-1) ?? '',
      /^done in \d+ actions?: done: has\.wooden_pickaxe\.1$/,
      [...lines, ...steps].join('\n'),
    )
    assert.equal(countItem(cedar.bot, 'wooden_pickaxe'), 1)
    assert.ok(
      lines.some((l) =>
        /^the LLM actor's reply could not be used: it answered code \(.*\), which is never run; it must name one action; took \S+ instead$/.test(
          l,
        ),
      ),
      `the player heard why the model's reply was not used: ${lines.join(' | ')}`,
    )
    // Digs until four logs are held (the pathfinder may break one on its way), then the law: the dig the model asked
    // for next was refused before it reached the world. Without the law it would have dug all eight.
    const digs = steps
      .slice(
        0,
        steps.findIndex((a) => a.startsWith('craft.')),
      )
      .filter((a) => a === 'mine.logs')
    assert.ok(digs.length >= 1 && digs.length <= 4, `${steps.join(' ')} / ${critiques.join(' | ')}`)
    assert.equal(
      insisting,
      false,
      `the model saw the refusal: acts ${steps.join(' ')} / critiques ${critiques.join(' | ')} / said ${lines.join(' | ')}`,
    )
    assert.ok(
      critiques.some((c) => c === `mine.logs is blocked by ${id} (hard) ${LAW}`),
      `the model was told the law: ${critiques.join(' | ')}`,
    )
    assert.ok(model.counts.requests >= steps.length, `${model.counts.requests} requests, ${steps.length} acts`)
  })
})
