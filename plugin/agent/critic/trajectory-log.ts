/**
 * The trajectory log: every run's LogicGuard trajectory, one JSON line each in `<dir>/trajectories.jsonl`, at most
 * `cap` kept (older ones rotate out, rewritten atomically). A line a crash cut short is skipped on load and counted.
 * The critic reads the trajectories logged since it last ran (a cursor kept beside the log).
 */
import { appendFile, readFile } from 'node:fs/promises'
import path from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { makeDirectory } from '../../config/make-directory.js'
import type { Trajectory } from './types.js'

const stepSchema = z.object({
  state: z.array(z.string()),
  action: z.string(),
  ok: z.boolean(),
  error: z.string().optional(),
  counts: z.record(z.string(), z.number().int().min(0)).optional(),
  countsAfter: z.record(z.string(), z.number().int().min(0)).optional(),
})
export const trajectorySchema = z.object({
  id: z.string(),
  task: z.string(),
  startedAt: z.string(),
  steps: z.array(stepSchema),
  success: z.boolean(),
  goal: z.string().optional(),
  goalCount: z.number().int().min(1).optional(),
})

export const DEFAULT_TRAJECTORY_CAP = 200

/** What the critic reads its runs from: this bot's files (TrajectoryLog) or its fleet's store (SharedTrajectoryLog). */
export interface Trajectories {
  /** Entries skipped on the last read because they did not validate. */
  readonly skipped: number
  append(trajectory: Trajectory): Promise<void>
  /** Every kept trajectory, oldest first. */
  list(): Promise<Trajectory[]>
  /** The trajectories logged after this critic's cursor (all of them the first time). */
  sinceCursor(): Promise<Trajectory[]>
  /** Marks everything up to `id` as read by this critic. */
  moveCursor(id: string): Promise<void>
}

/** The trajectories after `cursor` (all of them when it is unset or has rotated out). */
export function afterCursor(all: Trajectory[], cursor: string | undefined): Trajectory[] {
  const at = cursor === undefined ? -1 : all.findIndex((t) => t.id === cursor)
  return all.slice(at + 1)
}

export class TrajectoryLog implements Trajectories {
  private readonly file: string
  private readonly cursorFile: string
  /** Lines skipped on the last load because they did not parse. */
  skipped = 0

  constructor(
    readonly dir: string,
    private readonly cap = DEFAULT_TRAJECTORY_CAP,
  ) {
    this.file = path.join(dir, 'trajectories.jsonl')
    this.cursorFile = path.join(dir, 'critic-cursor.json')
  }

  async append(trajectory: Trajectory): Promise<void> {
    await makeDirectory(this.dir)
    await appendFile(this.file, `${JSON.stringify(trajectory)}\n`)
    const all = await this.list()
    if (all.length > this.cap) {
      await writeFileAtomic(
        this.file,
        all
          .slice(-this.cap)
          .map((t) => `${JSON.stringify(t)}\n`)
          .join(''),
      )
    }
  }

  /** Every kept trajectory, oldest first. */
  async list(): Promise<Trajectory[]> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
    this.skipped = 0
    const out: Trajectory[] = []
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue
      try {
        const parsed = trajectorySchema.safeParse(JSON.parse(line))
        if (parsed.success) out.push(parsed.data as Trajectory)
        else this.skipped++
      } catch {
        this.skipped++
      }
    }
    return out
  }

  /** The trajectories logged after the cursor (all of them the first time). */
  async sinceCursor(): Promise<Trajectory[]> {
    return afterCursor(await this.list(), await this.cursor())
  }

  /** Marks everything up to `id` as read by the critic. */
  async moveCursor(id: string): Promise<void> {
    await makeDirectory(this.dir)
    await writeFileAtomic(this.cursorFile, JSON.stringify({ last: id }))
  }

  private async cursor(): Promise<string | undefined> {
    try {
      const parsed = z.object({ last: z.string() }).safeParse(JSON.parse(await readFile(this.cursorFile, 'utf8')))
      return parsed.success ? parsed.data.last : undefined
    } catch {
      return undefined
    }
  }
}
