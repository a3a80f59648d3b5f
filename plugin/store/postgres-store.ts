/**
 * The skill store in a PostgreSQL database, for a fleet: several bots, in one process or on several machines, read
 * and write one set of skills and standing constraints. A record is one row (its JSON exactly as the JSON store
 * writes it, validated on every read); a save is one statement that succeeds only if the row still has the version
 * read before it (optimistic concurrency: a lost race is read again and retried, or reported to a caller that asked
 * for a version); each committed change is announced with NOTIFY, so the other bots hear of it within a second.
 * A writer killed mid-save loses only its uncommitted statement: the server rolls it back.
 */
import { randomUUID } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import postgres, { type JSONValue, type Sql } from 'postgres'
import { z } from 'zod'
import { storeForPeople } from '../config/data-dir.js'
import { CHANGE_CHANNEL, CLAIMS_CHANNEL, migrate } from './postgres-migrations.js'
import { PostgresLawShelf, PostgresTrajectoryShelf } from './postgres-shelves.js'
import { type NewRecord, type RecordKind, readStoredRecord, type SkillRecord } from './record.js'
import type {
  ClaimOptions,
  LearningClaim,
  RecordChange,
  RecordStore,
  SaveOptions,
  StoreExport,
  StoreLogger,
  StoreProblem,
} from './record-store.js'
import { ReadOnlyStoreError, StaleRecordError } from './record-store.js'
import { SkillStore } from './skill-store.js'
import { checkNewRecord, exportOf, importInto, isName, label, overlaySeeds, stamped } from './store-records.js'

export interface PostgresStoreOptions {
  /** Where what stays on this machine goes (the critic's laws and trajectories, backups, pictures). */
  readonly localDir: string
  readonly logger?: StoreLogger
  /** The shipped seed skills, read from their directory under the database's records, as on the JSON store. */
  readonly seeds?: string
  /** Connections kept open (default 4); LISTEN takes one more when someone listens. */
  readonly maxConnections?: number
}

const changeSchema = z.object({
  kind: z.enum(['skill', 'constraint']),
  name: z.string(),
  version: z.number().int().min(0),
})

/** How often a save re-reads and retries after losing a race before it gives up (each loss is another's success). */
const MAX_SAVE_ATTEMPTS = 100

interface Row {
  version: number
  record: unknown
}

export class PostgresStore implements RecordStore {
  readonly location: string
  readonly dir: string
  readonly seeds: SkillStore | undefined
  readonly trajectories: PostgresTrajectoryShelf
  readonly laws: PostgresLawShelf
  private readonly sql: Sql
  private readonly logger: StoreLogger
  /** Who holds a learning claim: this store object, then a count per claim. */
  private readonly holder = randomUUID()
  private claims = 0
  private ready: Promise<void> | undefined

  constructor(url: string, options: PostgresStoreOptions) {
    this.location = storeForPeople(url)
    this.dir = options.localDir
    this.logger = options.logger ?? console
    this.seeds =
      options.seeds === undefined ? undefined : new SkillStore(options.seeds, { logger: this.logger, readOnly: true })
    this.sql = postgres(url, {
      max: options.maxConnections ?? 4,
      onnotice: () => undefined,
      connect_timeout: 10,
      // Connections left idle are closed, so a bot that stopped writing holds nothing on the server.
      idle_timeout: 30,
    })
    this.trajectories = new PostgresTrajectoryShelf(() => this.connected())
    this.laws = new PostgresLawShelf(() => this.connected())
  }

  async load(): Promise<{ records: SkillRecord[]; problems: StoreProblem[] }> {
    const sql = await this.connected()
    const rows = await sql<(Row & { kind: RecordKind; name: string })[]>`
      SELECT kind, name, version, record FROM cedar_records ORDER BY kind DESC, name`
    const records: SkillRecord[] = []
    const problems: StoreProblem[] = []
    for (const row of rows) {
      const read = this.readRow(row.kind, row.name, row)
      if (read.ok) records.push(read.record)
      else problems.push(read.problem)
    }
    // The database sorts by its collation; the JSON store's order is JavaScript's.
    records.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'skill' ? -1 : 1))
    const own = { records, problems }
    return this.seeds ? overlaySeeds(own, await this.seeds.load()) : own
  }

  async get(kind: RecordKind, name: string): Promise<SkillRecord | undefined> {
    if (!isName(name)) return undefined
    const row = await this.row(kind, name)
    const read = row && this.readRow(kind, name, row)
    return read?.ok ? read.record : await this.seeds?.get(kind, name)
  }

  async isSeed(kind: RecordKind, name: string): Promise<boolean> {
    if (!this.seeds || !isName(name)) return false
    return (await this.row(kind, name)) === undefined && (await this.seeds.get(kind, name)) !== undefined
  }

  async list(kind?: RecordKind): Promise<SkillRecord[]> {
    const { records } = await this.load()
    return kind ? records.filter((record) => record.kind === kind) : records
  }

  async save(record: NewRecord, options: SaveOptions = {}): Promise<SkillRecord> {
    const fresh = checkNewRecord(record)
    const seed = await this.seeds?.get(fresh.kind, fresh.name)
    const sql = await this.connected()
    for (let attempt = 1; attempt <= MAX_SAVE_ATTEMPTS; attempt++) {
      const row = await this.row(fresh.kind, fresh.name)
      const stored = row?.version ?? 0
      if (options.expectedVersion !== undefined && options.expectedVersion !== stored) {
        throw new StaleRecordError(fresh.kind, fresh.name, options.expectedVersion, stored)
      }
      // A seed's version count continues in the database; a row that no longer validates keeps its count.
      const next = stamped(fresh, row ? (this.previous(fresh, row) ?? { version: row.version }) : seed)
      const json = sql.json(next as unknown as JSONValue)
      const written = row
        ? await sql`UPDATE cedar_records SET version = ${next.version}, record = ${json}, saved_at = now()
            WHERE kind = ${next.kind} AND name = ${next.name} AND version = ${stored} RETURNING version`
        : await sql`INSERT INTO cedar_records (kind, name, version, record)
            VALUES (${next.kind}, ${next.name}, ${next.version}, ${json}) ON CONFLICT DO NOTHING RETURNING version`
      if (written.length === 1) return next
      // Another writer saved this record between the read and the write.
      if (options.expectedVersion !== undefined) {
        const now = (await this.row(fresh.kind, fresh.name))?.version ?? 0
        throw new StaleRecordError(fresh.kind, fresh.name, options.expectedVersion, now)
      }
    }
    throw new Error(`${label(record)}: gave up after ${MAX_SAVE_ATTEMPTS} saves by other writers in between`)
  }

  async remove(kind: RecordKind, name: string): Promise<boolean> {
    if (!isName(name)) return false
    const sql = await this.connected()
    const removed = await sql`DELETE FROM cedar_records WHERE kind = ${kind} AND name = ${name} RETURNING version`
    if (removed.length === 0 && (await this.seeds?.get(kind, name))) {
      throw new ReadOnlyStoreError(`${kind} ${name} is a shipped seed; it cannot be removed, only replaced`)
    }
    return removed.length > 0
  }

  importRecords(values: readonly unknown[]): Promise<SkillRecord[]> {
    return importInto(this, values)
  }

  async exportRecords(names?: readonly string[]): Promise<StoreExport> {
    return exportOf((await this.load()).records, names)
  }

  async onChange(listener: (change: RecordChange) => void): Promise<() => Promise<void>> {
    const sql = await this.connected()
    const { unlisten } = await sql.listen(CHANGE_CHANNEL, (payload) => {
      let change: z.infer<typeof changeSchema> | undefined
      try {
        change = changeSchema.parse(JSON.parse(payload))
      } catch {
        this.logger.warn(`skill store: ignored a notification that is not a record change: ${payload.slice(0, 80)}`)
        return
      }
      listener(change)
    })
    return unlisten
  }

  async claimLearning(kind: RecordKind, name: string, options: ClaimOptions = {}): Promise<LearningClaim> {
    const { holdMs = 600_000, signal } = options
    const sql = await this.connected()
    const holder = `${this.holder}:${++this.claims}`
    signal?.throwIfAborted()
    // Most claims are won at once, or find the record saved: only a claim that has to wait listens for news.
    const atOnce = await this.tryClaim(kind, name, holder, holdMs)
    if (atOnce) return atOnce
    let wake = () => {}
    const listeners = [
      await sql.listen(CLAIMS_CHANNEL, (payload) => payload === `${kind}/${name}` && wake()),
      { unlisten: await this.onChange((change) => change.kind === kind && change.name === name && wake()) },
    ]
    try {
      for (;;) {
        signal?.throwIfAborted()
        // Armed before looking (again, now listening), so news that comes between the look and the wait is not
        // missed.
        const woken = new Promise<void>((resolve) => {
          wake = resolve
        })
        const claim = await this.tryClaim(kind, name, holder, holdMs)
        if (claim) return claim
        const [held] = await sql<{ ms: number }[]>`
          SELECT (extract(epoch FROM expires_at - now()) * 1000)::float8 AS ms
          FROM cedar_learning_claims WHERE kind = ${kind} AND name = ${name}`
        // Woken by the save or the let-go; at the latest when the holder's claim lapses.
        const lapse = new AbortController()
        await Promise.race([
          woken,
          delay(Math.max(0, held?.ms ?? 0) + 50, undefined, {
            signal: signal ? AbortSignal.any([signal, lapse.signal]) : lapse.signal,
          }).catch(() => undefined),
        ])
        lapse.abort()
      }
    } finally {
      await Promise.all(listeners.map((listener) => listener.unlisten()))
    }
  }

  /** One look: the claim won (a lease), the record saved meanwhile, or undefined while another holds the claim. */
  private async tryClaim(
    kind: RecordKind,
    name: string,
    holder: string,
    holdMs: number,
  ): Promise<LearningClaim | undefined> {
    const sql = await this.connected()
    const won = await sql`INSERT INTO cedar_learning_claims (kind, name, holder, expires_at)
      VALUES (${kind}, ${name}, ${holder}, now() + ${holdMs} * interval '1 millisecond')
      ON CONFLICT (kind, name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE cedar_learning_claims.expires_at < now()
      RETURNING holder`
    const release = () => this.releaseClaim(kind, name, holder)
    // Looked at after the claim too: a learner saves before it lets go, so a record saved meanwhile shows here.
    const record = await this.get(kind, name)
    if (won.length === 1 && record) await release()
    if (record) return { record }
    if (won.length === 1) return { lease: { release } }
    return undefined
  }

  private async releaseClaim(kind: RecordKind, name: string, holder: string): Promise<void> {
    const sql = await this.connected()
    const released = await sql`DELETE FROM cedar_learning_claims
      WHERE kind = ${kind} AND name = ${name} AND holder = ${holder} RETURNING holder`
    if (released.length > 0) await sql`SELECT pg_notify(${CLAIMS_CHANNEL}, ${`${kind}/${name}`})`
  }

  async close(): Promise<void> {
    await this.sql.end({ timeout: 5 })
  }

  /** The connection, once the schema is this cedar's; a failure is said with the store's (redacted) URL. */
  private connected(): Promise<Sql> {
    this.ready ??= migrate(this.sql).catch((error: Error) => {
      this.ready = undefined
      throw new Error(`the PostgreSQL store ${this.location}: ${error.message}`)
    })
    return this.ready.then(() => this.sql)
  }

  private async row(kind: RecordKind, name: string): Promise<Row | undefined> {
    const sql = await this.connected()
    const rows = await sql<Row[]>`SELECT version, record FROM cedar_records WHERE kind = ${kind} AND name = ${name}`
    return rows[0]
  }

  private readRow(
    kind: RecordKind,
    name: string,
    row: Row,
  ): { ok: true; record: SkillRecord } | { ok: false; problem: StoreProblem } {
    const read = readStoredRecord(row.record)
    let message = read.ok ? undefined : read.message
    if (read.ok && (read.record.kind !== kind || read.record.name !== name)) message = 'kind or name: not its key'
    if (read.ok && read.record.version !== row.version) message = `version: ${read.record.version}, not ${row.version}`
    if (read.ok && message === undefined) return { ok: true, record: read.record }
    const file = `${kind} ${name}`
    const problem = { file, message: `${file}: ${message}` }
    this.logger.warn(`skill store: ${problem.message} (left in the database)`)
    return { ok: false, problem }
  }

  /** The stored record a save continues; a row that does not validate is overwritten only if no newer cedar wrote it. */
  private previous(fresh: NewRecord, row: Row): SkillRecord | undefined {
    const read = readStoredRecord(row.record)
    if (read.ok) return read.record
    if (read.newer) throw new Error(`cannot overwrite ${label(fresh)}: ${read.message}`)
    this.logger.warn(`skill store: ${label(fresh)}: replacing a row that did not validate (${read.message})`)
    return undefined
  }
}
