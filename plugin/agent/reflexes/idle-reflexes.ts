/**
 * The survival reflexes of an idle bot: with no task running, every second of game time the reflexes that are on
 * (reflex-modes.ts) are asked what the body needs — out of water, a mob at hand, mobs coming at night, food — and
 * the first act the gate allows runs as the bot's task (`!stop` ends it; an instruction given meanwhile is told the
 * bot is busy). Each act is reported when it starts and when it ends. An act that failed is not offered again for
 * a while, so a bot that cannot dig in here does not try every second.
 */
import { setTimeout as delay } from 'node:timers/promises'
import { primitiveSymbol } from '../../vocabulary/symbols.js'
import type { Outcome, World } from '../../world/port.js'
import type { Rules } from '../../world/rules.js'
import { TaskBusyError, type TaskRunner } from '../task-runner.js'
import type { ReflexAct } from './reflex.js'
import { type ReflexModes, survivalReflexes } from './reflex-modes.js'

/** Game ticks between two looks (one second at vanilla's pace). */
const LOOK_TICKS = 20
/** Looks an act that failed is not offered again. */
const BACKOFF_LOOKS = 30

export interface IdleReflexOptions {
  /** A world whose time passes (a live bot's): the looks are paced by its ticks. */
  readonly world: World & Required<Pick<World, 'waitTicks'>>
  readonly rules: Rules
  readonly modes: ReflexModes
  readonly tasks: TaskRunner
  /** Undefined when the laws allow the act now; else why not (the gate would refuse it). */
  readonly refusal?: (action: string) => string | undefined
  /** An act starts (`why`: what the body needs) and ends. */
  readonly onAct?: (reflex: string, act: ReflexAct) => void
  readonly onOutcome?: (reflex: string, act: ReflexAct, outcome: Outcome) => void
}

/** Starts looking; the returned function stops (a running act is left to its task: `!stop` ends it). */
export function startIdleReflexes(options: IdleReflexOptions): () => void {
  const { world, tasks } = options
  const reflexes = survivalReflexes(options.rules, options.modes)
  const failed = new Map<string, number>()
  const stopped = new AbortController()
  let look = 0

  const due = (): { reflex: string; act: ReflexAct } | undefined => {
    const observation = world.observe()
    const skip = (symbol: string) => (failed.get(symbol) ?? -1) >= look || options.refusal?.(symbol) !== undefined
    for (const reflex of reflexes) {
      // Idle, no plan holds any item back (whatever the bot has may be eaten or burnt), hunts anything, or has work
      // to go on with (a shelter is waited in until daybreak).
      const act = reflex.next(observation, { skip, spare: () => true, hunted: () => false, planned: () => undefined })
      if (act) return { reflex: reflex.name, act }
    }
    return undefined
  }

  const run = async (reflex: string, act: ReflexAct): Promise<void> => {
    const symbol = primitiveSymbol(act.primitive)
    options.onAct?.(reflex, act)
    const outcome = await tasks.run(`${reflex} reflex`, 'reflex', (signal) =>
      world.act(act.primitive, signal, act.timeoutMs === undefined ? {} : { timeoutMs: act.timeoutMs }),
    )
    if (!outcome.ok) failed.set(symbol, look + BACKOFF_LOOKS)
    options.onOutcome?.(reflex, act, outcome)
  }

  const loop = async (): Promise<void> => {
    while (!stopped.signal.aborted) {
      try {
        await world.waitTicks(LOOK_TICKS, stopped.signal)
      } catch {
        // A wait the world gave up on is not the end of the reflexes: the next look a second of wall time later.
        await delay(1000, undefined, { signal: stopped.signal }).catch(() => undefined)
      }
      look++
      if (stopped.signal.aborted || tasks.current) continue
      const wanted = due()
      if (!wanted) continue
      try {
        await run(wanted.reflex, wanted.act)
      } catch (error) {
        // A task that began between the look and the act: it is the bot's business now.
        if (!(error instanceof TaskBusyError)) failed.set(primitiveSymbol(wanted.act.primitive), look + BACKOFF_LOOKS)
      }
    }
  }
  void loop()
  return () => stopped.abort()
}
