/**
 * Crops in the Sim: how long one planted now takes to ripen, and its harvest (the mine of a planted crop block).
 *
 * Growth (the Minecraft wiki, "Crops" → growth): a crop block gets a random tick every 4096/3 ≈ 1365 game ticks on
 * average, and grows a stage with chance 1/(⌊25/points⌋ + 1); wheat, carrots and potatoes have 7 stages to ripe,
 * beetroots 3. The Sim's crops stand in a short row on hydrated farmland (about 5 points: 1 in 6 per random tick),
 * or on dry farmland alone (2 points: 1 in 13). A crop here keeps growing through a night slept, which vanilla skips.
 */
import { CROPS } from '../../vocabulary/natural.js'
import { failure, type Outcome } from '../port.js'
import { passTime, sleepUntilMorning } from './body.js'
import { type ActEnv, deathOutcome, perform } from './perform.js'
import {
  addItem,
  COSTS,
  countHeld,
  DAY_TICKS,
  isNightTime,
  levelY,
  type Placed,
  type SimContext,
  type SimState,
} from './state.js'
import type { Thing } from './view.js'

const RANDOM_TICK = 4096 / 3
const STAGES: Readonly<Record<string, number>> = { wheat: 7, carrots: 7, potatoes: 7, beetroots: 3 }
/** How long a harvest waits for a crop at most (five days): longer, and the bot does something else. */
const LONGEST_WAIT = 5 * DAY_TICKS

/** Ticks until a crop planted now is ripe: each stage a geometric number of random ticks, each ~1365 ticks apart. */
export function growthTicks(env: ActEnv, crop: string, hydrated: boolean): number {
  const chance = hydrated ? 1 / 6 : 1 / 13
  let ticks = 0
  for (let stage = 0; stage < (STAGES[crop] ?? 7); stage++) {
    const tries = 1 + Math.floor(Math.log(1 - env.random()) / Math.log(1 - chance))
    ticks += tries * RANDOM_TICK
  }
  return Math.round(ticks)
}

/** Four walls of the ground around the bot, as placed blocks (the dig's time spent). */
function digIn(state: SimState, context: SimContext): Placed[] {
  const y = levelY(state.level)
  const walls = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ].map(([dx = 0, dz = 0]) => ({ block: 'dirt', x: state.x + dx, y, z: state.z + dz, fuel: 0 }))
  state.placed.push(...walls)
  passTime(state, context, 4 * Math.max(1, context.rules.miningTicks('dirt', state.equipped)))
  return walls
}

/**
 * Harvests a planted crop: waits beside it until it is ripe (sleeping through the nights in a bed carried), then
 * breaks it for its produce and seeds as vanilla's loot tables have it (wheat and beetroots: 1, and 1 + binomial(3, 4/7)
 * seeds; carrots and potatoes 1 + binomial(3, 4/7) of themselves); the farmland stays.
 */
export function harvestCrop(state: SimState, context: SimContext, env: ActEnv, target: Thing): Outcome {
  const index = Number(target.id.slice('placed:'.length))
  const field = state.placed[index]
  const crop = CROPS[target.name]
  if (!field || !crop) return failure('not_found', `no planted ${target.name} in sight`)
  const wait = Math.max(0, (field.ripeAt ?? state.ticks) - state.ticks)
  if (wait > LONGEST_WAIT) return failure('not_now', `the ${target.name} needs ${wait} more ticks to ripen`)
  let dugIn: Placed[] = []
  while (state.ticks < (field.ripeAt ?? 0) && !state.dead) {
    const night = isNightTime(state.timeOfDay)
    if (night && countHeld(state, 'beds') > 0) sleepUntilMorning(state)
    else {
      // No bed: the night is waited out in a hole dug beside the field (its walls keep mobs off), left by day.
      if (night && dugIn.length === 0) dugIn = digIn(state, context)
      if (!night && dugIn.length > 0) {
        state.placed = state.placed.filter((p) => !dugIn.includes(p))
        dugIn = []
      }
      passTime(state, context, Math.min((field.ripeAt ?? 0) - state.ticks, 200))
    }
  }
  if (dugIn.length > 0) state.placed = state.placed.filter((p) => !dugIn.includes(p))
  const dead = deathOutcome(state)
  if (dead) return dead
  return perform(state, context, env, { what: target.name, distance: target.distance, ticks: COSTS.place }, () => {
    const got = new Map<string, number>()
    const add = (item: string, n: number) => n > 0 && got.set(item, (got.get(item) ?? 0) + n)
    const draws = (n: number, p: number) => Array.from({ length: n }, () => env.random() < p).filter(Boolean).length
    if (target.name === 'wheat' || target.name === 'beetroots') {
      add(crop.produce, 1)
      add(crop.seed, 1 + draws(3, 4 / 7))
    } else add(crop.produce, 1 + draws(3, 4 / 7))
    for (const [item, n] of got) addItem(state, item, n)
    state.placed.splice(index, 1, { block: 'farmland', x: field.x, y: field.y, z: field.z, fuel: field.fuel })
    return `harvested ${target.name}: ${[...got].map(([item, n]) => `${n} ${item}`).join(', ')}`
  })
}
