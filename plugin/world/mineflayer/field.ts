// Where seeds go, as a player lays out a field for vanilla's growth rule (CropBlock.getGrowthSpeed; the server's
// farming.ts and docs/server.md give the figures): a crop's chance per random tick is 1/(⌊25/points⌋ + 1), points
// being 1 + 1 for dry farmland under it (3 hydrated) + a quarter of that for each farmland of the 8 around, halved
// when the same crop stands diagonally or on both axes. A lone seed on dry farmland grows a stage 1 time in 13 (a
// ripe wheat in about five game days); with the 8 around tilled too, 1 in 7; on hydrated farmland in a tilled field,
// 1 in 3. So the bot sows on hydrated farmland when there is any (water within 4 blocks across, at its level or one
// up: FarmBlock.isNearWater), tills the soil around the plot it sows when it carries a hoe, and sows in rows, never
// beside the same crop diagonally.
import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import { Vec3 } from 'vec3'
import { DEFAULT_SEE_RADIUS } from '../predicates.js'
import { firstEvent } from './clock.js'
import { blockIdsOf } from './gather.js'

/** Soil a hoe turns into farmland (the server's farming.ts tills the same). */
const TILLABLE = new Set(['grass_block', 'dirt', 'dirt_path', 'coarse_dirt'])
/** Farmland within this many blocks across of water is hydrated (vanilla). */
const HYDRATION_REACH = 4
/** A block the bot can use without walking: mineflayer's reach, less a margin. */
const REACH = 4.5

type Position = { readonly x: number; readonly y: number; readonly z: number }
const keyOf = (p: Position) => `${p.x},${p.y},${p.z}`

/**
 * Whether farmland at a position would be hydrated, from the water in sight (read once: a field's choices are made
 * together). `any` is false when there is no water in sight at all.
 */
export function hydrationTest(bot: Bot): { readonly any: boolean; readonly at: (p: Position) => boolean } {
  const water = bot.findBlocks({
    matching: blockIdsOf(bot, 'water'),
    maxDistance: DEFAULT_SEE_RADIUS + HYDRATION_REACH,
    count: 4096,
  })
  const wet = new Set(water.map(keyOf))
  const at = (p: Position) => {
    for (let dy = 0; dy <= 1; dy++)
      for (let dx = -HYDRATION_REACH; dx <= HYDRATION_REACH; dx++)
        for (let dz = -HYDRATION_REACH; dz <= HYDRATION_REACH; dz++)
          if (wet.has(`${p.x + dx},${p.y + dy},${p.z + dz}`)) return true
    return false
  }
  return { any: wet.size > 0, at }
}

/** Whether `crop` sown on the farmland at `p` would have its growth halved by the same crop around it (vanilla). */
export function crowded(bot: Bot, p: Position, crop: string): boolean {
  const same = (dx: number, dz: number) => bot.blockAt(new Vec3(p.x + dx, p.y + 1, p.z + dz))?.name === crop
  if (same(-1, -1) || same(-1, 1) || same(1, -1) || same(1, 1)) return true
  return (same(-1, 0) || same(1, 0)) && (same(0, -1) || same(0, 1))
}

/**
 * Tills the soil around the farmland at `plot` that the bot can reach from where it stands (the hoe in hand), so
 * the crop sown there has farmland all round. Soil under a plant or a block, and the soil the bot stands on, stay.
 * Resolves with how many were tilled.
 */
export async function tillAround(bot: Bot, plot: Vec3, signal: AbortSignal): Promise<number> {
  const feet = bot.entity.position.floored()
  const eyes = bot.entity.position.offset(0, bot.entity.height, 0)
  let tilled = 0
  for (let dx = -1; dx <= 1; dx++) {
    for (let dz = -1; dz <= 1; dz++) {
      if (signal.aborted || !bot.heldItem?.name.endsWith('_hoe')) return tilled
      const at = plot.offset(dx, 0, dz)
      const soil = bot.blockAt(at)
      if (!soil || !TILLABLE.has(soil.name) || (at.x === feet.x && at.z === feet.z)) continue
      if (bot.blockAt(at.offset(0, 1, 0))?.name !== 'air' || eyes.distanceTo(at.offset(0.5, 1, 0.5)) > REACH) continue
      await bot.lookAt(at.offset(0.5, 1, 0.5), true)
      const changed = blockChange(bot, at)
      await bot.activateBlock(soil, new Vec3(0, 1, 0))
      if ((await changed) === 'farmland') tilled++
    }
  }
  return tilled
}

/** Ticks a used block has to show its change (the server answers the use at its next tick or so). */
const CHANGE_TICKS = 20

/** The block's new name once the server changes it, or undefined when it has not within CHANGE_TICKS. */
export function blockChange(bot: Bot, at: Vec3): Promise<string | undefined> {
  const changed = (_old: Block | null, now: Block | null) => now?.name
  return firstEvent(bot, bot.world, `blockUpdate:${at}`, changed, { ticks: CHANGE_TICKS }, () => undefined)
}
