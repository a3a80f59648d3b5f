// One episode of the live bench (bench/live.ts) over the real protocol: an embedded survival server on loopback
// (a generated world, its seed the episode's), its tick rate raised, and a real mineflayer bot with the plugin,
// driven through `bot.cedar.agent.do` as chat's `!do` is. Instructions follow one another until the episode's game
// ticks are spent (or its wall-clock limit); acts are recorded from the run's own progress (the live World has no
// meter the bench could wrap), with day or night read from the bot's clock when each act began.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Bot, createBot } from 'mineflayer'
import { createCedar } from '../index.js'
import type { DoProgress } from '../plugin/cedar-reports.js'
import { type EmbeddedServer, startEmbeddedServer } from '../plugin/server/embedded-server.js'
import { itemClass } from '../plugin/server/mechanics/prismarine.js'
import { insertStack } from '../plugin/server/mechanics/window-session.js'
import { matchesObject } from '../plugin/vocabulary/families.js'
import { untilClock } from '../plugin/world/mineflayer/clock.js'
import { biomeName } from '../plugin/world/mineflayer-observation.js'

/** One act as the bench saw it: when it began (day or night, world age), how it went, where it left the bot. */
export interface LiveAct {
  readonly action: string
  readonly ok: boolean
  readonly nightBefore: boolean
  /** The night (counted from 1 in the episode) the act began in; 0 by day. */
  readonly night: number
  readonly biome: string | undefined
  readonly y: number
  /**
   * A survival reflex's act (a zombie fought, the bot dug in) let through only because the constraint could not be
   * kept (no bed, nowhere to put one): which constraint and why. Not a task act, and counted apart from them.
   */
  readonly setAside?: string
}

export interface LiveTask {
  readonly id: string
  /** The first instruction, given the biome at spawn. */
  readonly first: (biome: string) => string
  /** The next instruction, from what the bot holds now. */
  readonly next: (held: (object: string) => number, biome: string) => string
  /** Game ticks per episode. */
  readonly ticks: number
  /** Items the bot is given at the start ("you are given a bed"). */
  readonly give?: Readonly<Record<string, number>>
  /** One request, not a day of them: the episode ends at the first instruction that reaches its goal or is refused. */
  readonly untilGoal?: boolean
  /**
   * With `untilGoal`: once the first instruction reaches its goal, these in order, each asked again until it reaches
   * its own; the episode ends at the last one's goal (or a refusal). One `atNight` is asked only after dusk, as a
   * player asks for zombies: the bench waits for the night first.
   */
  readonly afterwards?: readonly { readonly instruction: string; readonly atNight?: boolean }[]
}

export interface LiveOptions {
  /** Server ticks per second (vanilla 20). */
  readonly tickRate: number
  /** Wall-clock limit per episode, ms. */
  readonly wallLimitMs: number
  readonly log: (line: string) => void
}

export interface LiveEpisode {
  readonly seed: number
  readonly acts: readonly LiveAct[]
  readonly instructions: number
  /** Nights the episode reached, and those a sleep begun in them succeeded. */
  readonly nightsMet: number
  readonly nightsSlept: number
  /** Nights not slept in which the bot dug in (place.shelter worked): survived without a bed, not slept. */
  readonly nightsSheltered: number
  readonly health: number
  readonly food: number
  readonly held: Readonly<Record<string, number>>
  /** The biome at spawn (Figure 5's "stay in B" names it). */
  readonly spawnBiome: string
  readonly ticks: number
  readonly wallMs: number
  /**
   * The server's ticks a second over the episode, as measured: the server and the bot share one process, so the
   * server ticks slower than it was set to while the bot computes or the machine is loaded, and a game day then lasts
   * longer on the wall clock, time the bot's walking and digging (at the client's real speed) gets for free.
   */
  readonly serverTickRate: number
  /** Why it ended: its ticks spent, its wall-clock limit, the bot died, or an error (named). */
  readonly ended: string
  /** The armour the bot wore at the end (head to feet; absent in files older than this field). */
  readonly worn?: readonly string[]
  /** Each instruction the bench gave, and how it ended ('goal' for one that reached its goal), in order. */
  readonly asked: readonly string[]
  readonly outcomes: readonly string[]
}

/**
 * Four times vanilla's 20. At five times, a game day gives the bot's walking and digging (at the client's real speed)
 * two minutes, and whether Table 2's diamond came within its three days turned on how loaded the machine was: the
 * server, in the bot's process, ticks slower beside other work, and its days last longer.
 */
export const DEFAULT_TICK_RATE = 80

/** The seeds and tick rate of a live suite: CEDAR_LIVE_SEEDS and CEDAR_LIVE_TICK_RATE, else 5 seeds (`--quick` 1). */
export function liveSettings(options: { readonly quick: boolean; readonly episodes?: number | undefined }): {
  seeds: number[]
  tickRate: number
} {
  const seeds = process.env.CEDAR_LIVE_SEEDS?.split(',').map(Number) ?? [
    ...Array(options.episodes ?? (options.quick ? 1 : 5)).keys(),
  ]
  return { seeds, tickRate: Number(process.env.CEDAR_LIVE_TICK_RATE ?? DEFAULT_TICK_RATE) }
}

/** One episode, its act log kept for the result file as it goes to the suite's log. */
export async function runLoggedEpisode(
  task: LiveTask,
  seed: number,
  tickRate: number,
  suiteLog: (line: string) => void,
): Promise<LiveEpisode & { readonly log: readonly string[] }> {
  // Long enough for the episode's ticks at this rate, and the same again for walking, digging and loading.
  const wallLimitMs = (2 * task.ticks * 1000) / tickRate + 180_000
  const actLog: string[] = []
  const log = (line: string) => {
    actLog.push(line)
    suiteLog(line)
  }
  return { ...(await runLiveEpisode(task, seed, { tickRate, wallLimitMs, log })), log: actLog }
}

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }
const isNight = (bot: Bot) => !bot.time.isDay
const DAY = 24_000

export async function runLiveEpisode(task: LiveTask, seed: number, options: LiveOptions): Promise<LiveEpisode> {
  const started = performance.now()
  const store = await mkdtemp(path.join(tmpdir(), 'cedar-live-bench-'))
  // Zombies at night, as `npm start` has them: an unslept night costs health.
  const server = await startEmbeddedServer({ generation: 'survival', seed, mechanics: { hostileMobs: true } })
  try {
    server.serv.setTickInterval(options.tickRate)
    let serverTicks = 0
    const ticking = performance.now()
    server.serv.on('tick', () => serverTicks++)
    server.serv.on('error', (error: Error) => options.log(`seed ${seed}: server error: ${error.message}`))
    const bot = await connect(server, store)
    for (const [item, n] of Object.entries(task.give ?? {})) await give(server, bot, item, n)
    const spawnBiome = biomeName(bot) ?? 'unknown'
    const episode = await play(task, seed, bot, spawnBiome, started, options)
    return { ...episode, serverTickRate: serverTicks / ((performance.now() - ticking) / 1000) }
  } finally {
    await server.close()
    await rm(store, { recursive: true, force: true })
  }
}

async function play(
  task: LiveTask,
  seed: number,
  bot: Bot,
  spawnBiome: string,
  started: number,
  options: LiveOptions,
): Promise<Omit<LiveEpisode, 'serverTickRate'>> {
  // flying-squid sends a world age of 0 always: the episode's clock adds up the time of day's steps (a night
  // slept through counts, as in the Sim).
  let elapsed = 0
  let lastTime = bot.time.timeOfDay
  const age = () => elapsed
  const stop = new AbortController()
  let ended = 'ticks spent'
  let nights = 0
  let wasNight = isNight(bot)
  if (wasNight) nights = 1
  const slept = new Set<number>()
  const onTime = () => {
    elapsed += (bot.time.timeOfDay - lastTime + DAY) % DAY
    lastTime = bot.time.timeOfDay
    const night = isNight(bot)
    if (night && !wasNight && age() < task.ticks) nights++
    wasNight = night
    if (age() >= task.ticks) stop.abort()
  }
  bot.on('time', onTime)
  // A night is slept when the bot lay in bed in it: the third night's sleep skips to the episode's last tick, and the
  // act, cut off there before it took the bed back, never reports its success.
  const onSleep = () => {
    if (isNight(bot) && nights > 0) slept.add(nights)
  }
  bot.on('sleep', onSleep)
  const wall = setTimeout(() => {
    ended = 'wall-clock limit'
    stop.abort()
  }, options.wallLimitMs)
  // A bot kicked or disconnected hears no more time or physics ticks, and every wait of its act would stand
  // forever: the episode ends there, saying why.
  const onEnd = (reason: string) => {
    ended = `the bot was disconnected: ${reason}`
    options.log(`seed ${seed}: ${ended}`)
    stop.abort()
  }
  const onKicked = (reason: string) => options.log(`seed ${seed}: kicked: ${reason}`)
  bot.on('end', onEnd)
  bot.on('kicked', onKicked)
  const acts: LiveAct[] = []
  const outcomes: string[] = []
  const asked: string[] = []
  let pending: { nightBefore: boolean; night: number } | undefined
  // What the agent does between acts (learning, composing, refusals), each kind said once in a row: a bot that
  // stands still for minutes says why in the log.
  let lastNote = ''
  const note = (line: string) => {
    if (line === lastNote) return
    lastNote = line
    options.log(`seed ${seed} … ${line} (${Math.round((performance.now() - started) / 1000)} s)`)
  }
  const onProgress = (p: DoProgress) => {
    if (p.type === 'learning') note(`learning ${p.skill}: ${p.event.type}`)
    else if (p.type === 'skill') note(`skill ${p.skill.name} ${p.skill.path}`)
    else if (p.type === 'composed') note('composed the skill with the constraints')
    else if (p.type === 'step' && p.step.blockedBy !== undefined) note(`refused ${p.step.action}: ${p.step.blockedBy}`)
    else if (p.type === 'acting') note(`acting ${p.action}${p.detail === undefined ? '' : `: ${p.detail}`}`)
    if (p.type === 'acting' && p.detail === undefined) {
      pending = { nightBefore: isNight(bot), night: isNight(bot) ? nights : 0 }
    } else if (p.type === 'step' && p.step.blockedBy === undefined) {
      const begun = pending ?? { nightBefore: p.step.night, night: p.step.night ? nights : 0 }
      pending = undefined
      const setAside = p.step.setAside === undefined ? {} : { setAside: p.step.setAside }
      const act = {
        action: p.step.action,
        ok: p.step.ok,
        ...begun,
        biome: p.step.biome,
        y: p.step.position.y,
        ...setAside,
      }
      acts.push(act)
      const message = p.step.message === undefined ? '' : `: ${p.step.message.slice(0, 100)}`
      const body = `health ${Math.round(bot.health)}, food ${bot.food}, y ${Math.floor(bot.entity.position.y)}`
      options.log(`seed ${seed} #${acts.length} ${act.action} ${act.ok ? 'ok' : 'failed'}${message} (${body})`)
      if (act.ok && act.action === 'sleep.bed' && act.night > 0) slept.add(act.night)
    }
  }
  const held = (object: string) =>
    bot.inventory
      .items()
      .filter((i) => matchesObject(object, i.name))
      .reduce((n, i) => n + i.count, 0)
  let instruction = task.first(spawnBiome)
  // How many of task.afterwards have been begun: the instruction asked again is then that one.
  let chained = 0
  try {
    while (!stop.signal.aborted && bot.health > 0) {
      if (task.afterwards?.[chained - 1]?.atNight && !isNight(bot)) {
        await untilClock(bot, () => isNight(bot), stop.signal)
        if (stop.signal.aborted) break
      }
      const before = acts.length
      options.log(`seed ${seed}: ${instruction} (tick ${age()}, ${Math.round((performance.now() - started) / 1000)} s)`)
      asked.push(instruction)
      const report = await bot.cedar.agent.do(instruction, { signal: stop.signal, onProgress })
      outcomes.push(report.refusal ? `refused: ${report.refusal}` : (report.result?.outcome ?? 'none'))
      note(`the instruction ended: ${outcomes.at(-1)}`)
      if (task.untilGoal && (report.refusal !== undefined || report.result?.outcome === 'goal')) {
        const following = task.afterwards?.[chained]
        if (report.refusal !== undefined || !following) {
          ended = report.refusal === undefined ? 'goal reached' : 'refused'
          break
        }
        chained++
        instruction = following.instruction
        continue
      }
      // Nothing to do until the time of day changes (minerals only at night), or nothing done at all (the same act
      // failing at once, instruction after instruction: thousands of them in a game day): the bot waits for dusk or
      // dawn before it is told again.
      // An instruction that reached its goal did something, even when its last act was cut short: a goal met as
      // night fell (seed 0, the diamond in hand) had the bench wait out the night, and the bot never went to bed.
      const nothingDone = report.result?.outcome !== 'goal' && acts.slice(before).every((a) => !a.ok)
      if (nothingDone && !stop.signal.aborted) {
        const night = isNight(bot)
        await untilClock(bot, () => isNight(bot) !== night, stop.signal)
      }
      instruction = task.afterwards?.[chained - 1]?.instruction ?? task.next(held, spawnBiome)
    }
    if (bot.health <= 0) ended = 'the bot died'
  } catch (error) {
    ended = `error: ${(error as Error).message}`
  } finally {
    clearTimeout(wall)
    bot.off('time', onTime)
    bot.off('sleep', onSleep)
    bot.off('end', onEnd)
    bot.off('kicked', onKicked)
  }
  const inventory: Record<string, number> = {}
  for (const item of bot.inventory.items()) inventory[item.name] = (inventory[item.name] ?? 0) + item.count
  return {
    seed,
    acts,
    instructions: outcomes.length,
    nightsMet: nights,
    nightsSlept: slept.size,
    nightsSheltered: new Set(
      acts
        .filter((a) => a.ok && a.action === 'place.shelter' && a.night > 0 && !slept.has(a.night))
        .map((a) => a.night),
    ).size,
    health: bot.health,
    food: bot.food,
    held: inventory,
    // The armour slots, head to feet (mineflayer's window slots 5 to 8).
    worn: [5, 6, 7, 8].flatMap((slot) => {
      const item = bot.inventory.slots[slot]
      return item ? [item.name] : []
    }),
    spawnBiome,
    ticks: Math.min(age(), task.ticks),
    wallMs: performance.now() - started,
    ended,
    asked,
    outcomes,
  }
}

async function connect(server: EmbeddedServer, store: string): Promise<Bot> {
  const bot = createBot({
    host: server.host,
    port: server.port,
    username: 'cedar',
    version: server.version,
    auth: 'offline',
    logErrors: true,
    hideErrors: true,
    plugins: {
      // Idle reflexes on, as `npm start` has them: between instructions (waiting for a crop, for dusk) a bot at night
      // digs in or fights, rather than stand until a zombie kills it (the everyday row's bread, seed 0).
      cedar: createCedar({
        owners: ['Alex'],
        storePath: store,
        seedPath: false,
        logger: quietLogger,
        reflexes: { idle: true },
      }),
    },
  })
  await new Promise<void>((resolve, reject) => {
    bot.once('spawn', () => resolve())
    bot.once('end', (reason) => reject(new Error(`the bot left before it spawned: ${reason}`)))
  })
  await bot.waitForChunksToLoad()
  return bot
}

/** Into the player's inventory on the server, as a pick-up would put it; resolves when the bot holds it. */
async function give(server: EmbeddedServer, bot: Bot, item: string, count: number): Promise<void> {
  const player = server.serv.getPlayer(bot.username)
  const id = server.registry.itemsByName[item]?.id
  if (!player || id === undefined) throw new Error(`cannot give ${item} to ${bot.username}`)
  const Item = itemClass(server.serv)
  if (insertStack(player.inventory, new Item(id, count), Item) > 0) throw new Error(`no room for ${item}`)
  for (let tick = 0; !bot.inventory.items().some((i) => i.name === item); tick++) {
    if (tick > 400) throw new Error(`the bot never got its ${item}`)
    await bot.waitForTicks(1)
  }
}
