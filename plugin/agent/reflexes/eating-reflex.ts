/**
 * The eating reflex (issue #22): between the plan's acts the controller asks it what the bot's body needs now, and
 * runs that act through the same gate (and product check) as any step of the plan. It never plans: one act at a
 * time, from what the bot holds and sees —
 * - hungry (food at `EAT_AT` or less, or below the 18 that healing needs while hurt): cook the raw food held first
 *   when a placed furnace is in sight and a fuel the plan does not need is held, else eat the best food held;
 * - short of food (fewer than `STOCK` items held, food `STOCK_AT` or less): kill a farm animal within `HUNT_RADIUS`
 *   (a kill is bounded, `KILL_MS`, so an animal out of reach costs little) — by day only, not so near nightfall that
 *   the kill runs into it, and not at `LOW_HEALTH` or less with a hostile mob in sight (a live bot at 8 health, after
 *   five zombies, was sent after a pig at night and died on the way);
 * - nothing to eat and food at `HUNT_AT` or less: the cheapest food the world in sight allows — an animal in sight
 *   (not near nightfall; at `LOW_HEALTH` or less with a hostile in sight, only one within `HUNT_RADIUS`, bounded as a
 *   stocking kill), else a fish (a rod held, water in sight), else an apple from the oak leaves in sight; else, not
 *   near nightfall nor hurt among hostiles, explore for a farm animal.
 * A hurt bot with no hostile in sight does hunt by day: vanilla heals only at food 18 or more, so without food it
 * never heals, and waiting makes no later hunt safer (in the Sim, "get 3 bread" kept a hurt bot from stocking, and
 * its nights outdoors wore it down until it died).
 * Any food held is eaten best first (bread, apples, cooked fish as much as meat), but not what the running plan
 * needs (an apple for a golden apple, the bread asked for): that counts as no food held, and is eaten only at
 * `HUNT_AT` when no animal is in sight and nothing can be foraged; raw fish is cooked like raw meat.
 * A world whose `nearest` does not see mobs (the live bot's does) never offers the kill or the hunt a target.
 */
import { KILLABLE_MOBS } from '../../vocabulary/natural.js'
import type { Observation } from '../../world/port.js'
import type { Reflex, ReflexAct, ReflexContext } from './reflex.js'

/** The rules the reflex reads (world/rules.ts's `Rules` has them). */
export interface FoodRules {
  foodPoints(item: string): number | undefined
  isHostile(name: string): boolean
  fuelValue(item: string): number
  fuelRank(item: string): number
  smeltingOutput(input: string): string | undefined
}

export const EAT_AT = 14
/** Vanilla heals only at food 18 or more. */
const HEAL_FOOD = 18
const MAX_HEALTH = 20
const MAX_FOOD = 20
const STOCK = 3
const STOCK_AT = 18
const HUNT_RADIUS = 24
const KILL_MS = 30_000
const KILL_TICKS = KILL_MS / 50
/**
 * Half the bot's health: a zombie hits 3 on normal difficulty and they come in threes, so a bot this low that meets
 * a group on a hunt does not come back (the live bench's bot at 8, after five zombies, died going for a pig).
 */
export const LOW_HEALTH = 10
export const HUNT_AT = 10
/** A hunt walks at most this long (4,800 ticks: up from the deepslate is a long climb), not started this close to nightfall. */
const HUNT_MS = 240_000
const NIGHT_START = 13_000
const HUNT_TICKS = HUNT_MS / 50
/** Foods that hurt (poison, hunger): eaten only at food `HUNT_AT` or less. */
const HARMFUL = new Set(['rotten_flesh', 'spider_eye', 'poisonous_potato', 'pufferfish', 'chicken'])
const ANIMALS = KILLABLE_MOBS

export function eatingReflex(rules: FoodRules): Reflex {
  const points = (item: string) => rules.foodPoints(item) ?? 0
  const animals = ANIMALS.filter((mob) => !rules.isHostile(mob))
  const hostiles = KILLABLE_MOBS.filter((mob) => rules.isHostile(mob))
  return {
    name: 'eat',
    next(o, { skip, spare }) {
      const foods = [...o.inventory.keys()]
        .filter((item) => rules.foodPoints(item) !== undefined)
        .filter((item) => !HARMFUL.has(item) || o.food <= HUNT_AT)
        .sort((a, b) => Number(HARMFUL.has(a)) - Number(HARMFUL.has(b)) || points(b) - points(a) || (a < b ? -1 : 1))
      // What the running plan needs (the apple of a golden apple, the bread a player asked for) is not the bot's to
      // eat while the world offers other food: it is neither eaten nor counted as stock until nothing else is left.
      const spareFoods = foods.filter((item) => spare(item))
      const planFoods = foods.filter((item) => !spare(item))
      // Harmful foods count as stock too: they are cooked at a furnace, or eaten when nothing else is left.
      const held = [...o.inventory]
        .filter(([item]) => rules.foodPoints(item) !== undefined && spare(item))
        .reduce((n, [, count]) => n + count, 0)
      const hungry = o.food <= EAT_AT || (o.food < HEAL_FOOD && o.health < MAX_HEALTH)
      if (hungry) {
        const cook = cookable(o, skip, spare)
        if (cook) return cook
        const food = spareFoods.find((item) => !skip(`eat.${item}`))
        if (food) return { primitive: { verb: 'eat', object: food }, why: `food ${o.food} of ${MAX_FOOD}` }
      }
      // Hurt, with a hostile in sight that would finish it on the way: no stock fetched, no long hunt.
      const endangered = o.health <= LOW_HEALTH && hostiles.some((mob) => o.nearest(mob) !== undefined)
      const dayLeft = (ticks: number) => !o.isNight && o.timeOfDay < NIGHT_START - ticks
      if (held < STOCK && o.food <= STOCK_AT && !endangered && dayLeft(KILL_TICKS)) {
        const inSight = animals
          .map((mob) => ({ mob, distance: o.nearest(mob, HUNT_RADIUS) }))
          .filter((a): a is { mob: string; distance: number } => a.distance !== undefined && !skip(`kill.${a.mob}`))
          .sort((a, b) => a.distance - b.distance)[0]
        if (inSight) {
          const why = `${held} food held`
          return { primitive: { verb: 'kill', object: inSight.mob }, timeoutMs: KILL_MS, why }
        }
      }
      if (held === 0 && o.food <= HUNT_AT) {
        const why = `food ${o.food} and nothing to eat`
        // One in sight but beyond the stocking radius is killed where it is: exploring for it ends at once ("already
        // in sight") and would be chosen again and again. Endangered, only one at hand, as briefly as a stocking kill:
        // a long hunt walks for minutes, and the mobs in sight finish the bot on the way.
        const seen = animals.find(
          (m) => o.nearest(m, endangered ? HUNT_RADIUS : undefined) !== undefined && !skip(`kill.${m}`),
        )
        if (seen && dayLeft(endangered ? KILL_TICKS : HUNT_TICKS)) {
          return { primitive: { verb: 'kill', object: seen }, timeoutMs: endangered ? KILL_MS : HUNT_MS, why }
        }
        // Food where the bot stands, at any hour.
        const forage = forageAct(o, skip)
        if (forage) return { ...forage, why }
        // Nothing else to eat here: the plan's own food rather than a long hunt on an empty stomach.
        const planFood = planFoods.find((item) => !skip(`eat.${item}`))
        if (planFood)
          return { primitive: { verb: 'eat', object: planFood }, why: `food ${o.food}, nothing else to eat` }
      }
      if (held === 0 && o.food <= HUNT_AT && !endangered && dayLeft(HUNT_TICKS)) {
        const why = `food ${o.food} and nothing to eat`
        const mob = animals.find((m) => !skip(`explore.${m}`))
        if (mob) return { primitive: { verb: 'explore', object: mob }, timeoutMs: HUNT_MS, why }
      }
      return undefined
    },
  }

  /** Food where the bot stands, without a hunt: a fish with the rod held, or an apple from oak leaves in sight. */
  function forageAct(o: Observation, skip: ReflexContext['skip']): Omit<ReflexAct, 'why'> | undefined {
    if (o.inventory.has('fishing_rod') && o.nearest('water') !== undefined && !skip('fish.fish')) {
      if (o.equipped !== 'fishing_rod' && !skip('equip.fishing_rod')) {
        return { primitive: { verb: 'equip', object: 'fishing_rod' } }
      }
      if (o.equipped === 'fishing_rod') return { primitive: { verb: 'fish', object: 'fish' }, timeoutMs: HUNT_MS }
    }
    const leaves = ['oak_leaves', 'dark_oak_leaves'].find((l) => o.nearest(l) !== undefined && !skip(`mine.${l}`))
    if (leaves) return { primitive: { verb: 'mine', object: leaves }, timeoutMs: HUNT_MS }
    return undefined
  }

  /** Smelting a raw food held into a better one, when a placed furnace is in sight and a spare fuel is held. */
  function cookable(o: Observation, skip: ReflexContext['skip'], spare: ReflexContext['spare']): ReflexAct | undefined {
    if (o.nearest('furnace') === undefined) return undefined
    const raw = [...o.inventory.keys()].sort().find((item) => {
      const cooked = rules.smeltingOutput(item)
      const better = cooked !== undefined && points(cooked) > points(item) && rules.foodPoints(item) !== undefined
      return better && !skip(`smelt.${item}`)
    })
    if (raw === undefined) return undefined
    const fuel = [...o.inventory.keys()]
      .filter((item) => rules.fuelValue(item) > 0 && item !== raw && spare(item))
      .sort((a, b) => rules.fuelRank(a) - rules.fuelRank(b) || (a < b ? -1 : 1))[0]
    if (fuel === undefined) return undefined
    return { primitive: { verb: 'smelt', object: raw, fuel }, why: `cooking ${raw} before eating` }
  }
}
