// Survival mechanics flying-squid 1.12 lacks — crafting (2×2 and crafting tables), furnaces, chests, beds, armour,
// hunger, farm animals' loot, zombies at night, tools wearing out, farming, buckets and fishing — as one flying-squid
// plugin, so unmodified mineflayer (`bot.craft`,
// `bot.openFurnace`, `bot.sleep`) works against it.
// It only uses flying-squid's plugin API (`serv.addPlugin`, `serv.onBlockInteraction`, player and tick events),
// so it could be offered upstream as it is.
import type { MCServer, SquidPlugin } from 'flying-squid'
import { installAnimalDrops } from './animal-drops.js'
import { installKnockback } from './attacks.js'
import { installBeds } from './beds.js'
import { installChests } from './chests.js'
import { installCrafting } from './crafting.js'
import { installSteppedPhysics } from './entity-physics.js'
import { type FarmingOptions, installFarming } from './farming.js'
import { installFishing } from './fishing.js'
import { installFurnaces } from './furnace.js'
import { type HostileMobOptions, installHostileMobs } from './hostile-mobs.js'
import { type HungerOptions, installHunger } from './hunger.js'
import { installWholeStackPickups } from './pickups.js'
import { installToolWear } from './tool-wear.js'
import { WindowSessions } from './window-session.js'

export interface SurvivalMechanicsOptions {
  /** Ticks every player must lie in bed before the night is skipped (vanilla: 100, i.e. 5 s). Default 100. */
  sleepTicks?: number
  /** Hunger from the player's actions, eating and starvation (hunger.ts, exertion.ts); false turns them off. */
  hunger?: HungerOptions | false
  /** Zombies at night (hostile-mobs.ts): true or options turns them on. Default off (`npm start` turns them on). */
  hostileMobs?: HostileMobOptions | boolean
  /** Tools in hand wear out by digging and hitting, and break (tool-wear.ts); false keeps them whole. Default on. */
  toolWear?: boolean
  /**
   * Tilling, planting, crops on random ticks, chance drops, buckets, shearing (farming.ts) and fishing (fishing.ts).
   * Default on (true or options likewise); false leaves them out.
   */
  farming?: FarmingOptions | boolean
}

export const SURVIVAL_MECHANICS_PLUGIN = 'cedar-survival-mechanics'

/** The plugin object flying-squid's `serv.addPlugin(name, plugin)` (or its `plugins` option) takes. */
export function survivalMechanics(options: SurvivalMechanicsOptions = {}): SquidPlugin {
  const sleepTicks = options.sleepTicks ?? 100
  if (!Number.isInteger(sleepTicks) || sleepTicks < 1) throw new Error(`sleepTicks must be a positive integer`)
  return {
    server(serv: MCServer) {
      // Each mechanic listens for new players, on top of flying-squid's own listeners: not a leak.
      serv.setMaxListeners(Math.max(serv.getMaxListeners(), 20))
      installSteppedPhysics(serv)
      const sessions = new WindowSessions(serv)
      installCrafting(serv, sessions)
      installFurnaces(serv, sessions)
      installChests(serv, sessions)
      installBeds(serv, { sleepTicks })
      if (options.hunger !== false) installHunger(serv, options.hunger)
      installAnimalDrops(serv)
      installKnockback(serv)
      if (options.hostileMobs) installHostileMobs(serv, options.hostileMobs === true ? {} : options.hostileMobs)
      installWholeStackPickups(serv)
      if (options.toolWear !== false) installToolWear(serv)
      if (options.farming !== false) {
        const farming = typeof options.farming === 'object' ? options.farming : {}
        installFarming(serv, farming)
        installFishing(serv, farming.random)
      }
    },
  }
}
