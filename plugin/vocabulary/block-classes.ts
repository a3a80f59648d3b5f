// Classes of blocks by what they do to a bot that digs beside them, stands on them or walks into them. The live
// world's acts (a tunnel's steps, a shelter's hole, a way out of the water, a bed's site, a mob left in a lake) all
// judge blocks by these, so one list is kept for each class.

/** Blocks that flow or hold the bot under: dug next to, they pour in; stood in, the bot swims or burns. */
export const LIQUID_BLOCKS: ReadonlySet<string> = new Set(['water', 'lava', 'bubble_column'])

/** The liquid blocks a bot swims in (a bubble column is water with a current). */
export const WATER_BLOCKS: ReadonlySet<string> = new Set(['water', 'bubble_column'])

/** Blocks that fall when the block under them is dug: onto the bot, into its tunnel or its hole. */
export const FALLING_BLOCKS: ReadonlySet<string> = new Set([
  'gravel',
  'sand',
  'red_sand',
  'suspicious_gravel',
  'suspicious_sand',
])

/** Blocks a bot goes around rather than through: too slow to dig by hand, or not diggable at all. */
export const UNBREAKABLE_BLOCKS: ReadonlySet<string> = new Set([
  'bedrock',
  'obsidian',
  'crying_obsidian',
  'reinforced_deepslate',
  'end_portal_frame',
])

/** Open air (above ground and in caves): nothing to stand on, nothing to dig. */
export const AIR_BLOCKS: ReadonlySet<string> = new Set(['air', 'cave_air'])

export const isLiquid = (name: string | undefined): boolean => name !== undefined && LIQUID_BLOCKS.has(name)

export const isWater = (name: string | undefined): boolean => name !== undefined && WATER_BLOCKS.has(name)

export const isFalling = (name: string | undefined): boolean => name !== undefined && FALLING_BLOCKS.has(name)

export const isUnbreakable = (name: string | undefined): boolean => name !== undefined && UNBREAKABLE_BLOCKS.has(name)

/**
 * Ground a bot must not dig down into or rest on: a liquid (it pours in), air (nothing holds the bot up), a block that
 * falls on it, or one it cannot dig.
 */
export const isUnsafeGround = (name: string | undefined): boolean =>
  name !== undefined && (isLiquid(name) || AIR_BLOCKS.has(name) || isFalling(name) || isUnbreakable(name))
