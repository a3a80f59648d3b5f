// Blocks that hold items (chests, furnaces), as flying-squid lacks them: each one used keeps its own slots while
// the server runs (flying-squid keeps no block entities, on disk or off), opens as a window whose lower part
// mirrors the player's inventory (window-session.ts), shows everyone looking into it what changed, and drops what
// it held when the block is broken, as vanilla's do. What the slots do (a furnace smelting) is the mechanic's.
import type { MCServer, SquidItem, SquidVec3, SquidWorld } from 'flying-squid'
import { dropItem } from './drops.js'
import { type ContainerSession, placesInstead, type WindowBehaviour, type WindowSessions } from './window-session.js'

/** Ticks between checks that a container block still stands (its contents drop when it was broken). */
const PRESENCE_CHECK_TICKS = 20

/** What one container block keeps: where it is, its own slots, and the behaviour of every window open on it. */
export interface HeldContents {
  readonly world: SquidWorld
  readonly position: SquidVec3
  readonly slots: readonly (SquidItem | null)[]
  readonly behaviour: WindowBehaviour
}

/** A kind of container block: which block, which window, and the contents of one placed. */
export interface ContainerKind<C extends HeldContents> {
  /** The block's name: another block where a container was means it was broken. */
  readonly block: string
  /** prismarine-windows' window type (e.g. 'minecraft:furnace') and the window's title. */
  readonly window: { readonly type: string; readonly title: string }
  /** The contents of a block used for the first time (empty). */
  create(world: SquidWorld, position: SquidVec3): C
  /** After the window opened for a player (a furnace sends its progress bars). */
  opened?(contents: C, session: ContainerSession): void
}

export class ContainerBlocks<C extends HeldContents> {
  /** Every container block used so far, by its world and position. */
  private readonly held = new Map<SquidWorld, Map<string, C>>()

  constructor(
    private readonly serv: MCServer,
    private readonly sessions: WindowSessions,
    private readonly kind: ContainerKind<C>,
  ) {
    // Replaces flying-squid's own handler (a chest's empty window), registered while the server was made.
    serv.onBlockInteraction(kind.block, ({ block, player }) => {
      if (placesInstead(player)) return false
      const contents = this.at(player.world, block.position)
      sessions.open(player, {
        type: kind.window.type,
        title: kind.window.title,
        contents: contents.slots.map((item) => sessions.clone(item)),
        behaviour: contents.behaviour,
        ...(kind.opened ? { opened: (session: ContainerSession) => kind.opened?.(contents, session) } : {}),
      })
      return true
    })
    serv.on('tick', (_delta: number, tickCount: number) => {
      if (tickCount % PRESENCE_CHECK_TICKS !== 0) return
      for (const inWorld of this.held.values()) {
        for (const [key, contents] of inWorld) void this.checkPresence(inWorld, key, contents)
      }
    })
  }

  /** Every container block in use, for a mechanic that works on them each tick. */
  *all(): IterableIterator<C> {
    for (const inWorld of this.held.values()) yield* inWorld.values()
  }

  /** The contents of the block at `position`, made empty when it is used for the first time. */
  at(world: SquidWorld, position: SquidVec3): C {
    const key = `${position.x},${position.y},${position.z}`
    const inWorld = this.held.get(world) ?? new Map<string, C>()
    this.held.set(world, inWorld)
    const known = inWorld.get(key)
    if (known) return known
    const created = this.kind.create(world, position.clone())
    inWorld.set(key, created)
    return created
  }

  /** Everyone looking into the block (but `except`, whose click made the change) sees its slots as they are now. */
  showSlots(contents: C, except?: ContainerSession): void {
    const shown = (item: SquidItem | null | undefined) => JSON.stringify(this.sessions.Item.toNotch(item ?? null))
    for (const session of this.sessions.sessionsWith(contents.behaviour)) {
      if (session === except) continue
      contents.slots.forEach((item, slot) => {
        if (shown(item) !== shown(session.window.slots[slot])) session.setSlot(slot, this.sessions.clone(item))
      })
    }
  }

  /** The session of the window `window` is, among those open on the block (whose click is being handled). */
  sessionOf(contents: C, window: ContainerSession['window']): ContainerSession | undefined {
    return this.sessions.sessionsWith(contents.behaviour).find((s) => s.window === window)
  }

  /** A broken container drops what it held (vanilla) and is forgotten; whoever was looking in sees it close. */
  private async checkPresence(inWorld: Map<string, C>, key: string, contents: C): Promise<void> {
    try {
      const blockType = await contents.world.getBlockType(contents.position)
      if (this.serv.registry.blocks[blockType]?.name === this.kind.block) return
      inWorld.delete(key)
      for (const session of this.sessions.sessionsWith(contents.behaviour)) {
        this.sessions.close(session.player, session.id, true)
      }
      const at = contents.position.offset(0.5, 0.5, 0.5)
      for (const item of contents.slots) if (item) dropItem(this.serv, contents.world, at, item.type, item.count)
    } catch (error) {
      this.serv.emit('error', error as Error)
    }
  }
}
