// Which test files run at once: as many as the cores can carry. A game file waits on the server's ticks most of its
// time, so several run beside each other; unit files compute, so about one per core. Files are taken in the order
// given (longest first); one that does not fit beside the running ones waits while a later, lighter one starts.

export interface Scheduled {
  /** The part of one core the item keeps busy (records.ts, coreShare). */
  readonly share: number
  /** A game file: it mostly waits on a server's ticks, and a few of them are as many as the machine should carry. */
  readonly waits?: boolean
}

export interface ScheduleLimits {
  /** At most this many items at once. */
  readonly maxJobs: number
  /** The running items' shares add up to at most this (an item starts anyway when nothing runs). */
  readonly cores: number
  /** At most this many items that wait (`waits`) at once; the other places go to items that compute. */
  readonly maxWaiting?: number
}

/**
 * Runs every item of `queue` (which may grow while it runs: `more` gives a promise while items may still be added)
 * within `limits`; resolves when all have run. `run` must not reject.
 */
export async function runScheduled<T extends Scheduled>(
  queue: T[],
  limits: ScheduleLimits,
  run: (item: T) => Promise<void>,
  more: () => Promise<void> | undefined = () => undefined,
): Promise<void> {
  let load = 0
  let waiting = 0
  const active = new Set<Promise<void>>()
  const start = (item: T) => {
    load += item.share
    if (item.waits) waiting++
    const running: Promise<void> = run(item).finally(() => {
      load -= item.share
      if (item.waits) waiting--
      active.delete(running)
    })
    active.add(running)
  }
  for (;;) {
    for (let i = 0; i < queue.length && active.size < limits.maxJobs; ) {
      const item = queue[i] as T
      const room = !item.waits || waiting < (limits.maxWaiting ?? limits.maxJobs)
      if (active.size === 0 || (room && load + item.share <= limits.cores + 1e-9)) {
        queue.splice(i, 1)
        start(item)
      } else i++
    }
    const coming = more()
    if (active.size === 0 && queue.length === 0 && !coming) return
    await Promise.race([...active, ...(coming ? [coming] : [])])
  }
}
