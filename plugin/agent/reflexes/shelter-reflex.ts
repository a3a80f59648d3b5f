/**
 * The shelter reflex (issue #22): at night, under the open sky, with a hostile mob within `SHELTER_RADIUS`, the bot
 * digs in where it stands (`place.shelter`) and, with nothing to do, stays there until daybreak. The fighting reflex
 * is asked first, so a mob at hand is fought; the shelter is what is left when that fight failed lately (a live bench
 * bot whose kill found no path stood there and died). A zombie kills in seconds at the live bench's raised tick rate,
 * and they come in threes; three blocks down they cannot reach the bot at all. It reads the Observation's `underSky`,
 * which a live bot reports and the Sim leaves out (the Sim keeps its own account of shelter), so no Sim run digs in.
 * Through the controller's admission like every reflex: under "sleep at night" the bot does not dig in at night
 * before it has slept, unless it cannot sleep (sleep.bed failed: no bed, nowhere to put one), when the constraint is
 * set aside for it. A mob the running plan hunts ("kill 3 zombies") is not hidden from: dug in till daybreak, the bot
 * would never meet one.
 *
 * A plan with work to go on with below the ground (issue #37) is not parked until daybreak: "mine minerals only at
 * night" may mine only then, and a zombie 24 blocks off at nightfall cost live bots the whole night in their holes.
 * When the plan's next act is an ore, stone or deepslate mined or prospected for, or a craft, a smelt, a block placed
 * or an item taken in hand (done where the bot stands), the bot digs in and covers the hole (`toWorkFrom`), and the
 * act ends there: the hole is the top of the way down (a prospect's stairs from its bottom run under the ground it
 * was dug in), and under cover the reflex does not fire again. Any other act (a log, an animal, a search on the
 * surface) would take the bot back out among the mobs to be dug in for again and again: with that next, the bot
 * waits in the hole until daybreak, as one with nothing to do does.
 */
import { matchesObject } from '../../vocabulary/families.js'
import { KILLABLE_MOBS, UNDERGROUND_BLOCKS } from '../../vocabulary/natural.js'
import { parsePrimitive } from '../../vocabulary/symbols.js'
import { SHELTER } from '../../world/port.js'
import type { Reflex } from './reflex.js'

/** Zombies spawn 24-32 blocks off and walk at the bot: one this near is on its way. */
export const SHELTER_RADIUS = 24
/** The rest of a night at vanilla's 20 ticks a second is at most 550 s; the act ends at daybreak. */
const SHELTER_MS = 600_000
/** Acts done where the bot stands, whatever their object: from the hole as well as anywhere. */
const IN_PLACE = new Set(['craft', 'smelt', 'place', 'equip'])

export function shelterReflex(rules: { isHostile(name: string): boolean }): Reflex {
  const hostiles = KILLABLE_MOBS.filter((mob) => rules.isHostile(mob))
  return {
    name: 'shelter',
    next(o, { skip, hunted, planned }) {
      if (!o.isNight || o.underSky !== true || skip(`place.${SHELTER}`)) return undefined
      const seen = hostiles.find((mob) => !hunted(mob) && o.nearest(mob, SHELTER_RADIUS) !== undefined)
      if (seen === undefined) return undefined
      const why = `a ${seen} ${(o.nearest(seen, SHELTER_RADIUS) as number).toFixed(0)} blocks away at night`
      const primitive = { verb: 'place', object: SHELTER } as const
      const work = planned()
      if (work !== undefined && goesOnFromHole(work)) {
        return {
          primitive,
          timeoutMs: SHELTER_MS,
          why: `${why}, ${work} to go on with`,
          urgent: true,
          toWorkFrom: true,
        }
      }
      return { primitive, timeoutMs: SHELTER_MS, why, urgent: true }
    },
  }
}

/** Whether the act keeps the bot below the ground it dug in: done in place, or work that lies underground. */
function goesOnFromHole(action: string): boolean {
  const act = parsePrimitive(action)
  if (act === undefined) return false
  if (IN_PLACE.has(act.verb)) return true
  // An ore's deepslate variant too (`mine.deepslate_iron_ore`).
  const below = UNDERGROUND_BLOCKS.some((block) => matchesObject(block, act.object))
  return (act.verb === 'mine' || act.verb === 'explore') && below
}
