/**
 * Furnace data that minecraft-data does not have (its `recipes` are crafting-table recipes only): what smelts into
 * what, and how many items one fuel item smelts. Both tables are a small hand-written subset of the Minecraft
 * wiki's "Smelting" (https://minecraft.wiki/w/Smelting) and "Fuel" (https://minecraft.wiki/w/Smelting#Fuel) pages
 * for Java Edition 1.21: every furnace recipe there (ores, stone and its cracked and smooth forms, glass, bricks,
 * terracotta and its glazed colours, dyes, sponge, every raw food, and iron and gold gear melted down to nuggets).
 */
import { familiesOf } from './families.js'

const COLOURS = [
  'white',
  'orange',
  'magenta',
  'light_blue',
  'yellow',
  'lime',
  'pink',
  'gray',
  'light_gray',
  'cyan',
  'purple',
  'blue',
  'brown',
  'green',
  'red',
  'black',
]
const GEAR = ['pickaxe', 'axe', 'shovel', 'hoe', 'sword', 'helmet', 'chestplate', 'leggings', 'boots', 'horse_armor']

/** Input (an item name, or a family of `families.ts` such as `logs`) → the one output item. */
const SMELTING: ReadonlyArray<readonly [input: string, output: string]> = [
  ['raw_iron', 'iron_ingot'],
  ['raw_gold', 'gold_ingot'],
  ['raw_copper', 'copper_ingot'],
  ['iron_ore', 'iron_ingot'],
  ['deepslate_iron_ore', 'iron_ingot'],
  ['gold_ore', 'gold_ingot'],
  ['deepslate_gold_ore', 'gold_ingot'],
  ['copper_ore', 'copper_ingot'],
  ['deepslate_copper_ore', 'copper_ingot'],
  ['coal_ore', 'coal'],
  ['deepslate_coal_ore', 'coal'],
  ['diamond_ore', 'diamond'],
  ['deepslate_diamond_ore', 'diamond'],
  ['redstone_ore', 'redstone'],
  ['deepslate_redstone_ore', 'redstone'],
  ['lapis_ore', 'lapis_lazuli'],
  ['emerald_ore', 'emerald'],
  ['ancient_debris', 'netherite_scrap'],
  ['logs', 'charcoal'],
  ['cobblestone', 'stone'],
  ['stone', 'smooth_stone'],
  ['cobbled_deepslate', 'deepslate'],
  ['sand', 'glass'],
  ['red_sand', 'glass'],
  ['sandstone', 'smooth_sandstone'],
  ['clay_ball', 'brick'],
  ['clay', 'terracotta'],
  ['netherrack', 'nether_brick'],
  ['cactus', 'green_dye'],
  ['kelp', 'dried_kelp'],
  ['wet_sponge', 'sponge'],
  ['beef', 'cooked_beef'],
  ['porkchop', 'cooked_porkchop'],
  ['chicken', 'cooked_chicken'],
  ['mutton', 'cooked_mutton'],
  ['rabbit', 'cooked_rabbit'],
  ['cod', 'cooked_cod'],
  ['salmon', 'cooked_salmon'],
  ['potato', 'baked_potato'],
  ['deepslate_lapis_ore', 'lapis_lazuli'],
  ['deepslate_emerald_ore', 'emerald'],
  ['nether_quartz_ore', 'quartz'],
  ['nether_gold_ore', 'gold_ingot'],
  ['red_sandstone', 'smooth_red_sandstone'],
  ['quartz_block', 'smooth_quartz'],
  ['basalt', 'smooth_basalt'],
  ['stone_bricks', 'cracked_stone_bricks'],
  ['deepslate_bricks', 'cracked_deepslate_bricks'],
  ['deepslate_tiles', 'cracked_deepslate_tiles'],
  ['nether_bricks', 'cracked_nether_bricks'],
  ['polished_blackstone_bricks', 'cracked_polished_blackstone_bricks'],
  ['chorus_fruit', 'popped_chorus_fruit'],
  ['sea_pickle', 'lime_dye'],
  ['resin_clump', 'resin_brick'],
  ...COLOURS.map((colour): readonly [string, string] => [`${colour}_terracotta`, `${colour}_glazed_terracotta`]),
  // Last: gear melted down is never the way a chain makes nuggets (they are crafted from an ingot).
  ...GEAR.flatMap(
    (piece): Array<readonly [string, string]> => [
      [`iron_${piece}`, 'iron_nugget'],
      [`golden_${piece}`, 'gold_nugget'],
    ],
  ),
  ...['helmet', 'chestplate', 'leggings', 'boots'].map((piece): readonly [string, string] => [
    `chainmail_${piece}`,
    'iron_nugget',
  ]),
]

/**
 * Fuels, in the order a furnace helper reaches for them when told no fuel (dedicated fuels first, least valuable
 * first, then wood): item or family → items smelted per fuel item.
 */
const FUELS: ReadonlyArray<readonly [fuel: string, items: number]> = [
  ['coal', 8],
  ['charcoal', 8],
  ['blaze_rod', 12],
  ['dried_kelp_block', 20],
  ['coal_block', 80],
  ['lava_bucket', 100],
  ['planks', 1.5],
  ['logs', 1.5],
  ['stick', 0.5],
  ['crafting_table', 1.5],
  ['chest', 1.5],
  ['ladder', 1.5],
  ['bookshelf', 1.5],
  ['bow', 1.5],
  ['fishing_rod', 1.5],
  ['wooden_pickaxe', 1],
  ['wooden_axe', 1],
  ['wooden_shovel', 1],
  ['wooden_hoe', 1],
  ['wooden_sword', 1],
  ['bowl', 0.5],
  ['wool', 0.5],
  ['bamboo', 0.25],
  ['scaffolding', 0.25],
]

const matches = (entry: string, name: string) => entry === name || familiesOf(name).includes(entry)

const memo = <T>(compute: (name: string) => T): ((name: string) => T) => {
  const cache = new Map<string, T>()
  return (name) => {
    if (!cache.has(name)) cache.set(name, compute(name))
    return cache.get(name) as T
  }
}

/** What one `input` smelts into, or undefined when it does not smelt. */
export const smeltingOutput: (input: string) => string | undefined = memo(
  (input) => SMELTING.find(([from]) => matches(from, input))?.[1],
)

/** Every input (item names or families) that smelts into `output`, the usual one first. */
export function smeltingInputs(output: string): readonly string[] {
  return SMELTING.filter(([, to]) => to === output).map(([from]) => from)
}

/** Items one `fuel` item smelts in a furnace; 0 when it does not burn. */
export const fuelValue: (fuel: string) => number = memo(
  (fuel) => FUELS.find(([entry]) => matches(entry, fuel))?.[1] ?? 0,
)

/** Orders fuel item names the way a bot picks one: dedicated fuels first (least valuable first), then wood. */
export const fuelRank: (fuel: string) => number = memo((fuel) => {
  const index = FUELS.findIndex(([entry]) => matches(entry, fuel))
  return index < 0 ? Number.POSITIVE_INFINITY : index
})
