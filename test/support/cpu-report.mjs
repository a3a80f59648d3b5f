// Preloaded into a `cedar` child (NODE_OPTIONS=--import) by test/hostile-cli-table.test.ts: at exit it writes the
// CPU time the process used (user + system, in ms) to $CEDAR_TEST_CPU_FILE. On a loaded machine wall time says more
// about the other processes than about the command; CPU time says how much work the command did.
import { writeFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

const file = process.env.CEDAR_TEST_CPU_FILE
if (file && isMainThread) {
  process.on('exit', () => {
    const { userCPUTime, systemCPUTime } = process.resourceUsage()
    writeFileSync(file, String(Math.round((userCPUTime + systemCPUTime) / 1000)))
  })
}
