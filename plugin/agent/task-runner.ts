import { CedarError } from '../errors.js'
export interface TaskInfo {
  readonly id: number
  readonly name: string
  /** Who asked for it: a player name, or `api` for code. */
  readonly requestedBy: string
  readonly startedAt: number
}

export type TaskEnd =
  | { readonly status: 'done' }
  | { readonly status: 'cancelled'; readonly reason: string }
  | { readonly status: 'failed'; readonly error: Error }

/** Thrown by `run` while another task holds the bot. */
export class TaskBusyError extends CedarError {
  override name = 'TaskBusyError'
  constructor(readonly running: TaskInfo) {
    super(`busy with ${running.name}; stop it first`)
  }
}

/** Thrown inside a task's work when it was stopped, so callers can tell cancellation from failure. */
export class TaskCancelledError extends CedarError {
  override name = 'TaskCancelledError'
}

export interface TaskListener {
  onStart?(task: TaskInfo): void
  onEnd?(task: TaskInfo, end: TaskEnd): void
}

/**
 * One task at a time holds the bot (walking somewhere, running a skill). Each task gets an AbortSignal;
 * `stop` aborts it, and the task's work is expected to return promptly once the signal fires.
 */
export class TaskRunner {
  private active: { info: TaskInfo; controller: AbortController } | undefined
  private nextId = 1

  constructor(
    private readonly listener: TaskListener = {},
    private readonly now: () => number = Date.now,
  ) {}

  get current(): TaskInfo | undefined {
    return this.active?.info
  }

  async run<T>(name: string, requestedBy: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.active) throw new TaskBusyError(this.active.info)
    const controller = new AbortController()
    const info: TaskInfo = { id: this.nextId++, name, requestedBy, startedAt: this.now() }
    this.active = { info, controller }
    this.listener.onStart?.(info)
    let end: TaskEnd = { status: 'done' }
    try {
      const result = await work(controller.signal)
      if (controller.signal.aborted) throw new TaskCancelledError(reasonOf(controller.signal))
      return result
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown))
      end = controller.signal.aborted
        ? { status: 'cancelled', reason: reasonOf(controller.signal) }
        : { status: 'failed', error }
      throw controller.signal.aborted && !(error instanceof TaskCancelledError)
        ? new TaskCancelledError(reasonOf(controller.signal))
        : error
    } finally {
      if (this.active?.info === info) this.active = undefined
      this.listener.onEnd?.(info, end)
    }
  }

  /** Aborts the running task; returns it, or undefined when the bot was idle. */
  stop(reason = 'stopped'): TaskInfo | undefined {
    const active = this.active
    if (!active) return undefined
    active.controller.abort(new TaskCancelledError(reason))
    return active.info
  }
}

function reasonOf(signal: AbortSignal): string {
  const reason: unknown = signal.reason
  return reason instanceof Error ? reason.message : String(reason ?? 'stopped')
}
