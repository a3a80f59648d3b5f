/**
 * What the optimal-plan search needs to know about a goal, read off the rules and the Sim's world once:
 * - ranks: the tech tree (`world/tech-tree.ts`) of the Sim's blocks and mobs from what is held (what the hand
 *   mines is round 0, planks 1, sticks 2, …); a route to an item (recipe, smelting, mining with the cheapest tool)
 *   only uses items of lower rank, which rules out going round in circles (iron_ingot ↔ iron_block) and routes
 *   through the goal;
 * - caps: an upper bound on how many of each item (or of a family: planks, logs) the goal can use, summed over
 *   every route (fuel both as coal and as planks);
 * - the primitives worth trying (mine, craft, smelt, place, equip, kill; explore for what is mined or killed),
 *   what each makes, and each item's routes for the search's estimate.
 */
import { familiesOf, isFamily, matchesObject, symbolObject } from '../../vocabulary/families.js'
import { FISH } from '../../vocabulary/fishing.js'
import {
  CHANCE_DROPS,
  CREATURE_USES,
  CROPS,
  extraYield,
  HOES,
  INSTEAD_DROPS,
  LIQUIDS,
} from '../../vocabulary/natural.js'
import type { Rules } from '../rules.js'
import { type Nature, TechTree } from '../tech-tree.js'
import { levelsWith, NIGHT_MOBS, worldNames } from './world-map.js'

const CAP_FAMILIES = ['planks', 'logs']
const capKeys = new Map<string, string>()

/** Items counted together: members of the planks and logs families, every other item by itself. */
export function capKey(name: string): string {
  let key = capKeys.get(name)
  if (key === undefined) {
    key = familiesOf(name).find((f) => CAP_FAMILIES.includes(f)) ?? name
    capKeys.set(name, key)
  }
  return key
}

export interface Analysis {
  /** The tech tree from what is held: which items can be had, and how soon. */
  readonly tree: TechTree
  readonly caps: ReadonlyMap<string, number>
  /** Primitives worth trying, by verb. */
  readonly mine: readonly string[]
  readonly craft: readonly string[]
  readonly smelt: readonly string[]
  readonly place: readonly string[]
  readonly equip: readonly string[]
  readonly kill: readonly string[]
  /** What to fish for (`fish.cod`), with a rod in hand. */
  readonly fish: readonly string[]
  /** Creatures to use a tool on (`use.cow`), with the tool: what their use makes. */
  readonly use: ReadonlyArray<{ readonly target: string; readonly tool: string }>
  /** Crops to grow (`wheat`): tilled with the hoe, planted from their seed, mined ripe. */
  readonly farm: ReadonlyArray<{ readonly crop: string; readonly seed: string; readonly hoe: string }>
  /** The items each craft object stands for (`planks` → oak_planks, birch_planks, …). */
  readonly crafted: ReadonlyMap<string, readonly string[]>
  /** Blocks and mobs whose being in sight is part of the state. */
  readonly sights: readonly string[]
  /** What each action can make (to skip it when all of it is capped). */
  readonly makes: ReadonlyMap<string, readonly string[]>
  /** How each item (by cap key) can be made, for the search's estimate. */
  readonly routes: ReadonlyMap<string, readonly Route[]>
}

export type Route =
  | {
      readonly kind: 'craft'
      readonly count: number
      readonly ingredients: ReadonlyMap<string, number>
      readonly needsTable: boolean
    }
  | { readonly kind: 'smelt'; readonly input: string }
  | {
      readonly kind: 'mine'
      readonly blocks: readonly string[]
      readonly tool: string | undefined
      /** What must be in hand to take one of the blocks ([] when the hand will do). */
      readonly tools: readonly string[]
      /** Levels where one of the blocks is. */
      readonly levels: ReadonlySet<number>
    }
  | { readonly kind: 'kill' }
  /** A rod cast into water until the catch comes. */
  | { readonly kind: 'fish' }
  /** A tool in hand used on a creature in sight (a bucket on a cow). */
  | { readonly kind: 'use'; readonly tool: string }
  /** Till, plant the seed, harvest the ripe crop (three acts), a hoe in hand for the first. */
  | { readonly kind: 'farm'; readonly seed: string; readonly hoe: string }

let simNature: Nature | undefined

/** The Sim's world as the tech tree sees it: its blocks and mobs, and nothing mined yields more than its drops. */
function simWorldNature(): Nature {
  if (simNature) return simNature
  const names = worldNames()
  // What the Sim's blocks yield beyond their drops: a bucket of water, an apple from leaves, seeds from grass, flint
  // from gravel.
  const extraDrops: Record<string, string> = {}
  for (const block of names.blocks) {
    const extra = extraYield(block)
    if (extra !== undefined && (block in LIQUIDS || block in CHANCE_DROPS || block in INSTEAD_DROPS))
      extraDrops[block] = extra
  }
  // Night mobs are out only at night, and the search does not wait for it: string comes from cobwebs by day.
  const mobs = names.mobs.filter((mob) => !(NIGHT_MOBS as readonly string[]).includes(mob))
  simNature = { ...names, mobs, extraDrops }
  return simNature
}

export function analyse(goal: string, rules: Rules, start: readonly string[]): Analysis {
  const tree = new TechTree(rules, simWorldNature(), start)
  const { ranks, blocks, mobs } = tree
  const caps = new Map<string, number>()
  const done = new Set<string>()
  const mine = new Set<string>()
  const craft = new Set<string>()
  const smelt = new Set<string>()
  const place = new Set<string>()
  const equip = new Set<string>()
  const kill = new Set<string>()
  const fish = new Set<string>()
  const farm = new Map<string, { crop: string; seed: string; hoe: string }>()
  const use = new Map<string, { target: string; tool: string }>()
  const makes = new Map<string, string[]>()
  const routes = new Map<string, Route[]>()
  const crafted = new Map<string, string[]>()
  const made = (action: string, item: string) => makes.set(action, [...(makes.get(action) ?? []), item])
  const once = (item: string, depth: number) => {
    if (done.has(item)) return
    done.add(item)
    need(item, 1, depth + 1)
  }
  const need = (wanted: string, n: number, depth: number): void => {
    // Logs and planks are one item to the search: any member will do.
    const object = isFamily(capKey(wanted)) ? capKey(wanted) : wanted
    const rank = tree.rankOf(object)
    if (n <= 0 || depth > 40 || !Number.isFinite(rank)) return
    const key = capKey(object)
    caps.set(key, (caps.get(key) ?? 0) + n)
    const first = !routes.has(key)
    const ways: Route[] = routes.get(key) ?? []
    routes.set(key, ways)
    const below = (name: string) => tree.rankOf(name) < rank
    const members = isFamily(object)
      ? [...ranks].filter(([name, r]) => r === rank && matchesObject(object, name)).map(([name]) => name)
      : [object]
    const mined: string[] = []
    const minedTools = new Set<string>()
    let handWill = false
    let minedTool: string | undefined
    members.sort().forEach((item, index) => {
      // Every member's primitives are worth trying; the first one's routes stand for all in caps and estimates.
      const expand = index === 0
      for (const recipe of rules.recipes(item)) {
        if (![...recipe.ingredients.keys()].every(below) || (recipe.needsTable && !below('crafting_table'))) continue
        craft.add(symbolObject(item))
        made(`craft.${symbolObject(item)}`, item)
        const same = crafted.get(symbolObject(item)) ?? []
        if (!same.includes(item)) crafted.set(symbolObject(item), [...same, item])
        if (!expand) continue
        if (first) {
          const ingredients = new Map<string, number>()
          for (const [name, count] of recipe.ingredients) {
            ingredients.set(capKey(name), (ingredients.get(capKey(name)) ?? 0) + count)
          }
          ways.push({ kind: 'craft', count: recipe.count, ingredients, needsTable: recipe.needsTable })
        }
        const crafts = Math.ceil(n / recipe.count)
        for (const [ingredient, count] of recipe.ingredients) need(ingredient, crafts * count, depth + 1)
        if (recipe.needsTable) {
          place.add('crafting_table')
          once('crafting_table', depth)
        }
      }
      const inputs = rules.smeltingInputs(item).filter(below)
      for (const input of inputs) {
        for (const [name] of ranks) {
          if (matchesObject(input, name) && below(name)) {
            smelt.add(name)
            made(`smelt.${name}`, item)
          }
        }
        if (!expand) continue
        if (first) ways.push({ kind: 'smelt', input: capKey(input) })
        need(input, n, depth + 1)
      }
      if (inputs.length > 0 && expand) {
        place.add('furnace')
        once('furnace', depth)
        if (below('coal')) need('coal', Math.ceil(n / 8), depth + 1)
        if (below('planks')) need('planks', Math.ceil(n / 1.5), depth + 1)
      }
      for (const block of blocks) {
        if (!tree.yields(block).has(item)) continue
        const tools = tree.harvestTools(block)
        const tool = tools.filter(below).sort((a, b) => tree.rankOf(a) - tree.rankOf(b))[0]
        if (tools.length > 0 && tool === undefined) continue
        mine.add(symbolObject(block))
        made(`mine.${symbolObject(block)}`, item)
        mined.push(block)
        minedTool ??= tool
        for (const t of tools) minedTools.add(t)
        if (tools.length === 0) handWill = true
        if (tool !== undefined && expand) {
          equip.add(tool)
          once(tool, depth)
        }
      }
      if (FISH.includes(item) && below('fishing_rod') && blocks.includes('water')) {
        fish.add(item)
        // Counted as what was wanted: a cod is "a fish".
        made(`fish.${item}`, key)
        equip.add('fishing_rod')
        if (first && !ways.some((way) => way.kind === 'fish')) ways.push({ kind: 'fish' })
        if (expand) once('fishing_rod', depth)
      }
      const creature = CREATURE_USES[item]
      if (creature && below(creature.tool) && mobs.includes(creature.target)) {
        use.set(creature.target, { ...creature })
        made(`use.${creature.target}`, item)
        equip.add(creature.tool)
        if (first && !ways.some((way) => way.kind === 'use')) ways.push({ kind: 'use', tool: creature.tool })
        if (expand) once(creature.tool, depth)
      }
      for (const [crop, { seed, produce }] of Object.entries(CROPS)) {
        const hoe = HOES.filter(below).sort((a, b) => tree.rankOf(a) - tree.rankOf(b))[0]
        if (produce !== item || hoe === undefined || !below(seed) || !blocks.includes('grass_block')) continue
        farm.set(crop, { crop, seed, hoe })
        for (const action of [`mine.${crop}`, `plant.${seed}`, 'use.grass_block']) made(action, item)
        equip.add(hoe)
        if (first && !ways.some((way) => way.kind === 'farm')) ways.push({ kind: 'farm', seed, hoe })
        if (expand) {
          once(hoe, depth)
          need(seed, n, depth + 1)
        }
      }
      for (const mob of mobs) {
        if (!rules.mobDrops(mob).has(item)) continue
        kill.add(mob)
        made(`kill.${mob}`, item)
        if (first && !ways.some((way) => way.kind === 'kill')) ways.push({ kind: 'kill' })
      }
    })
    if (first && mined.length > 0) {
      const levels = new Set(mined.flatMap((block) => [...levelsWith(block).keys()]))
      ways.push({ kind: 'mine', blocks: mined, tool: minedTool, tools: handWill ? [] : [...minedTools], levels })
    }
  }
  need(goal, 1, 0)
  // A held pickaxe is worth taking in hand even when nothing it harvests is needed: explore digs its way down
  // with what is in hand (lava lies deep, and a bot holding only a bucket digs by hand and runs out of time).
  for (const item of start) if (rules.toolTier(item) > 0 && item.endsWith('_pickaxe')) equip.add(item)
  return {
    tree,
    caps,
    mine: [...mine],
    craft: [...craft],
    smelt: [...smelt],
    place: [...place],
    equip: [...equip],
    kill: [...kill],
    fish: [...fish],
    farm: [...farm.values()],
    use: [...use.values()],
    crafted,
    sights: [...mine, ...kill, ...place, ...use.keys(), ...(fish.size > 0 || farm.size > 0 ? ['water'] : [])],
    makes,
    routes,
  }
}
