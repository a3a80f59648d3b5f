/**
 * The critic on a schedule (node-cron): a critic round over new trajectories, then housekeeping — the trajectory
 * log kept to its cap, and a backup of the skill store (its export, the last few kept). The timers are unref'd, so
 * a schedule never keeps a bot script alive; a round still running when the next is due is skipped.
 */
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import cron, { type ScheduledTask } from 'node-cron'
import writeFileAtomic from 'write-file-atomic'
import { makeDirectory } from '../../config/make-directory.js'
import { CedarError } from '../../errors.js'
import type { RecordStore } from '../../store/record-store.js'
import type { CriticReport, CriticRunner } from './critic-runner.js'

export const DEFAULT_CRITIC_SCHEDULE = '*/10 * * * *'
/** Store backups kept; older ones are removed. */
export const KEEP_BACKUPS = 5

export interface CriticScheduleOptions {
  readonly runner: CriticRunner
  /** A cron expression (`*\/10 * * * *`: every ten minutes). */
  readonly expression?: string
  readonly store?: RecordStore
  /** Where store backups go (default `<store>/backups`). */
  readonly backupDir?: string
  readonly onRound?: (report: CriticReport) => void
  readonly onError?: (error: Error) => void
}

/** A cron expression node-cron cannot read, named. */
export class CronExpressionError extends CedarError {
  override name = 'CronExpressionError'
}

export class CriticSchedule {
  private task: ScheduledTask | undefined
  private rounds = 0

  constructor(private readonly options: CriticScheduleOptions) {
    const expression = options.expression ?? DEFAULT_CRITIC_SCHEDULE
    if (!cron.validate(expression)) throw new CronExpressionError(`"${expression}" is not a cron expression`)
  }

  get roundsRun(): number {
    return this.rounds
  }

  start(): void {
    if (this.task) return
    this.task = cron.schedule(this.options.expression ?? DEFAULT_CRITIC_SCHEDULE, () => this.tick(), {
      noOverlap: true,
      unref: true,
    })
  }

  stop(): void {
    void this.task?.destroy()
    this.task = undefined
  }

  /** One scheduled round: the critic, then housekeeping. Errors are reported, never thrown into the timer. */
  async tick(): Promise<void> {
    try {
      const report = await this.options.runner.run()
      this.rounds++
      this.options.onRound?.(report)
      await this.backup()
    } catch (error) {
      this.options.onError?.(error as Error)
    }
  }

  /** Writes the store's export to the backup directory and keeps the newest `KEEP_BACKUPS`. */
  async backup(): Promise<string | undefined> {
    const store = this.options.store
    if (!store) return undefined
    const dir = this.options.backupDir ?? path.join(store.dir, 'backups')
    await makeDirectory(dir)
    const file = path.join(dir, `store-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
    await writeFileAtomic(file, JSON.stringify(await store.exportRecords()))
    const backups = (await readdir(dir)).filter((f) => /^store-.*\.json$/.test(f)).sort()
    for (const old of backups.slice(0, Math.max(0, backups.length - KEEP_BACKUPS))) {
      await rm(path.join(dir, old), { force: true })
    }
    return file
  }
}
