// Waiting for events with a deadline: every wait rejects with a message naming what was awaited, never hangs.
import type { EventEmitter } from 'node:events'
import type { Bot, BotEvents } from 'mineflayer'

export const DEFAULT_TIMEOUT_MS = 5_000

/**
 * Every deadline here is stretched by CEDAR_TEST_WAIT_SCALE, which the test runner sets when test files share the
 * cores: a deadline only says when to stop waiting for an event and report what was awaited, never when the event
 * should have come, so a loaded machine gets longer to deliver it and a passing test waits no longer than before.
 */
export const WAIT_SCALE = Math.max(1, Number(process.env.CEDAR_TEST_WAIT_SCALE) || 1)

/** `ms` stretched by WAIT_SCALE. */
export function deadline(ms: number): number {
  return Math.round(ms * WAIT_SCALE)
}

type Listener = (...args: unknown[]) => void

/** Names an emitter in messages: a bot by its username, anything else by its class. */
export function describeEmitter(emitter: object): string {
  const username = (emitter as { username?: unknown }).username
  if (typeof username === 'string') return `bot "${username}"`
  return emitter.constructor?.name ?? 'emitter'
}

/**
 * Resolves with the arguments of the first `event` for which `predicate` (if given) returns true; rejects after
 * `timeoutMs`, or if the predicate throws.
 */
export function waitFor<E extends keyof BotEvents>(
  emitter: Bot,
  event: E,
  predicate?: (...args: Parameters<BotEvents[E]>) => boolean,
  timeoutMs?: number,
): Promise<Parameters<BotEvents[E]>>
export function waitFor<A extends unknown[] = unknown[]>(
  emitter: EventEmitter,
  event: string | symbol,
  predicate?: (...args: A) => boolean,
  timeoutMs?: number,
): Promise<A>
export function waitFor(
  emitter: EventEmitter | Bot,
  event: string | symbol,
  predicate?: (...args: never[]) => boolean,
  given = DEFAULT_TIMEOUT_MS,
): Promise<unknown[]> {
  const timeoutMs = deadline(given)
  const target = emitter as EventEmitter
  const what = `'${String(event)}' on ${describeEmitter(target)}${predicate ? ' (matching the predicate)' : ''}`
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      target.removeListener(event, listener)
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`))
    }, timeoutMs)
    const listener: Listener = (...args) => {
      let matched: boolean
      try {
        matched = predicate === undefined || (predicate as (...a: unknown[]) => boolean)(...args)
      } catch (error) {
        matched = false
        clearTimeout(timer)
        target.removeListener(event, listener)
        reject(new Error(`Predicate threw while waiting for ${what}`, { cause: error }))
        return
      }
      if (!matched) return
      clearTimeout(timer)
      target.removeListener(event, listener)
      resolve(args)
    }
    target.on(event, listener)
  })
}

/**
 * Resolves once `condition()` holds, checking now and after every physics tick of `bot` (20 per second) —
 * for state that changes through several packets (inventory, entity positions, blocks).
 */
export function waitUntil(
  bot: Bot,
  condition: () => boolean,
  what: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  if (condition()) return Promise.resolve()
  return waitFor(bot, 'physicsTick', () => condition(), timeoutMs).then(
    () => undefined,
    (error: Error) => {
      throw new Error(`Timed out after ${deadline(timeoutMs)} ms waiting until ${what} (${describeEmitter(bot)})`, {
        cause: error,
      })
    },
  )
}

/** Rejects with "Timed out after N ms waiting for <what>" if `promise` is not settled by then. */
export async function withTimeout<T>(promise: Promise<T>, given: number, what: string): Promise<T> {
  const timeoutMs = deadline(given)
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Resolves after the server has ticked `ticks` more times (game time, not wall time). */
export function serverTicks(
  serv: { on(event: 'tick', l: (d: number, n: number) => void): unknown; off(event: 'tick', l: () => void): unknown },
  ticks: number,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  let seen = 0
  return waitFor(serv as unknown as EventEmitter, 'tick', () => ++seen >= ticks, timeoutMs).then(() => undefined)
}
