import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import type { Entity } from 'prismarine-entity'
import type { Item } from 'prismarine-item'
import { type Shield, ShieldBlockedError, type Verdict } from '../ltl/shield.js'
import { observeBot } from './mineflayer-observation.js'
import { observationValuation, type PredicateOptions } from './predicates.js'

export interface GateHooks {
  onBlocked?(verdict: Verdict): void
  onFallback?(verdict: Verdict): void
  onAction?(action: string): void
}

type AnyFunction = (...args: never[]) => unknown

/**
 * Puts the shield in front of the bot's own primitives, so calls from other plugins and user code are checked
 * too: dig → mine.<block>, placeBlock → place.<held item>, craft → craft.<result>, equip → equip.<item>,
 * activateBlock → activate.<block>, sleep → sleep.bed, attack → attack.<entity>, consume → eat.<held item>,
 * pathfinder goto → goto.position. Before each call the current state is observed; a blocked call rejects with
 * ShieldBlockedError (attack, which is synchronous in mineflayer, throws it). An allowed call is committed to the
 * trajectory when it starts, so nested calls (pathfinder digging on its way) keep the state/action alternation.
 * Returns a function that restores the original methods.
 */
export function installShieldGate(
  bot: Bot,
  shield: Shield,
  hooks: GateHooks = {},
  predicates: PredicateOptions = {},
): () => void {
  const restore: (() => void)[] = []
  const itemName = (item: Item | number | null | undefined): string => {
    if (item === null || item === undefined) return 'nothing'
    return typeof item === 'number' ? (bot.registry.items[item]?.name ?? `item_${item}`) : item.name
  }

  const admit = (action: string): void => {
    shield.observe(observationValuation(observeBot(bot), predicates))
    const verdict = shield.check(action)
    if (!verdict.allowed) {
      hooks.onBlocked?.(verdict)
      throw new ShieldBlockedError(verdict)
    }
    if (verdict.fallback) hooks.onFallback?.(verdict)
    shield.commit(action)
    hooks.onAction?.(action)
  }

  /** Replaces `target[name]` with a gated version that names its action from the call's arguments. */
  const wrap = <T extends object, K extends keyof T>(
    target: T,
    name: K,
    actionOf: (...args: Parameters<Extract<T[K], AnyFunction>>) => string,
    sync = false,
  ): void => {
    const original = target[name] as unknown as AnyFunction | undefined
    if (typeof original !== 'function') return
    const gated = function (this: unknown, ...args: Parameters<Extract<T[K], AnyFunction>>) {
      if (sync) {
        admit(actionOf(...args))
        return original.apply(this, args)
      }
      try {
        admit(actionOf(...args))
      } catch (error) {
        return Promise.reject(error)
      }
      return original.apply(this, args)
    }
    target[name] = gated as T[K]
    restore.push(() => {
      if (target[name] === (gated as T[K])) target[name] = original as T[K]
    })
  }

  wrap(bot, 'dig', (block: Block) => `mine.${block.name}`)
  wrap(bot, 'placeBlock', () => `place.${itemName(bot.heldItem)}`)
  wrap(bot, 'craft', (recipe) => `craft.${itemName(recipe.result.id)}`)
  wrap(bot, 'equip', (item) => `equip.${itemName(item as Item | number)}`)
  wrap(bot, 'activateBlock', (block: Block) => `activate.${block.name}`)
  wrap(bot, 'sleep', () => 'sleep.bed')
  wrap(bot, 'attack', (entity: Entity) => `attack.${entity.name ?? entity.type}`, true)
  wrap(bot, 'consume', () => `eat.${itemName(bot.heldItem)}`)
  if (bot.pathfinder) wrap(bot.pathfinder, 'goto', () => 'goto.position')

  return () => {
    for (const undo of restore.reverse()) undo()
  }
}
