// A separate process writing to a skill store (a directory, or a postgres:// URL), for the concurrency and kill
// tests of test/support/store-contract.ts and test/skill-store.test.ts.
//   store-writer.ts batch <dir> <prefix> <count> <shared>  saves <prefix>.0 .. <prefix>.<count-1>, and <shared>
//                                                         after each, then prints "done"
//   store-writer.ts loop <dir> <prefix>                    prints "ready", then saves <prefix>.0, .1, ... forever,
//                                                         printing "saved <name>" once each save has resolved
//   store-writer.ts hold <dir>                             takes the store's lock, prints "locked", and releases it
//                                                         (printing "released") when a line comes on stdin
// STORE_LOCK_STALE_MS sets the store's lockStaleMs.
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { openRecordStore } from '../../plugin/store/open-store.js'
import { SkillStore } from '../../plugin/store/skill-store.js'
import { acquireStoreLock } from '../../plugin/store/store-lock.js'
import { pickaxeSkill } from './skill-records.js'

const [mode, dir, prefix, count, shared] = process.argv.slice(2)
if (mode === 'hold' && dir) {
  const release = await acquireStoreLock(dir, { staleMs: 2000, waitMs: 30_000, warn: () => undefined })
  process.stdout.write('locked\n')
  await createInterface({ input: process.stdin })[Symbol.asyncIterator]().next()
  await release()
  process.stdout.write('released\n')
  process.exit(0)
}
if (!dir || !prefix) throw new Error('usage: store-writer.ts batch|loop <dir> <prefix> [count shared] | hold <dir>')
const store = dir.startsWith('postgres://')
  ? openRecordStore(dir, { localDir: path.join(tmpdir(), 'cedar-writer-local') })
  : new SkillStore(dir, { lockStaleMs: Number(process.env.STORE_LOCK_STALE_MS ?? 10_000) })
// A test that dies must not leave a writer behind: its end of the pipe closes.
process.stdin.on('end', () => process.exit(0)).resume()

if (mode === 'batch') {
  for (let i = 0; i < Number(count); i++) {
    await store.save(pickaxeSkill(`${prefix}.${i}`))
    await store.save(pickaxeSkill(shared))
  }
  await store.close()
  process.stdout.write('done\n')
  process.exit(0)
} else {
  process.stdout.write('ready\n')
  for (let i = 0; ; i++) {
    const name = `${prefix}.${i}`
    await store.save(pickaxeSkill(name))
    process.stdout.write(`saved ${name}\n`)
  }
}
