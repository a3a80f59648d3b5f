// CPU a test file's processes spent that never reaches the runner's count. The runner counts what its children and
// theirs used once each is reaped (cutime of /proc/self/stat), but a process whose parent exits first is handed to
// PID 1 and its CPU is lost: chromium's renderer, which draws the console's 3D view in software, outlives the browser
// process it came from. Measured alone: console-view kept 98 CPU-seconds of the cores busy in 51 s, the runner
// counted 20, and thought the file left room for two more that computed beside it (1160 s runs, issue 33). So such a
// file measures its helpers' CPU before it ends them and writes it where the runner reads it.
import { appendFileSync, readdirSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'

/** The environment variable that names the file a test process reports its unreaped CPU seconds to. */
export const UNREAPED_CPU_ENV = 'CEDAR_TEST_UNREAPED_CPU'

/** The clock ticks of /proc/PID/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100

export interface ProcStat {
  readonly pid: number
  readonly ppid: number
  /** utime + stime: the process's own CPU, in clock ticks. */
  readonly ownTicks: number
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // After "pid (comm) ": state, ppid, ..., utime and stime are the 12th and 13th fields.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return { pid, ppid: Number(fields[1]), ownTicks: Number(fields[11]) + Number(fields[12]) }
  } catch {
    return undefined
  }
}

/** Every descendant of `pid` (not `pid` itself) alive now, read from /proc; none where there is no /proc. */
export function descendantsOf(pid: number): ProcStat[] {
  let names: string[]
  try {
    names = readdirSync('/proc')
  } catch {
    return []
  }
  const children = new Map<number, ProcStat[]>()
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue
    const stat = readStat(Number(name))
    if (!stat) continue
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat])
  }
  const found: ProcStat[] = []
  const pending = [...(children.get(pid) ?? [])]
  for (let next = pending.pop(); next; next = pending.pop()) {
    found.push(next)
    pending.push(...(children.get(next.pid) ?? []))
  }
  return found
}

/**
 * The CPU seconds that `pid`'s descendants (not `pid` itself) have used so far, by their own times. A descendant that
 * its parent later reaps is also counted in that parent's children's time: an estimate at most a little high, for
 * deciding how many files run at once. 0 where there is no /proc.
 */
export function descendantsCpuSeconds(pid: number): number {
  return descendantsOf(pid).reduce((ticks, p) => ticks + p.ownTicks, 0) / TICKS_PER_SECOND
}

/** Tells the runner (when a runner started this process) that `seconds` of CPU will not reach its count. */
export function reportUnreapedCpu(seconds: number): void {
  const file = process.env[UNREAPED_CPU_ENV]
  if (!file || !(seconds > 0)) return
  appendFileSync(file, `${seconds.toFixed(2)}\n`)
}

/** What a test process reported to `file` (0 when nothing was). */
export async function readUnreapedCpu(file: string): Promise<number> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    return 0
  }
  return text
    .split('\n')
    .map(Number)
    .filter((n) => Number.isFinite(n) && n > 0)
    .reduce((sum, n) => sum + n, 0)
}
