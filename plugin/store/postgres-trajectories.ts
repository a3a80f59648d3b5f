/**
 * The critic's trajectories in the PostgreSQL store: every bot of a fleet appends its runs to its world's log, and
 * every bot's critic reads all of them (LogicGuard's critic proposes better laws from more runs), each with a
 * cursor of its own.
 */
import type { JSONValue, Sql } from 'postgres'
import type { TrajectoryShelf } from './record-store.js'

export class PostgresTrajectoryShelf implements TrajectoryShelf {
  constructor(private readonly connected: () => Promise<Sql>) {}

  async append(scope: string, bot: string, trajectory: { readonly id: string }, cap: number): Promise<void> {
    const sql = await this.connected()
    await sql.begin(async (tx) => {
      await tx`INSERT INTO cedar_trajectories (scope, bot, id, trajectory)
        VALUES (${scope}, ${bot}, ${trajectory.id}, ${tx.json(trajectory as unknown as JSONValue)})`
      await tx`DELETE FROM cedar_trajectories WHERE scope = ${scope} AND seq <= (
        SELECT seq FROM cedar_trajectories WHERE scope = ${scope} ORDER BY seq DESC OFFSET ${Math.max(cap, 1)} LIMIT 1)`
    })
  }

  async list(scope: string): Promise<unknown[]> {
    const sql = await this.connected()
    const rows = await sql<{ trajectory: unknown }[]>`
      SELECT trajectory FROM cedar_trajectories WHERE scope = ${scope} ORDER BY seq`
    return rows.map((row) => row.trajectory)
  }

  async cursor(scope: string, reader: string): Promise<string | undefined> {
    const sql = await this.connected()
    const rows = await sql<{ last: string }[]>`
      SELECT last FROM cedar_critic_cursors WHERE scope = ${scope} AND reader = ${reader}`
    return rows[0]?.last
  }

  async moveCursor(scope: string, reader: string, id: string): Promise<void> {
    const sql = await this.connected()
    await sql`INSERT INTO cedar_critic_cursors (scope, reader, last) VALUES (${scope}, ${reader}, ${id})
      ON CONFLICT (scope, reader) DO UPDATE SET last = EXCLUDED.last`
  }
}
