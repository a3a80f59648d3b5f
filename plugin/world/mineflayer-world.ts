import type { Bot } from 'mineflayer'
import { LIQUIDS } from '../vocabulary/natural.js'
import { type Primitive, primitiveSymbol } from '../vocabulary/symbols.js'
import { asOwnAct } from './bot-method-guard.js'
import { sleep } from './mineflayer/bed.js'
import { BotMemory } from './mineflayer/bot-memory.js'
import { storedSeen, storeInChest, takeFromChest } from './mineflayer/chests.js'
import { phaseWatch, waitTicks } from './mineflayer/clock.js'
import { DEFAULT_SEARCH, explore, type SearchExtent } from './mineflayer/explore.js'
import { eat, equip, kill, mine, place } from './mineflayer/gather.js'
import { runLimited } from './mineflayer/limits.js'
import { toSafeGround } from './mineflayer/safe-ground.js'
import { digIn } from './mineflayer/shelter.js'
import { fish, plant, use } from './mineflayer/using.js'
import { craft, smelt } from './mineflayer/workstations.js'
import { observeBot } from './mineflayer-observation.js'
import { type ActOptions, failure, type Observation, type Outcome, SAFE_GROUND, SHELTER, type World } from './port.js'

/** Default deadlines per primitive (ms): walking and searching take longer than handling items. */
const TIMEOUTS: Readonly<Record<Primitive['verb'], number>> = {
  mine: 180_000, // a tunnel to an ore under the surface digs for a minute or two
  craft: 20_000,
  smelt: 60_000,
  place: 10_000,
  equip: 5_000,
  explore: 180_000,
  sleep: 60_000, // a walk to room for the bed, the night's skip, the zombies of the dusk fought, the bed taken back
  kill: 60_000,
  eat: 10_000,
  fish: 600_000, // casts of 5 to 30 s until the catch wanted (a salmon is one catch in four)
  use: 20_000,
  plant: 20_000,
  store: 30_000,
  take: 30_000,
}

/**
 * The World port on a live Mineflayer bot: pathfinder and collectblock for moving and mining, the bot's own
 * craft, furnace and sleep APIs for the rest. Every act has a deadline and honours the AbortSignal; failures are
 * outcomes, never exceptions. The bot-method guard (when installed) judges these primitives' calls as the plugin's own
 * acts (asOwnAct).
 */
export class MineflayerWorld implements World {
  /** What the bot remembers from one act to the next (made once with the world: one world per bot). */
  readonly memory: BotMemory

  constructor(
    private readonly bot: Bot,
    /** How far an explore looks before it gives up. */
    private readonly search: SearchExtent = DEFAULT_SEARCH,
  ) {
    this.memory = new BotMemory(bot)
  }

  observe(): Observation {
    const observation = observeBot(this.bot)
    const stored = storedSeen(this.bot, this.memory)
    const kills = this.memory.kills
    // Added, not spread: the observation's lazy parts (underSky) stay lazy.
    return Object.assign(
      observation,
      stored.size > 0 ? { stored } : {},
      kills.size > 0 ? { kills: new Map(kills) } : {},
    )
  }

  /**
   * Waits until the game's clock has moved `ticks` on (the server's time updates: a server ticking faster waits
   * less), or `ticks` of the bot's own physics ticks have passed (a clock that stands still: daylight cycle off), or
   * `signal` aborts.
   */
  waitTicks(ticks: number, signal?: AbortSignal): Promise<void> {
    return waitTicks(this.bot, ticks, signal)
  }

  act(primitive: Primitive, signal?: AbortSignal, options: ActOptions = {}): Promise<Outcome> {
    const bot = this.bot
    const what = primitiveSymbol(primitive)
    const timeoutMs = options.timeoutMs ?? TIMEOUTS[primitive.verb]
    // A window an act left open when it ended mid-way (a craft stopped at nightfall) would take this act's clicks
    // with its own slot numbers: mineflayer's equip then fails "invalid operation".
    if (bot.currentWindow) bot.closeWindow(bot.currentWindow)
    // A sleep's daybreak is the act's own doing (the bed is taken back after it), not a change to stop at.
    const phase = phaseWatch(bot, primitive.verb === 'sleep' ? [] : (options.stopAt ?? []))
    const limited = signal ? AbortSignal.any([signal, phase.signal]) : phase.signal
    return runLimited(bot, what, timeoutMs, limited, (inner) =>
      asOwnAct(bot, () => this.memory.fence.during(options.avoidBiomes, () => this.perform(primitive, inner, options))),
    )
      .then((outcome) =>
        phase.signal.aborted && !signal?.aborted && !outcome.ok && outcome.failure === 'cancelled'
          ? failure('not_now', `${what} stopped: ${phase.signal.reason === 'time.night' ? 'night fell' : 'day broke'}`)
          : outcome,
      )
      .finally(() => phase.stop())
  }

  private async perform(
    primitive: Primitive,
    inner: AbortSignal,
    { onProgress, toWorkFrom }: ActOptions,
  ): Promise<Outcome> {
    const { bot, memory } = this
    switch (primitive.verb) {
      case 'mine':
        // A liquid is taken with the bucket in hand: the bucket used on it.
        if (primitive.object in LIQUIDS) return use(bot, memory, primitive.object, inner)
        return mine(bot, memory, primitive.object, inner)
      case 'fish':
        return fish(bot, memory, primitive.object, inner)
      case 'use':
        return use(bot, memory, primitive.object, inner)
      case 'plant':
        return plant(bot, memory, primitive.object, inner)
      case 'equip':
        return equip(bot, primitive.object)
      case 'place':
        // The shelter was judged as place.shelter; its digs, equips and the block over its head are the making of it,
        // judged by the laws but not by the instruction's constraints (a bot that could not sleep digs in at night).
        if (primitive.object === SHELTER)
          return memory.preparations.during(() => digIn(bot, inner, { toWorkFrom: toWorkFrom === true }))
        return place(bot, primitive.object, inner)
      case 'explore':
        if (primitive.object === SAFE_GROUND) return toSafeGround(bot, inner)
        return explore(bot, memory, primitive.object, inner, this.search, onProgress)
      case 'eat':
        return eat(bot, primitive.object)
      case 'kill':
        return kill(bot, primitive.object, inner, memory)
      case 'craft':
        return craft(bot, memory, primitive.object, inner)
      case 'smelt':
        return smelt(bot, memory, primitive.object, primitive.fuel, inner)
      case 'sleep':
        return sleep(bot, memory, inner)
      case 'store':
        return storeInChest(bot, memory, primitive, inner)
      case 'take':
        return takeFromChest(bot, memory, primitive, inner)
    }
  }
}
