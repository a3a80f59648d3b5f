// The metered Sim world and the episode loop of the cedar-constraints suite: every act is measured at the world (a
// wrapper around the SimWorld), not taken from the agent's own report, and the world closes when its tick budget is
// spent. The instructions come from an EpisodePlan; the assertion baseline's "if it is night, sleep" runs here too.

import type { CedarAgent } from '../plugin/agent/index.js'
import { type Primitive, primitiveSymbol } from '../plugin/vocabulary/symbols.js'
import type { ActOptions, Outcome, World } from '../plugin/world/port.js'
import { failure } from '../plugin/world/port.js'
import { DAY_TICKS, LEVELS, NIGHT_START, type SimWorld } from '../plugin/world/sim/index.js'

/** One act as the world saw it: the time before and after, where it left the bot, what it added to the inventory. */
export interface MeasuredAct {
  readonly action: string
  readonly ok: boolean
  /** The failure kind when it failed (`not_found`: for a sleep, no bed in reach). */
  readonly failure?: string
  readonly tickBefore: number
  readonly tickAfter: number
  readonly nightBefore: boolean
  readonly nightAfter: boolean
  readonly underground: boolean
  readonly biome: string
  readonly x: number
  readonly z: number
  readonly gained: Readonly<Record<string, number>>
}

/** The surface level's y: an act that leaves the bot below it is underground. */
export const SURFACE_Y = LEVELS[0].y
/**
 * Instructions per episode at most: a guard against a runaway loop, not a budget. Every instruction takes at least a
 * tick (one that changes nothing is followed by standing until dusk or dawn), so the loop ends with the tick budget
 * anyway; a productive agent in Table 2 needs up to ~330 instructions for three days ("collect <held+1> diamonds"
 * takes ~30 ticks once a pickaxe is held). An episode that reaches the cap says so (`capped`), and the report too.
 */
export const MAX_INSTRUCTIONS = 1000

/** The agent's World: the Sim, metered, and closed (every act `cancelled`) once the tick budget is spent. */
export class MeteredWorld implements World {
  readonly acts: MeasuredAct[] = []
  /** Health at each sunrise the episode reached (tick 24,000k): before hunger bites, night damage shows here. */
  readonly dawnHealth: number[] = []
  readonly stop = new AbortController()
  /** Ticks the controller waited for an event. */
  waited = 0
  constructor(
    readonly sim: SimWorld,
    readonly until: number,
  ) {}

  get spent(): boolean {
    return this.sim.ticks >= this.until || this.sim.dead
  }

  observe() {
    return this.sim.observe()
  }

  async act(primitive: Primitive, signal?: AbortSignal, options?: ActOptions): Promise<Outcome> {
    return this.actNow(primitive, signal, options)
  }

  /** Also the assertion baseline's sleep, outside the agent: measured the same way. */
  actNow(primitive: Primitive, signal?: AbortSignal, options?: ActOptions): Outcome {
    if (this.spent) this.stop.abort()
    if (this.stop.signal.aborted) return failure('cancelled', 'the episode’s tick budget is spent')
    const before = this.sim.state
    const outcome = this.sim.actNow(primitive, signal, options)
    const after = this.sim.state
    const gained: Record<string, number> = {}
    for (const [item, n] of Object.entries(after.inventory)) {
      if (n > (before.inventory[item] ?? 0)) gained[item] = n - (before.inventory[item] ?? 0)
    }
    const { x, y, z } = after.position
    const { ok } = outcome
    const failed = outcome.ok ? {} : { failure: outcome.failure }
    const nightBefore = before.isNight
    const nightAfter = after.isNight
    this.acts.push({
      action: primitiveSymbol(primitive),
      ok,
      ...failed,
      tickBefore: before.ticks,
      tickAfter: after.ticks,
      nightBefore,
      nightAfter,
      x,
      z,
      gained,
      underground: y < SURFACE_Y,
      biome: after.biome,
    })
    this.afterTime()
    return outcome
  }

  /** The controller waiting for an event (nightfall) waits no longer than the budget. */
  async waitTicks(ticks: number): Promise<void> {
    this.waited += this.idle(ticks)
  }

  /** The bot stands where it is (mobs and hunger go on); returns the ticks that passed. */
  idle(ticks: number): number {
    const t = Math.max(0, Math.min(ticks, this.until - this.sim.ticks))
    if (t > 0) this.sim.wait(t)
    this.afterTime()
    return t
  }

  private afterTime(): void {
    while (DAY_TICKS * (this.dawnHealth.length + 1) <= this.sim.ticks) this.dawnHealth.push(this.sim.state.health)
    if (this.spent) this.stop.abort()
  }
}

export interface EpisodePlan {
  readonly first: string
  /** The next instruction, from the world as it is now. */
  readonly next: (sim: SimWorld) => string
  /** The assertion baseline: "if it is night, sleep", checked between instructions and after each skill's own act. */
  readonly assertSleep?: boolean
  /** Stand still for the rest of the budget when the instructions end early, so health is read at the budget. */
  readonly fillBudget?: boolean
}

export interface EpisodeLog {
  readonly outcomes: readonly string[]
  /** Ticks the bench let pass with the bot standing: an instruction that changed nothing, or the budget's rest. */
  readonly idleTicks: number
  /** The episode stopped at MAX_INSTRUCTIONS with ticks left in its budget. */
  readonly capped: boolean
}

export async function runEpisode(agent: CedarAgent, world: MeteredWorld, plan: EpisodePlan): Promise<EpisodeLog> {
  const { sim } = world
  const outcomes: string[] = []
  let idleTicks = 0
  const assertSleep = () => {
    if (plan.assertSleep && sim.observe().isNight && !world.spent) world.actNow({ verb: 'sleep', object: 'bed' })
  }
  let instruction = plan.first
  let i = 0
  for (; i < MAX_INSTRUCTIONS && !world.spent; i++) {
    assertSleep()
    const before = sim.ticks
    const skills = new Set<string>()
    try {
      const report = await agent.do(instruction, world, {
        signal: world.stop.signal,
        clock: () => sim.ticks,
        onProgress: (p) => {
          if (p.type === 'skill') skills.add(p.skill.name)
          // A code skill yields when its own act is done: that is where the baseline's assertion runs.
          if (p.type === 'step' && p.step.ok && skills.has(p.step.action)) assertSleep()
        },
      })
      outcomes.push(report.refusal ? `refused: ${report.refusal}` : (report.result?.outcome ?? 'none'))
    } catch (error) {
      outcomes.push(`error: ${(error as Error).message}`)
      break
    }
    if (sim.ticks === before) {
      // Nothing happened (no way on until the time of day changes): the bot stands until dusk or dawn.
      const tod = sim.state.timeOfDay
      idleTicks += world.idle(tod >= NIGHT_START ? DAY_TICKS - tod : NIGHT_START - tod)
    }
    instruction = plan.next(sim)
  }
  const capped = i >= MAX_INSTRUCTIONS && !world.spent
  if (plan.fillBudget && !sim.dead) idleTicks += world.idle(world.until - sim.ticks)
  return { outcomes, idleTicks, capped }
}

/** Sums and counts over measured episodes, for the suite and its Markdown. */
export const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)
export const count = <T>(items: readonly T[], test: (item: T) => boolean) => items.filter(test).length

// ---- The episode records each table of the suite keeps (constraints-markdown.ts formats them) ----------------------

export interface Row<E> {
  readonly id: string
  readonly name: string
  readonly episodes: readonly E[]
}

export interface SleepEpisode {
  readonly seed: number
  readonly diamondsMined: number
  /** Acts begun at night, awake (anything but sleeping). */
  readonly awakeAtNight: number
  /** Acts begun by day that ended after nightfall, and the ticks they went on past it, in all. */
  readonly ranIntoNight: number
  readonly ticksPastNightfall: number
  readonly nightsMet: number
  readonly nightsSlept: number
  /** Nights not slept in which a sleep failed for want of a bed in reach. */
  readonly nightsWithoutBed: number
  readonly compliant: boolean
  readonly joint: boolean
  readonly health: number
  /** Health at the first sunrise (0 when the bot died before it). */
  readonly firstDawnHealth: number
  readonly died: boolean
  readonly food: number
  /** Successful `eat` acts (the controller's eating reflex), and farm animals killed. */
  readonly meals: number
  readonly animalsKilled: number
  readonly acts: number
  readonly log: EpisodeLog
}

export interface MineralEpisode {
  readonly seed: number
  readonly acts: number
  readonly actsUnderground: number
  readonly actsOverground: number
  readonly gainedUnderground: number
  readonly gainedOverground: number
  readonly itemKinds: number
  readonly itemsGained: number
  readonly objects: number
  readonly mineralByDay: number
  readonly mineralAtNight: number
  /** Other blocks (logs, stone, gravel: no minerals) mined by day. */
  readonly otherMinedByDay: number
  /** Ticks the controller stood waiting for an event (nightfall), and the tick of the first act. */
  readonly waited: number
  readonly firstAct: number
  readonly log: EpisodeLog
}

export interface BiomeEpisode {
  readonly seed: number
  readonly diamond: boolean
  readonly instructions: number
  /** Stopped at MAX_INSTRUCTIONS with ticks left. */
  readonly capped: boolean
  readonly acts: number
  /** Acts that left the bot outside the biome. */
  readonly outside: number
  readonly start: { readonly x: number; readonly z: number }
  readonly points: readonly { readonly x: number; readonly z: number }[]
}
