// Furnaces: each placed furnace that has been used keeps input, fuel and output slots and smelts on the server
// tick the way vanilla's AbstractFurnaceBlockEntity does (fuel burns 200 ticks per item it smelts, one item cooks
// in 200 ticks, progress decays while unlit). Everyone looking into it gets slot updates and the four window
// properties mineflayer's furnace reads (0 fuel left, 1 fuel total, 2 progress, 3 progress total). Recipes and
// fuels come from the same table the world rules use (plugin/vocabulary/smelting.ts).
import type { MCServer, SquidItem, SquidVec3, SquidWindow, SquidWorld } from 'flying-squid'
import { fuelValue, smeltingOutput } from '../../vocabulary/smelting.js'
import { ContainerBlocks } from './container-blocks.js'
import { type BlockFactory, blockFactory } from './prismarine.js'
import type { ContainerSession, WindowBehaviour, WindowClick, WindowSessions } from './window-session.js'

const INPUT = 0
const FUEL = 1
const OUTPUT = 2
const COOK_TICKS = 200
const CLICK_MODE_PICKUP = 0
const CLICK_MODE_QUICK_MOVE = 1
const CLICK_MODE_SWAP = 2

interface FurnaceState {
  readonly world: SquidWorld
  readonly position: SquidVec3
  slots: [SquidItem | null, SquidItem | null, SquidItem | null]
  litTime: number
  litDuration: number
  cookProgress: number
  cookTotal: number
  behaviour: WindowBehaviour
  /** Property values last sent, so only changes go out. */
  sent: number[]
}

/** The smelting table read for the server's items: what an item smelts to, how long it burns. */
class SmeltingTable {
  constructor(private readonly registry: MCServer['registry']) {}

  nameOf(item: SquidItem | null): string {
    return item ? (this.registry.items[item.type]?.name ?? '') : ''
  }

  /** The item id `item` smelts to, if it smelts. */
  smeltsTo(item: SquidItem | null): number | undefined {
    const output = item ? smeltingOutput(this.nameOf(item)) : undefined
    return output === undefined ? undefined : this.registry.itemsByName[output]?.id
  }

  burnTicks(item: SquidItem | null): number {
    return Math.round(fuelValue(this.nameOf(item)) * COOK_TICKS)
  }

  stackSize(type: number): number {
    return this.registry.items[type]?.stackSize ?? 64
  }

  /** What a burnt fuel leaves in the fuel slot: a lava bucket's bucket. */
  leftOf(fuel: SquidItem): number | undefined {
    return this.nameOf(fuel) === 'lava_bucket' ? this.registry.itemsByName.bucket?.id : undefined
  }
}

/** The server's side of every furnace: the furnace blocks in use, the smelting table, the block states. */
interface Furnaces {
  readonly serv: MCServer
  readonly sessions: WindowSessions
  readonly blocks: ContainerBlocks<FurnaceState>
  readonly table: SmeltingTable
  readonly Block: BlockFactory
}

export function installFurnaces(serv: MCServer, sessions: WindowSessions): void {
  const blocks: ContainerBlocks<FurnaceState> = new ContainerBlocks(serv, sessions, {
    block: 'furnace',
    window: { type: 'minecraft:furnace', title: 'Furnace' },
    create: (world, position) => newFurnace(kit, world, position),
    // Sent now and again on the next tick: mineflayer attaches its listener only after the window opened.
    opened: (state, session) => {
      sendProperties(state, [session], true)
      state.sent = []
    },
  })
  const kit: Furnaces = { serv, sessions, blocks, table: new SmeltingTable(serv.registry), Block: blockFactory(serv) }
  serv.on('tick', () => {
    for (const state of blocks.all()) smeltTick(kit, state)
  })
}

/** An unused furnace: empty and cold. */
function newFurnace(kit: Furnaces, world: SquidWorld, position: SquidVec3): FurnaceState {
  const state: FurnaceState = {
    world,
    position,
    slots: [null, null, null],
    litTime: 0,
    litDuration: 0,
    cookProgress: 0,
    cookTotal: COOK_TICKS,
    behaviour: {},
    sent: [],
  }
  state.behaviour = furnaceWindow(kit, state)
  return state
}

/** The furnace window's clicks: vanilla's slot rules, then the furnace holds what its window shows. */
function furnaceWindow(kit: Furnaces, state: FurnaceState): WindowBehaviour {
  const { sessions } = kit
  return {
    click: (window, click) => furnaceClick(kit, window, click),
    afterClick(window: SquidWindow): void {
      const inputBefore = state.slots[INPUT]?.type
      state.slots = [
        sessions.clone(window.slots[INPUT] ?? null),
        sessions.clone(window.slots[FUEL] ?? null),
        sessions.clone(window.slots[OUTPUT] ?? null),
      ]
      if (state.slots[INPUT]?.type !== inputBefore) state.cookProgress = 0
      // All bars again on the next tick: a client that clicks has its furnace listener attached by now.
      state.sent = []
      kit.blocks.showSlots(state, kit.blocks.sessionOf(state, window))
    },
  }
}

/** Takes the clicks vanilla's furnace slots treat specially; true when it did (the default handling is skipped). */
function furnaceClick({ table, sessions }: Furnaces, window: SquidWindow, click: WindowClick): boolean {
  const carried = window.selectedItem
  const output = window.slots[OUTPUT]
  // Vanilla's slot rules: the output only gives (a click takes it, onto a matching cursor stack too) ...
  if (click.slot === OUTPUT) {
    if (click.mode === CLICK_MODE_PICKUP)
      return Boolean(carried && (click.mouseButton === 1 || carried.type !== output?.type))
    return click.mode !== CLICK_MODE_QUICK_MOVE
  }
  // ... only fuels go into the fuel slot ...
  if (click.slot === FUEL && click.mode === CLICK_MODE_PICKUP && carried && table.burnTicks(carried) === 0) return true
  if (click.slot === FUEL && click.mode === CLICK_MODE_SWAP) return true
  // ... and a shift-click from the inventory sends a smeltable to the input and a fuel to the fuel slot.
  if (click.mode === CLICK_MODE_QUICK_MOVE && click.slot >= window.inventoryStart && click.item) {
    const target = table.smeltsTo(click.item) !== undefined ? INPUT : table.burnTicks(click.item) > 0 ? FUEL : undefined
    if (target !== undefined) moveInto(sessions, window, click.slot, target)
    return true
  }
  return false
}

/** One server tick of a furnace: fuel burns, the input cooks, and the viewers see what changed. */
function smeltTick(kit: Furnaces, state: FurnaceState): void {
  const wasLit = state.litTime > 0
  if (wasLit) state.litTime--
  const slotsChanged = smelt(kit, state)
  if (slotsChanged) kit.blocks.showSlots(state)
  if (wasLit !== state.litTime > 0) void showLit(kit, state, state.litTime > 0)
  sendProperties(state, kit.sessions.sessionsWith(state.behaviour), false)
}

/** Lights the next fuel when needed and advances the cooking; true when the slots changed. */
function smelt({ table, sessions }: Furnaces, state: FurnaceState): boolean {
  const [input, fuel, output] = state.slots
  const product = table.smeltsTo(input)
  const canCook =
    product !== undefined && (!output || (output.type === product && output.count < table.stackSize(product)))
  if (!canCook) {
    state.cookProgress = 0
    return false
  }
  if (state.litTime === 0 && !(fuel && input)) {
    // Unlit with nothing to light it: the progress cools down.
    if (state.cookProgress > 0) state.cookProgress = Math.max(0, state.cookProgress - 2)
    return false
  }
  let slotsChanged = false
  if (state.litTime === 0 && fuel && table.burnTicks(fuel) > 0) {
    state.litTime = table.burnTicks(fuel)
    state.litDuration = state.litTime
    state.slots[FUEL] = takeOne(sessions, fuel, table.leftOf(fuel))
    slotsChanged = true
  }
  if (state.litTime === 0) {
    state.cookProgress = 0
    return slotsChanged
  }
  state.cookProgress++
  if (state.cookProgress < state.cookTotal) return slotsChanged
  state.cookProgress = 0
  state.slots[INPUT] = takeOne(sessions, input as SquidItem)
  state.slots[OUTPUT] = output ? withCount(sessions, output, output.count + 1) : new sessions.Item(product, 1)
  return true
}

function takeOne(sessions: WindowSessions, item: SquidItem, leaves?: number): SquidItem | null {
  if (item.count > 1) return withCount(sessions, item, item.count - 1)
  return leaves === undefined ? null : new sessions.Item(leaves, 1)
}

function withCount(sessions: WindowSessions, item: SquidItem, count: number): SquidItem {
  const copy = sessions.clone(item) as SquidItem
  copy.count = count
  return copy
}

/** The four progress bars, to `viewers`: all of them, or (`all` false) those that changed since last sent. */
function sendProperties(state: FurnaceState, viewers: ContainerSession[], all: boolean): void {
  const values = [state.litTime, state.litDuration, state.cookProgress, state.cookTotal]
  values.forEach((value, property) => {
    if (!all && state.sent[property] === value) return
    for (const viewer of viewers) viewer.sendProperty(property, value)
  })
  if (viewers.length > 0) state.sent = values
}

/** The furnace block's `lit` state, as everyone sees it. */
async function showLit({ serv, Block }: Furnaces, state: FurnaceState, lit: boolean): Promise<void> {
  try {
    const current = Block.fromStateId(await state.world.getBlockStateId(state.position), 0)
    if (current.name !== 'furnace') return
    const stateId = Block.fromProperties('furnace', { ...current.getProperties(), lit } as never, 0).stateId
    await serv.setBlock(state.world, state.position, stateId)
  } catch (error) {
    serv.emit('error', error as Error)
  }
}

/** Moves as much of the stack at `from` into the furnace slot `to` as fits there. */
function moveInto(sessions: WindowSessions, window: SquidWindow, from: number, to: number): void {
  const item = window.slots[from]
  const there = window.slots[to]
  if (!item || (there && there.type !== item.type)) return
  const moved = Math.min(item.count, item.stackSize - (there?.count ?? 0))
  if (moved <= 0) return
  window.updateSlot(to, withCount(sessions, item, (there?.count ?? 0) + moved))
  if (moved === item.count) window.updateSlot(from, null)
  else window.updateSlot(from, withCount(sessions, item, item.count - moved))
}
