/**
 * The trajectories of a fleet: every bot on a shared store (PostgreSQL) appends its runs to its world's log there,
 * and this bot's critic reads them all, with a cursor of its own, so a law one bot's runs show is proposed on every
 * bot's round. What comes out of the store is validated as the file log validates its lines.
 */
import type { TrajectoryShelf } from '../../store/record-store.js'
import { afterCursor, type Trajectories, trajectorySchema } from './trajectory-log.js'
import type { Trajectory } from './types.js'

export class SharedTrajectoryLog implements Trajectories {
  skipped = 0

  constructor(
    private readonly shelf: TrajectoryShelf,
    /** The world scope's key (`*` when worlds are shared). */
    private readonly scope: string,
    /** This bot: the author of what it appends, and the owner of its cursor. */
    private readonly bot: string,
    private readonly cap: number,
  ) {}

  append(trajectory: Trajectory): Promise<void> {
    return this.shelf.append(this.scope, this.bot, trajectory, this.cap)
  }

  async list(): Promise<Trajectory[]> {
    const out: Trajectory[] = []
    let skipped = 0
    for (const value of await this.shelf.list(this.scope)) {
      const parsed = trajectorySchema.safeParse(value)
      if (parsed.success) out.push(parsed.data as Trajectory)
      else skipped++
    }
    this.skipped = skipped
    return out
  }

  async sinceCursor(): Promise<Trajectory[]> {
    return afterCursor(await this.list(), await this.shelf.cursor(this.scope, this.bot))
  }

  moveCursor(id: string): Promise<void> {
    return this.shelf.moveCursor(this.scope, this.bot, id)
  }
}
