/**
 * What the optimal-plan search needs to know about a goal, read off the rules and the Sim's world once:
 * - ranks: the round of a fixpoint in which each item first becomes obtainable (what the hand mines is round 0,
 *   planks 1, sticks 2, …); a route to an item (recipe, smelting, mining with the cheapest tool) only uses items
 *   of lower rank, which rules out going round in circles (iron_ingot ↔ iron_block) and routes through the goal;
 * - caps: an upper bound on how many of each item (or of a family: planks, logs) the goal can use, summed over
 *   every route (fuel both as coal and as planks);
 * - the primitives worth trying (mine, craft, smelt, place, equip, kill; explore for what is mined or killed),
 *   what each makes, and each item's routes for the search's estimate.
 */
import { familiesOf, isFamily, matchesObject } from '../../vocabulary/families.js'
import type { Rules } from '../rules.js'
import { levelsWith, worldNames } from './world-map.js'

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

/**
 * The object the search names in a primitive: a family for logs and planks (`mine.logs`, `craft.planks`: the Sim
 * takes the nearest or first that works), an ore for its deepslate variant (`mine.iron_ore`), else the name.
 */
export function actionObject(name: string): string {
  const key = capKey(name)
  if (key !== name) return key
  return name.startsWith('deepslate_') && name.endsWith('_ore') ? name.slice('deepslate_'.length) : name
}

export interface Analysis {
  readonly ranks: ReadonlyMap<string, number>
  readonly caps: ReadonlyMap<string, number>
  /** Primitives worth trying, by verb. */
  readonly mine: readonly string[]
  readonly craft: readonly string[]
  readonly smelt: readonly string[]
  readonly place: readonly string[]
  readonly equip: readonly string[]
  readonly kill: readonly string[]
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

export function rankOf(ranks: ReadonlyMap<string, number>, name: string): number {
  if (!isFamily(name)) return ranks.get(name) ?? Number.POSITIVE_INFINITY
  let best = Number.POSITIVE_INFINITY
  for (const [item, rank] of ranks) if (rank < best && matchesObject(name, item)) best = rank
  return best
}

/** The round in which each item first becomes obtainable (see the file comment). */
function itemRanks(rules: Rules, start: readonly string[]): Map<string, number> {
  const { blocks, mobs } = worldNames()
  const ranks = new Map<string, number>(start.map((item) => [item, 0]))
  const craftable = rules.itemNames.filter((item) => rules.recipes(item).length > 0)
  const fuels = rules.itemNames.filter((item) => rules.fuelValue(item) > 0)
  for (let round = 0; round < 64; round++) {
    const fresh = new Set<string>()
    const have = (name: string) => rankOf(ranks, name) < round
    const offer = (item: string) => {
      if (!ranks.has(item)) fresh.add(item)
    }
    for (const block of blocks) {
      const tools = rules.harvestTools(block)
      if (block === 'lava' ? have('bucket') : tools.length === 0 || tools.some(have)) {
        for (const item of rules.drops(block).keys()) offer(item)
        if (block === 'lava') offer('lava_bucket')
      }
    }
    for (const mob of mobs) for (const item of rules.mobDrops(mob).keys()) offer(item)
    for (const item of craftable) {
      if (ranks.has(item)) continue
      const ok = rules
        .recipes(item)
        .some((r) => (!r.needsTable || have('crafting_table')) && [...r.ingredients.keys()].every(have))
      if (ok) offer(item)
    }
    if (have('furnace') && fuels.some(have)) {
      for (const [item, rank] of ranks) {
        const output = rank < round ? rules.smeltingOutput(item) : undefined
        if (output) offer(output)
      }
    }
    if (fresh.size === 0 && round > 0) break
    for (const item of fresh) ranks.set(item, round)
  }
  return ranks
}

export function analyse(goal: string, rules: Rules, start: readonly string[]): Analysis {
  const ranks = itemRanks(rules, start)
  const { blocks, mobs } = worldNames()
  const caps = new Map<string, number>()
  const done = new Set<string>()
  const mine = new Set<string>()
  const craft = new Set<string>()
  const smelt = new Set<string>()
  const place = new Set<string>()
  const equip = new Set<string>()
  const kill = new Set<string>()
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
    const rank = rankOf(ranks, object)
    if (n <= 0 || depth > 40 || !Number.isFinite(rank)) return
    const key = capKey(object)
    caps.set(key, (caps.get(key) ?? 0) + n)
    const first = !routes.has(key)
    const ways: Route[] = routes.get(key) ?? []
    routes.set(key, ways)
    const below = (name: string) => rankOf(ranks, name) < rank
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
        craft.add(actionObject(item))
        made(`craft.${actionObject(item)}`, item)
        const same = crafted.get(actionObject(item)) ?? []
        if (!same.includes(item)) crafted.set(actionObject(item), [...same, item])
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
        if (!rules.drops(block).has(item) && !(block === 'lava' && item === 'lava_bucket')) continue
        const tools = block === 'lava' ? ['bucket'] : rules.harvestTools(block)
        const tool = tools.filter(below).sort((a, b) => rankOf(ranks, a) - rankOf(ranks, b))[0]
        if (tools.length > 0 && tool === undefined) continue
        mine.add(actionObject(block))
        made(`mine.${actionObject(block)}`, item)
        mined.push(block)
        minedTool ??= tool
        for (const t of tools) minedTools.add(t)
        if (tools.length === 0) handWill = true
        if (tool !== undefined && expand) {
          equip.add(tool)
          once(tool, depth)
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
  return {
    ranks,
    caps,
    mine: [...mine],
    craft: [...craft],
    smelt: [...smelt],
    place: [...place],
    equip: [...equip],
    kill: [...kill],
    crafted,
    sights: [...mine, ...kill, ...place],
    makes,
    routes,
  }
}
