// Issue 25: an LLM endpoint that cannot be reached or never answers is given up on within the client's timeout,
// once for the whole command, and the offline teachers and grounding do the work, the reason said in one line.
// test-runs-alone: a hung endpoint given up on within the client's timeout, in wall time
import assert from 'node:assert/strict'
import { createServer, type Server, type Socket } from 'node:net'
import { describe, test } from 'node:test'
import { LlmClient, LlmUnavailableError } from '../plugin/llm/llm-client.js'
import { boundedCedar, STARTUP_ALLOWANCE_MS } from './support/hostile.js'

const INSTRUCTION = 'collect some coal but mine minerals only at night'

/** A TCP server that accepts every connection and never answers: a hung endpoint. */
async function startSilentServer(): Promise<{ baseURL: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

describe('an LLM that cannot be reached or never answers', () => {
  test('unreachable: cedar sim do falls back to the offline teachers within the timeout, saying why', async () => {
    const result = await boundedCedar(['sim', 'do', INSTRUCTION, '--seed', '2', '--json'], {
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      CEDAR_LLM_TIMEOUT_MS: '1500',
    })
    assert.equal(result.code, 0, result.stderr)
    const run = JSON.parse(result.stdout) as { goal: boolean; constraints: { fallback: string }[] }
    assert.equal(run.goal, true)
    assert.match(run.constraints[0]?.fallback ?? '', /cannot reach the LLM at http:\/\/127\.0\.0\.1:9\/v1/)
    // Down after the first call's 1.5 s: no later call waits again.
    assert.ok(result.ms < STARTUP_ALLOWANCE_MS + 1500 * 2, `${result.ms} ms`)
  })

  test('hung: one timeout for the whole command (CEDAR_LLM_TIMEOUT_MS), not one per call and retry', async () => {
    const silent = await startSilentServer()
    try {
      const result = await boundedCedar(['sim', 'do', INSTRUCTION, '--seed', '2', '--json'], {
        OPENAI_BASE_URL: silent.baseURL,
        CEDAR_LLM_TIMEOUT_MS: '1000',
      })
      assert.equal(result.code, 0, result.stderr)
      const run = JSON.parse(result.stdout) as { goal: boolean; constraints: { fallback: string }[] }
      assert.equal(run.goal, true)
      assert.match(run.constraints[0]?.fallback ?? '', /did not answer within 1 s \(CEDAR_LLM_TIMEOUT_MS\)/)
      assert.ok(result.ms < STARTUP_ALLOWANCE_MS + 1000 * 2, `${result.ms} ms`)
    } finally {
      await silent.close()
    }
  })

  test('the client: a hung call ends at the timeout, and the next call fails at once without asking', async () => {
    const silent = await startSilentServer()
    try {
      const reasons: string[] = []
      const client = new LlmClient({
        baseURL: silent.baseURL,
        model: 'm',
        timeoutMs: 300,
        onUnavailable: (r) => reasons.push(r),
      })
      const started = Date.now()
      await assert.rejects(client.chat('mq', [{ role: 'user', content: 'a' }]), LlmUnavailableError)
      assert.ok(Date.now() - started < 3000, `${Date.now() - started} ms for a 300 ms timeout`)
      const requests = client.stats.requests
      await assert.rejects(client.chat('mq', [{ role: 'user', content: 'b' }]), /did not answer within 300 ms/)
      assert.equal(client.stats.requests, requests, 'a down endpoint is not asked again')
      assert.equal(reasons.length, 1, 'the outage is told once')
      assert.match(client.unavailable ?? '', /did not answer/)
    } finally {
      await silent.close()
    }
  })
})
