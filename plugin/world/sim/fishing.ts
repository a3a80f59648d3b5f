/**
 * `fish.X` in the Sim: the rod in hand is cast into water within reach, again and again, until a catch that counts
 * as X comes (`fish.fish`: any fish); the other catches are kept. Waits and the loot are vanilla's
 * (`vocabulary/fishing.ts`); each catch wears the rod by one use, and a rod that breaks ends the act.
 */
import { matchesObject } from '../../vocabulary/families.js'
import { FISHING_WAIT_TICKS, fishingCatch } from '../../vocabulary/fishing.js'
import { failure, type Outcome } from '../port.js'
import { type ActEnv, perform, wearTool } from './perform.js'
import { addItem, type SimContext, type SimState, TIMEOUTS } from './state.js'
import { nearestInReach } from './view.js'

/** Casts a player makes before giving up on one kind of fish (a tropical fish comes once in about 60). */
const MAX_CASTS = 200

export function fish(state: SimState, context: SimContext, env: ActEnv, object: string): Outcome {
  if (state.equipped !== 'fishing_rod') return failure('missing_tool', 'fishing needs a fishing rod in hand')
  const water = nearestInReach(state, context, 'water')
  if (!water) return failure('not_found', 'no water in sight to fish in; explore for it first')
  const [low, high] = FISHING_WAIT_TICKS
  const catches: string[] = []
  let ticks = 0
  for (let cast = 0; cast < MAX_CASTS; cast++) {
    ticks += low + Math.floor(env.random() * (high - low + 1)) + 20
    const item = fishingCatch(env.random(), env.random())
    catches.push(item)
    if (matchesObject(object, item)) break
  }
  const wanted = catches.at(-1)
  if (wanted === undefined || !matchesObject(object, wanted)) {
    return failure('not_found', `no ${object} bit in ${MAX_CASTS} casts`)
  }
  const long = { ...env, timeout: Math.max(env.timeout, TIMEOUTS.explore ?? 0) }
  return perform(state, context, long, { what: 'water', distance: water.distance, ticks }, () => {
    let broke: string | undefined
    for (const item of catches) {
      addItem(state, item, 1)
      broke = wearTool(state, context) ?? broke
    }
    const got =
      catches.length === 1
        ? `caught ${wanted}`
        : `caught ${wanted} after ${catches.length} casts (${catches.slice(0, -1).join(', ')})`
    return [got, broke].filter(Boolean).join('; ')
  })
}
