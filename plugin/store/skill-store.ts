/**
 * The skill store: one JSON file per skill or constraint (`<dir>/skills/<name>.json`,
 * `<dir>/constraints/<name>.json`), so a person can read, copy or version them. Writers in any number of
 * processes take a lock on the store; every write is atomic and durable, so a bot killed at any moment leaves a
 * store that loads. A file that does not validate is moved to `<dir>/corrupt/` and reported, and the rest loads.
 */
import { EventEmitter } from 'node:events'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { type NewRecord, type RecordKind, readStoredRecord, SCHEMA_VERSION, type SkillRecord } from './record.js'
import {
  type ClaimOptions,
  type LearningClaim,
  ReadOnlyStoreError,
  type RecordChange,
  type RecordStore,
  type SaveOptions,
  StaleRecordError,
  type StoreExport,
  type StoreLogger,
  type StoreProblem,
} from './record-store.js'
import {
  formatJson,
  listJsonFiles,
  moveAside,
  removeDurably,
  removeLeftoverTemporaries,
  writeDurably,
} from './store-files.js'
import { acquireStoreLock } from './store-lock.js'
import {
  byKindAndName,
  checkNewRecord,
  exportOf,
  importInto,
  isName,
  KINDS,
  label,
  overlaySeeds,
  stamped,
} from './store-records.js'

export type { StoreExport, StoreLogger, StoreProblem } from './record-store.js'
export { pickByName, ReadOnlyStoreError, RecordValidationError, StaleRecordError } from './record-store.js'

export interface SkillStoreOptions {
  logger?: StoreLogger
  /**
   * A lock older than this is taken to be left by a dead process and is broken (proper-lockfile refreshes a held
   * lock's time every half of this, and allows no less than 2000 ms); a lock whose recorded owner is gone is taken
   * over at once. Default 10 000.
   */
  lockStaleMs?: number
  /**
   * A store read underneath this one (the shipped seed skills): its records show through wherever this store has
   * none of that kind and name, and it is never written — saving a seed's name writes this store's own copy.
   */
  seeds?: string
  /** Never write: bad files are reported and left in place, older schemas are migrated in memory only. */
  readOnly?: boolean
}

const KIND_DIRS: Record<RecordKind, string> = { skill: 'skills', constraint: 'constraints' }

/** One record file to read, and what reading it found. */
interface FileRef {
  kind: RecordKind
  name: string
  /** Relative to the store. */
  relative: string
}
type Inspection =
  | { state: 'ok'; record: SkillRecord; migrated: boolean }
  | { state: 'missing' }
  | { state: 'bad'; message: string; keep: boolean }

/** Saves within one process queue here, so they wait their turn without polling the lock file. */
const processQueues = new Map<string, Promise<unknown>>()
/** Saves and removals in this process, by store directory (other processes' are not seen: see PostgresStore). */
const changes = new EventEmitter().setMaxListeners(0)
/** Skills being learned in this process, by store directory and record: settled when the learner lets go. */
const learning = new Map<string, Promise<void>>()

/** `promise`, or the signal's abort, whichever comes first. */
function abortable(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, reject)
  })
}

export class SkillStore implements RecordStore {
  readonly dir: string
  private readonly logger: StoreLogger
  private readonly lockStaleMs: number
  private readonly readOnly: boolean
  /** The seed store under this one, if any (never the same directory). */
  readonly seeds: SkillStore | undefined
  /** Each bot keeps its trajectories in files under the store's directory (BotCritic's TrajectoryLog). */
  readonly trajectories = undefined
  /** Each bot keeps the critic's laws in files under the store's directory (LawFiles). */
  readonly laws = undefined

  constructor(dir: string, options: SkillStoreOptions = {}) {
    this.dir = path.resolve(dir)
    this.logger = options.logger ?? console
    this.lockStaleMs = Math.max(options.lockStaleMs ?? 10_000, 2000)
    this.readOnly = options.readOnly ?? false
    const seeds = options.seeds === undefined ? undefined : path.resolve(options.seeds)
    this.seeds =
      seeds === undefined || seeds === this.dir
        ? undefined
        : new SkillStore(seeds, { logger: this.logger, readOnly: true })
  }

  /**
   * Every record that validates (skills, then constraints, each by name; a seed where this store has none of that
   * name), and the files that did not. A missing store is empty.
   */
  async load(): Promise<{ records: SkillRecord[]; problems: StoreProblem[] }> {
    const refs: FileRef[] = []
    for (const kind of KINDS) {
      for (const file of await listJsonFiles(path.join(this.dir, KIND_DIRS[kind]))) {
        refs.push(this.ref(kind, file.slice(0, -'.json'.length)))
      }
    }
    const own = await this.readFiles(refs)
    return this.seeds ? overlaySeeds(own, await this.seeds.load()) : own
  }

  get location(): string {
    return this.dir
  }

  /** The record of that kind and name, if the store (or, failing it, the seeds) has a valid one. */
  async get(kind: RecordKind, name: string): Promise<SkillRecord | undefined> {
    if (!isName(name)) return undefined
    const { records } = await this.readFiles([this.ref(kind, name)])
    return records[0] ?? (await this.seeds?.get(kind, name))
  }

  /** Whether the record shown under that name is a shipped seed (this store has no copy of its own). */
  async isSeed(kind: RecordKind, name: string): Promise<boolean> {
    if (!this.seeds || !isName(name)) return false
    const { records } = await this.readFiles([this.ref(kind, name)])
    return records.length === 0 && (await this.seeds.get(kind, name)) !== undefined
  }

  async list(kind?: RecordKind): Promise<SkillRecord[]> {
    const { records } = await this.load()
    return kind ? records.filter((record) => record.kind === kind) : records
  }

  /**
   * Validates and writes a record, bumping its version (and keeping `createdAt`) if it existed. Resolves when the
   * file is durable; throws `RecordValidationError` without writing anything if the record is invalid.
   */
  async save(record: NewRecord, options: SaveOptions = {}): Promise<SkillRecord> {
    const fresh = checkNewRecord(record)
    this.refuseWrites(`save ${label(record)}`)
    // A corrected seed continues the seed's version count in this store.
    const seed = await this.seeds?.get(fresh.kind, fresh.name)
    const saved = await this.locked(async () => {
      const ref = this.ref(fresh.kind, fresh.name)
      const existing = await this.inspect(ref)
      if (existing.state === 'bad' && existing.keep) throw new Error(`cannot overwrite ${existing.message}`)
      const stored = existing.state === 'ok' ? existing.record.version : 0
      if (options.expectedVersion !== undefined && options.expectedVersion !== stored) {
        throw new StaleRecordError(fresh.kind, fresh.name, options.expectedVersion, stored)
      }
      if (existing.state === 'bad') await this.setAside(ref, existing.message)
      const checked = stamped(fresh, existing.state === 'ok' ? existing.record : seed)
      const file = this.absolute(ref)
      await removeLeftoverTemporaries(file)
      await writeDurably(file, `${formatJson(checked)}\n`)
      return checked
    })
    this.changed({ kind: saved.kind, name: saved.name, version: saved.version })
    return saved
  }

  /**
   * Deletes this store's record; false when there was none. A seed under it shows through again; a seed itself
   * cannot be removed (ReadOnlyStoreError).
   */
  async remove(kind: RecordKind, name: string): Promise<boolean> {
    if (!isName(name)) return false
    this.refuseWrites(`remove ${kind} ${name}`)
    const removed = await this.locked(() => removeDurably(this.absolute(this.ref(kind, name))))
    if (!removed && (await this.seeds?.get(kind, name))) {
      throw new ReadOnlyStoreError(`${kind} ${name} is a shipped seed; it cannot be removed, only replaced`)
    }
    if (removed) this.changed({ kind, name, version: 0 })
    return removed
  }

  async onChange(listener: (change: RecordChange) => void): Promise<() => Promise<void>> {
    changes.on(this.dir, listener)
    return async () => {
      changes.off(this.dir, listener)
    }
  }

  /**
   * The fleet of `cedar start --bots N` shares one directory in one process: a skill two bots need at once is
   * learned by one, and the other takes its record. Other processes on the directory are not seen (a database is
   * the store for that).
   */
  async claimLearning(kind: RecordKind, name: string, options: ClaimOptions = {}): Promise<LearningClaim> {
    const key = `${this.dir}\0${kind}/${name}`
    for (;;) {
      options.signal?.throwIfAborted()
      const held = learning.get(key)
      if (!held) {
        let letGo = () => {}
        learning.set(
          key,
          new Promise<void>((resolve) => {
            letGo = resolve
          }),
        )
        const release = async () => {
          learning.delete(key)
          letGo()
        }
        // A learner saves before it lets go: a record saved since the caller looked is taken, not learned again.
        const record = await this.get(kind, name)
        if (!record) return { lease: { release } }
        await release()
        return { record }
      }
      await abortable(held, options.signal)
      const record = await this.get(kind, name)
      if (record) return { record }
    }
  }

  /** Nothing is held open between calls. */
  async close(): Promise<void> {}

  private changed(change: RecordChange): void {
    changes.emit(this.dir, change)
  }

  private refuseWrites(what: string): void {
    if (this.readOnly) throw new ReadOnlyStoreError(`cannot ${what}: ${this.dir} is read-only (the shipped seeds)`)
  }

  /**
   * Saves records from an export (any schema this cedar can migrate). All are validated before any is written, so
   * a bad one saves nothing. Versions continue this store's count; provenance is kept as given.
   */
  importRecords(values: readonly unknown[]): Promise<SkillRecord[]> {
    return importInto(this, values)
  }

  /** All records, or the named ones (a skill when both kinds have the name); an unknown name throws. */
  async exportRecords(names?: readonly string[]): Promise<StoreExport> {
    return exportOf((await this.load()).records, names)
  }

  /** Reads the given files; bad ones are moved aside (and older schemas rewritten) under the lock. */
  private async readFiles(refs: readonly FileRef[]): Promise<{ records: SkillRecord[]; problems: StoreProblem[] }> {
    const records: SkillRecord[] = []
    const problems: StoreProblem[] = []
    const needsLock: FileRef[] = []
    for (const ref of refs) {
      const found = await this.inspect(ref)
      if (found.state === 'ok' && (!found.migrated || this.readOnly)) records.push(found.record)
      else if (found.state === 'bad' && this.readOnly) problems.push(this.report(ref, found.message))
      else if (found.state !== 'missing') needsLock.push(ref)
    }
    if (needsLock.length > 0) {
      // Checked again under the lock: a writer may have replaced the file since, and a good file must never be
      // moved aside.
      await this.locked(async () => {
        for (const ref of needsLock) {
          const found = await this.inspect(ref)
          if (found.state === 'ok') {
            if (found.migrated) await this.rewriteMigrated(ref, found.record)
            records.push(found.record)
          } else if (found.state === 'bad') {
            problems.push(found.keep ? this.report(ref, found.message) : await this.setAside(ref, found.message))
          }
        }
      })
    }
    records.sort(byKindAndName)
    return { records, problems }
  }

  private async inspect(ref: FileRef): Promise<Inspection> {
    let text: string
    try {
      text = await readFile(this.absolute(ref), 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' }
      throw error
    }
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      return { state: 'bad', keep: false, message: `not JSON (${(error as Error).message})` }
    }
    const read = readStoredRecord(value)
    if (!read.ok) return { state: 'bad', keep: read.newer, message: read.message }
    const { kind, name } = read.record
    if (kind !== ref.kind) return { state: 'bad', keep: false, message: `kind: "${kind}" in the ${ref.kind} folder` }
    if (name !== ref.name) return { state: 'bad', keep: false, message: `name: "${name}" does not match the file name` }
    return { state: 'ok', record: read.record, migrated: read.migratedFrom !== undefined }
  }

  private async rewriteMigrated(ref: FileRef, record: SkillRecord): Promise<void> {
    await writeDurably(this.absolute(ref), `${formatJson(record)}\n`)
    this.logger.warn(`skill store: ${ref.relative}: migrated to schema ${SCHEMA_VERSION}`)
  }

  private async setAside(ref: FileRef, message: string): Promise<StoreProblem> {
    const movedTo = await moveAside(this.absolute(ref), path.join(this.dir, 'corrupt'), ref.name)
    const relative = movedTo && path.relative(this.dir, movedTo).split(path.sep).join('/')
    const problem: StoreProblem = { file: ref.relative, message: `${ref.relative}: ${message}` }
    if (relative) problem.movedTo = relative
    this.logger.warn(`skill store: ${problem.message}${relative ? ` (moved to ${relative})` : ''}`)
    return problem
  }

  private report(ref: FileRef, message: string): StoreProblem {
    const problem = { file: ref.relative, message: `${ref.relative}: ${message}` }
    this.logger.warn(`skill store: ${problem.message} (left in place)`)
    return problem
  }

  /**
   * Runs `work` holding the store lock: first this process's queue, then the lock other processes see
   * (store-lock.ts): a lock whose recorded owner is gone is taken over at once, one not refreshed for `lockStaleMs`
   * is broken; waiting gives up after a generous while with an error naming the lock.
   */
  private async locked<T>(work: () => Promise<T>): Promise<T> {
    const previous = processQueues.get(this.dir) ?? Promise.resolve()
    const run = previous.then(async () => {
      const release = await this.acquire()
      try {
        return await work()
      } finally {
        await release().catch((error: Error) => this.logger.warn(`skill store: releasing the lock: ${error.message}`))
      }
    })
    const settled = run.catch(() => undefined)
    processQueues.set(this.dir, settled)
    void settled.then(() => {
      if (processQueues.get(this.dir) === settled) processQueues.delete(this.dir)
    })
    return run
  }

  private acquire(): Promise<() => Promise<void>> {
    // Waits at least 30 s and three stale periods for a live writer, so a lock left where no owner is recorded is
    // always outlived, while a live writer holding it for long is reported rather than waited on forever.
    return acquireStoreLock(this.dir, {
      staleMs: this.lockStaleMs,
      waitMs: Math.max(30_000, 3 * this.lockStaleMs),
      warn: (message) => this.logger.warn(message),
    })
  }

  private ref(kind: RecordKind, name: string): FileRef {
    return { kind, name, relative: `${KIND_DIRS[kind]}/${name}.json` }
  }

  private absolute(ref: FileRef): string {
    return path.join(this.dir, ...ref.relative.split('/'))
  }
}
