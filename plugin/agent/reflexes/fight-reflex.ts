/**
 * The fighting reflex (issue #22): a hostile mob within `FIGHT_RADIUS` (one that is hitting the bot, or about to)
 * is fought — the best weapon held taken in hand first, then the mob killed (a kill is bounded, `FIGHT_MS`); one at
 * hand (`AT_HAND`) even when a fight failed lately. Only
 * mobs that close: a zombie walks to the bot anyway, and one met on its way is better fought than chased. Like the
 * eating reflex it acts through the controller's admission (reflex-turns.ts): under "sleep at night" a fight at
 * night is an act awake at night, which the constraint refuses; the bot's defence then is the bed the plan sleeps in,
 * or, once sleep.bed has failed, the fight after all (reflex-admission.ts; docs/agent.md, "Survival reflexes").
 * A world whose `nearest` does not see mobs that close (the Sim shows its night mobs 8 or more blocks away) never
 * offers a fight.
 */
import { KILLABLE_MOBS } from '../../vocabulary/natural.js'
import type { Observation } from '../../world/port.js'
import type { Reflex, ReflexContext } from './reflex.js'

/** The rules the reflex reads (world/rules.ts's `Rules` has them). */
export interface FightRules {
  isHostile(name: string): boolean
  /** wooden and golden 1, stone 2, iron 3, diamond 4, netherite 5; 0 for anything else. */
  toolTier(item: string): number
}

/** Blocks: a zombie hits from 1.6, and one this close reaches the bot within a couple of seconds. */
export const FIGHT_RADIUS = 5
/** A kill is bounded: a mob that backs off or cannot be reached costs little. */
const FIGHT_MS = 20_000
/**
 * Blocks: a mob this near is hitting the bot (a zombie reaches 1.6), and is fought even when a fight failed lately.
 * Live, a bot whose kill of a zombie on a ledge ran out its 20 s went back to the oak leaves its plan wanted with
 * zombies at its side, the fight not offered again until an act worked, and died in eight seconds (the everyday row,
 * "get a golden apple", seed 4).
 */
export const AT_HAND = 2.5

export function fightReflex(rules: FightRules): Reflex {
  const hostiles = KILLABLE_MOBS.filter((mob) => rules.isHostile(mob))
  return {
    name: 'fight',
    next(o, { skip }) {
      const foe = hostiles
        .map((mob) => ({ mob, distance: o.nearest(mob, FIGHT_RADIUS) }))
        .filter(
          (m): m is { mob: string; distance: number } =>
            m.distance !== undefined && (m.distance <= AT_HAND || !skip(`kill.${m.mob}`)),
        )
        .sort((a, b) => a.distance - b.distance)[0]
      if (!foe) return undefined
      const why = `a ${foe.mob} ${foe.distance.toFixed(1)} blocks away`
      const weapon = bestWeapon(o, rules, skip)
      if (weapon !== undefined && weapon !== o.equipped)
        return { primitive: { verb: 'equip', object: weapon }, why: `${why}: the best weapon held`, urgent: true }
      return { primitive: { verb: 'kill', object: foe.mob }, timeoutMs: FIGHT_MS, why, urgent: true }
    },
  }
}

/**
 * The weapon held that hits hardest: a sword before an axe of the same tier (an axe hits harder but swings half as
 * often), a higher tier first; undefined when none is held (fists).
 */
export function bestWeapon(o: Observation, rules: FightRules, skip: ReflexContext['skip']): string | undefined {
  const rank = (item: string) =>
    (item.endsWith('_sword') ? 2 : item.endsWith('_axe') ? 1 : 0) + 2 * rules.toolTier(item)
  const held = [...o.inventory.keys()].filter((item) => /_(sword|axe)$/.test(item))
  if (o.equipped !== undefined && /_(sword|axe)$/.test(o.equipped) && !held.includes(o.equipped)) held.push(o.equipped)
  return held
    .filter((item) => item === o.equipped || !skip(`equip.${item}`))
    .sort((a, b) => rank(b) - rank(a) || (a < b ? -1 : 1))[0]
}
