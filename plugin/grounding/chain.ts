/**
 * How to obtain an item from an empty inventory, read off the rules (`loadRules`): the route to each item and
 * the symbols a skill DFA for it needs. The goal alphabet of "make an iron pickaxe" is this chain.
 *
 * Routes, in order of preference: killing a mob that surely drops it, mining a natural block that yields it (the
 * least tool first, then the block named like the item, then not a deepslate variant), smelting (the first input
 * of the furnace table that can be had), crafting (the rules' simplest recipe whose ingredients can be had). An
 * item "can be had" when the overworld's tech tree (`world/tech-tree.ts`) reaches it; a route never goes through
 * an item already being expanded (iron ingots are not made from iron blocks).
 *
 * The symbols of a chain (conventions shared with the fixture, bench/fixtures/alphabets.json):
 * - every action on the way: `mine.B` (logs and planks as families, ores by their plain name), `craft.X`,
 *   `smelt.X`, `kill.M`; `equip.T` for the least tool that harvests a block; `place.crafting_table` and
 *   `place.furnace` when a recipe needs the table or an item is smelted; the best fuel that can be had (coal);
 * - `explore.B` and `sees.B` for blocks that need a stone-tier tool or better, or a bucket (they lie underground:
 *   iron, gold, redstone, lapis, diamond, lava);
 * - `near.crafting_table` / `near.furnace` where the table or furnace is used;
 * - `has.X.n` for each item on the way, n being what its consumer needs (the recipe's amount times the crafts:
 *   `has.planks.3` for the wooden pickaxe, `has.planks.4` for the table, `has.stick.2`, 2 logs for 8 planks), and
 *   `has.T.n` for the target;
 * - a wood or ore named as a specific variant (`chain('birch_planks', 1, true)`) keeps its own names.
 *
 * Known limits: a drop beats crafting, even a chance drop (arrows come from skeletons, string from spiders;
 * 1.19.4's minecraft-data lists sticks as a leaves drop, so its chains mine leaves for sticks); an item whose
 * only recipe minecraft-data lists with an unobtainable variant (blue wool from black wool) has no route; older
 * versions' minecraft-data lacks some drops (1.18.2: logs; 1.16.5: stone), so chains through them are empty.
 */

import { isFamily, symbolObject } from '../vocabulary/families.js'
import { FISH } from '../vocabulary/fishing.js'
import { CROPS, HOES, LIQUIDS } from '../vocabulary/natural.js'
import type { Recipe, Rules } from '../world/rules.js'
import { type TechTree, techTree } from '../world/tech-tree.js'

export type Route =
  | { readonly kind: 'kill'; readonly mob: string }
  | { readonly kind: 'mine'; readonly block: string; readonly tool?: string; readonly liquid: boolean }
  | { readonly kind: 'smelt'; readonly input: string }
  | { readonly kind: 'craft'; readonly recipe: Recipe }
  | { readonly kind: 'fish' }
  | { readonly kind: 'farm'; readonly crop: string; readonly seed: string; readonly hoe: string }

export class ChainPlanner {
  private readonly tree: TechTree

  constructor(readonly rules: Rules) {
    this.tree = techTree(rules)
  }

  /** How soon the item can be had (rounds of the fixpoint; Infinity when never): the cheaper, the lower. */
  rankOf(item: string): number {
    return this.rank(item)
  }

  /** Can the item (or some member of the family) be had at all? */
  canObtain(item: string): boolean {
    return Number.isFinite(this.rank(item))
  }

  /** The route to an item (a family: its first member that can be had), avoiding items on `stack`. */
  route(item: string, stack: ReadonlySet<string> = new Set()): Route | undefined {
    const member = this.member(item)
    if (member === undefined) return undefined
    const inner = new Set([...stack, symbolObject(member)])
    const ok = (name: string) => this.canObtain(name) && !inner.has(symbolObject(name))
    const { rules } = this
    for (const mob of this.tree.mobs) if (rules.mobDrops(mob).has(member)) return { kind: 'kill', mob }
    const mines = this.tree.blocks
      .filter((block) => this.tree.yields(block).has(member))
      .map((block) => ({ block, tool: this.tool(block), liquid: block in LIQUIDS }))
      .filter(({ tool }) => tool === null || ok(tool))
      .sort((a, b) => this.mineCost(a.block, a.tool, member) - this.mineCost(b.block, b.tool, member))
    const mine = mines[0]
    if (mine) {
      const { block, tool, liquid } = mine
      return tool ? { kind: 'mine', block, tool, liquid } : { kind: 'mine', block, liquid }
    }
    if (FISH.includes(member) && ok('fishing_rod')) return { kind: 'fish' }
    for (const [crop, { seed, produce }] of Object.entries(CROPS)) {
      const hoe = HOES.find(ok)
      if (produce === member && hoe !== undefined && ok(seed) && !rules.recipe(member)) {
        return { kind: 'farm', crop, seed, hoe }
      }
    }
    if (ok('furnace')) {
      // Only from something had sooner: nuggets are crafted from an ingot, not melted down from a pickaxe.
      const input = rules.smeltingInputs(member).find((i) => ok(i) && this.rank(i) < this.rank(member))
      if (input !== undefined) return { kind: 'smelt', input }
    }
    for (const recipe of rules.recipes(member)) {
      const ingredients = [...recipe.ingredients.keys()]
      if (ingredients.every(ok) && (!recipe.needsTable || ok('crafting_table'))) return { kind: 'craft', recipe }
    }
    return undefined
  }

  /** The natural block a chain mines to get `item`, following smelting (`iron_ingot` → `iron_ore`). */
  sourceBlock(item: string): string | undefined {
    const route = this.route(item)
    if (route?.kind === 'mine') return route.block
    if (route?.kind === 'smelt') return this.sourceBlock(route.input)
    return undefined
  }

  /** The tool had soonest that harvests `block` (a bucket for a liquid); null when the hand will do. */
  tool(block: string): string | null {
    return this.tree.leastTool(block)
  }

  /** Does mining `block` mean exploring for it first (it needs a stone-tier tool or better, or a bucket)? */
  needsExploring(block: string): boolean {
    const tool = this.tool(block)
    return block in LIQUIDS || (typeof tool === 'string' && this.rules.toolTier(tool) >= 2)
  }

  /** The best fuel that can be had (coal). */
  fuel(): string | undefined {
    return this.rules.itemNames
      .filter((item) => this.rules.fuelValue(item) > 0 && this.canObtain(item))
      .sort((a, b) => this.rules.fuelRank(a) - this.rules.fuelRank(b))[0]
  }

  /**
   * The symbols to obtain `amount` of `item` from nothing (see the file comment). `exact`: the item was named as
   * itself (birch planks, deepslate iron ore), so it and its named ingredients keep their own names.
   */
  chain(item: string, amount = 1, exact = false): Set<string> {
    const out = new Set<string>()
    this.expand(item, amount, new Set(), out, new Set(), exact)
    return out
  }

  /** The symbols to mine `block` (with its tool's chain), and to have `amount` of what it yields. */
  mineChain(block: string, amount = 1, exact = false): Set<string> {
    const out = new Set<string>()
    const yields = [...this.tree.yields(block).keys()]
    const first = yields[0]
    if (first !== undefined) out.add(`has.${exact ? first : symbolObject(first)}.${amount}`)
    this.addMining(block, new Set(yields.map(symbolObject)), out, new Set(), exact)
    return out
  }

  private expand(
    item: string,
    amount: number,
    stack: Set<string>,
    out: Set<string>,
    done: Set<string>,
    exact = false,
  ): void {
    // A family stands for its member that is easiest to have (beds → white_bed); logs and planks stay families.
    const key = exact && !isFamily(item) ? item : symbolObject(this.member(item) ?? item)
    out.add(`has.${key}.${Math.max(1, amount)}`)
    // Once per item and amount: a second amount (4 ingots for the compass, 3 for the pickaxe) has its own inputs.
    if (stack.has(key) || done.has(`${key}.${amount}`)) return
    done.add(`${key}.${amount}`)
    const route = this.route(item, stack)
    if (!route) return
    const inner = new Set([...stack, key])
    switch (route.kind) {
      case 'kill':
        out.add(`kill.${route.mob}`)
        break
      case 'mine':
        this.addMining(route.block, inner, out, done, exact)
        break
      case 'smelt':
        out.add(`smelt.${exact ? route.input : symbolObject(route.input)}`)
        this.expand(route.input, amount, inner, out, done, exact)
        this.workstation('furnace', inner, out, done)
        {
          const fuel = this.fuel()
          if (fuel) this.expand(fuel, Math.ceil(amount / 8), inner, out, done)
        }
        break
      case 'fish':
        out.add(`fish.${key}`)
        out.add('equip.fishing_rod')
        out.add('sees.water')
        this.expand('fishing_rod', 1, inner, out, done)
        break
      case 'farm':
        for (const symbol of [`mine.${route.crop}`, `plant.${route.seed}`, 'use.grass_block', `equip.${route.hoe}`]) {
          out.add(symbol)
        }
        this.expand(route.hoe, 1, inner, out, done)
        this.expand(route.seed, amount, inner, out, done)
        break
      case 'craft': {
        out.add(`craft.${key}`)
        const crafts = Math.ceil(amount / route.recipe.count)
        for (const [ingredient, n] of route.recipe.ingredients) {
          this.expand(ingredient, n * crafts, inner, out, done, exact)
        }
        if (route.recipe.needsTable) this.workstation('crafting_table', inner, out, done)
        break
      }
    }
  }

  private addMining(block: string, stack: Set<string>, out: Set<string>, done: Set<string>, exact = false): void {
    const name = exact ? block : symbolObject(block)
    out.add(`mine.${name}`)
    const tool = this.tool(block)
    if (tool) {
      out.add(`equip.${tool}`)
      this.expand(tool, 1, stack, out, done)
    }
    if (this.needsExploring(block)) {
      out.add(`explore.${name}`)
      out.add(`sees.${name}`)
    }
  }

  private workstation(block: string, stack: Set<string>, out: Set<string>, done: Set<string>): void {
    this.expand(block, 1, stack, out, done)
    out.add(`place.${block}`)
    out.add(`near.${block}`)
  }

  private mineCost(block: string, tool: string | null | undefined, item: string): number {
    const toolCost = tool ? this.rank(tool) * 100 : 0
    return toolCost + (block === item ? 0 : 10) + (block.startsWith('deepslate_') ? 5 : 0)
  }

  private member(item: string): string | undefined {
    return this.tree.member(item)
  }

  /** An item's rank, or its family's soonest member's, or its deepslate variant's (Infinity when never had). */
  private rank(item: string): number {
    const member = this.member(item)
    return member === undefined ? Number.POSITIVE_INFINITY : (this.tree.ranks.get(member) ?? Number.POSITIVE_INFINITY)
  }
}
