// What the controller asks of time (plugin/agent/controller/controller.ts): which failures may pass if the act is tried
// again, and waiting for a watched event in chunks of ticks.
import type { EventLogger } from '../../world/event-logger.js'
import type { World } from '../../world/port.js'

/** Ticks waited between two looks at the world. */
const WAIT_CHUNK = 200

/** Failures that may pass when the act is tried again (the world moves on), not the plan's fault. */
export const transient = (failure: string) =>
  ['path_failed', 'timeout', 'not_found', 'not_now', 'server_error', 'no_drop', 'no_effect'].includes(failure)

/**
 * Lets time pass in chunks until some watched event happens: its events (none after `limit` ticks), or `interrupted`
 * when `interrupt` says so between chunks.
 */
export async function waitForEvent(
  world: World,
  logger: EventLogger,
  limit: number,
  signal: AbortSignal | undefined,
  interrupt: () => boolean,
): Promise<{ events: string[]; interrupted: boolean }> {
  for (let waited = 0; waited < limit && !signal?.aborted; waited += WAIT_CHUNK) {
    await world.waitTicks?.(WAIT_CHUNK, signal)
    const fresh = logger.observe(world.observe())
    if (fresh.length > 0) return { events: fresh, interrupted: false }
    if (interrupt()) return { events: [], interrupted: true }
  }
  return { events: [], interrupted: false }
}
