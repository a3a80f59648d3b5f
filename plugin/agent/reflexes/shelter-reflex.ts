/**
 * The shelter reflex (issue #22): at night, under the open sky, with a hostile mob within `SHELTER_RADIUS`, the bot
 * digs in where it stands and stays there until daybreak (`place.shelter`). The fighting reflex is asked first, so a
 * mob at hand is fought; the shelter is what is left when that fight failed lately (a live bench bot whose kill
 * found no path stood there and died). A zombie kills in seconds at the live bench's raised tick rate, and they come in threes; three
 * blocks down they cannot reach the bot at all. It reads the Observation's `underSky`, which a live bot reports and
 * the Sim leaves out (the Sim keeps its own account of shelter), so no Sim run digs in. Through the controller's
 * admission like every reflex: under "sleep at night" the bot does not dig in at night before it has slept, unless
 * it cannot sleep (sleep.bed failed: no bed, nowhere to put one), when the constraint is set aside for it. A mob the
 * running plan hunts ("kill 3 zombies") is not hidden from: dug in till daybreak, the bot would never meet one.
 */
import { KILLABLE_MOBS } from '../../vocabulary/natural.js'
import { SHELTER } from '../../world/port.js'
import type { Reflex } from './reflex.js'

/** Zombies spawn 24-32 blocks off and walk at the bot: one this near is on its way. */
export const SHELTER_RADIUS = 24
/** The rest of a night at vanilla's 20 ticks a second is at most 550 s; the act ends at daybreak. */
const SHELTER_MS = 600_000

export function shelterReflex(rules: { isHostile(name: string): boolean }): Reflex {
  const hostiles = KILLABLE_MOBS.filter((mob) => rules.isHostile(mob))
  return {
    name: 'shelter',
    next(o, { skip, hunted }) {
      if (!o.isNight || o.underSky !== true || skip(`place.${SHELTER}`)) return undefined
      const seen = hostiles.find((mob) => !hunted(mob) && o.nearest(mob, SHELTER_RADIUS) !== undefined)
      if (seen === undefined) return undefined
      const why = `a ${seen} ${(o.nearest(seen, SHELTER_RADIUS) as number).toFixed(0)} blocks away at night`
      return { primitive: { verb: 'place', object: SHELTER }, timeoutMs: SHELTER_MS, why, urgent: true }
    },
  }
}
