import type { Bot } from 'mineflayer'
import { ShieldBlockedError, type Verdict } from '../../ltl/shield.js'
import { haltMotion } from '../pathfinding.js'
import { failure, type Outcome } from '../port.js'

/** Thrown by a primitive's work to end with a specific failure. */
export class PrimitiveFailure extends Error {
  constructor(readonly outcome: Extract<Outcome, { ok: false }>) {
    super(outcome.message)
  }
}

export const fail = (...args: Parameters<typeof failure>): never => {
  throw new PrimitiveFailure(failure(...args) as Extract<Outcome, { ok: false }>)
}

/**
 * Runs a primitive's work under a deadline and the caller's AbortSignal. On either, the bot's motions are halted
 * (pathfinding, collecting, digging) so nothing keeps running after the outcome is reported. Errors become typed
 * failures: the shield's refusal is `blocked`, pathfinder's give-ups are `path_failed`, the rest `server_error`.
 */
export async function runLimited(
  bot: Bot,
  what: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<Outcome>,
): Promise<Outcome> {
  if (signal?.aborted) return failure('cancelled', `${what}: cancelled before it started`)
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort: (() => void) | undefined
  const stopped = new Promise<Outcome>((resolve) => {
    timer = setTimeout(
      () => resolve(failure('timeout', `${what}: no result within ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    )
    onAbort = () => resolve(failure('cancelled', `${what}: cancelled`))
    signal?.addEventListener('abort', onAbort, { once: true })
  })
  const done = work(controller.signal).catch((error: unknown) => toOutcome(what, error))
  try {
    const outcome = await Promise.race([done, stopped])
    if (!outcome.ok && (outcome.failure === 'timeout' || outcome.failure === 'cancelled')) {
      controller.abort()
      haltMotion(bot)
      // The work ends at its next look at the signal, and collectblock's task at its cancel: until then it may still
      // dig or walk, and the next act's dig would be aborted by it (a live bot's shelter, dug right after its mine act
      // was interrupted by a zombie, failed with "Digging aborted" and the bot fought on in the open and died).
      await settled([done, bot.collectBlock?.cancelTask()], SETTLE_MS)
    }
    return outcome
  } finally {
    clearTimeout(timer)
    if (onAbort) signal?.removeEventListener('abort', onAbort)
  }
}

/** How long a stopped primitive's work may take to come to rest before the outcome is told anyway. */
const SETTLE_MS = 3_000

/** Waits until every promise has settled, or `ms` at most. */
async function settled(promises: readonly (Promise<unknown> | undefined)[], ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms)
  })
  try {
    await Promise.race([Promise.allSettled(promises), bound])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Whether pathfinder gave up on a goal: it found no path (`NoPath`), or spent its thinking time and found none
 * (`Timeout`). The goal is then left for another, not the act failed as the server's error.
 */
export function isPathfinderGiveUp(error: unknown): boolean {
  const name = (error as { name?: unknown } | null | undefined)?.name
  return name === 'NoPath' || name === 'Timeout'
}

function toOutcome(what: string, error: unknown): Outcome {
  if (error instanceof PrimitiveFailure) return error.outcome
  if (error instanceof ShieldBlockedError) return failure('blocked', blockedMessage(error.verdict))
  const err = error instanceof Error ? error : new Error(String(error))
  if (
    isPathfinderGiveUp(err) ||
    ['GoalChanged', 'PathStopped', 'NoItem'].includes(err.name) ||
    /no path/i.test(err.message)
  ) {
    return failure('path_failed', `${what}: ${err.message}`)
  }
  return failure('server_error', `${what}: ${err.message}`)
}

/**
 * What a step refused by the bot's own gate reads as: the act the gate saw and the laws by name ("place.furnace
 * blocked by H19 (hard) ..."), like a refusal by the controller's gate; not the verdict's sentence, which would
 * read "X failed: X is blocked by" in the step's report.
 */
function blockedMessage(verdict: Verdict): string {
  const laws = verdict.blockedBy.map((law) => `${law.id} (${law.kind}) ${law.text}`).join('; ')
  return `${verdict.action} blocked by ${laws}`
}
