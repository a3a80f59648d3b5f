// What a live bot remembers from one act to the next, for as long as it is connected: held by its one
// MineflayerWorld (made when the plugin is installed), and handed to the acts that read or add to it.
import type { Bot } from 'mineflayer'
import type { Vec3 } from 'vec3'
import { Preparations } from '../bot-method-guard.js'
import { BiomeFence } from './biome-fence.js'

/** Where a surface search walked (the corners of the ground its walk covered) and when it ended, seeing nothing. */
export interface LookedOver {
  readonly minX: number
  readonly maxX: number
  readonly minZ: number
  readonly maxZ: number
  /** Blocks walked. */
  readonly walked: number
  /** When the search ended (ms, the machine's clock). */
  readonly at: number
}

export class BotMemory {
  /** The biomes the act in progress keeps out of (none between acts). */
  readonly fence: BiomeFence
  /**
   * Blocks found no safe way to (lava or water beside every way in, or pathfinder found no path): left alone by the
   * acts after, as a player leaves such a block and looks on. Keyed "x,y,z".
   */
  readonly unreachable = new Set<string>()
  /** Where the bot put its own beds down (foot and head): those it takes back in the morning, not a bed it found. */
  readonly bedsPutDown: Vec3[] = []
  /**
   * The workstation last used, by object (crafting_table, furnace, beds): a player remembers where their furnace is
   * when a tunnel has taken them out of sight of it (the chunk data's 32 blocks), and walks back.
   */
  readonly workstations = new Map<string, Vec3>()
  /** Creature → how many the bot's own kill acts saw die (the server's death of the one fought). */
  readonly kills = new Map<string, number>()
  /** What each chest the bot opened held when it closed it, by position ("(x, y, z)"). */
  readonly chests = new Map<string, { readonly at: Vec3; readonly contents: ReadonlyMap<string, number> }>()
  /**
   * The way prospecting heads, [dx, dz]: kept from one explore to the next, so a later prospect goes on the same way
   * rather than back along its own tunnel, and a turn turns from the last heading.
   */
  prospectHeading: readonly [number, number] | undefined
  /**
   * The ground a surface search (explore.X's spiral) last walked over and saw no X on, by X: searched again from there
   * soon after, it would walk the same ground and see the same (explore.ts, `LookedOver`).
   */
  readonly lookedOver = new Map<string, LookedOver>()

  constructor(
    bot: Bot,
    /** The acts being prepared, shared with the bot's method guard (bot-method-guard.ts). */
    readonly preparations: Preparations = new Preparations(),
  ) {
    this.fence = new BiomeFence(bot)
  }
}
