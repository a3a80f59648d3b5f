/**
 * Time passing for the bot's body, in slices of at most 100 ticks that never straddle dusk or dawn:
 * - hunger: one food point every 1,600 ticks;
 * - at night (13,000–23,999), on the surface and unsheltered, mobs take one health point every
 *   `nightDamageInterval` ticks (600 by default: a whole night outdoors costs 18 of the 20 points);
 * - otherwise, with food at 18 or more, one health point comes back every 200 ticks;
 * - starving (food 0) takes one health point every 400 ticks, down to 1;
 * - health 0 is death: the episode is over and every later act fails with `server_error`.
 * Sleeping skips to the next morning without any of this (see `sleepUntilMorning`).
 */
import { BODY, DAY_TICKS, isNightTime, NIGHT_START, type SimContext, type SimState } from './state.js'
import { isSheltered } from './view.js'

const SLICE = 100

export function passTime(state: SimState, context: SimContext, ticks: number): void {
  let left = Math.max(0, Math.ceil(ticks))
  while (left > 0 && !state.dead) {
    const night = isNightTime(state.timeOfDay)
    const untilSwitch = night ? DAY_TICKS - state.timeOfDay : NIGHT_START - state.timeOfDay
    const dt = Math.min(left, untilSwitch, SLICE)
    const attacked = night && !isSheltered(state, context, BODY.shelterBlocks)

    state.hunger += dt / BODY.hungerInterval
    while (state.hunger >= 1) {
      state.hunger -= 1
      state.food = Math.max(0, state.food - 1)
    }
    if (attacked) {
      state.hurt += dt / context.nightDamageInterval
      state.healing = 0
    } else if (state.food >= BODY.regenFood && state.health < BODY.maxHealth) {
      state.healing += dt / BODY.regenInterval
    } else if (state.food === 0 && state.health > 1) {
      state.hurt += dt / BODY.starveInterval
    }
    while (state.healing >= 1) {
      state.healing -= 1
      state.health = Math.min(BODY.maxHealth, state.health + 1)
    }
    while (state.hurt >= 1) {
      state.hurt -= 1
      state.health -= 1
    }
    advanceClock(state, dt)
    left -= dt
    if (state.health <= 0) {
      state.health = 0
      state.dead = true
    }
  }
}

/** Sleeping: straight to the next morning (time of day 0), the body untouched. */
export function sleepUntilMorning(state: SimState): void {
  advanceClock(state, DAY_TICKS - state.timeOfDay)
  state.hurt = 0
}

function advanceClock(state: SimState, dt: number): void {
  state.ticks += dt
  state.timeOfDay += dt
  if (state.timeOfDay >= DAY_TICKS) {
    state.timeOfDay -= DAY_TICKS
    state.day += 1
  }
}

/** Takes health at once (a fight); death as in passTime. */
export function hurt(state: SimState, points: number): void {
  state.health = Math.max(0, state.health - points)
  if (state.health === 0) state.dead = true
}
