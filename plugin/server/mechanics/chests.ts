// Chests that keep what is put in them. flying-squid 1.12 opens an empty chest window and stores nothing ("Gathering
// of content (NOT IMPLEMENTED)"), so `bot.openContainer(chest)` then `deposit` lost the items. Here each chest block
// has 27 slots, kept while the server runs (as flying-squid keeps no block entities on disk either), shown in a
// 9×3 window whose lower part mirrors the player's inventory (window-session.ts), shift-clicks and all; everyone
// looking into one chest sees every change; a broken chest drops what it held, as vanilla's does.
// Not modelled: double chests (two chests side by side stay two), trapped chests, barrels, ender chests, shulker
// boxes, a block above the chest keeping it shut.
import type { BlockInteraction, MCServer, SquidItem, SquidVec3, SquidWindow, SquidWorld } from 'flying-squid'
import { dropItem } from './drops.js'
import { type ContainerSession, placesInstead, type WindowBehaviour, type WindowSessions } from './window-session.js'

const CHEST_SLOTS = 27
/** Ticks between checks that a chest with items still stands (its contents drop when it was broken). */
const PRESENCE_CHECK_TICKS = 20

interface ChestState {
  readonly world: SquidWorld
  readonly position: SquidVec3
  readonly slots: (SquidItem | null)[]
  readonly behaviour: WindowBehaviour
}

export function installChests(serv: MCServer, sessions: WindowSessions): void {
  /** Every chest used so far, by its world and position. */
  const chests = new Map<SquidWorld, Map<string, ChestState>>()

  const open = ({ block, player }: BlockInteraction) => {
    if (placesInstead(player)) return false
    const state = stateAt(player.world, block.position)
    sessions.open(player, {
      type: 'minecraft:generic_9x3',
      title: 'Chest',
      contents: state.slots.map((item) => sessions.clone(item)),
      behaviour: state.behaviour,
    })
    return true
  }
  // Replaces flying-squid's own handler (its empty window), registered while the server was made, before this plugin.
  serv.onBlockInteraction('chest', open)

  serv.on('tick', (_delta: number, tickCount: number) => {
    if (tickCount % PRESENCE_CHECK_TICKS !== 0) return
    for (const inWorld of chests.values()) for (const [key, state] of inWorld) void checkPresence(inWorld, key, state)
  })

  function stateAt(world: SquidWorld, position: SquidVec3): ChestState {
    const key = `${position.x},${position.y},${position.z}`
    const inWorld = chests.get(world) ?? new Map<string, ChestState>()
    chests.set(world, inWorld)
    const known = inWorld.get(key)
    if (known) return known
    const slots: (SquidItem | null)[] = Array.from({ length: CHEST_SLOTS }, () => null)
    const behaviour: WindowBehaviour = {
      // After every click the chest holds what its window's upper part shows; other viewers are told.
      afterClick(window: SquidWindow) {
        for (let slot = 0; slot < CHEST_SLOTS; slot++) slots[slot] = sessions.clone(window.slots[slot] ?? null)
        for (const other of sessions.sessionsWith(behaviour)) {
          if (other.window !== window) showContents(other, slots)
        }
      },
    }
    const state: ChestState = { world, position, slots, behaviour }
    inWorld.set(key, state)
    return state
  }

  function showContents(session: ContainerSession, slots: readonly (SquidItem | null)[]): void {
    slots.forEach((item, slot) => {
      session.window.updateSlot(slot, sessions.clone(item))
      session.sendSlot(slot)
    })
  }

  /** A broken chest drops what it held (vanilla) and is forgotten. */
  async function checkPresence(inWorld: Map<string, ChestState>, key: string, state: ChestState): Promise<void> {
    try {
      const blockType = await state.world.getBlockType(state.position)
      if (serv.registry.blocks[blockType]?.name === 'chest') return
      inWorld.delete(key)
      for (const session of sessions.sessionsWith(state.behaviour)) sessions.close(session.player, session.id, true)
      const at = state.position.offset(0.5, 0.5, 0.5)
      for (const item of state.slots) if (item) dropItem(serv, state.world, at, item.type, item.count)
    } catch (error) {
      serv.emit('error', error as Error)
    }
  }
}
