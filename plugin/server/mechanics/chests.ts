// Chests that keep what is put in them. flying-squid 1.12 opens an empty chest window and stores nothing ("Gathering
// of content (NOT IMPLEMENTED)"), so `bot.openContainer(chest)` then `deposit` lost the items. Here each chest block
// has 27 slots, kept as every container block's are (container-blocks.ts: while the server runs, dropped when the
// chest is broken), shown in a 9×3 window whose lower part mirrors the player's inventory (window-session.ts),
// shift-clicks and all; everyone looking into one chest sees every change.
// Not modelled: double chests (two chests side by side stay two), trapped chests, barrels, ender chests, shulker
// boxes, a block above the chest keeping it shut.
import type { MCServer, SquidItem, SquidVec3, SquidWindow, SquidWorld } from 'flying-squid'
import { ContainerBlocks } from './container-blocks.js'
import type { WindowBehaviour, WindowSessions } from './window-session.js'

const CHEST_SLOTS = 27

interface ChestState {
  readonly world: SquidWorld
  readonly position: SquidVec3
  readonly slots: (SquidItem | null)[]
  readonly behaviour: WindowBehaviour
}

export function installChests(serv: MCServer, sessions: WindowSessions): void {
  const chests: ContainerBlocks<ChestState> = new ContainerBlocks(serv, sessions, {
    block: 'chest',
    window: { type: 'minecraft:generic_9x3', title: 'Chest' },
    create(world, position) {
      const slots: (SquidItem | null)[] = Array.from({ length: CHEST_SLOTS }, () => null)
      const behaviour: WindowBehaviour = {
        // After every click the chest holds what its window's upper part shows; other viewers are told.
        afterClick(window: SquidWindow) {
          for (let slot = 0; slot < CHEST_SLOTS; slot++) slots[slot] = sessions.clone(window.slots[slot] ?? null)
          chests.showSlots(state, chests.sessionOf(state, window))
        },
      }
      const state: ChestState = { world, position, slots, behaviour }
      return state
    },
  })
}
