/**
 * The primitives that move the bot through the world or the day: `explore`, `kill`, `sleep`.
 *
 * `explore <target>` is a bounded search until a target is in sight (32 blocks). Already in sight: done at once.
 * Otherwise the bot first takes a staircase to the level where the target is most common (the nearest such level
 * on a tie; logs and animals are on the surface, iron in the upper caves, diamonds in the deepslate layer), digging
 * 2 blocks per block of height (walk + mining ticks of that level's ground with the tool in hand: slow by hand),
 * then walks steps of 24 blocks, turning by up to 45° each step (underground, half of each step is dug), until the
 * target is in sight or `exploreSteps` steps (24) are spent: `not_found`. Every stage may fail with `path_failed`
 * at the world's rate; digging on the way collects nothing and does not wear the tool.
 */
import { failure, type Outcome, success } from '../port.js'
import { place, take } from './actions.js'
import { hurt, passTime, sleepUntilMorning } from './body.js'
import { type ActEnv, deathOutcome, pathFails, perform, wearTool } from './perform.js'
import { addItem, COSTS, held, isNightTime, levelY, type SimContext, type SimState } from './state.js'
import { inReach, nearestThing, outOfReach, regionOf, thingsInSight } from './view.js'
import { levelsWith } from './world-map.js'

export function explore(state: SimState, context: SimContext, env: ActEnv, object: string): Outcome {
  const seen = nearestThing(state, context, object)
  if (seen) return success(`${object} already in sight, ${Math.round(seen.distance)} blocks away`)
  const levels = levelsWith(object)
  if (levels.size === 0) return failure('not_found', `there is no ${object} to find in this world`)
  if (context.rules.isHostile(object) && !isNightTime(state.timeOfDay)) {
    return failure('not_now', `${object}s come out on the surface at night`)
  }
  const target = bestLevel(levels, state.level)
  let spent = 0
  const spend = (ticks: number): Outcome | undefined => {
    const allowed = Math.min(ticks, env.timeout - spent)
    passTime(state, context, allowed)
    spent += allowed
    if (state.dead) return deathOutcome(state)
    if (allowed < ticks) return failure('timeout', `explore ${object} ran out of time after ${spent} ticks`)
    return undefined
  }

  while (state.level !== target) {
    const next = state.level + Math.sign(target - state.level)
    const deeper = Math.max(next, state.level)
    const ground = context.map.layer(0, 0, deeper).ground[0]?.block ?? 'stone'
    const perBlock = COSTS.walkPerBlock + COSTS.stairDig * context.rules.miningTicks(ground, state.equipped)
    const ticks = Math.abs(levelY(state.level) - levelY(next)) * perBlock
    if (pathFails(context, env, ticks)) {
      return spend(ticks / 2) ?? failure('path_failed', `the way ${next > state.level ? 'down' : 'up'} is blocked`)
    }
    const stop = spend(ticks)
    if (stop) return stop
    state.level = next
    const found = nearestThing(state, context, object)
    if (found) return success(`found ${found.name} ${Math.round(found.distance)} blocks away after ${spent} ticks`)
  }

  let heading = env.random() * 2 * Math.PI
  // A hunt ranges twice as far: herds are few in a forest, and a hunter walks on to the plains.
  const steps = context.rules.isMob(object) ? 2 * context.exploreSteps : context.exploreSteps
  for (let step = 1; step <= steps; step++) {
    heading += (env.random() - 0.5) * (Math.PI / 2)
    const ground = context.map.layer(0, 0, state.level).ground[0]?.block ?? 'stone'
    const dig = state.level > 0 ? context.rules.miningTicks(ground, state.equipped) / 2 : 0
    const ticks = Math.ceil(COSTS.exploreStep * (COSTS.walkPerBlock + dig))
    if (pathFails(context, env, ticks)) return spend(ticks / 2) ?? failure('path_failed', `lost the way to ${object}`)
    const stop = spend(ticks)
    if (stop) return stop
    heading = allowedHeading(state, context, heading)
    state.x += Math.cos(heading) * COSTS.exploreStep
    state.z += Math.sin(heading) * COSTS.exploreStep
    const found = nearestThing(state, context, object)
    if (found) return success(`found ${found.name} ${Math.round(found.distance)} blocks away after ${step} steps`)
  }
  return failure('not_found', `no ${object} found after ${steps} steps (${spent} ticks)`)
}

/**
 * The heading nearest to `heading` (turning by 45° steps either way) whose step stays out of the avoided biomes;
 * when every direction enters one, the way back (the bot came from an allowed region).
 */
function allowedHeading(state: SimState, context: SimContext, heading: number): number {
  const avoid = state.avoidBiomes
  if (!avoid || avoid.size === 0) return heading
  for (const turn of [0, 1, -1, 2, -2, 3, -3]) {
    const h = heading + (turn * Math.PI) / 4
    const x = state.x + Math.cos(h) * COSTS.exploreStep
    const z = state.z + Math.sin(h) * COSTS.exploreStep
    if (!avoid.has(context.map.biomeAt(regionOf(x), regionOf(z)))) return h
  }
  return heading + Math.PI
}

/** The level where `object` is most common; the nearest one on a tie. */
function bestLevel(levels: ReadonlyMap<number, number>, current: number): number {
  let best = current
  let bestAmount = -1
  for (const [level, amount] of [...levels].sort((a, b) => Math.abs(a[0] - current) - Math.abs(b[0] - current))) {
    if (amount > bestAmount) {
      best = level
      bestAmount = amount
    }
  }
  return best
}

/**
 * Kills the nearest `object` in sight: a herd animal (the herd shrinks) or, on the surface at night, a hostile mob.
 * A fight takes 80 ticks bare-handed (30 with a sword) and a hostile mob hits back for 4 health (2 with a sword).
 */
export function kill(state: SimState, context: SimContext, env: ActEnv, object: string): Outcome {
  const { rules } = context
  if (!rules.isMob(object)) return failure('not_found', `${object} is not a mob`)
  const mob = thingsInSight(state, context, object).find((thing) => thing.kind === 'mob')
  if (!mob) {
    const when = rules.isHostile(object) ? ': hostile mobs come out on the surface at night' : ''
    return failure('not_found', `no ${object} in sight${when}`)
  }
  const sword = state.equipped?.endsWith('_sword') ?? false
  const ticks = sword ? COSTS.fightSword : COSTS.fightBare
  const outcome = perform(state, context, env, { what: mob.name, distance: mob.distance, ticks }, () => {
    take(state, mob)
    state.kills.set(mob.name, (state.kills.get(mob.name) ?? 0) + 1)
    const drops = rules.mobDrops(mob.name)
    for (const [item, n] of drops) addItem(state, item, n)
    const broke = sword ? wearTool(state, context) : undefined
    return [`killed ${mob.name}`, ...[...drops].map(([item, n]) => `got ${n} ${item}`), broke]
      .filter(Boolean)
      .join('; ')
  })
  if (outcome.ok && rules.isHostile(mob.name)) {
    hurt(state, sword ? COSTS.hitSword : COSTS.hitBare)
    return deathOutcome(state) ?? outcome
  }
  return outcome
}

/**
 * Sleeps in a bed, only at night: the night is skipped and nothing attacks. A bed carried is placed first and taken
 * back in the morning (a bed left behind would be out of reach the next night); a bed already placed within sight
 * is used where it stands.
 */
export function sleep(state: SimState, context: SimContext, env: ActEnv): Outcome {
  if (!isNightTime(state.timeOfDay)) {
    return failure('not_now', `can only sleep at night (13000 and later); the time is ${state.timeOfDay}`)
  }
  const placedBeds = () => thingsInSight(state, context, 'beds').filter((thing) => thing.kind === 'placed')
  const placedBed = () => placedBeds().find((thing) => inReach(state, thing))
  let carried = false
  if (!placedBed() && held(state, 'beds').length > 0) {
    const placed = place(state, context, env, 'beds')
    if (!placed.ok) return placed
    carried = true
  }
  const bed = placedBed()
  if (!bed) {
    const far = placedBeds()[0]
    return far ? outOfReach(state, far) : failure('not_found', 'no bed placed within sight or in the inventory')
  }
  return perform(state, context, env, { what: bed.name, distance: bed.distance, ticks: 0 }, () => {
    if (!isNightTime(state.timeOfDay)) return `reached ${bed.name}, but the night was over`
    sleepUntilMorning(state)
    if (!carried) return `slept in ${bed.name} until morning`
    take(state, bed)
    addItem(state, bed.name, 1)
    return `slept in ${bed.name} until morning, and took it back`
  })
}
