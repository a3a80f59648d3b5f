// test-kind: process
// Issue 36 ("Everyday Minecraft I"): the 30 requests a new player tried first, and 30 more of the same kind
// (test/support/everyday-requests.ts), each run as `cedar sim do "<request>" --seed S --offline` with the bot's default
// laws (the shield on), seeds 0–4. A request reaches its goal when the run ends holding the item asked for.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  ISSUE_REQUESTS,
  OWN_REQUESTS,
  type Request,
  type RequestResult,
  runRequest as runAnew,
} from './support/everyday-requests.js'

const SEEDS = [0, 1, 2, 3, 4]
/** A Sim run is the same for the same request and seed: each runs once, whichever test asks first. */
const runs = new Map<string, Promise<RequestResult>>()
const runRequest = (request: Request, seed: number): Promise<RequestResult> => {
  const key = `${request[0]}\u0000${seed}`
  const run = runs.get(key) ?? runAnew(request, seed)
  runs.set(key, run)
  return run
}
const find = (list: readonly Request[], text: string) => list.find(([r]) => r === text) as Request

/** The chains this issue added to the Sim: each must reach its goal on every seed. */
const NEW_CHAINS: readonly Request[] = [
  find(ISSUE_REQUESTS, 'make glass'),
  find(ISSUE_REQUESTS, 'get some apples'),
  find(ISSUE_REQUESTS, 'get me a bucket of water'),
  find(ISSUE_REQUESTS, 'catch a fish'),
  find(OWN_REQUESTS, 'make some charcoal'),
  find(OWN_REQUESTS, 'make a brick'),
  find(OWN_REQUESTS, 'get 5 seeds'),
  find(OWN_REQUESTS, 'catch a salmon'),
  find(OWN_REQUESTS, 'cook a fish'),
  find(OWN_REQUESTS, 'make a fishing rod'),
  find(ISSUE_REQUESTS, 'make bread'),
  find(ISSUE_REQUESTS, 'collect 5 wheat'),
  find(OWN_REQUESTS, 'get a bucket of milk'),
  find(ISSUE_REQUESTS, 'kill a cow'),
]

describe('everyday requests in the Sim (issue 36)', () => {
  for (const request of NEW_CHAINS) {
    it(`"${request[0]}" reaches ${request[1]} on seeds 0–4`, async () => {
      for (const seed of SEEDS) {
        const result = await runRequest(request, seed)
        assert.ok(result.goal, `seed ${seed}: ${result.outcome} ${result.reached} ${result.message}`)
      }
    })
  }

  it('"make glass" is a smelt of sand, not a craft', async () => {
    const result = await runRequest(find(ISSUE_REQUESTS, 'make glass'), 0)
    assert.equal(result.reached, 'has.glass.1')
  })

  it('the new verbs pass the shield: a law against fishing stops the catch, one against milking the milk', async () => {
    for (const [request, law] of [
      ['catch a fish', 'G !fish.fish'],
      ['get a bucket of milk', 'G !use.cow'],
    ] as const) {
      const { runCedar } = await import('../plugin/cli/program.js')
      let stdout = ''
      const io = {
        stdout: { write: (t: string) => (stdout += t) },
        stderr: { write: () => true },
        stdin: (async function* () {})(),
        env: {},
        setExitCode: () => {},
        exit: () => {},
      }
      await runCedar(['sim', 'do', request, '--seed', '0', '--offline', '--json', '--law', law], io)
      const report = JSON.parse(stdout) as { goal: boolean; steps: Array<{ action: string; ok: boolean }> }
      assert.equal(report.goal, false, `${request} under ${law}`)
      const verb = law.slice(3)
      assert.ok(!report.steps.some((s) => s.action === verb && s.ok), `${verb} never ran`)
    }
  })

  it('a zombie hunt by day is refused with what the bot does instead', async () => {
    const result = await runRequest(find(ISSUE_REQUESTS, 'kill a zombie'), 0)
    assert.equal(result.goal, false)
    assert.match(result.message, /only come out at night.*I fight the ones that come at me/)
  })

  it('what the Sim cannot yet do is refused with a sentence naming the item', async () => {
    const request = find(OWN_REQUESTS, 'get some bone meal')
    const result = await runRequest(request, 0)
    assert.equal(result.goal, false)
    assert.match(result.message, new RegExp(request[1]), `${request[0]}: ${result.message}`)
  })

  it('"make flint and steel" digs gravel until flint comes (1 in 10), on every seed', async () => {
    for (const seed of SEEDS) {
      const result = await runRequest(find(OWN_REQUESTS, 'make flint and steel'), seed)
      assert.ok(result.goal, `seed ${seed}: ${result.outcome} ${result.message}`)
    }
  })

  it('most of the 60 requests reach their goal on every seed', async () => {
    for (const seed of SEEDS) {
      let issue = 0
      let own = 0
      for (const request of ISSUE_REQUESTS) if ((await runRequest(request, seed)).goal) issue++
      for (const request of OWN_REQUESTS) if ((await runRequest(request, seed)).goal) own++
      // Measured on this branch: the issue's 29 of 30 on every seed (a zombie by day is not), ours 29 on seeds 0–3
      // (bone meal not), 26 on seed 4 (3 bread and a hay bale lost to a death, a porkchop to a lost way).
      assert.ok(issue >= 29, `seed ${seed}: ${issue} of the issue's 30`)
      assert.ok(own >= 26, `seed ${seed}: ${own} of our 30`)
    }
  })
})
