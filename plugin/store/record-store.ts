/**
 * What every skill store is, whichever keeps the records: the JSON files of one machine (SkillStore, the default)
 * or a PostgreSQL database a fleet of bots shares (PostgresStore). Callers hold a RecordStore, never a backend, so
 * a bot, the chat commands, `cedar skills` and the critic's backups work the same on both.
 */
import { CedarError } from '../errors.js'
import type { NewRecord, RecordKind, SCHEMA_VERSION, SkillRecord } from './record.js'

/** A record that did not load: `message` names it and the bad field. */
export interface StoreProblem {
  /** Relative to the store, e.g. `skills/craft.x.json` (a row of the database: `skill craft.x`). */
  file: string
  message: string
  /** Where the file was moved (relative to the store); absent when it was left in place (a newer schema). */
  movedTo?: string
}

export interface StoreLogger {
  warn(message: string): void
}

/** What `cedar skills export` writes and `import` reads, from either backend. */
export interface StoreExport {
  schema: typeof SCHEMA_VERSION
  records: SkillRecord[]
}

export interface SaveOptions {
  /**
   * Optimistic concurrency: the version the caller read (0: the record must not exist yet). When the store holds
   * another version by the time of writing, nothing is written and `StaleRecordError` says so. Without it a save
   * continues whatever version is there (the last writer wins, and every save is counted).
   */
  readonly expectedVersion?: number
}

export interface ClaimOptions {
  /** How long the claim holds without a save (default 10 minutes: an LLM-taught skill takes minutes). */
  readonly holdMs?: number
  /** Stops waiting for another bot's save. */
  readonly signal?: AbortSignal | undefined
}

/** What `claimLearning` gives: the lease to learn (let go of it when done), or the record another bot learned. */
export type LearningClaim = { readonly lease: { release(): Promise<void> } } | { readonly record: SkillRecord }

/** A record saved, or removed, by this process or another one on the same store. */
export interface RecordChange {
  readonly kind: RecordKind
  readonly name: string
  /** The version now stored; 0 when the record was removed. */
  readonly version: number
}

export interface RecordStore {
  /** Where the store is, for people: a directory, or a `postgres://` URL without its password. */
  readonly location: string
  /**
   * A local directory for what stays on this machine: the laws and trajectories of the critic, backups, pictures.
   * For the JSON store it is the store itself.
   */
  readonly dir: string
  /** The seed skills' store read under this one (never written), if any. */
  readonly seeds: RecordStore | undefined
  /**
   * The critic's trajectories kept in the store itself, where every bot on it reads them (PostgreSQL); undefined
   * when each bot keeps its own in files under `dir` (the JSON store).
   */
  readonly trajectories: TrajectoryShelf | undefined
  /** The critic's laws kept in the store for every bot on it (PostgreSQL), when the owners choose so. */
  readonly laws: LawShelf | undefined
  /** Every valid record (skills, then constraints, each by name; seeds where the store has none) and the bad ones. */
  load(): Promise<{ records: SkillRecord[]; problems: StoreProblem[] }>
  get(kind: RecordKind, name: string): Promise<SkillRecord | undefined>
  /** Whether the record shown under that name is a shipped seed (this store has no copy of its own). */
  isSeed(kind: RecordKind, name: string): Promise<boolean>
  list(kind?: RecordKind): Promise<SkillRecord[]>
  /** Validates and writes, bumping the version; resolves once durable. Throws RecordValidationError, writing nothing. */
  save(record: NewRecord, options?: SaveOptions): Promise<SkillRecord>
  /** Deletes this store's record; false when there was none; a seed cannot be removed (ReadOnlyStoreError). */
  remove(kind: RecordKind, name: string): Promise<boolean>
  /** Saves an export's records: all are validated before any is written, so a bad one saves nothing. */
  importRecords(values: readonly unknown[]): Promise<SkillRecord[]>
  /** All records, or the named ones (a skill when both kinds have the name); an unknown name throws. */
  exportRecords(names?: readonly string[]): Promise<StoreExport>
  /**
   * Calls `listener` for each record saved or removed from now on, by any process on this store (PostgreSQL:
   * LISTEN/NOTIFY, within a second; the JSON store: this process's own saves). Returns the unsubscribe.
   */
  onChange(listener: (change: RecordChange) => void): Promise<() => Promise<void>>
  /**
   * A fleet's store (PostgreSQL): claims the learning of a record, so bots that need the same skill at once ask the
   * teacher once. Resolves with a lease when this caller is to learn it, or with the record once another bot that
   * held the claim saved it. A holder that lets go without saving, or holds past `holdMs` (a bot that died), hands
   * the claim on. Absent on a store only one bot uses.
   */
  claimLearning?(kind: RecordKind, name: string, options?: ClaimOptions): Promise<LearningClaim>
  /** Lets go of connections; the store is not used afterwards. */
  close(): Promise<void>
}

/**
 * Trajectories as the store keeps them: JSON values (the agent validates them: the store knows no trajectory's
 * shape), one log per world scope that all bots append to, oldest first, and one critic cursor per reader.
 */
export interface TrajectoryShelf {
  /** Appends, then keeps only the newest `cap` of the scope. */
  append(scope: string, bot: string, trajectory: { readonly id: string }, cap: number): Promise<void>
  list(scope: string): Promise<unknown[]>
  cursor(scope: string, reader: string): Promise<string | undefined>
  moveCursor(scope: string, reader: string, id: string): Promise<void>
}

/**
 * The critic's laws as a fleet's store keeps them, per world scope: the laws in the shield (JSON values, keyed so
 * that two bots' laws never overwrite each other) and the texts players rejected.
 */
export interface LawShelf {
  load(scope: string): Promise<{ laws: unknown[]; rejected: string[] }>
  putLaw(scope: string, key: string, law: object): Promise<void>
  dropLaw(scope: string, key: string): Promise<void>
  reject(scope: string, text: string): Promise<void>
  /** Calls `listener` with the scope of each change to the laws, by any bot; returns the unsubscribe. */
  onChange(listener: (scope: string) => void): Promise<() => Promise<void>>
}

/** A record that failed validation; nothing was written. */
export class RecordValidationError extends CedarError {
  override name = 'RecordValidationError'
}

/** A write to a store that is only read (the shipped seeds), or the removal of a seed. */
export class ReadOnlyStoreError extends CedarError {
  override name = 'ReadOnlyStoreError'
}

/** A save whose `expectedVersion` is no longer the stored one: another writer got there first. Nothing was written. */
export class StaleRecordError extends CedarError {
  override name = 'StaleRecordError'
  constructor(
    readonly kind: RecordKind,
    readonly recordName: string,
    readonly expected: number,
    readonly found: number,
  ) {
    super(
      `${kind} ${recordName} is at version ${found}, not ${expected}: another bot saved it meanwhile; read it again ` +
        'and redo the change',
    )
  }
}

/** The record a name refers to: the skill if there is one, else the constraint; `both` when each kind has it. */
export function pickByName(
  records: readonly SkillRecord[],
  name: string,
  kind?: RecordKind,
): { record: SkillRecord | undefined; both: boolean } {
  const named = records.filter((record) => record.name === name && (!kind || record.kind === kind))
  const record = named.find((r) => r.kind === 'skill') ?? named[0]
  return { record, both: named.length > 1 }
}
