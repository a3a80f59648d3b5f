// The bot-method guard: the shield put in front of the bot's own methods (bot.dig, bot.placeBlock, bot.equip, ...),
// so code outside the controller (other plugins, user scripts, the primitives' own inner calls) is held to the laws.
// Not the controller's gate (agent/assembly.ts shieldGate), which judges the controller's steps before they run.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Bot, Furnace } from 'mineflayer'
import type { Block } from 'prismarine-block'
import type { Entity } from 'prismarine-entity'
import type { Item } from 'prismarine-item'
import { type Shield, ShieldBlockedError, type Verdict } from '../ltl/shield.js'
import { observeBot } from './mineflayer-observation.js'
import type { Observation } from './port.js'
import { actValuation, type PredicateOptions } from './predicates.js'

export interface BotMethodGuardHooks {
  onBlocked?(verdict: Verdict): void
  onFallback?(verdict: Verdict): void
  onAction?(action: string): void
  /** Told once per law the first time it refuses a call (later refusals by the same law are not repeated). */
  log?(message: string): void
}

/**
 * Whose calls the laws judge in full. `own`: the plugin's own acts by every law, other code's calls (other plugins,
 * the user's script) only by the laws the owner added (`source: 'user'`: `!ltl add`, the `laws` option), so a
 * plugin loaded beside ours is held to what the owner said, not to our built-in rules. `all`: every call by every
 * law.
 */
export type GateReach = 'own' | 'all'

/** A call the shield refused: the law that refused it (the first, if several did) and the whole verdict. */
export class CedarShieldError extends ShieldBlockedError {
  override name = 'CedarShieldError'
  /** The id of the law that refused the call (`V1`, `L2`). */
  readonly law: string
  constructor(verdict: Verdict) {
    super(verdict)
    this.law = verdict.blockedBy[0]?.id ?? ''
  }
}

/** The bot whose own act is running in this async context (see `asOwnAct`). */
const ownActs = new AsyncLocalStorage<Bot>()

/**
 * Runs `act` as the plugin's own act on `bot`: every bot method it calls, however deep in promises, is judged by
 * every law even when the gate's reach is `own`.
 */
export function asOwnAct<T>(bot: Bot, act: () => Promise<T>): Promise<T> {
  return ownActs.run(bot, act)
}

type AnyFunction = (...args: never[]) => unknown

/**
 * The acts a bot is in the middle of preparing (how many nested), see `during`: a bed's nook dug and the bed put
 * down before `sleep.bed`, which the controller and the shield already judged. One per bot, shared by the bot's world
 * (which prepares) and its method guard (which judges what is done meanwhile).
 */
export class Preparations {
  private depth = 0

  /** Whether an act is being prepared now. */
  get active(): boolean {
    return this.depth > 0
  }

  /**
   * Runs `prepare`, the making ready of an act already judged, with the bot's digs, equips and placements in it
   * judged by the laws but not by the instruction's constraints, and not committed as acts of their own: under
   * "sleep at night" the room dug for the bed at night is going to bed, not an act awake, and refusing the pickaxe's
   * equip for it would leave the bot unable to sleep. The act itself (`bot.sleep`) is judged as ever.
   */
  async during<T>(prepare: () => Promise<T>): Promise<T> {
    this.depth++
    try {
      return await prepare()
    } finally {
      this.depth--
    }
  }
}

/**
 * Puts the shield in front of the bot's own primitives, so calls from other plugins and user code are checked too: dig
 * → mine.<block>, placeBlock → place.<held item>, craft → craft.<result>, equip → equip.<item>, activateBlock and
 * openBlock → activate.<block> (a craft's table and a sleep's bed are part of that act), a furnace's input
 * (`openFurnace`, then `putInput`) → smelt.<input>, judged on the state before the furnace was opened, sleep →
 * sleep.bed, attack → attack.<entity>, consume → eat.<held item>, pathfinder goto → goto.position. Each name carries
 * its twins in the controller's vocabulary (actionPropositions: attack.zombie is also kill.zombie, smelt.raw_iron also
 * smelt.iron_ingot), so a law holds at both levels. Before each call the current state is observed; `reach` says
 * which laws judge whose calls (GateReach). A blocked call never throws: it returns a promise that rejects with
 * CedarShieldError naming the law (attack, which returns nothing in mineflayer, too). An allowed call is committed
 * to the trajectory when it starts, so nested calls (pathfinder digging on its way) keep the state/action alternation.
 * Returns a function that restores the original methods. What is done while `preparations` are active is judged by the
 * laws only (see Preparations).
 */
export function installBotMethodGuard(
  bot: Bot,
  shield: Shield,
  hooks: BotMethodGuardHooks = {},
  predicates: PredicateOptions = {},
  preparations: Preparations = new Preparations(),
  reach: GateReach = 'all',
): () => void {
  const restore: (() => void)[] = []
  /** Own pathfinder walks under way: the pathfinder digs and builds on its way from its tick handler, out of context. */
  let ownWalks = 0
  const isOwn = (pathfinderStep: boolean) => ownActs.getStore() === bot || (pathfinderStep && ownWalks > 0)
  const logged = new Set<string>()
  const refuse = (verdict: Verdict, own: boolean): never => {
    hooks.onBlocked?.(verdict)
    const error = new CedarShieldError(verdict)
    if (!logged.has(error.law)) {
      logged.add(error.law)
      const whose = own ? "the plugin's own" : 'another caller’s (a plugin or the script)'
      hooks.log?.(`cedar: the shield refused ${whose} ${verdict.action}: ${error.message} (said once per law)`)
    }
    throw error
  }
  const itemName = (item: Item | number | null | undefined): string => {
    if (item === null || item === undefined) return 'nothing'
    return typeof item === 'number' ? (bot.registry.items[item]?.name ?? `item_${item}`) : item.name
  }

  /** Furnace windows being opened by `openFurnace`: the open is the smelt's state position, not an act of its own. */
  let openingFurnaces = 0

  /** Judged as the controller judges it (actValuation), on the state the act starts from (default: now). */
  const admit = (action: string, from: Observation = observeBot(bot), pathfinderStep = false): void => {
    shield.observe(actValuation(action, from, predicates))
    const own = reach === 'all' || isOwn(pathfinderStep)
    if (!own) {
      // Another caller's call: only the owner's laws judge it (decided, and counted, only when one refuses).
      const ownerLaws = (law: { readonly source: string }) => law.source === 'user'
      if (shield.preview(action).blockedBy.some(ownerLaws)) {
        const verdict = shield.check(action)
        const blockedBy = verdict.blockedBy.filter(ownerLaws)
        if (blockedBy.length > 0) refuse(narrowed(verdict, blockedBy), false)
      }
      shield.commit(action)
      hooks.onAction?.(action)
      return
    }
    const verdict = shield.check(action)
    if (preparations.active) {
      // Part of the act being prepared: the laws judge it, the instruction's constraints judged the act itself.
      const blockedBy = verdict.blockedBy.filter((law) => law.source !== 'constraint')
      if (!verdict.allowed && blockedBy.length > 0) refuse(narrowed(verdict, blockedBy), true)
      return
    }
    if (!verdict.allowed) refuse(verdict, true)
    if (verdict.fallback) hooks.onFallback?.(verdict)
    shield.commit(action)
    hooks.onAction?.(action)
  }

  /** Replaces `target[name]` with a gated version that names its action from the call's arguments. */
  const wrap = <T extends object, K extends keyof T>(
    target: T,
    name: K,
    actionOf: (...args: Parameters<Extract<T[K], AnyFunction>>) => string,
    pathfinderStep = false,
  ): void => {
    const original = target[name] as unknown as AnyFunction | undefined
    if (typeof original !== 'function') return
    const gated = function (this: unknown, ...args: Parameters<Extract<T[K], AnyFunction>>) {
      try {
        admit(actionOf(...args), undefined, pathfinderStep)
      } catch (error) {
        return refused(error)
      }
      return original.apply(this, args)
    }
    target[name] = gated as T[K]
    restore.push(() => {
      if (target[name] === (gated as T[K])) target[name] = original as T[K]
    })
  }

  wrap(bot, 'dig', (block: Block) => `mine.${block.name}`, true)
  wrap(bot, 'placeBlock', () => `place.${itemName(bot.heldItem)}`, true)
  wrap(bot, 'equip', (item) => `equip.${itemName(item as Item | number)}`)
  // mineflayer's openBlock (chests, furnaces, anvils…), craft (its table) and sleep (the bed) call activateBlock
  // without awaiting it, so a refusal there would be an unhandled rejection (the process dies) and the caller would
  // wait for a window that never opens. openBlock is judged up front instead, and inside an act already judged
  // (craft.X, sleep.bed) the block it touches is part of that act.
  let judgedActs = 0
  const activate = bot.activateBlock
  if (typeof activate === 'function') {
    const gated = function (this: unknown, ...args: Parameters<Bot['activateBlock']>) {
      if (judgedActs > 0) return activate.apply(this, args)
      try {
        admit(`activate.${args[0].name}`)
      } catch (error) {
        return refused(error)
      }
      return activate.apply(this, args)
    }
    bot.activateBlock = gated as Bot['activateBlock']
    restore.push(() => {
      if (bot.activateBlock === gated) bot.activateBlock = activate
    })
  }
  const openBlock = bot.openBlock
  if (typeof openBlock === 'function') {
    const gated = function (this: unknown, ...args: Parameters<Bot['openBlock']>) {
      // Opening a furnace to smelt: the act is judged when the input goes in (below), as `smelt.X`.
      if (!(openingFurnaces > 0 && isFurnace(args[0]))) {
        try {
          admit(`activate.${args[0].name}`)
        } catch (error) {
          return refused(error)
        }
      }
      // openBlock activates the block before its first await: only that call is inside the judged act.
      judgedActs++
      try {
        return openBlock.apply(this, args)
      } finally {
        judgedActs--
      }
    }
    bot.openBlock = gated as Bot['openBlock']
    restore.push(() => {
      if (bot.openBlock === gated) bot.openBlock = openBlock
    })
  }
  /** Runs `name` (judged by `wrap` as one act) with the blocks it activates counted as part of it. */
  const asOneAct = <K extends 'craft' | 'sleep'>(name: K): void => {
    const judged = bot[name] as unknown as AnyFunction | undefined
    if (typeof judged !== 'function') return
    const whole = async function (this: unknown, ...args: never[]) {
      judgedActs++
      try {
        return await judged.apply(this, args)
      } finally {
        judgedActs--
      }
    }
    bot[name] = whole as unknown as Bot[K]
    restore.push(() => {
      if ((bot[name] as unknown) === whole) bot[name] = judged as unknown as Bot[K]
    })
  }
  asOneAct('craft')
  wrap(bot, 'craft', (recipe) => `craft.${itemName(recipe.result.id)}`)
  const openFurnace = bot.openFurnace
  if (typeof openFurnace === 'function') {
    const gated = async function (this: unknown, ...args: Parameters<Bot['openFurnace']>) {
      // The smelt's state position is before the furnace is touched: once the fuel is in, `has.fuel` may be false
      // (the last coal went in), and a law such as H15 (no fuel → no smelt) would refuse the smelt it allows.
      const before = observeBot(bot)
      openingFurnaces++
      let furnace: Furnace
      try {
        furnace = await openFurnace.apply(this, args)
      } finally {
        openingFurnaces--
      }
      const putInput = furnace.putInput
      furnace.putInput = function (this: unknown, ...put: Parameters<Furnace['putInput']>) {
        try {
          admit(`smelt.${itemName(put[0])}`, before)
        } catch (error) {
          return refused(error)
        }
        return putInput.apply(this, put)
      }
      return furnace
    }
    bot.openFurnace = gated as Bot['openFurnace']
    restore.push(() => {
      if (bot.openFurnace === gated) bot.openFurnace = openFurnace
    })
  }
  asOneAct('sleep')
  wrap(bot, 'sleep', () => 'sleep.bed')
  // mineflayer's attack returns nothing: a refused one does not hit, and returns a rejected promise (handled, so a
  // caller that ignores it, as mineflayer-pvp does, is not crashed by an unhandled rejection).
  wrap(bot, 'attack', (entity: Entity) => `attack.${entity.name ?? entity.type}`)
  wrap(bot, 'consume', () => `eat.${itemName(bot.heldItem)}`)
  // A cast is judged as fishing for any fish; a bucket, shears or a lead on a creature as using it on that creature.
  wrap(bot, 'fish', () => 'fish.fish')
  wrap(bot, 'activateEntity', (entity: Entity) => `use.${entity.name ?? entity.type}`)
  const pathfinder = bot.pathfinder
  if (pathfinder) {
    wrap(pathfinder, 'goto', () => 'goto.position')
    // The pathfinder's digs and placements on an own walk are that walk's steps (see isOwn).
    const judgedGoto = pathfinder.goto
    const counted = function (this: unknown, ...args: Parameters<typeof judgedGoto>) {
      if (ownActs.getStore() !== bot) return judgedGoto.apply(this, args)
      ownWalks++
      return judgedGoto.apply(this, args).finally(() => {
        ownWalks--
      })
    }
    pathfinder.goto = counted
    restore.push(() => {
      if (pathfinder.goto === counted) pathfinder.goto = judgedGoto
    })
  }

  return () => {
    for (const undo of restore.reverse()) undo()
  }
}

const isFurnace = (block: Block | undefined): boolean =>
  block !== undefined && ['furnace', 'blast_furnace', 'smoker'].includes(block.name)

/** A verdict with only some of its blocking laws (the allowed actions still worked out on demand, by a getter). */
function narrowed(verdict: Verdict, blockedBy: Verdict['blockedBy']): Verdict {
  return {
    action: verdict.action,
    allowed: false,
    blockedBy,
    fallback: verdict.fallback,
    get allowedActions() {
      return verdict.allowedActions
    },
  }
}

/**
 * A refused call's promise: rejected, and already handled, so that code which never looks at it (a plugin's tick
 * handler) loses the act but not its process to an unhandled rejection; code that awaits it gets the error.
 */
function refused(error: unknown): Promise<never> {
  const promise = Promise.reject(error)
  promise.catch(() => {})
  return promise
}
