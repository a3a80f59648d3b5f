/**
 * The critic's trajectories (and, when the owners share them, its laws) in the PostgreSQL store: every bot of a fleet appends its runs to its world's log, and
 * every bot's critic reads all of them (LogicGuard's critic proposes better laws from more runs), each with a
 * cursor of its own.
 */
import type { JSONValue, Sql } from 'postgres'
import { LAWS_CHANNEL } from './postgres-migrations.js'
import type { LawShelf, TrajectoryShelf } from './record-store.js'

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

/** The critic's laws a fleet shares (option `criticLaws: 'fleet'`), one set per world scope. */
export class PostgresLawShelf implements LawShelf {
  constructor(private readonly connected: () => Promise<Sql>) {}

  async load(scope: string): Promise<{ laws: unknown[]; rejected: string[] }> {
    const sql = await this.connected()
    const laws = await sql<{ law: unknown }[]>`SELECT law FROM cedar_laws WHERE scope = ${scope} ORDER BY key`
    const rejected = await sql<{ text: string }[]>`
      SELECT text FROM cedar_rejected_laws WHERE scope = ${scope} ORDER BY rejected_at, text`
    return { laws: laws.map((row) => row.law), rejected: rejected.map((row) => row.text) }
  }

  async putLaw(scope: string, key: string, law: object): Promise<void> {
    const sql = await this.connected()
    await sql`INSERT INTO cedar_laws (scope, key, law) VALUES (${scope}, ${key}, ${sql.json(law as JSONValue)})
      ON CONFLICT (scope, key) DO UPDATE SET law = EXCLUDED.law`
  }

  async dropLaw(scope: string, key: string): Promise<void> {
    const sql = await this.connected()
    await sql`DELETE FROM cedar_laws WHERE scope = ${scope} AND key = ${key}`
  }

  async reject(scope: string, text: string): Promise<void> {
    const sql = await this.connected()
    await sql`INSERT INTO cedar_rejected_laws (scope, text) VALUES (${scope}, ${text}) ON CONFLICT DO NOTHING`
  }

  async onChange(listener: (scope: string) => void): Promise<() => Promise<void>> {
    const sql = await this.connected()
    const { unlisten } = await sql.listen(LAWS_CHANNEL, listener)
    return unlisten
  }
}
