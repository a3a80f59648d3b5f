/**
 * The global symbol inventory's contents for one Minecraft version, read from minecraft-data and the rules module:
 * which verb pairs with which objects, which has-thresholds exist, and each symbol's short English description
 * (the text retrieval searches). `inventory.ts` binds and checks every entry.
 *
 * - Actions: `mine` blocks that drop something (and liquids, with a bucket; `mine.logs` for any wood), `craft`
 *   craftable items (`craft.planks` for any wood), `smelt` smeltable inputs (`smelt.logs` into charcoal), `place`
 *   items that are blocks, `equip` tools, weapons, armour and buckets, `kill` mobs, `eat` foods, `sleep.bed`,
 *   `explore` natural blocks (and `explore.any`).
 * - Predicates: `has.X.1` for every item and family; `has.X.n` thresholds (see HAS_THRESHOLDS); `equipped` what
 *   `equip` takes; `near` and `sees` natural blocks, workstations and the logs and beds families; `time.day|night`,
 *   `health.low|full`, `food.low|full`; `biome` every biome.
 */
import mcData from 'minecraft-data'
import { isFamily } from '../vocabulary/families.js'
import { FISH } from '../vocabulary/fishing.js'
import { CROPS, EXTRA_DROPS, isEquippable, LIQUIDS, NATURAL_BLOCKS, ORES, WORKSTATIONS } from '../vocabulary/natural.js'
import type { Rules } from '../world/rules.js'

export interface RawEntry {
  readonly symbol: string
  readonly description: string
}

/**
 * has-thresholds. `has.X.1` exists for every item and family. Beyond that: every count a recipe asks of one
 * ingredient (`has.planks.3` before a wooden pickaxe, `has.cobblestone.8` before a furnace, `has.iron_ingot.3`);
 * for common materials (what natural blocks and mobs drop, smelting outputs, the logs and planks families, and
 * items that are an ingredient of at least 8 recipes) the amounts people ask for: 2, 3, 4, 5, 6, 8, 10, 12, 16,
 * 20, 32, 64; and for items a recipe makes several of at once (4 torches) 1, 2, 3, 4, 8 and 16 times that many
 * (up to 64).
 */
export const HAS_THRESHOLDS: readonly number[] = [2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 32, 64]
const COMMON_INGREDIENT_USES = 8

const FAMILY_NAMES: Readonly<Record<string, string>> = {
  logs: 'logs (any wood log: oak, birch, spruce, jungle, acacia, dark oak, mangrove, cherry; tree trunks)',
  planks: 'planks (any wooden planks)',
  wool: 'wool (any colour)',
  beds: 'a bed (any colour)',
  fish: 'a fish (raw cod, salmon, tropical fish or pufferfish)',
  fuel: 'fuel (coal, charcoal, a lava bucket, blaze rods)',
}

export function buildEntries(rules: Rules): RawEntry[] {
  const data = mcData(rules.version)
  if (!data) throw new Error(`minecraft-data has no data for Minecraft ${rules.version}`)
  const name = (id: string): string =>
    FAMILY_NAMES[id] ??
    (
      data.itemsByName[id]?.displayName ??
      data.blocksByName[id]?.displayName ??
      data.entitiesByName[id]?.displayName ??
      data.biomesByName[id]?.displayName ??
      id.replace(/_/g, ' ')
    ).toLowerCase()
  const list = (items: Iterable<[string, number]>) => [...items].map(([item, n]) => `${n} ${name(item)}`).join(', ')
  const entries: RawEntry[] = []
  const add = (symbol: string, description: string) => entries.push({ symbol, description })
  const natural = NATURAL_BLOCKS.filter((block) => rules.isBlock(block))
  const isOre = (block: string) => ORES.some((ore) => block === ore || block === `deepslate_${ore}`)

  // mine
  const yields = (block: string): Map<string, number> => {
    const drops = new Map(rules.drops(block))
    const extra = EXTRA_DROPS[block] ?? LIQUIDS[block]
    if (extra) drops.set(extra, 1)
    return drops
  }
  add('mine.logs', `mine logs (chop down a tree by hand or with an axe; any wood) — gives ${name('logs')}`)
  for (const block of rules.blockNames) {
    const drops = yields(block)
    if (drops.size === 0) continue
    const how = LIQUIDS[block]
      ? 'with an empty bucket in hand'
      : toolPhrase(rules.harvestTools(block), rules, name) || 'by hand or with any tool'
    const kind = isOre(block) ? ', an ore (mineral)' : ''
    const variant =
      block.startsWith('deepslate_') && isOre(block) ? `, the deepslate variant of ${name(block.slice(10))}` : ''
    add(
      `mine.${block}`,
      `mine ${name(block)} (dig a ${name(block)} block ${how}${kind}${variant}) — gives ${list(drops)}`,
    )
  }

  // craft
  add('craft.planks', 'craft planks (any wooden planks) from 1 log in the inventory grid — makes 4 planks')
  for (const item of rules.itemNames) {
    const recipe = rules.recipe(item)
    if (!recipe) continue
    const where = recipe.needsTable ? 'at a crafting table' : 'in the inventory grid'
    const made = recipe.count > 1 ? `${recipe.count} ${name(item)}` : name(item)
    add(`craft.${item}`, `craft ${name(item)} (make it from ${list(recipe.ingredients)} ${where}) — makes ${made}`)
  }

  // smelt
  for (const input of ['logs', ...rules.itemNames]) {
    const output = rules.smeltingOutput(input)
    if (!output) continue
    const cook = rules.foodPoints(output) !== undefined ? ', cook it' : ''
    add(`smelt.${input}`, `smelt ${name(input)} (in a furnace with fuel${cook}) — gives ${name(output)}`)
  }

  // place, equip, kill, eat, sleep, explore
  for (const item of rules.itemNames) {
    if (rules.isBlock(item))
      add(`place.${item}`, `place ${name(item)} (put a ${name(item)} block down from the inventory)`)
  }
  const equippable = rules.itemNames.filter(isEquippable)
  for (const item of equippable) add(`equip.${item}`, `equip ${name(item)} (hold a ${name(item)} in hand to use it)`)
  for (const mob of Object.keys(data.entitiesByName)) {
    if (!rules.isMob(mob)) continue
    const drops = rules.mobDrops(mob)
    const hostile = rules.isHostile(mob) ? 'hostile mob' : 'mob'
    const gives = drops.size > 0 ? ` — drops ${list(drops)}` : ''
    add(`kill.${mob}`, `kill ${name(mob)} (attack the ${hostile} ${name(mob)} until it dies; hunt, fight)${gives}`)
  }
  for (const item of rules.itemNames) {
    const points = rules.foodPoints(item)
    if (points !== undefined) add(`eat.${item}`, `eat ${name(item)} (food; restores ${points} hunger points)`)
  }
  // The everyday verbs (issue 36): using an item on a block or creature, planting, fishing.
  const uses: ReadonlyArray<readonly [string, string]> = [
    ['grass_block', 'till grass into farmland with a hoe in hand'],
    ['dirt', 'till dirt into farmland with a hoe in hand'],
    ['water', 'fill an empty bucket in hand with water'],
    ['lava', 'fill an empty bucket in hand with lava'],
    ['cow', 'milk a cow with an empty bucket in hand — gives a milk bucket'],
    ['sheep', 'shear a sheep with shears in hand — gives white wool'],
  ]
  for (const [target, what] of uses) add(`use.${target}`, `use the item in hand on ${name(target)} (${what})`)
  for (const [crop, { seed, produce }] of Object.entries(CROPS)) {
    if (!rules.isItem(seed)) continue
    add(
      `plant.${seed}`,
      `plant ${name(seed)} (sow it on farmland; it grows into ${name(crop)}, harvested for ${name(produce)})`,
    )
  }
  add('fish.fish', 'fish (cast a fishing rod in hand into water until a fish bites; catch a fish) — gives a fish')
  for (const fish of FISH) add(`fish.${fish}`, `fish for ${name(fish)} (cast a fishing rod into water until one bites)`)
  add('sleep.bed', 'sleep in a bed (go to bed at night; skips the night until morning)')
  add('explore.any', 'explore the world (wander and roam around, look around anywhere)')
  for (const block of ['logs', ...natural]) {
    add(
      `explore.${block}`,
      `explore to find ${name(block)} (search and look around until a ${name(block)} is in sight)`,
    )
  }

  // has
  const thresholds = hasThresholds(rules, natural, yields)
  for (const item of [...Object.keys(FAMILY_NAMES), ...rules.itemNames]) {
    for (const n of [1, ...[...(thresholds.get(item) ?? [])].sort((a, b) => a - b)]) {
      const what = n === 1 ? `a ${name(item)} (at least one)` : `at least ${n} ${name(item)}`
      add(`has.${item}.${n}`, `has ${what} in the inventory (collected, carrying)`)
    }
  }

  // equipped, near, sees, time, health, food, biome
  for (const item of equippable) add(`equipped.${item}`, `${name(item)} is equipped (held in hand)`)
  for (const block of ['logs', 'beds', ...natural, ...WORKSTATIONS.filter((w) => rules.isBlock(w))]) {
    add(`near.${block}`, `near ${name(block)} (a ${name(block)} block within reach, 6 blocks)`)
    add(
      `sees.${block}`,
      `sees ${name(block)} (a ${name(block)} block is in sight, within 32 blocks; spotted, detected)`,
    )
  }
  add('time.day', 'it is day (daytime, daylight, morning; the sun is up)')
  add('time.night', 'it is night (nighttime, dark, evening; monsters spawn)')
  add('health.low', 'health is low (hurt, injured, about to die)')
  add('health.full', 'health is full (healthy, unhurt)')
  add('food.low', 'food is low (hungry, starving; the hunger bar is low)')
  add('food.full', 'food is full (not hungry, fed)')
  for (const biome of Object.keys(data.biomesByName)) {
    add(`biome.${biome}`, `in the ${name(biome)} biome (stay in, enter or leave the ${name(biome)})`)
  }
  return entries
}

/** "with a wooden pickaxe or better": the least of the tools that harvest a block; '' when the hand will do. */
function toolPhrase(tools: readonly string[], rules: Rules, name: (id: string) => string): string {
  if (tools.length === 0) return ''
  const least = [...tools].sort((a, b) => (rules.toolTier(a) || 9) - (rules.toolTier(b) || 9))[0] ?? ''
  const article = /^[aeiou]/.test(name(least)) ? 'an' : 'a'
  return tools.length > 1 ? `with ${article} ${name(least)} or better` : `with ${name(least)}`
}

function hasThresholds(
  rules: Rules,
  natural: readonly string[],
  yields: (block: string) => ReadonlyMap<string, number>,
): Map<string, Set<number>> {
  const thresholds = new Map<string, Set<number>>()
  const add = (item: string, n: number) => {
    if (n < 2 || !(rules.isItem(item) || isFamily(item))) return
    const set = thresholds.get(item) ?? new Set<number>()
    set.add(n)
    thresholds.set(item, set)
  }
  const uses = new Map<string, number>()
  for (const item of rules.itemNames) {
    for (const recipe of rules.recipes(item)) {
      for (const [ingredient, n] of recipe.ingredients) {
        add(ingredient, n)
        uses.set(ingredient, (uses.get(ingredient) ?? 0) + 1)
      }
    }
  }
  const common = new Set<string>(['logs', 'planks'])
  for (const block of natural) for (const item of yields(block).keys()) common.add(item)
  for (const item of rules.itemNames) {
    const output = rules.smeltingOutput(item)
    if (output) common.add(output)
  }
  for (const mob of ['zombie', 'skeleton', 'creeper', 'spider', 'cow', 'pig', 'sheep', 'chicken']) {
    for (const drop of rules.mobDrops(mob).keys()) common.add(drop)
  }
  for (const [item, n] of uses) if (n >= COMMON_INGREDIENT_USES) common.add(item)
  for (const item of common) for (const n of HAS_THRESHOLDS) add(item, n)
  // Items a recipe makes several of at once (torches 4, ladders 3, rails 16): multiples of that, up to a stack.
  for (const item of rules.itemNames) {
    const count = rules.recipe(item)?.count ?? 1
    if (count > 1) for (const k of [1, 2, 3, 4, 8, 16]) if (k * count <= 64) add(item, k * count)
  }
  return thresholds
}
