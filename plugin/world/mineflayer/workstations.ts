import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import { matchesObject } from '../../vocabulary/families.js'
import { fuelRank, fuelValue, smeltingOutput } from '../../vocabulary/smelting.js'
import { walkNear } from '../pathfinding.js'
import { type Outcome, success } from '../port.js'
import type { BotMemory } from './bot-memory.js'
import { untilInventory } from './clock.js'
import { findNearestBlock, inventoryItem, placeFromHand } from './gather.js'
import { fail } from './limits.js'
import { placementSpot, roomForBlock } from './room.js'

/** A workstation (crafting table, furnace, bed) within sight, walked to; or placed from the inventory. */
export async function workstation(bot: Bot, memory: BotMemory, object: string, signal?: AbortSignal): Promise<Block> {
  const block = findNearestBlock(bot, memory, object) ?? remembered(bot, memory, object)
  if (!block) return placeWorkstation(bot, memory, object, signal)
  remember(memory, object, block)
  if (block.position.distanceTo(bot.entity.position) > 3.5) {
    const act = signal ?? new AbortController().signal
    // With one carried, the walk gets only part of the act's time: out of a pit under a canopy the pathfinder
    // (no digging, no scaffolding) can wander longer than a craft's whole deadline, and then nothing is crafted.
    const carried = Boolean(inventoryItem(bot, object))
    const walk = carried ? AbortSignal.any([act, AbortSignal.timeout(CARRIED_WALK_MS)]) : act
    try {
      await walkNear(bot, block.position, 2, walk)
    } catch (error) {
      // The act is over (its deadline, or stopped): nothing more is placed or crafted after its outcome was told.
      if (act.aborted) throw error
      // Known from the chunks but out of walking reach (on the surface above a tunnel, say), or too long a walk:
      // one carried goes down here instead.
      if (inventoryItem(bot, object)) return placeWorkstation(bot, memory, object, act)
      throw error
    }
  }
  return block
}

/** How long a walk to a known workstation may take when the bot carries one it could place instead (ms). */
const CARRIED_WALK_MS = 8_000

/** Remembers `block` as the workstation last used for `object` (see BotMemory.workstations). */
function remember(memory: BotMemory, object: string, block: Block): void {
  memory.workstations.set(object, block.position.clone())
}

/** The workstation last used, if it is still there (and its chunk still loaded). */
function remembered(bot: Bot, memory: BotMemory, object: string): Block | null {
  const at = memory.workstations.get(object)
  const block = at ? bot.blockAt(at) : null
  return block && matchesObject(object, block.name) ? block : null
}

/** A workstation from the inventory, placed next to the bot (in room dug beside it when there is none). */
async function placeWorkstation(
  bot: Bot,
  memory: BotMemory,
  object: string,
  signal = new AbortController().signal,
): Promise<Block> {
  const item = inventoryItem(bot, object)
  if (!item) return fail('not_found', `no ${object} nearby or in the inventory`)
  const spot = placementSpot(bot) ?? (await roomForBlock(bot, signal))
  if (!spot)
    return fail('not_found', `no free spot within 2 blocks of me to place the ${object} on, and none safe to dig`)
  await placeFromHand(bot, item, spot)
  const placed = bot.blockAt(spot.position.offset(0, 1, 0))
  if (!placed || !matchesObject(object, placed.name)) return fail('server_error', `placed ${object} but cannot see it`)
  remember(memory, object, placed)
  return placed
}

/** craft.X: one batch of the recipe, at a crafting table when it needs one (placed or walked to). */
export async function craft(bot: Bot, memory: BotMemory, object: string, signal?: AbortSignal): Promise<Outcome> {
  const item = bot.registry.itemsByName[object] ?? craftableMember(bot, object)
  if (!item) return fail('not_found', `there is no item called ${object}`)
  const inHand = bot.recipesFor(item.id, null, 1, null)
  let recipe = inHand[0]
  let table: Block | null = null
  if (!recipe) {
    if (bot.recipesAll(item.id, null, true).length === 0) {
      return fail('missing_ingredients', `no recipe makes ${object}`)
    }
    const withTable = bot.recipesFor(item.id, null, 1, true)
    if (withTable.length === 0) return fail('missing_ingredients', `not enough ingredients for ${object}`)
    table = await workstation(bot, memory, 'crafting_table', signal)
    if (signal?.aborted) return fail('cancelled', `craft.${object} was stopped`)
    recipe = bot.recipesFor(item.id, null, 1, table)[0]
    if (!recipe) return fail('missing_ingredients', `not enough ingredients for ${object}`)
  }
  await bot.craft(recipe, 1, table ?? undefined)
  return success(`crafted ${object}`)
}

/** For a family (`planks`), the member the inventory can make now, preferring one that needs no table. */
function craftableMember(bot: Bot, family: string) {
  const members = bot.registry.itemsArray.filter((i) => i.name !== family && matchesObject(family, i.name))
  return (
    members.find((i) => bot.recipesFor(i.id, null, 1, null).length > 0) ??
    members.find((i) => bot.recipesFor(i.id, null, 1, true).length > 0)
  )
}

/**
 * smelt.X: one X in a furnace (placed or walked to), waiting for the output. Fuel (the given kind, or any) goes in
 * when what burns and what waits in the fuel slot would not smelt one more item: one coal smelts eight, as in the
 * Sim's rules; a plank one and a half, so the second of two smelts on one plank needs another in the slot (it
 * waits there, unburnt, until the fire needs it). A fire that goes out with the input still raw gets more fuel, or,
 * with none, gives the input back.
 */
export async function smelt(
  bot: Bot,
  memory: BotMemory,
  input: string,
  fuel: string | undefined,
  signal: AbortSignal,
): Promise<Outcome> {
  const source = inventoryItem(bot, input)
  if (!source) return fail('missing_ingredients', `no ${input} to smelt`)
  if (smeltingOutput(source.name) === undefined)
    return fail('missing_ingredients', `${input} does not smelt into anything`)
  const burn = fuelFor(bot, source.name, fuel)
  const nearby = findNearestBlock(bot, memory, 'furnace') ?? remembered(bot, memory, 'furnace')
  if (!burn && !(nearby && isLit(nearby))) return fail('missing_ingredients', `no ${fuel ?? 'fuel'} to burn`)
  const block = await workstation(bot, memory, 'furnace', signal)
  if (signal.aborted) return fail('cancelled', `smelt.${input} was stopped`)
  const furnace = await bot.openFurnace(block)
  const fire = new FireWatch(bot, furnace.id)
  const outputType = bot.registry.itemsByName[smeltingOutput(source.name) ?? '']?.id ?? -1
  const outputBefore = bot.inventory.count(outputType, null)
  let smelted: string | undefined
  try {
    // A lit furnace's fire may suffice: how long it burns on comes in the window's properties, after the window.
    if (isLit(block)) await fire.told(signal, PROPERTIES_WAIT_MS)
    if (heatFor(furnace, fire) < 1) {
      // More of what already waits in the slot (a slot holds one kind), else the fuel chosen above.
      const slot = furnace.fuelItem()?.name
      const more = slot === undefined ? burn : fuelFor(bot, source.name, slot)
      if (more) await furnace.putFuel(more.type, null, more.count)
      else if (!isLit(block) && !slot) return fail('missing_ingredients', `no ${fuel ?? 'fuel'} to burn`)
    }
    await furnace.putInput(source.type, null, 1)
    for (let relit = 0; ; relit++) {
      const done = await fire.until(() => outputOrOut(furnace, fire), signal)
      if (signal.aborted) return fail('cancelled', 'smelting cancelled')
      if (done === 'output') break
      // The fire went out with the input still raw (it burned away while the input went in): more fuel, as a
      // player would; without any, the input back into the inventory, not left in a cold furnace.
      const more = relit < MAX_RELIGHTS ? fuelFor(bot, source.name, fuel) : null
      if (more) {
        await furnace.putFuel(more.type, null, more.count)
        continue
      }
      if (furnace.inputItem()) await furnace.takeInput()
      return fail('missing_ingredients', `the furnace went out before the ${input} was smelted; I took it back`)
    }
    const output = await furnace.takeOutput()
    smelted = output?.name
  } finally {
    fire.stop()
    furnace.close()
  }
  // The item taken out reaches the inventory's own slots with the server's next update, which a loaded server sends
  // late: the act ends when the inventory holds it, so the next observation counts it (a second ingot read as one).
  await untilInventory(bot, () => bot.inventory.count(outputType, null) > outputBefore, INVENTORY_WAIT_MS)
  return success(`smelted ${smelted ?? input}`)
}

type Furnace = Awaited<ReturnType<Bot['openFurnace']>>

/** The output is there; or the fire is out with the input still raw and no fuel waiting; or neither yet. */
function outputOrOut(furnace: Furnace, fire: FireWatch): 'output' | 'out' | undefined {
  if (furnace.outputItem()) return 'output'
  if (fire.litTicks === 0 && !furnace.fuelItem() && furnace.inputItem()) return 'out'
  return undefined
}

/**
 * A furnace's fire as its window's properties tell it, read from the packets themselves (mineflayer keeps only the
 * fraction of the fire left, and computes it from a total that may come after it): the ticks it burns on, the
 * ticks one item takes.
 */
class FireWatch {
  litTicks: number | undefined
  cookTicks = COOK_TICKS
  private readonly listeners = new Set<() => void>()
  private readonly onPacket = (packet: { windowId: number; property: number; value: number }) => {
    if (packet.windowId !== this.windowId) return
    if (packet.property === 0) this.litTicks = packet.value
    if (packet.property === 3 && packet.value > 0) this.cookTicks = packet.value
    for (const listener of [...this.listeners]) listener()
  }

  constructor(
    private readonly bot: Bot,
    private readonly windowId: number,
  ) {
    bot._client.on('craft_progress_bar', this.onPacket)
  }

  /** Resolves with `test`'s answer once it has one (checked now and after every property), or on the signal. */
  until<T>(test: () => T | undefined, signal: AbortSignal): Promise<T | undefined> {
    return new Promise((resolve) => {
      const check = () => {
        const answer = signal.aborted ? undefined : test()
        if (answer === undefined && !signal.aborted) return
        this.listeners.delete(check)
        signal.removeEventListener('abort', check)
        resolve(answer)
      }
      this.listeners.add(check)
      signal.addEventListener('abort', check)
      check()
    })
  }

  /** Resolves once the fire's ticks are known, on the signal, or after `ms` (a server that sends no properties). */
  async told(signal: AbortSignal, ms: number): Promise<void> {
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), ms)
    try {
      await this.until(() => this.litTicks, AbortSignal.any([signal, deadline.signal]))
    } finally {
      clearTimeout(timer)
    }
  }

  stop(): void {
    this.bot._client.off('craft_progress_bar', this.onPacket)
    this.listeners.clear()
  }
}

/**
 * Items' worth of smelting the furnace can still do without more fuel: the fuel waiting in its slot, and the fire's
 * time left, less a margin for the ticks it burns while the input is put in (none counted when the window has not
 * said: then only the slot's fuel is sure).
 */
function heatFor(furnace: Furnace, fire: FireWatch): number {
  const slot = furnace.fuelItem()
  const waiting = slot ? fuelValue(slot.name) * slot.count : 0
  const burning = (fire.litTicks ?? 0) / fire.cookTicks
  return waiting + Math.max(0, burning - FIRE_MARGIN)
}

/** Ticks one item takes to smelt in a furnace (vanilla's 200), when the window has not said. */
const COOK_TICKS = 200
/** How long a lit furnace's window may take to say how much fire is left. */
const PROPERTIES_WAIT_MS = 2000
/** How long an item taken out of the furnace may take to show in the inventory. */
const INVENTORY_WAIT_MS = 5000
/** Items' worth of fire that may burn away between reading the window and the input going in. */
const FIRE_MARGIN = 0.1
/** Fuel put in after the fire went out mid-smelt, before the input is taken back instead. */
const MAX_RELIGHTS = 2

/**
 * The fuel one smelt burns, chosen as the Sim chooses it (smelting.ts's fuel ranking: coal before wood, never the
 * last of the input): enough items of one kind to smelt at least one item.
 */
function fuelFor(bot: Bot, input: string, fuel: string | undefined): { type: number; count: number } | null {
  const kinds = new Map(bot.inventory.items().map((item) => [item.name, item.type]))
  const ranked = [...kinds]
    .filter(([name]) => (fuel === undefined || matchesObject(fuel, name)) && fuelValue(name) > 0)
    .sort(([a], [b]) => fuelRank(a) - fuelRank(b) || (a < b ? -1 : 1))
  for (const [name, type] of ranked) {
    const spare = bot.inventory.count(type, null) - (name === input ? 1 : 0)
    const needed = Math.ceil(1 / fuelValue(name))
    if (spare >= needed) return { type, count: needed }
  }
  return null
}

/** A furnace whose fire burns (its block state says so). */
function isLit(block: Block): boolean {
  return block.getProperties().lit === true
}
