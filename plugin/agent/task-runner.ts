import { CedarError } from '../errors.js'
export interface TaskInfo {
  readonly id: number
  readonly name: string
  /** Who asked for it: a player name, or `api` for code. */
  readonly requestedBy: string
  readonly startedAt: number
}

/**
 * How a task ended, for `cedarTaskEnd`: the goal reached (`done`), refused before anything ran (`refused`: a
 * conflict, a plan too large), run without reaching its goal or thrown (`failed`), or stopped (`cancelled`).
 */
export type TaskEnd =
  | { readonly status: 'done' }
  | { readonly status: 'refused'; readonly reason: string }
  | { readonly status: 'cancelled'; readonly reason: string }
  | { readonly status: 'failed'; readonly reason: string; readonly error: Error }

/** A task that ended without a goal reached, though its work returned (`!do` answers "not done"). */
export class TaskFailedError extends CedarError {
  override name = 'TaskFailedError'
}

/** What a task's work may say of how it went, when returning normally is not the same as `done`. */
export type TaskVerdict =
  | { readonly status: 'done' }
  | { readonly status: 'refused'; readonly reason: string }
  | { readonly status: 'failed'; readonly reason: string }

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

  /** Runs `work` as the bot's one task; `verdict` reads its result as done, refused or failed (default: done). */
  async run<T>(
    name: string,
    requestedBy: string,
    work: (signal: AbortSignal) => Promise<T>,
    verdict?: (result: T) => TaskVerdict,
  ): Promise<T> {
    if (this.active) throw new TaskBusyError(this.active.info)
    const controller = new AbortController()
    const info: TaskInfo = { id: this.nextId++, name, requestedBy, startedAt: this.now() }
    this.active = { info, controller }
    this.listener.onStart?.(info)
    let end: TaskEnd = { status: 'done' }
    try {
      const result = await work(controller.signal)
      if (controller.signal.aborted) throw new TaskCancelledError(reasonOf(controller.signal))
      const said = verdict?.(result)
      if (said?.status === 'failed') end = { ...said, error: new TaskFailedError(said.reason) }
      else if (said) end = said
      return result
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown))
      end = controller.signal.aborted
        ? { status: 'cancelled', reason: reasonOf(controller.signal) }
        : { status: 'failed', reason: error.message, error }
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
