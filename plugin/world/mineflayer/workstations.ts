import type { Bot } from 'mineflayer'
import pathfinderModule from 'mineflayer-pathfinder'
import type { Block } from 'prismarine-block'
import type { Vec3 } from 'vec3'
import { matchesObject } from '../../vocabulary/families.js'
import { fuelRank, fuelValue, smeltingOutput } from '../../vocabulary/smelting.js'
import { gentleMovements } from '../pathfinding.js'
import { type Outcome, success } from '../port.js'
import { findNearestBlock, inventoryItem, placeFromHand, placementSpot } from './gather.js'
import { fail } from './limits.js'

const { goals } = pathfinderModule

/** A workstation (crafting table, furnace, bed) within sight, walked to; or placed from the inventory. */
async function workstation(bot: Bot, object: string): Promise<Block> {
  const block = findNearestBlock(bot, object) ?? remembered(bot, object)
  if (!block) return placeWorkstation(bot, object)
  remember(bot, object, block)
  if (block.position.distanceTo(bot.entity.position) > 3.5) {
    bot.pathfinder.setMovements(gentleMovements(bot))
    try {
      await bot.pathfinder.goto(new goals.GoalNear(block.position.x, block.position.y, block.position.z, 2))
    } catch (error) {
      // Known from the chunks but out of walking reach (on the surface above a tunnel, say): one carried goes
      // down here instead.
      if (inventoryItem(bot, object)) return placeWorkstation(bot, object)
      throw error
    }
  }
  return block
}

/**
 * The workstations each bot last used, by object: a player remembers where their furnace is when a tunnel has
 * taken them out of sight of it (the chunk data's 32 blocks), and walks back.
 */
const usedWorkstations = new WeakMap<Bot, Map<string, Vec3>>()

function remember(bot: Bot, object: string, block: Block): void {
  const used = usedWorkstations.get(bot) ?? new Map<string, Vec3>()
  used.set(object, block.position.clone())
  usedWorkstations.set(bot, used)
}

/** The workstation last used, if it is still there (and its chunk still loaded). */
function remembered(bot: Bot, object: string): Block | null {
  const at = usedWorkstations.get(bot)?.get(object)
  const block = at ? bot.blockAt(at) : null
  return block && matchesObject(object, block.name) ? block : null
}

/** A workstation from the inventory, placed next to the bot. */
async function placeWorkstation(bot: Bot, object: string): Promise<Block> {
  const item = inventoryItem(bot, object)
  if (!item) return fail('not_found', `no ${object} nearby or in the inventory`)
  const spot = placementSpot(bot)
  if (!spot) return fail('not_found', `no free spot within 2 blocks of me to place the ${object} on`)
  await placeFromHand(bot, item, spot)
  const placed = bot.blockAt(spot.position.offset(0, 1, 0))
  if (!placed || !matchesObject(object, placed.name)) return fail('server_error', `placed ${object} but cannot see it`)
  remember(bot, object, placed)
  return placed
}

/** craft.X: one batch of the recipe, at a crafting table when it needs one (placed or walked to). */
export async function craft(bot: Bot, object: string): Promise<Outcome> {
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
    table = await workstation(bot, 'crafting_table')
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
 * only when the furnace is neither burning nor holding fuel: one coal smelts eight items, as in the Sim's rules.
 */
export async function smelt(bot: Bot, input: string, fuel: string | undefined, signal: AbortSignal): Promise<Outcome> {
  const source = inventoryItem(bot, input)
  if (!source) return fail('missing_ingredients', `no ${input} to smelt`)
  if (smeltingOutput(source.name) === undefined)
    return fail('missing_ingredients', `${input} does not smelt into anything`)
  const burn = fuelFor(bot, source.name, fuel)
  const nearby = findNearestBlock(bot, 'furnace') ?? remembered(bot, 'furnace')
  if (!burn && !(nearby && hasHeat(nearby, null))) return fail('missing_ingredients', `no ${fuel ?? 'fuel'} to burn`)
  const block = await workstation(bot, 'furnace')
  const furnace = await bot.openFurnace(block)
  try {
    if (!hasHeat(block, furnace.fuelItem())) {
      if (!burn) return fail('missing_ingredients', `no ${fuel ?? 'fuel'} to burn`)
      await furnace.putFuel(burn.type, null, burn.count)
    }
    await furnace.putInput(source.type, null, 1)
    while (!furnace.outputItem() && !signal.aborted) {
      await new Promise<void>((resolve) => furnace.once('update', () => resolve()))
    }
    if (signal.aborted) return fail('cancelled', 'smelting cancelled')
    const output = await furnace.takeOutput()
    return success(`smelted ${output?.name ?? input}`)
  } finally {
    furnace.close()
  }
}

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

/** A furnace that is lit, or has fuel waiting in its slot, needs no more fuel to smelt one item. */
function hasHeat(block: Block, fuelInSlot: unknown): boolean {
  return block.getProperties().lit === true || Boolean(fuelInSlot)
}

/** sleep.bed: only at night, in a bed nearby (or placed from the inventory); resolves once asleep. */
export async function sleep(bot: Bot): Promise<Outcome> {
  if (bot.time.isDay) return fail('not_now', 'you can only sleep at night')
  const bed = await workstation(bot, 'beds')
  await bot.sleep(bed)
  return success('asleep')
}
