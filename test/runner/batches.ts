// Unit and game files run several to a process: each process pays about 1.5 CPU-seconds to start (tsx, the plugin's
// modules, minecraft-data) before its first test, a game file about 3 (flying-squid, mineflayer, the protocol's
// compiled codecs), which for the ~90 unit files was a third of their CPU time. A batch runs its files one after
// another in one process (node --test with the test isolation off), so a file must leave nothing behind that another
// would notice (an environment variable, a listener on `process`); `--separate` runs each in its own process again.

export interface BatchMember {
  readonly name: string
  readonly estimateMs: number
}

/**
 * Splits `members` into batches of about `targetMs` each, longest file first into the batch with the least so far,
 * so batches come out about even and the same records always give the same batches.
 */
export function formBatches<T extends BatchMember>(members: readonly T[], targetMs: number): T[][] {
  if (members.length === 0) return []
  const total = members.reduce((sum, m) => sum + m.estimateMs, 0)
  // At least one: files recorded at 0 ms (a few milliseconds of tests) still need a process.
  const count = Math.max(1, Math.min(members.length, Math.ceil(total / targetMs)))
  const batches: { load: number; members: T[] }[] = Array.from({ length: count }, () => ({ load: 0, members: [] }))
  const longestFirst = [...members].sort((a, b) => b.estimateMs - a.estimateMs || a.name.localeCompare(b.name))
  for (const member of longestFirst) {
    let lightest = batches[0] as { load: number; members: T[] }
    for (const batch of batches) if (batch.load < lightest.load) lightest = batch
    lightest.members.push(member)
    lightest.load += member.estimateMs
  }
  return batches.map((b) => b.members)
}
