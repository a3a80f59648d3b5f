// Issue 35: the same seeds give the same Sim numbers on a loaded machine as on an idle one. A small critic bench
// (careless actor, the paper's laws, two critic rounds, the LLM actor on its simulated model over loopback), one
// episode of each, runs twice, the second time beside a child process that burns a core; its tables must be the same.
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { setPriority } from 'node:os'
import { test } from 'node:test'
import { criticSuite } from '../bench/critic.js'

const tables = (markdown: string) =>
  markdown.split('\n').filter((line) => line.startsWith('|') || line.startsWith('The '))

test('the critic bench gives the same tables beside a CPU-burning process as without it', async () => {
  const run = () => criticSuite.run({ quick: true, episodes: 1, log: () => {} })
  const idle = await run()
  const burners: ChildProcess[] = []
  try {
    // One burner: beside it the bench's own process is starved of some of its time slices (in `npm test` the other
    // files load the cores too; a burner per core would take their time as well as the bench's).
    const burner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
    burners.push(burner)
    await once(burner, 'spawn')
    // At the lowest priority: alone it still takes a core's free time, but in `npm test` it does not take the other
    // files' time (it burned some 25 CPU-s of a suite that must fit in 15 minutes on two cores).
    if (burner.pid !== undefined) setPriority(burner.pid, 19)
    const loaded = await run()
    assert.ok(
      burners.every((b) => b.exitCode === null),
      'the burner ended before the loaded run did',
    )
    assert.deepEqual(tables(loaded.markdown), tables(idle.markdown))
    assert.deepEqual(loaded.goals, idle.goals)
  } finally {
    for (const burner of burners) {
      burner.kill('SIGKILL')
      if (burner.exitCode === null && burner.signalCode === null) await once(burner, 'exit')
    }
  }
})
