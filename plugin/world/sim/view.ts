/**
 * What the bot sees from where it stands: the ground of its level, the deposits of its region and the eight around
 * it on its level, what it placed (anywhere; distances are 3-D, so a table 24 blocks overhead is in sight, though
 * out of walking reach: `inReach`), and, on the surface at night, hostile mobs. Everything beyond the sight radius
 * (32) is unseen.
 */
import { matchesObject } from '../../vocabulary/families.js'
import { failure, type Observation, type Outcome } from '../port.js'
import { cloneState, isNightTime, levelY, SIGHT_RADIUS, type SimContext, type SimState } from './state.js'
import { mix, NIGHT_MOBS, REGION_SIZE } from './world-map.js'

export type ThingKind = 'ground' | 'deposit' | 'placed' | 'mob'

export interface Thing {
  readonly kind: ThingKind
  readonly name: string
  /** Deposit id, or `placed:i`, or the ground's name. */
  readonly id: string
  readonly x: number
  readonly y: number
  readonly z: number
  readonly distance: number
  /** Blocks (or animals) left; Infinity for the ground and hostile mobs. */
  readonly left: number
}

export const regionOf = (coordinate: number): number => Math.floor(coordinate / REGION_SIZE)

/** Everything matching `object` within `radius`, nearest first. */
export function thingsInSight(state: SimState, context: SimContext, object: string, radius = SIGHT_RADIUS): Thing[] {
  const found: Thing[] = []
  eachThingInSight(state, context, object, radius, (thing) => found.push(thing))
  return found.sort(nearerFirst)
}

const nearerFirst = (a: Thing, b: Thing): number => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The first of `thingsInSight`, without sorting them all: the Sim's planner asks this for every state it tries. */
export function nearestThing(state: SimState, context: SimContext, object: string, radius?: number): Thing | undefined {
  let nearest: Thing | undefined
  eachThingInSight(state, context, object, radius ?? SIGHT_RADIUS, (thing) => {
    if (nearest === undefined || nearerFirst(thing, nearest) < 0) nearest = thing
  })
  return nearest
}

function eachThingInSight(
  state: SimState,
  context: SimContext,
  object: string,
  radius: number,
  visit: (thing: Thing) => void,
): void {
  const limit = Math.min(radius, SIGHT_RADIUS)
  const y = levelY(state.level)
  const rx = regionOf(state.x)
  const rz = regionOf(state.z)
  for (const ground of context.map.layer(rx, rz, state.level).ground) {
    if (ground.distance > limit || !matchesObject(object, ground.block)) continue
    const at = { x: state.x, y: y - ground.distance, z: state.z }
    visit({
      kind: 'ground',
      name: ground.block,
      id: ground.block,
      ...at,
      left: Infinity,
      distance: ground.distance,
    })
  }
  for (let dx = -1; dx <= 1; dx++) {
    for (let dz = -1; dz <= 1; dz++) {
      // Walking to a deposit in an avoided biome would enter it.
      if (state.avoidBiomes?.has(context.map.biomeAt(rx + dx, rz + dz))) continue
      for (const deposit of context.map.depositsOf(rx + dx, rz + dz, state.level, object)) {
        const distance = Math.sqrt((deposit.x - state.x) ** 2 + (deposit.z - state.z) ** 2)
        const left = deposit.size - (state.taken.get(deposit.id) ?? 0)
        if (distance > limit || left <= 0) continue
        const kind = context.rules.isMob(deposit.name) ? 'mob' : 'deposit'
        const { id, name, x, z } = deposit
        visit({ kind, name, id, x, y: deposit.y, z, left, distance })
      }
    }
  }
  state.placed.forEach((placed, i) => {
    if (!matchesObject(object, placed.block)) return
    const distance = Math.sqrt((placed.x - state.x) ** 2 + (placed.y - y) ** 2 + (placed.z - state.z) ** 2)
    if (distance > limit) return
    visit({
      kind: 'placed',
      name: placed.block,
      id: `placed:${i}`,
      x: placed.x,
      y: placed.y,
      z: placed.z,
      left: 1,
      distance,
    })
  })
  if (state.level === 0 && isNightTime(state.timeOfDay)) {
    NIGHT_MOBS.forEach((mob, i) => {
      if (!matchesObject(object, mob)) return
      const distance = 8 + (20 * mix(context.seed, state.day, rx, rz, i)) / 4294967296
      if (distance > limit) return
      visit({
        kind: 'mob',
        name: mob,
        id: `night:${mob}`,
        x: state.x + distance,
        y,
        z: state.z,
        left: Infinity,
        distance,
      })
    })
  }
}

/**
 * Whether the bot can walk to `thing`: what it placed on another level (a crafting table left on the surface, the
 * bot in a tunnel below) is seen — the chunk data reaches through the ground, live as here — but is out of walking
 * reach: live, the pathfinder finds no way back up the staircase the bot dug. Using
 * it needs going back to its level, or one carried and placed here.
 */
export function inReach(state: SimState, thing: Thing): boolean {
  return thing.kind !== 'placed' || thing.y === levelY(state.level)
}

/** The nearest `object` in sight that the bot can walk to. */
export function nearestInReach(state: SimState, context: SimContext, object: string): Thing | undefined {
  return thingsInSight(state, context, object).find((thing) => inReach(state, thing))
}

/** The failure of an act whose only `object` in sight is on another level (see `inReach`). */
export function outOfReach(state: SimState, thing: Thing): Outcome {
  const rise = thing.y - levelY(state.level)
  const where = `${Math.abs(rise)} blocks ${rise > 0 ? 'up' : 'down'}, on another level`
  return failure('path_failed', `no path to the ${thing.name} ${where}; carry one, or go back to it`)
}

/** On the surface, enough solid blocks placed around the bot keep mobs off; underground tunnels are closed. */
export function isSheltered(state: SimState, context: SimContext, needed: number): boolean {
  if (state.level > 0) return true
  const y = levelY(state.level)
  let walls = 0
  for (const placed of state.placed) {
    const near = Math.hypot(placed.x - state.x, placed.y - y, placed.z - state.z) <= 2
    if (near && context.rules.isSolid(placed.block) && !context.rules.isBed(placed.block)) walls++
  }
  return walls >= needed
}

/** A snapshot Observation of the state (later acts do not change it). */
export function observeState(live: SimState, context: SimContext): Observation {
  const state = cloneState(live)
  const rx = regionOf(state.x)
  const rz = regionOf(state.z)
  const cache = new Map<string, number | undefined>()
  return {
    inventory: new Map(state.inventory),
    equipped: state.equipped,
    ...(state.worn.size > 0 ? { worn: new Set(state.worn.values()) } : {}),
    ...storedIn(state),
    ...(state.kills.size > 0 ? { kills: new Map(state.kills) } : {}),
    timeOfDay: state.timeOfDay,
    isNight: isNightTime(state.timeOfDay),
    biome: context.map.biomeAt(rx, rz),
    position: { x: state.x, y: levelY(state.level), z: state.z },
    health: state.health,
    food: state.food,
    nearest(object, radius = SIGHT_RADIUS) {
      const key = `${object}@${radius}`
      if (!cache.has(key)) cache.set(key, nearestThing(state, context, object, radius)?.distance)
      return cache.get(key)
    },
  }
}

/** What the chests the bot placed hold, for the Observation (nothing when they hold nothing). */
export function storedIn(state: SimState): Pick<Observation, 'stored'> {
  const stored = new Map<string, number>()
  for (const placed of state.placed) {
    for (const [name, n] of Object.entries(placed.contents ?? {}))
      if (n > 0) stored.set(name, (stored.get(name) ?? 0) + n)
  }
  return stored.size > 0 ? { stored } : {}
}
