// Every wait of the live world's on the game's clock: the server's time updates (about one a server second, so a
// server ticking faster waits less in wall time) and the bot's own physics ticks (which go on when the daylight
// cycle is off and the clock stands still).
import type { Bot } from 'mineflayer'

/** Calls `listener` at each of the server's time updates; returns what stops it. */
export function onTimeUpdate(bot: Bot, listener: () => void): () => void {
  bot.on('time', listener)
  return () => bot.off('time', listener)
}

/** Bot events after which the clock's condition is read again (all without arguments). */
export type ClockEvent = 'time' | 'health' | 'move'

/**
 * Resolves once `holds()` is true (read now, and again at each of `events`: by default the server's time updates),
 * or on `signal`.
 */
export function untilClock(
  bot: Bot,
  holds: () => boolean,
  signal: AbortSignal,
  events: readonly ClockEvent[] = ['time'],
): Promise<void> {
  if (holds() || signal.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      for (const event of events) bot.off(event, check)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const check = () => {
      if (holds()) done()
    }
    for (const event of events) bot.on(event, check)
    signal.addEventListener('abort', done, { once: true })
  })
}

/**
 * Waits until the game's clock has moved `ticks` on, or `ticks` of the bot's own physics ticks have passed (a clock
 * that stands still: daylight cycle off), or `signal` aborts.
 */
export async function waitTicks(bot: Bot, ticks: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return
  let passed = 0
  let last = bot.time?.timeOfDay ?? 0
  let stop: () => void = () => {}
  const gameTime = new Promise<void>((resolve) => {
    stop = onTimeUpdate(bot, () => {
      passed += (bot.time.timeOfDay - last + 24_000) % 24_000
      last = bot.time.timeOfDay
      if (passed >= ticks) resolve()
    })
  })
  // Removed again when the wait ends: the idle reflexes wait every second on one signal for the bot's whole life.
  let onAbort: () => void = () => {}
  const aborted = new Promise<void>((resolve) => {
    onAbort = resolve
    signal?.addEventListener('abort', onAbort, { once: true })
  })
  const own = physicsTicks(bot, ticks)
  try {
    await Promise.race([own.passed, gameTime, aborted])
  } finally {
    stop()
    own.cancel()
    signal?.removeEventListener('abort', onAbort)
  }
}

/**
 * `ticks` of the bot's physics ticks. Not bot.waitForTicks: that rejects when the physics ticks fall behind the wall
 * clock (a loaded machine), and a wait that throws ends whatever was pacing itself by it, the idle reflexes' loop
 * for one.
 */
export function physicsTicks(bot: Bot, ticks: number): { passed: Promise<void>; cancel: () => void } {
  let seen = 0
  let onTick: () => void = () => {}
  const passed = new Promise<void>((resolve) => {
    onTick = () => {
      if (++seen < ticks) return
      bot.removeListener('physicsTick', onTick)
      resolve()
    }
    bot.on('physicsTick', onTick)
  })
  return { passed, cancel: () => bot.removeListener('physicsTick', onTick) }
}

/** `ticks` of the bot's physics ticks, however late they come. */
export function waitPhysicsTicks(bot: Bot, ticks: number): Promise<void> {
  return physicsTicks(bot, ticks).passed
}

/** Aborts (its reason the event) when night falls or day breaks, if `events` names that change. */
export function phaseWatch(bot: Bot, events: readonly string[]): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController()
  if (events.length === 0 || !bot.time) return { signal: controller.signal, stop: () => {} }
  let day = bot.time.isDay
  const stop = onTimeUpdate(bot, () => {
    if (bot.time.isDay === day) return
    day = bot.time.isDay
    const event = day ? 'time.day' : 'time.night'
    if (events.includes(event)) controller.abort(event)
  })
  return { signal: controller.signal, stop }
}

/** Up to half a second for the bot to stand on the ground again: a dig begun in the air takes five times as long. */
export async function landed(bot: Bot): Promise<void> {
  for (let tick = 0; tick < 10 && !bot.entity.onGround; tick++) await waitPhysicsTicks(bot, 1)
}

/** What `firstEvent` listens on: the bot, its world or its inventory (their events typed each its own way). */
interface EventSource {
  on(event: string, listener: (...args: never[]) => void): unknown
  off(event: string, listener: (...args: never[]) => void): unknown
}

/**
 * The first `event` of `source` that `settle` turns into a value, or `fallback()` once `bound` has passed (the bot's
 * physics ticks, or milliseconds on the wall clock) or `signal` aborted. Every listener goes when it ends: a use
 * waits for its block's update, a bed for the wake, a pick-up for the inventory's slot.
 */
export function firstEvent<T>(
  bot: Bot,
  source: object,
  event: string,
  settle: (...args: never[]) => T | undefined,
  bound: { readonly ticks: number } | { readonly ms: number },
  fallback: () => T,
  signal?: AbortSignal,
): Promise<T> {
  const emitter = source as EventSource
  return new Promise((resolve) => {
    const ticks = 'ticks' in bound ? physicsTicks(bot, bound.ticks) : undefined
    const timer = 'ms' in bound ? setTimeout(() => done(fallback()), bound.ms) : undefined
    const onEvent = (...args: never[]) => {
      const value = settle(...args)
      if (value !== undefined) done(value)
    }
    const onAbort = () => done(fallback())
    const done = (value: T) => {
      ticks?.cancel()
      clearTimeout(timer)
      emitter.off(event, onEvent)
      signal?.removeEventListener('abort', onAbort)
      resolve(value)
    }
    void ticks?.passed.then(() => done(fallback()))
    emitter.on(event, onEvent)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** Resolves true as soon as `holds()` after an inventory change, false after `ms`. */
export function untilInventory(bot: Bot, holds: () => boolean, ms: number): Promise<boolean> {
  if (holds()) return Promise.resolve(true)
  return firstEvent(bot, bot.inventory, 'updateSlot', () => holds() || undefined, { ms }, holds)
}
