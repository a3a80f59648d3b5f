// Server-side windows for flying-squid players: the player's own inventory window (id 0) with its clicks made
// honest, and container windows (crafting table, furnace) opened on a block, whose lower part mirrors the player's
// inventory. flying-squid hands every `window_click` to `player.inventory.acceptClick` (prismarine-windows) without
// the clicked item (1.17+ packets carry none), whatever window it was for, and ignores shift-clicks; this module
// takes clicks over: it routes each to the window it names, fills in the item, lets a mechanic take special slots
// (results, furnace output) and sends back every slot that changed, so mineflayer's prediction is confirmed or
// corrected.
import type { MCServer, SquidItem, SquidPlayer, SquidWindow } from 'flying-squid'
import { dropItem, throwItem, trackLooks } from './drops.js'
import { copyItem, type ItemClass, itemClass, type WindowFactory, windowFactory } from './prismarine.js'

const CLICK_MODE_PICKUP = 0
const CLICK_MODE_THROW = 4
const CLICK_MODE_DRAG = 5
const CLICK_MODE_DOUBLE = 6
const OUTSIDE_WINDOW = -999

/** A window click as flying-squid receives it. `item` is filled in here before the window sees the click. */
export interface WindowClick {
  windowId: number
  slot: number
  mouseButton: number
  mode: number
  item?: SquidItem | null
  /** 1.17.1+: the client's idea of the window's state; -1 asks for the whole window again. */
  stateId?: number
}

/** What a mechanic does with clicks in its window (slots are the window's own numbers). */
export interface WindowBehaviour {
  /** Takes the click when it concerns a special slot; returns true if it did (the default handling is skipped). */
  click?(window: SquidWindow, click: WindowClick): boolean
  /** Runs after every click, e.g. to recompute a crafting result. */
  afterClick?(window: SquidWindow, click: WindowClick): void
  /** The window is closing (the player closed it, left, or opened another). */
  close?(window: SquidWindow, player: SquidPlayer): void
}

export interface ContainerSpec {
  /** prismarine-windows window type, e.g. 'minecraft:crafting' or 'minecraft:furnace'. */
  type: string
  title: string
  /** The container's own slots (before the player's inventory), initial contents. */
  contents?: ReadonlyArray<SquidItem | null>
  behaviour: WindowBehaviour
  /** Called after open_window was sent (e.g. to send a furnace's progress bars). */
  opened?(session: ContainerSession): void
}

export class ContainerSession {
  private stateId = 1

  constructor(
    readonly player: SquidPlayer,
    readonly window: SquidWindow,
    readonly behaviour: WindowBehaviour,
    private readonly sessions: WindowSessions,
  ) {}

  get id(): number {
    return this.window.id
  }

  /** Sets a container slot from outside a click (a furnace tick) and tells the player. */
  setSlot(slot: number, item: SquidItem | null): void {
    this.window.updateSlot(slot, item)
    this.sendSlot(slot)
  }

  sendSlot(slot: number): void {
    this.player._client.write('set_slot', {
      windowId: this.window.id,
      stateId: this.stateId++,
      slot,
      item: this.sessions.Item.toNotch(this.window.slots[slot] ?? null),
    })
  }

  sendAll(): void {
    this.player._client.write('window_items', {
      windowId: this.window.id,
      stateId: this.stateId++,
      items: this.window.slots.map((item) => this.sessions.Item.toNotch(item ?? null)),
      carriedItem: this.sessions.Item.toNotch(this.window.selectedItem ?? null),
    })
  }

  /** SquidWindow property (progress bars): mineflayer's furnace reads 0-3. */
  sendProperty(property: number, value: number): void {
    this.player._client.write('craft_progress_bar', { windowId: this.window.id, property, value })
  }
}

interface PlayerWindows {
  session: ContainerSession | undefined
  /** True while this module copies between the container's inventory part and the player's inventory. */
  mirroring: boolean
}

export class WindowSessions {
  readonly Item: ItemClass
  private readonly windows: WindowFactory
  private readonly players = new Map<SquidPlayer, PlayerWindows>()
  private readonly inventoryBehaviours: WindowBehaviour[] = []

  constructor(private readonly serv: MCServer) {
    this.Item = itemClass(serv)
    this.windows = windowFactory(serv)
    serv.on('newPlayer', (player: SquidPlayer) => this.attach(player))
  }

  /** Special handling of the player's own window (id 0): the 2×2 crafting grid. */
  onInventoryClick(behaviour: WindowBehaviour): void {
    this.inventoryBehaviours.push(behaviour)
  }

  /** Every open container session whose behaviour is `behaviour` (e.g. everyone looking into one furnace). */
  sessionsWith(behaviour: WindowBehaviour): ContainerSession[] {
    return [...this.players.values()].flatMap((p) => (p.session?.behaviour === behaviour ? [p.session] : []))
  }

  /** Opens a container window for the player (closing any other first) and sends its contents. */
  open(player: SquidPlayer, spec: ContainerSpec): ContainerSession {
    const state = this.players.get(player)
    if (!state) throw new Error(`${player.username} is not connected`)
    if (state.session) this.close(player, state.session.id)
    // Ids 1..100 in turn, as vanilla does; flying-squid's chests count with player.windowId too.
    const holder = player as SquidPlayer & { windowId?: number }
    const id = ((holder.windowId ?? 0) % 100) + 1
    holder.windowId = id
    const window = this.windows.createWindow(id, spec.type, spec.title)
    if (!window) throw new Error(`unknown window type ${spec.type}`)
    spec.contents?.forEach((item, slot) => {
      window.updateSlot(slot, item)
    })
    for (let slot = window.inventoryStart; slot < window.inventoryEnd; slot++) {
      window.updateSlot(slot, this.clone(player.inventory.slots[toInventorySlot(window, slot)] ?? null))
    }
    const session = new ContainerSession(player, window, spec.behaviour, this)
    state.session = session
    const protocolType = this.windows.windows[spec.type]?.type
    player._client.write('open_window', {
      windowId: id,
      inventoryType: protocolType,
      windowTitle: this.serv._createChatComponent(spec.title).toNetworkFormat(),
    })
    session.sendAll()
    spec.opened?.(session)
    return session
  }

  /**
   * Closes the player's container window (as if they pressed Escape): the behaviour returns what it holds.
   * `tellClient` is for closes the server decides (a furnace broken under the player's eyes).
   */
  close(player: SquidPlayer, windowId: number, tellClient = false): void {
    const state = this.players.get(player)
    const session = state?.session
    if (!state || !session || session.id !== windowId) return
    state.session = undefined
    if (tellClient && !player.disconnected) player._client.write('close_window', { windowId })
    session.behaviour.close?.(session.window, player)
    const carried = session.window.selectedItem
    session.window.selectedItem = null
    if (carried) this.giveOrDrop(player, carried)
  }

  /** Puts an item into the player's inventory (stacking first); what does not fit is dropped at their feet. */
  giveOrDrop(player: SquidPlayer, item: SquidItem): void {
    const left = insertStack(player.inventory, item, this.Item)
    if (left > 0) dropItem(this.serv, player.world, player.position, item.type, left)
  }

  clone(item: SquidItem | null): SquidItem | null {
    return item ? copyItem(this.Item, item) : null
  }

  private attach(player: SquidPlayer): void {
    const state: PlayerWindows = { session: undefined, mirroring: false }
    this.players.set(player, state)
    const inventory = player.inventory
    // 1.17.1+ slot packets carry a state id, which clients echo in their clicks; flying-squid's inventory code
    // writes none. Number them for the player's own window as for containers.
    if (this.serv.supportFeature('stateIdUsed')) {
      const client = player._client
      const write = client.write.bind(client)
      let inventoryStateId = 1
      client.write = (name, params) => {
        if ((name === 'set_slot' || name === 'window_items') && params.windowId === 0 && params.stateId === undefined) {
          return write(name, { ...params, stateId: inventoryStateId++ })
        }
        return write(name, params)
      }
    }
    // flying-squid's own window_click handler drops shift-clicks, number keys and drags, and spawns the held item
    // (not the clicked one) on a drop click; this plugin takes window clicks over.
    trackLooks(player)
    player._client.removeAllListeners('window_click')
    player._client.on('window_click', (click: WindowClick) => {
      // mineflayer's way to ask for the whole window again (its syncWindow, after a craft): the end of a drag that
      // never began, outside the window, with an impossible state id. The answer is the resync; it is no error.
      if (click.mode === CLICK_MODE_DRAG && click.slot === OUTSIDE_WINDOW && click.stateId === -1) {
        this.resync(player, state, click.windowId)
        return
      }
      try {
        if (click.windowId === 0) this.clickInventory(player, click)
        else this.clickContainer(player, state, click)
      } catch (error) {
        // A click the window model rejects (prismarine-windows asserts) must not disconnect the player: resync.
        this.serv.emit('error', error as Error)
        this.resync(player, state, click.windowId)
      }
    })
    player._client.on('close_window', ({ windowId }: { windowId: number }) => {
      if (windowId === 0) this.closeInventory(player)
      else this.close(player, windowId)
    })
    player.on('disconnected', () => {
      if (state.session) this.close(player, state.session.id)
      this.players.delete(player)
    })
    // Items the player gets while a container is open (a pick-up) show in its inventory part too.
    inventory.on('updateSlot', (slot: number, _old: SquidItem | null, item: SquidItem | null) => {
      const session = state.session
      if (!session || state.mirroring || slot < 9 || slot > 44) return
      const windowSlot = slot - 9 + session.window.inventoryStart
      state.mirroring = true
      try {
        session.window.updateSlot(windowSlot, this.clone(item))
        session.sendSlot(windowSlot)
      } finally {
        state.mirroring = false
      }
    })
  }

  private clickInventory(player: SquidPlayer, click: WindowClick): void {
    const inventory = player.inventory
    const before = snapshot(inventory)
    click.item = click.slot >= 0 ? (inventory.slots[click.slot] ?? null) : null
    const handled = this.inventoryBehaviours.some((b) => b.click?.(inventory, click))
    if (!handled) this.defaultClick(player, inventory, click)
    for (const behaviour of this.inventoryBehaviours) behaviour.afterClick?.(inventory, click)
    // In-place count changes emit nothing: re-announce every changed slot (flying-squid sends set_slot for each).
    // The clicked slot always goes back, so a refused click undoes the client's prediction.
    const announce = new Set(changedSlots(before, inventory))
    if (click.slot >= 0 && click.slot < inventory.slots.length) announce.add(click.slot)
    for (const slot of announce) inventory.updateSlot(slot, inventory.slots[slot] ?? null)
  }

  /** Vanilla's handling of a click that no mechanic took, by prismarine-windows, plus dropping items. */
  private defaultClick(player: SquidPlayer, window: SquidWindow, click: WindowClick): void {
    if (click.mode === CLICK_MODE_THROW) {
      const item = click.item
      if (!item || window.selectedItem) return
      const count = click.mouseButton === 1 ? item.count : 1
      throwItem(this.serv, player, item.type, count)
    } else if (click.mode === CLICK_MODE_PICKUP && click.slot === OUTSIDE_WINDOW && window.selectedItem) {
      const count = click.mouseButton === 1 ? 1 : window.selectedItem.count
      throwItem(this.serv, player, window.selectedItem.type, count)
    }
    if (click.mode === CLICK_MODE_DRAG || click.mode === CLICK_MODE_DOUBLE) {
      throw new Error(`click mode ${click.mode} is not supported`) // prismarine-windows has neither: resync
    }
    window.acceptClick(click, player.gameMode)
  }

  private clickContainer(player: SquidPlayer, state: PlayerWindows, click: WindowClick): void {
    const session = state.session
    if (!session || session.id !== click.windowId) return // a click for a window already closed
    const window = session.window
    const before = snapshot(window)
    // Slots set during the click are sent even when unchanged: mineflayer waits for the result slot after every
    // grid click, whether or not the result changed.
    const touched = new Set<number>()
    const onUpdate = (slot: number) => touched.add(slot)
    window.on('updateSlot', onUpdate)
    try {
      click.item = click.slot >= 0 ? (window.slots[click.slot] ?? null) : null
      if (!session.behaviour.click?.(window, click)) this.defaultClick(player, window, click)
      session.behaviour.afterClick?.(window, click)
    } finally {
      window.off('updateSlot', onUpdate)
    }
    if (click.slot >= 0 && click.slot < window.slots.length) touched.add(click.slot) // a refusal is sent back too
    // A shift-click or number key the client predicted differently (a refused or redirected move) may have changed
    // any container slot on its side: all of them go back.
    if (click.mode !== CLICK_MODE_PICKUP) for (let slot = 0; slot < window.inventoryStart; slot++) touched.add(slot)
    for (const slot of new Set([...touched, ...changedSlots(before, window)])) {
      session.sendSlot(slot)
      if (slot >= window.inventoryStart && slot < window.inventoryEnd) {
        state.mirroring = true
        try {
          player.inventory.updateSlot(toInventorySlot(window, slot), this.clone(window.slots[slot] ?? null))
        } finally {
          state.mirroring = false
        }
      }
    }
  }

  /** Closing the inventory screen returns the 2×2 grid and the cursor to the inventory, as vanilla does. */
  private closeInventory(player: SquidPlayer): void {
    for (const behaviour of this.inventoryBehaviours) behaviour.close?.(player.inventory, player)
    const carried = player.inventory.selectedItem
    player.inventory.selectedItem = null
    if (carried) this.giveOrDrop(player, carried)
  }

  private resync(player: SquidPlayer, state: PlayerWindows, windowId: number): void {
    if (windowId !== 0 && state.session?.id === windowId) {
      state.session.sendAll()
      return
    }
    player.inventory.slots.forEach((item, slot) => {
      player.inventory.updateSlot(slot, item ?? null)
    })
  }
}

/** A container window's slot in the player's own inventory window (9-35 main, 36-44 hotbar). */
function toInventorySlot(window: SquidWindow, slot: number): number {
  return slot - window.inventoryStart + 9
}

function snapshot(window: SquidWindow): string[] {
  return window.slots.map((item) => (item ? `${item.type}x${item.count}` : ''))
}

function changedSlots(before: readonly string[], window: SquidWindow): number[] {
  const after = snapshot(window)
  return after.flatMap((key, slot) => (key === before[slot] ? [] : [slot]))
}

/** Using a container block while sneaking with an item in hand places the item against it instead (vanilla). */
export function placesInstead(player: SquidPlayer): boolean {
  return Boolean(player.crouching && player.inventory.slots[36 + player.heldItemSlot])
}

/**
 * Puts a stack into the window's inventory part as vanilla does — onto equal stacks first, then into empty slots,
 * the hotbar before the main inventory — and returns how many did not fit. `item` itself is left unchanged.
 */
export function insertStack(window: SquidWindow, item: SquidItem, Item: ItemClass): number {
  let left = item.count
  for (let slot = window.inventoryStart; slot < window.inventoryEnd && left > 0; slot++) {
    const held = window.slots[slot]
    if (held && held.type === item.type && held.count < held.stackSize) {
      const moved = Math.min(left, held.stackSize - held.count)
      held.count += moved
      left -= moved
      window.updateSlot(slot, held)
    }
  }
  const hotbarStart = window.inventoryEnd - 9
  const emptyFirst = [
    ...Array.from({ length: 9 }, (_, i) => hotbarStart + i),
    ...Array.from({ length: hotbarStart - window.inventoryStart }, (_, i) => window.inventoryStart + i),
  ]
  for (const slot of emptyFirst) {
    if (left === 0) break
    if (window.slots[slot]) continue
    const moved = Math.min(left, item.stackSize)
    window.updateSlot(slot, copyItem(Item, item, moved))
    left -= moved
  }
  return left
}
