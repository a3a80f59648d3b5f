/**
 * The game's rules, read from minecraft-data once per version, for everything that needs them: both World adapters,
 * the Sim's planner and the teachers. Pure and synchronous; every name is a minecraft-data name.
 *
 * - Harvesting: `harvestTools(block)` lists the items that harvest a block with drops ([] when the hand will do).
 * - Mining time (vanilla): ticks = ⌈hardness × 30 / speed⌉ with a harvesting tool, ⌈hardness × 100 / speed⌉
 *   without one (1.5 s or 5 s per point of hardness at speed 1), where speed is the tool's multiplier for the
 *   block's material (1 for the hand or a tool of the wrong kind); hardness 0 is instant, unbreakable is Infinity.
 *   minecraft-data 3.119 gives every ore that needs a stone pickaxe or better the material
 *   `incorrect_for_wooden_tool`, whose table lists the wooden tools at speed 1; those blocks are pickaxe blocks,
 *   so their speed is read from `mineable/pickaxe`.
 * - Drops: minecraft-data's `blocks[].drops`, which are item ids, one of each (redstone ore drops 1 redstone here,
 *   4–5 in the game).
 * - Recipes: minecraft-data lists one recipe per wood (12 crafting tables, one per planks) and per stone-like
 *   variant. Recipes of one item that differ only in which member of the `planks`, `logs` or `wool` family fills
 *   a role are merged into one whose ingredient is the family (`crafting_table` ← 4 `planks`); a role always filled
 *   by the same member keeps its name (`red_bed` ← 3 `red_wool` + 3 `planks`). Other variants stay separate
 *   recipes (`stone_pickaxe` from cobblestone, blackstone or cobbled_deepslate). A recipe fits the 2×2 player grid
 *   when its shape is at most 2×2, or when it is shapeless with at most 4 ingredients; otherwise it needs a table.
 * - Smelting and fuel: a small table in `vocabulary/smelting.ts` (minecraft-data has no furnace recipes).
 */
import mcData from 'minecraft-data'
import { familiesOf, matchesObject } from '../vocabulary/families.js'
import { fuelRank, fuelValue, smeltingInputs, smeltingOutput } from '../vocabulary/smelting.js'

export const DEFAULT_RULES_VERSION = '1.21.4'

export interface Recipe {
  readonly result: string
  /** How many items one craft makes. */
  readonly count: number
  /** Item name, or a family (`planks`, `logs`, `wool`) when any member will do → how many. */
  readonly ingredients: ReadonlyMap<string, number>
  /** Does not fit the 2×2 inventory grid. */
  readonly needsTable: boolean
}

export interface Rules {
  readonly version: string
  readonly blockNames: readonly string[]
  readonly itemNames: readonly string[]
  isBlock(name: string): boolean
  isItem(name: string): boolean
  /** Tool items that harvest `block` with drops; [] when any tool or the hand works. */
  harvestTools(block: string): readonly string[]
  canHarvest(block: string, held: string | undefined): boolean
  /** What mining `block` with a suitable tool yields (a bed drops itself; minecraft-data lists nothing). */
  drops(block: string): ReadonlyMap<string, number>
  /** minecraft-data hardness; undefined for unknown or unbreakable blocks. */
  hardness(block: string): number | undefined
  /** Ticks to break `block` holding `tool` (see the formula above). */
  miningTicks(block: string, tool: string | undefined): number
  /** Every recipe for `item`, simplest first. */
  recipes(item: string): readonly Recipe[]
  /**
   * The simplest recipe, if any: never re-dyeing a member of the result's own family (a black bed into a red one)
   * unless nothing else makes it; then fewest ingredients per item made, fewest kinds, no table, and on a tie the
   * usual survival material (cobblestone over cobbled_deepslate and blackstone, coal over charcoal).
   */
  recipe(item: string): Recipe | undefined
  smeltingOutput(input: string): string | undefined
  /** The usual input that smelts into `output` (`iron_ingot` → `raw_iron`). */
  smeltingInput(output: string): string | undefined
  smeltingInputs(output: string): readonly string[]
  /** Items one fuel item smelts (coal 8, planks 1.5, stick 0.5); 0 when it does not burn. */
  fuelValue(item: string): number
  /** The order a bot picks fuel in when told none (lower first). */
  fuelRank(item: string): number
  /** Hunger points eating restores; undefined when it is not food. */
  foodPoints(item: string): number | undefined
  isBed(block: string): boolean
  isMob(name: string): boolean
  isHostile(name: string): boolean
  /** What killing `mob` surely drops (a small table from the wiki's mob pages; chance drops left out). */
  mobDrops(mob: string): ReadonlyMap<string, number>
  /** wooden and golden 1, stone 2, iron 3, diamond 4, netherite 5; 0 for anything else. */
  toolTier(item: string): number
  /** Uses before the tool breaks; undefined for items without durability. */
  maxDurability(item: string): number | undefined
  /** A full, solid cube (walls of a shelter). */
  isSolid(block: string): boolean
}

type Data = ReturnType<typeof mcData>

const cache = new Map<string, Rules>()

/** The rules of a Minecraft version (cached: every caller gets the same object). */
export function loadRules(version = DEFAULT_RULES_VERSION): Rules {
  let rules = cache.get(version)
  if (!rules) {
    rules = buildRules(version)
    cache.set(version, rules)
  }
  return rules
}

const MOB_TYPES = new Set(['hostile', 'animal', 'mob', 'passive', 'water_creature', 'ambient'])
/** Always-hostile overworld mobs (minecraft-data's `hostile` type also has neutral ones such as enderman). */
const HOSTILE = new Set([
  'zombie',
  'husk',
  'drowned',
  'zombie_villager',
  'skeleton',
  'stray',
  'bogged',
  'creeper',
  'spider',
  'cave_spider',
  'witch',
  'slime',
  'phantom',
  'silverfish',
  'pillager',
  'vindicator',
  'warden',
])
/** Guaranteed drops at Looting 0 (the wiki's minimums, raised to 1 where the range starts at 0). */
const MOB_DROPS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  zombie: { rotten_flesh: 1 },
  husk: { rotten_flesh: 1 },
  drowned: { rotten_flesh: 1 },
  skeleton: { bone: 1, arrow: 1 },
  stray: { bone: 1, arrow: 1 },
  creeper: { gunpowder: 1 },
  spider: { string: 1 },
  cave_spider: { string: 1 },
  cow: { beef: 1, leather: 1 },
  pig: { porkchop: 1 },
  sheep: { white_wool: 1, mutton: 1 },
  chicken: { chicken: 1, feather: 1 },
}
const TIERS: Readonly<Record<string, number>> = { wooden: 1, golden: 1, stone: 2, iron: 3, diamond: 4, netherite: 5 }
/** Families whose members are interchangeable in recipes (minecraft-data lists one recipe per member). */
const RECIPE_FAMILIES = ['planks', 'logs', 'wool']
/** When recipes tie, the one using these is the simplest (the usual survival material). */
const USUAL_VARIANTS = new Set(['cobblestone', 'coal'])

function buildRules(version: string): Rules {
  const data = mcData(version)
  if (!data) throw new Error(`minecraft-data has no data for Minecraft ${version}`)
  const itemName = (id: number) => data.items[id]?.name
  const recipeCache = new Map<string, readonly Recipe[]>()

  const toolCache = new Map<string, readonly string[]>()
  const harvestTools = (block: string): readonly string[] => {
    let tools = toolCache.get(block)
    if (!tools) {
      tools = Object.keys(data.blocksByName[block]?.harvestTools ?? {})
        .map((id) => itemName(Number(id)))
        .filter((name): name is string => name !== undefined)
      toolCache.set(block, tools)
    }
    return tools
  }

  const canHarvest = (block: string, held: string | undefined) => {
    const tools = harvestTools(block)
    return tools.length === 0 || (held !== undefined && tools.includes(held))
  }

  const toolSpeed = (block: string, tool: string | undefined): number => {
    const id = tool === undefined ? undefined : data.itemsByName[tool]?.id
    if (id === undefined) return 1
    let speed = 1
    for (const part of (data.blocksByName[block]?.material ?? 'default').split(';')) {
      const material = part.startsWith('incorrect_for_') ? 'mineable/pickaxe' : part
      speed = Math.max(speed, data.materials[material]?.[String(id)] ?? 1)
    }
    return speed
  }

  const hardness = (block: string): number | undefined => {
    const value = data.blocksByName[block]?.hardness
    return value === undefined || value === null || value < 0 ? undefined : value
  }

  const isBed = (block: string) => matchesObject('beds', block) && block in data.blocksByName
  const recipes = (item: string): readonly Recipe[] => {
    let list = recipeCache.get(item)
    if (!list) {
      list = readRecipes(data, item)
      recipeCache.set(item, list)
    }
    return list
  }

  const dropCache = new Map<string, ReadonlyMap<string, number>>()
  const readDrops = (block: string): ReadonlyMap<string, number> => {
    const drops = new Map<string, number>()
    for (const drop of data.blocksByName[block]?.drops ?? []) {
      const id = typeof drop === 'number' ? drop : typeof drop.drop === 'number' ? drop.drop : drop.drop.id
      const name = itemName(id)
      const count = typeof drop === 'number' ? 1 : (drop.minCount ?? 1)
      if (name !== undefined) drops.set(name, (drops.get(name) ?? 0) + count)
    }
    if (drops.size === 0 && isBed(block)) drops.set(block, 1)
    return drops
  }

  return {
    version,
    blockNames: data.blocksArray.map((b) => b.name),
    itemNames: data.itemsArray.map((i) => i.name),
    isBlock: (name) => name in data.blocksByName,
    isItem: (name) => name in data.itemsByName,
    harvestTools,
    canHarvest,
    drops: (block) => {
      let cached = dropCache.get(block)
      if (!cached) {
        cached = readDrops(block)
        dropCache.set(block, cached)
      }
      return cached
    },
    hardness,
    miningTicks(block, tool) {
      const h = hardness(block)
      if (h === undefined) return Number.POSITIVE_INFINITY
      if (h === 0) return 0
      return Math.ceil((h * (canHarvest(block, tool) ? 30 : 100)) / toolSpeed(block, tool))
    },
    recipes,
    recipe: (item) => recipes(item)[0],
    smeltingOutput,
    smeltingInput: (output) => smeltingInputs(output)[0],
    smeltingInputs,
    fuelValue,
    fuelRank,
    foodPoints: (item) => data.foodsByName[item]?.foodPoints,
    isBed,
    isMob: (name) => MOB_TYPES.has(data.entitiesByName[name]?.type ?? ''),
    isHostile: (name) => HOSTILE.has(name) && name in data.entitiesByName,
    mobDrops: (mob) => new Map(Object.entries(MOB_DROPS[mob] ?? {})),
    toolTier(item) {
      const match = /^([a-z]+)_(pickaxe|axe|shovel|hoe|sword)$/.exec(item)
      return (match?.[1] !== undefined && TIERS[match[1]]) || 0
    },
    maxDurability: (item) => data.itemsByName[item]?.maxDurability,
    isSolid: (block) => data.blocksByName[block]?.boundingBox === 'block',
  }
}

interface RawRecipe {
  readonly slots: readonly string[]
  /** `3x3` for a shape, `s5` for five shapeless ingredients. */
  readonly form: string
  readonly count: number
  readonly needsTable: boolean
  readonly order: number
}

type RecipeItem = number | null | readonly unknown[] | { readonly id?: number }

function recipeItemId(value: RecipeItem): number | undefined {
  if (typeof value === 'number') return value
  if (Array.isArray(value)) return typeof value[0] === 'number' ? value[0] : undefined
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'number') return value.id
  return undefined
}

function rawRecipes(data: Data, item: string): RawRecipe[] {
  const id = data.itemsByName[item]?.id
  const list = id === undefined ? undefined : data.recipes[id]
  if (!Array.isArray(list)) return []
  const raws: RawRecipe[] = []
  list.forEach((recipe, order) => {
    const name = (value: RecipeItem) => {
      const itemId = recipeItemId(value)
      return itemId === undefined ? undefined : data.items[itemId]?.name
    }
    const result = recipe.result as RecipeItem
    const count = typeof result === 'object' && result && 'count' in result ? Number(result.count ?? 1) : 1
    if ('inShape' in recipe) {
      const rows = recipe.inShape as unknown as RecipeItem[][]
      const slots = rows
        .flat()
        .map(name)
        .filter((n): n is string => n !== undefined)
      const width = Math.max(0, ...rows.map((row) => row.length))
      raws.push({ slots, form: `${width}x${rows.length}`, count, needsTable: width > 2 || rows.length > 2, order })
    } else if ('ingredients' in recipe) {
      const slots = (recipe.ingredients as unknown as RecipeItem[]).map(name).filter((n): n is string => !!n)
      raws.push({ slots, form: `s${slots.length}`, count, needsTable: slots.length > 4, order })
    }
  })
  return raws
}

const recipeFamily = (name: string) => familiesOf(name).find((family) => RECIPE_FAMILIES.includes(family))

/** minecraft-data's recipes for `item`, wood and wool variants merged into family ingredients, simplest first. */
function readRecipes(data: Data, item: string): Recipe[] {
  const groups = new Map<string, { raw: RawRecipe; counts: Map<string, number>; members: Map<string, Set<string>> }>()
  for (const raw of rawRecipes(data, item)) {
    const concrete = new Map<string, number>()
    for (const slot of raw.slots) concrete.set(slot, (concrete.get(slot) ?? 0) + 1)
    // A family stands for a role only when one member fills it in this recipe.
    const perFamily = new Map<string, string[]>()
    for (const name of concrete.keys()) {
      const family = recipeFamily(name)
      if (family) perFamily.set(family, [...(perFamily.get(family) ?? []), name])
    }
    const abstract = new Map<string, number>()
    const roles = new Map<string, string>()
    for (const [name, n] of concrete) {
      const family = recipeFamily(name)
      const key = family && perFamily.get(family)?.length === 1 ? family : name
      if (key !== name) roles.set(key, name)
      abstract.set(key, n)
    }
    const signature = `${raw.count}|${raw.form}|${[...abstract].map(([k, n]) => `${k}:${n}`).join(',')}`
    const group = groups.get(signature)
    if (!group) {
      const members = new Map([...roles].map(([family, name]) => [family, new Set([name])]))
      groups.set(signature, { raw, counts: abstract, members })
    } else {
      for (const [family, name] of roles) group.members.get(family)?.add(name)
    }
  }
  const recipes = [...groups.values()].map(({ raw, counts, members }) => {
    const ingredients = new Map<string, number>()
    for (const [key, n] of counts) {
      const names = members.get(key)
      ingredients.set(names && names.size === 1 ? ([...names][0] ?? key) : key, n)
    }
    return { recipe: { result: item, count: raw.count, ingredients, needsTable: raw.needsTable }, order: raw.order }
  })
  return recipes.sort((a, b) => simplicity(a.recipe) - simplicity(b.recipe) || a.order - b.order).map((r) => r.recipe)
}

/** Lower is simpler: re-dyeing a member of the result's own family last, then fewer items per item made, etc. */
function simplicity(recipe: Recipe): number {
  const resultFamilies = familiesOf(recipe.result)
  const names = [...recipe.ingredients.keys()]
  const recolor = names.some((name) => familiesOf(name).some((f) => resultFamilies.includes(f)))
  const total = [...recipe.ingredients.values()].reduce((sum, n) => sum + n, 0)
  return (
    (recolor ? 1e6 : 0) +
    Math.round((total / recipe.count) * 100) * 100 +
    names.length * 10 +
    (recipe.needsTable ? 2 : 0) +
    (names.some((n) => USUAL_VARIANTS.has(n)) ? 0 : 1)
  )
}
