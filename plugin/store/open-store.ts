/**
 * Opens the store a location names: a `postgres://` (or `postgresql://`) URL is a PostgreSQL database a fleet
 * shares; anything else is a directory of JSON files, the default, which needs nothing installed.
 */
import { isPostgresUrl, localDirFor } from '../config/data-dir.js'
import { PostgresStore } from './postgres-store.js'
import type { RecordStore, StoreLogger } from './record-store.js'
import { SkillStore } from './skill-store.js'

export interface OpenStoreOptions {
  readonly logger?: StoreLogger
  /** The shipped seed skills' directory, shown under the store's own records. */
  readonly seeds?: string
  /** For a database: where this machine's laws, trajectories and backups go (default: per database, in the data directory). */
  readonly localDir?: string
  readonly env?: Readonly<Record<string, string | undefined>>
}

export function openRecordStore(location: string, options: OpenStoreOptions = {}): RecordStore {
  const { logger, seeds } = options
  if (isPostgresUrl(location)) {
    return new PostgresStore(location, {
      localDir: options.localDir ?? localDirFor(location, options.env),
      ...(logger ? { logger } : {}),
      ...(seeds ? { seeds } : {}),
    })
  }
  return new SkillStore(location, { ...(logger ? { logger } : {}), ...(seeds ? { seeds } : {}) })
}
