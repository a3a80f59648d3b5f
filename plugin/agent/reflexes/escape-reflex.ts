/**
 * The escape reflex (issue #22): a bot swimming (drifting, and drowning in vanilla) or standing by lava walks to the
 * nearest safe ground (`explore.safe_ground`, the World's way out of a liquid) before anything else. It reads the
 * Observation's `hazard`, which a live bot reports and the Sim leaves out (it has no liquids to be caught in).
 * Through the controller's admission like every reflex: under "sleep at night" it does not swim ashore at night
 * (an act awake), and under "stay in B" its walk is fenced off the other biomes like any act.
 */
import { SAFE_GROUND } from '../../world/port.js'
import type { Reflex } from './reflex.js'

/** The walk ashore is bounded: a minute is several times the swim to any shore the search can see. */
const ESCAPE_MS = 60_000

export function escapeReflex(): Reflex {
  return {
    name: 'escape',
    next(o, { skip }) {
      if (o.hazard === undefined || skip(`explore.${SAFE_GROUND}`)) return undefined
      const why = o.hazard === 'lava' ? 'lava beside the bot' : 'the bot is swimming'
      return { primitive: { verb: 'explore', object: SAFE_GROUND }, timeoutMs: ESCAPE_MS, why, urgent: true }
    },
  }
}
