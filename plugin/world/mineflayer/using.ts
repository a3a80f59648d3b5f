/**
 * The acts that use the item in hand on the world: `fish.X` (cast into water until that catch comes), `use.X` (the
 * item in hand on the nearest block or creature X: a bucket on water, lava or a cow, a hoe on grass or dirt, shears
 * on a sheep, bone meal on a crop) and `plant.X` (seeds on farmland in reach). Each goes through the bot's own
 * methods (`fish`, `activateBlock`, `activateEntity`, `placeBlock`), which the bot-method guard judges.
 */
import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import { Vec3 } from 'vec3'
import { matchesObject } from '../../vocabulary/families.js'
import { CROPS } from '../../vocabulary/natural.js'
import { walkNear as walkNearBlock } from '../pathfinding.js'
import { type Outcome, success } from '../port.js'
import { DEFAULT_SEE_RADIUS } from '../predicates.js'
import type { BotMemory } from './bot-memory.js'
import { blockChange, crowded, hydrationTest, tillAround } from './field.js'
import { findNearestBlock, inventoryItem } from './gather.js'
import { fail } from './limits.js'

/** Casts a bot makes before it gives up on one kind of catch. */
const MAX_CASTS = 60

/** Within reach already, no walk; else pathfinding.ts's walk, which lets go of the signal when it ends. */
export async function walkNear(bot: Bot, at: Vec3, range: number, signal: AbortSignal): Promise<void> {
  if (bot.entity.position.distanceTo(at) <= range + 0.5) return
  await walkNearBlock(bot, at, range, signal)
}

/** A water source with air above it: where a bobber lands and floats. */
function openWater(bot: Bot, memory: BotMemory): Block | null {
  return findNearestBlock(bot, memory, 'water', DEFAULT_SEE_RADIUS, (p) => {
    const above = bot.blockAt(new Vec3(p.x, p.y + 1, p.z))
    return above?.name === 'air'
  })
}

export async function fish(bot: Bot, memory: BotMemory, object: string, signal: AbortSignal): Promise<Outcome> {
  if (bot.heldItem?.name !== 'fishing_rod') return fail('missing_tool', 'fishing needs a fishing rod in hand')
  const water = openWater(bot, memory)
  if (!water) return fail('not_found', `no open water within ${DEFAULT_SEE_RADIUS} blocks; explore first`)
  await walkNear(bot, water.position, 4, signal)
  const caught: string[] = []
  for (let cast = 0; cast < MAX_CASTS && !signal.aborted; cast++) {
    if (bot.heldItem?.name !== 'fishing_rod') return fail('missing_tool', `the rod broke after ${caught.join(', ')}`)
    await bot.lookAt(water.position.offset(0.5, 1, 0.5), true)
    const before = new Map(bot.inventory.items().map((i) => [i.name, bot.inventory.count(i.type, null)]))
    await bot.fish()
    const got = bot.inventory.items().find((i) => bot.inventory.count(i.type, null) > (before.get(i.name) ?? 0))
    if (got) caught.push(got.name)
    if (got && matchesObject(object, got.name)) return success(`caught ${got.name} after ${cast + 1} casts`)
  }
  if (signal.aborted) return fail('cancelled', `fish.${object} was cancelled`)
  return fail('not_found', `no ${object} bit in ${MAX_CASTS} casts (caught ${caught.join(', ') || 'nothing'})`)
}

export async function use(bot: Bot, memory: BotMemory, object: string, signal: AbortSignal): Promise<Outcome> {
  const held = bot.heldItem?.name
  if (held === undefined) return fail('missing_tool', `using something on ${object} needs an item in hand`)
  const mob = bot.registry.entitiesByName[object]
  if (mob) {
    const target = bot.nearestEntity((e) => e.name === object)
    if (!target) return fail('not_found', `no ${object} nearby; explore first`)
    await walkNear(bot, target.position, 2, signal)
    await bot.activateEntity(target)
    return success(`used ${held} on ${object}; holding ${bot.heldItem?.name ?? 'nothing'}`)
  }
  // A hoe tills only soil with air above it (vanilla): grass under a plant or a block stays as it is. Not the soil
  // the bot stands on either: the seeds sown next could not go where its feet are.
  const tilling = held.endsWith('_hoe')
  const feet = bot.entity.position.floored()
  const tillable = (p: { x: number; y: number; z: number }) =>
    bot.blockAt(new Vec3(p.x, p.y + 1, p.z))?.name === 'air' && !(p.x === feet.x && p.z === feet.z)
  const open = (p: { x: number; y: number; z: number }) =>
    !memory.unreachable.has(`${p.x},${p.y},${p.z}`) && (!tilling || tillable(p))
  // Tilled by the water when there is soil it hydrates (crops there grow twice as fast: field.ts), as in the Sim.
  const water = tilling ? hydrationTest(bot) : undefined
  const block =
    (water?.any ? findNearestBlock(bot, memory, object, DEFAULT_SEE_RADIUS, (p) => open(p) && water.at(p)) : null) ??
    findNearestBlock(bot, memory, object, DEFAULT_SEE_RADIUS, open)
  if (!block)
    return fail('not_found', `no ${object} within ${DEFAULT_SEE_RADIUS} blocks that ${held} works on; explore first`)
  await walkNear(bot, block.position, 3, signal)
  await bot.lookAt(block.position.offset(0.5, 1, 0.5), true)
  const changed = blockChange(bot, block.position)
  await bot.activateBlock(block, new Vec3(0, 1, 0))
  const after = await changed
  if (after === undefined || after === object) {
    // Said only from what the world shows: the block left alone, the next use takes another.
    memory.unreachable.add(`${block.position.x},${block.position.y},${block.position.z}`)
    return fail('no_effect', `used ${held} on the ${object} at ${block.position}, but it did not change`)
  }
  return success(`used ${held} on ${object}: now ${after}`)
}

export async function plant(bot: Bot, memory: BotMemory, object: string, signal: AbortSignal): Promise<Outcome> {
  const seeds = inventoryItem(bot, object)
  if (!seeds) return fail('missing_ingredients', `no ${object} to plant`)
  const crop = Object.entries(CROPS).find(([, c]) => c.seed === seeds.name)?.[0] ?? seeds.name
  const held = bot.heldItem
  const water = hydrationTest(bot)
  const free = (p: { x: number; y: number; z: number }) => bot.blockAt(new Vec3(p.x, p.y + 1, p.z))?.name === 'air'
  const nearest = (accept: (p: { x: number; y: number; z: number }) => boolean) =>
    findNearestBlock(bot, memory, 'farmland', DEFAULT_SEE_RADIUS, (p) => free(p) && accept(p))
  // In a row on hydrated farmland if there is any, else in a row: the same crop diagonal halves growth (field.ts).
  const freeFarmland = () =>
    (water.any ? nearest((p) => water.at(p) && !crowded(bot, p, crop)) : null) ??
    nearest((p) => !crowded(bot, p, crop)) ??
    nearest(() => true)
  let soil = freeFarmland()
  const hoe = bot.inventory.items().find((i) => i.name.endsWith('_hoe'))
  // Every farmland sown already and a hoe at hand: a player tills the next plot, rather than give the seeds up.
  if (!soil && hoe) {
    await bot.equip(hoe, 'hand')
    const tilled = await use(bot, memory, 'grass_block', signal)
    if (!tilled.ok) return tilled
    soil = freeFarmland()
  }
  if (!soil)
    return fail('not_found', 'no free farmland in sight: till grass or dirt with a hoe first (use.grass_block)')
  await walkNear(bot, soil.position, 3, signal)
  // The soil around tilled too: a crop with farmland all round grows about twice as fast as a lone one (field.ts).
  let around = 0
  if (hoe) {
    await bot.equip(hoe, 'hand')
    around = await tillAround(bot, soil.position, signal)
  }
  await bot.equip(seeds, 'hand')
  await bot.placeBlock(soil, new Vec3(0, 1, 0))
  if (held && held.name !== seeds.name) {
    const tool = bot.inventory.items().find((i) => i.type === held.type)
    if (tool) await bot.equip(tool, 'hand')
  }
  const where = water.at(soil.position) ? 'hydrated farmland' : 'dry farmland (no water in sight hydrates it)'
  return success(`planted ${seeds.name} on ${where}${around > 0 ? `, ${around} more tilled around it` : ''}`)
}
