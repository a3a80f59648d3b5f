/**
 * What a survival bot finds in the overworld, for the symbol inventory and the goal chains: which blocks world
 * generation places (so `explore.X` and `sees.X` make sense, and a chain mines stone for cobblestone rather than
 * cobblestone blocks), the ores ("minerals"), the workstations, and what minecraft-data 3.119 leaves out of
 * `blocks[].drops`: a mature crop's produce (it lists only the seeds), chance drops a player farms on purpose
 * (flint from gravel, apples from oak leaves), liquids taken with a bucket, and the mobs a bot hunts. Names that a
 * version lacks are skipped by the callers.
 */

/** Blocks world generation places in the overworld that a bot gathers or looks for (concrete names). */
export const NATURAL_BLOCKS: readonly string[] = [
  // Ground and stone.
  'stone',
  'deepslate',
  'granite',
  'diorite',
  'andesite',
  'tuff',
  'calcite',
  'dirt',
  'grass_block',
  'podzol',
  'coarse_dirt',
  'mycelium',
  'mud',
  'sand',
  'red_sand',
  'gravel',
  'clay',
  'sandstone',
  'red_sandstone',
  'terracotta',
  'snow',
  'snow_block',
  'ice',
  'packed_ice',
  'obsidian',
  'moss_block',
  'dripstone_block',
  'pointed_dripstone',
  'amethyst_cluster',
  'cobweb', // in mineshafts, below
  // Ores, and their deepslate variants.
  'coal_ore',
  'deepslate_coal_ore',
  'copper_ore',
  'deepslate_copper_ore',
  'iron_ore',
  'deepslate_iron_ore',
  'gold_ore',
  'deepslate_gold_ore',
  'redstone_ore',
  'deepslate_redstone_ore',
  'lapis_ore',
  'deepslate_lapis_ore',
  'diamond_ore',
  'deepslate_diamond_ore',
  'emerald_ore',
  'deepslate_emerald_ore',
  // Trees and plants.
  'oak_log',
  'spruce_log',
  'birch_log',
  'jungle_log',
  'acacia_log',
  'dark_oak_log',
  'mangrove_log',
  'cherry_log',
  'pale_oak_log',
  'oak_leaves',
  'dark_oak_leaves',
  'birch_leaves',
  'spruce_leaves',
  'short_grass',
  'tall_grass',
  'dandelion',
  'poppy',
  'sugar_cane',
  'cactus',
  'bamboo',
  'pumpkin',
  'melon',
  'wheat',
  'carrots',
  'potatoes',
  'beetroots',
  'sweet_berry_bush',
  'brown_mushroom',
  'red_mushroom',
  'kelp',
  // Liquids.
  'water',
  'lava',
]

/** Mobs a bot hunts for what they surely drop (`rules.mobDrops`): farm animals and the common night mobs. */
export const KILLABLE_MOBS: readonly string[] = [
  'cow',
  'pig',
  'sheep',
  'chicken',
  'zombie',
  'skeleton',
  'creeper',
  'spider',
]

/** The overworld ores (their deepslate variants count as them): what "minerals" and "ores" mean. */
export const ORES: readonly string[] = [
  'coal_ore',
  'copper_ore',
  'iron_ore',
  'gold_ore',
  'redstone_ore',
  'lapis_ore',
  'diamond_ore',
  'emerald_ore',
]

/**
 * Blocks a bot digs down for: the ores and the stone and deepslate they lie in. Setting out for one, a bot takes
 * along the workstation it will still need (a table left on the surface is out of reach from the tunnel).
 */
export const UNDERGROUND_BLOCKS: readonly string[] = [...ORES, 'stone', 'deepslate', 'cobweb']

/** Blocks a bot uses where they stand: crafting, smelting, storing, enchanting, sleeping (beds are a family). */
export const WORKSTATIONS: readonly string[] = [
  'crafting_table',
  'furnace',
  'blast_furnace',
  'smoker',
  'chest',
  'barrel',
  'anvil',
  'enchanting_table',
  'brewing_stand',
  'smithing_table',
  'stonecutter',
  'loom',
  'grindstone',
  'cartography_table',
  'fletching_table',
  'composter',
  'cauldron',
  'lectern',
]

/** Block → item it yields that minecraft-data does not list (a mature crop's produce, farmed chance drops). */
export const EXTRA_DROPS: Readonly<Record<string, string>> = {
  wheat: 'wheat',
  beetroots: 'beetroot',
  sweet_berry_bush: 'sweet_berries',
  gravel: 'flint',
  oak_leaves: 'apple',
  dark_oak_leaves: 'apple',
  short_grass: 'wheat_seeds',
  tall_grass: 'wheat_seeds',
}

/**
 * The chance per block broken that a block which drops nothing by itself gives its extra drop, Java Edition with
 * no Fortune (the Minecraft wiki: "Leaves" 0.5% apple from oak and dark oak leaves; "Grass" 12.5% wheat seeds from
 * short grass, and from either half of tall grass). A bot after one breaks such blocks until it comes.
 */
export const CHANCE_DROPS: Readonly<Record<string, number>> = {
  oak_leaves: 0.005,
  dark_oak_leaves: 0.005,
  short_grass: 0.125,
  tall_grass: 0.125,
}

/**
 * Blocks that drop themselves, or at a chance their extra drop instead, Java Edition with no Fortune (the wiki's
 * "Gravel": flint 1 in 10). A bot after the extra drop digs such blocks until it comes.
 */
export const INSTEAD_DROPS: Readonly<Record<string, number>> = {
  gravel: 0.1,
}

/** What taking `block` yields beyond minecraft-data's drops: a liquid's bucket, a crop's produce, a chance drop. */
export function extraYield(block: string): string | undefined {
  return LIQUIDS[block] ?? EXTRA_DROPS[block]
}

/**
 * Crops: the block a seed grows into on farmland (tilled with a hoe from grass or dirt), and what the ripe crop
 * gives beyond its seeds. Mining the crop block is harvesting it.
 */
export const CROPS: Readonly<Record<string, { readonly seed: string; readonly produce: string }>> = {
  wheat: { seed: 'wheat_seeds', produce: 'wheat' },
  carrots: { seed: 'carrot', produce: 'carrot' },
  potatoes: { seed: 'potato', produce: 'potato' },
  beetroots: { seed: 'beetroot_seeds', produce: 'beetroot' },
}

/** Items had by using a tool in hand on a creature (`use.cow` with a bucket): item → the tool and the creature. */
export const CREATURE_USES: Readonly<Record<string, { readonly tool: string; readonly target: string }>> = {
  milk_bucket: { tool: 'bucket', target: 'cow' },
}

/** The hoes, cheapest first: what tills farmland. */
export const HOES: readonly string[] = [
  'wooden_hoe',
  'stone_hoe',
  'iron_hoe',
  'golden_hoe',
  'diamond_hoe',
  'netherite_hoe',
]

/** Liquids: `mine.X` with an empty bucket in hand fills it. */
export const LIQUIDS: Readonly<Record<string, string>> = { lava: 'lava_bucket', water: 'water_bucket' }

/** Items a bot holds to use (tools, weapons, armour, the bucket for liquids): the objects of `equip` and `equipped`. */
export function isEquippable(item: string): boolean {
  return (
    /_(pickaxe|axe|shovel|hoe|sword|helmet|chestplate|leggings|boots)$/.test(item) ||
    [
      'shield',
      'bow',
      'crossbow',
      'trident',
      'mace',
      'shears',
      'fishing_rod',
      'flint_and_steel',
      'bucket',
      'water_bucket',
      'lava_bucket',
      'elytra',
      'turtle_helmet',
      'totem_of_undying',
      'torch',
    ].includes(item)
  )
}

/**
 * Blocks a placed block replaces, as vanilla's `canBeReplaced` has them for what a player meets outdoors: air, the
 * liquids, grass and ferns, snow layers, vines, fire. A bot may place a table where grass grows, not on a flower.
 */
export const REPLACEABLE_BLOCKS: ReadonlySet<string> = new Set([
  'air',
  'cave_air',
  'void_air',
  'water',
  'lava',
  'short_grass',
  'grass',
  'tall_grass',
  'fern',
  'large_fern',
  'dead_bush',
  'snow',
  'vine',
  'fire',
  'seagrass',
  'tall_seagrass',
])

/**
 * Where each ore is most common since 1.18 (the Minecraft wiki's Ore page, "Distribution"): the height a bot
 * prospecting for it digs down to. Coal and emerald peak higher up, in mountains, than a bot digs from plains.
 */
export const ORE_DEPTHS: Readonly<Record<string, number>> = {
  coal_ore: 48,
  copper_ore: 48,
  iron_ore: 16,
  gold_ore: -16,
  lapis_ore: 0,
  redstone_ore: -58,
  diamond_ore: -58,
  emerald_ore: 16,
}
