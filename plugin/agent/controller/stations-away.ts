/**
 * Workstations out of the bot's reach. A smelt or a craft at a table that fails for want of a path (the furnace left
 * on the surface, 24 blocks above a bot that dug down for more ore: live, the pathfinder finds no way back up the
 * staircase it dug) says the station it needs is there but out of reach. The milestone pursuit would choose the
 * same act again, three times, and the run would end with no way on (the Sim's "make me iron armour" on seeds 1, 2
 * and 3). Hidden from the pursuit, the station is made again and carried: the next smelt or craft places it where
 * the bot is, as a player would. An act at that station that works brings it back into view.
 */
import type { Primitive } from '../../vocabulary/symbols.js'
import type { Observation, Outcome } from '../../world/port.js'

const STATION_OF: Readonly<Record<string, string>> = { smelt: 'furnace', craft: 'crafting_table' }

export class StationsAway {
  private readonly away = new Set<string>()

  /** After an act: a station's act that found no path marks the station away; one that worked brings it back. */
  settle(primitive: Primitive, outcome: Outcome): void {
    const station = STATION_OF[primitive.verb]
    if (station === undefined) return
    if (outcome.ok) this.away.delete(station)
    else if (outcome.failure === 'path_failed') this.away.add(station)
  }

  /** The observation as the pursuit should see it: a station away is not in sight. */
  view(observation: Observation): Observation {
    if (this.away.size === 0) return observation
    const away = this.away
    return {
      ...observation,
      nearest: (object: string, radius?: number) =>
        away.has(object) ? undefined : observation.nearest(object, radius),
    }
  }
}
