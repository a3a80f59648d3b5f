// Issue 25: SIGTERM and SIGINT end a `cedar` command mid-computation within a second.
// test-runs-alone: a command ends within 1 s of SIGINT/SIGTERM, in wall time
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { root } from './support/cli.js'
import { counterDfa } from './support/hostile.js'

let dir: string
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cedar-hostile-signals-'))
})
after(() => rm(dir, { recursive: true, force: true }))
const file = (name: string) => path.join(dir, name)
const counter = counterDfa

describe('signals end a computing command within a second', () => {
  /** CPU seconds the process has used (user + system), from /proc. */
  const cpuSeconds = async (pid: number) => {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) / 100
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    test(`${signal} while cedar learn computes ends it within 1 s`, async () => {
      // KV on a 5,000-state counter: well under the target limit, and minutes of work.
      const target = file(`counter-5000-${signal}.json`)
      await writeFile(target, counter('a', 5000, ['a', 'b']))
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'plugin/cli/main.ts'), 'learn', '-t', target, '--algo', 'kv'],
        { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
      )
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('exit', (code, sig) => resolve({ code, signal: sig })),
      )
      const pid = child.pid ?? 0
      // Start-up (tsx, the modules) costs about a CPU second; past two the learning is under way.
      for (;;) {
        const used = await cpuSeconds(pid).catch(() => Number.NaN)
        assert.ok(!Number.isNaN(used), 'the command ended before it was signalled: the test proves nothing')
        if (used >= 2) break
        await new Promise((resolve) => setImmediate(resolve))
      }
      const sent = Date.now()
      child.kill(signal)
      const end = await exited
      const ms = Date.now() - sent
      assert.equal(end.signal, signal, `ended by the signal, not by finishing (${JSON.stringify(end)})`)
      assert.ok(ms < 1000, `${ms} ms after ${signal}`)
    })
  }
})
