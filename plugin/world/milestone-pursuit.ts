/**
 * How a milestone is pursued (CEDAR §5): a skill's DFA over a milestone alphabet says which event comes next
 * (`has.cobblestone.3`, `near.crafting_table`) and which actions the skill may take on the way, not how many of
 * each: counting is what the thresholded predicates are for. The controller asks this module for the one action,
 * among those the DFA (and its constraints) allow from here, that makes progress towards the next milestone, by
 * backward chaining over the rules from what the bot holds: the item's recipe and its missing ingredients, the
 * furnace, fuel and input of a smelt, the block that drops it and the tool that harvests it. Nothing here plans
 * a whole task; one step at a time, re-asked after every act.
 */
import { isFamily, matchesObject, membersOf } from '../vocabulary/families.js'
import { CREATURE_USES, CROPS, extraYield, HOES, LIQUIDS, UNDERGROUND_BLOCKS } from '../vocabulary/natural.js'
import { parseSymbol } from '../vocabulary/symbols.js'
import type { Observation } from './port.js'
import { countOf } from './predicates.js'
import type { Recipe, Rules } from './rules.js'

/** Whether the skill (and everything composed with it) allows this action symbol from the current state. */
export type ActionAllowed = (action: string) => boolean

const MAX_DEPTH = 8

/** Whether a symbol is a milestone the controller can work towards (an item count, a workstation nearby, a piece of armour worn). */
export function isPursuable(symbol: string): boolean {
  const parsed = parseSymbol(symbol)
  return (
    parsed?.verb === 'has' ||
    parsed?.verb === 'near' ||
    parsed?.verb === 'wears' ||
    parsed?.verb === 'stored' ||
    parsed?.verb === 'killed'
  )
}

/**
 * The next action towards `milestone` among `actions` (the skill's action symbols) that `allowed` lets through, or
 * undefined when none helps (the milestone needs an event the bot cannot cause, or an action that is not allowed
 * now: then the caller waits, or gives up). `milestones`, the product's other milestones, say how many of an item
 * the whole run wants where a counting skill pursues one more at a time (whether a tool will wear out on the way).
 */
export function pursueMilestone(
  milestone: string,
  observation: Observation,
  rules: Rules,
  actions: readonly string[],
  allowed: ActionAllowed,
  milestones: readonly string[] = [],
): string | undefined {
  const parsed = parseSymbol(milestone)
  if (!parsed) return undefined
  const ok = actions.filter(allowed)
  const chain = new Chain(observation, rules, ok, [milestone, ...milestones])
  if (parsed.verb === 'near') return chain.near(parsed.object, 0)
  // A piece of armour is worn by equipping it, once it is held.
  if (parsed.verb === 'wears') {
    if (observation.worn?.has(parsed.object)) return undefined
    if (countOf(observation, parsed.object) > 0) return ok.find((a) => a === `equip.${parsed.object}`)
    return chain.want(parsed.object, 1, 0)
  }
  if (parsed.verb === 'stored') return chain.store(parsed.object, parsed.count ?? 1)
  if (parsed.verb === 'killed') {
    // Kills counted by the world: the creature fought when in sight, searched for where the skill may.
    if ((observation.kills?.get(parsed.object) ?? 0) >= (parsed.count ?? 1)) return undefined
    const fight = ok.find((a) => a === `kill.${parsed.object}`)
    if (fight && observation.nearest(parsed.object) !== undefined) return fight
    return ok.find((a) => a === `explore.${parsed.object}`)
  }
  if (parsed.verb !== 'has') return undefined
  return chain.want(parsed.object, parsed.count ?? 1, 0)
}

/** The actions among `actions` that make `item` (mine a block that drops it, craft it, smelt into it). */
export function producersOf(item: string, actions: readonly string[], rules: Rules): string[] {
  return actions.filter((action) => {
    const p = parseSymbol(action)
    if (!p) return false
    switch (p.verb) {
      case 'mine':
        return yields(rules, p.object, item)
      case 'plant':
        return Object.values(CROPS).some((c) => c.seed === p.object && c.produce === item)
      case 'use':
        return (
          (p.object === 'grass_block' && Object.values(CROPS).some((c) => c.produce === item)) ||
          CREATURE_USES[item]?.target === p.object
        )
      case 'craft':
        return p.object === item || matchesObject(p.object, item) || matchesObject(item, p.object)
      case 'fish':
        return matchesObject(p.object, item) || matchesObject(item, p.object)
      case 'smelt': {
        const output = rules.smeltingOutput(p.object)
        return output !== undefined && (output === item || matchesObject(item, output))
      }
      default:
        return false
    }
  })
}

/** Whether mining `object` (a block, a family, lava with a bucket) gives `item`. */
function yields(rules: Rules, object: string, item: string): boolean {
  const extra = extraYield(object)
  if (extra === item) return true
  if (object in LIQUIDS) return false
  if (isFamily(object)) return matchesObject(object, item) || matchesObject(item, object)
  return [...rules.drops(object).keys()].some((drop) => drop === item || matchesObject(item, drop))
}

class Chain {
  private readonly seen = new Set<string>()

  constructor(
    private readonly observation: Observation,
    private readonly rules: Rules,
    private readonly actions: readonly string[],
    private readonly milestones: readonly string[],
  ) {}

  private held(item: string): number {
    return countOf(this.observation, item)
  }

  /** How many of `item` are still wanted by the furthest milestone that counts it (at least `count`). */
  private stillWanted(item: string, count: number): number {
    let most = count
    for (const m of this.milestones) {
      const p = parseSymbol(m)
      if (p?.verb === 'has' && matchesObject(p.object, item) && (p.count ?? 1) > most) most = p.count ?? 1
    }
    return most - this.held(item)
  }

  private allowed(verb: string, test: (object: string) => boolean): string[] {
    return this.actions.filter((a) => {
      const p = parseSymbol(a)
      return p?.verb === verb && test(p.object)
    })
  }

  near(block: string, depth: number): string | undefined {
    if (this.observation.nearest(block) !== undefined) return undefined
    if (this.held(block) > 0) return this.allowed('place', (o) => matchesObject(o, block) || o === block)[0]
    return this.want(block, 1, depth + 1)
  }

  want(item: string, count: number, depth: number): string | undefined {
    if (this.held(item) >= count || depth > MAX_DEPTH) return undefined
    const key = `${item}.${count}`
    if (this.seen.has(key)) return undefined
    this.seen.add(key)
    return (
      this.byTaking(item) ??
      this.byFarming(item, count, depth) ??
      this.byMining(item, count, depth) ??
      this.byKilling(item) ??
      this.byFishing(item, depth) ??
      this.byUsing(item, depth) ??
      this.byCrafting(item, depth) ??
      this.bySmelting(item, count, depth)
    )
  }

  /**
   * `count` of `item` in the chests: the ones held put in the chest in sight (or the one held, put down); a chest
   * made first when there is none; the items got first when too few are held.
   */
  store(item: string, count: number): string | undefined {
    let stored = 0
    for (const [name, n] of this.observation.stored ?? []) if (matchesObject(item, name)) stored += n
    if (stored >= count) return undefined
    const action = this.allowed('store', (o) => o === item)[0]
    if (!action) return undefined
    const missing = count - stored
    if (this.held(item) < missing) return this.want(item, missing, 0)
    if (this.observation.nearest('chest') === undefined && this.held('chest') === 0) return this.want('chest', 1, 0)
    return action
  }

  /** Out of the chest in sight (the act says so when it holds none: the bot may not have looked inside yet). */
  private byTaking(item: string): string | undefined {
    if (this.observation.nearest('chest') === undefined) return undefined
    return this.allowed('take', (o) => matchesObject(o, item) || o === item)[0]
  }

  /** An animal that surely drops the item (wool from a sheep): killed when in sight, searched for where the skill may. */
  private byKilling(item: string): string | undefined {
    for (const action of this.allowed('kill', (mob) => this.rules.mobDrops(mob).has(item))) {
      const mob = parseSymbol(action)?.object ?? ''
      if (this.observation.nearest(mob) !== undefined) return action
      const search = this.allowed('explore', (o) => o === mob)[0]
      if (search) return search
    }
    return undefined
  }

  /** A bucket of milk: the tool in hand (made and taken first) used on the creature, searched for where allowed. */
  private byUsing(item: string, depth: number): string | undefined {
    const use = CREATURE_USES[item]
    const action = use && this.allowed('use', (o) => o === use.target)[0]
    if (!use || !action) return undefined
    if (this.observation.equipped !== use.tool) {
      if (this.held(use.tool) > 0) return this.allowed('equip', (o) => o === use.tool)[0]
      return this.want(use.tool, 1, depth + 1)
    }
    if (this.observation.nearest(use.target) !== undefined) return action
    return this.allowed('explore', (o) => o === use.target)[0]
  }

  /** A fish: cast where there is water, the rod in hand (made and taken first, if the skill may). */
  private byFishing(item: string, depth: number): string | undefined {
    for (const action of this.allowed('fish', (o) => matchesObject(o, item) || matchesObject(item, o))) {
      if (this.observation.equipped !== 'fishing_rod') {
        if (this.held('fishing_rod') > 0) return this.allowed('equip', (o) => o === 'fishing_rod')[0]
        const rod = this.want('fishing_rod', 1, depth + 1)
        if (rod) return rod
        continue
      }
      if (this.observation.nearest('water') === undefined) return this.allowed('explore', (o) => o === 'water')[0]
      return action
    }
    return undefined
  }

  /**
   * A crop's produce, sown for all that is still wanted before the first harvest (crops planted together ripen
   * together; one at a time would wait a growth for each): the seeds got first (from grass), each planted on farmland
   * in sight or on ground a hoe in hand tills (the hoe made and taken first); then the crops harvested, each act
   * waiting for its crop to ripen.
   */
  private byFarming(item: string, count: number, depth: number): string | undefined {
    for (const action of this.allowed('mine', (o) => CROPS[o]?.produce === item)) {
      const crop = parseSymbol(action)?.object ?? ''
      const seed = CROPS[crop]?.seed ?? ''
      const plant = this.allowed('plant', (o) => o === seed)[0]
      const cropSeen = this.observation.nearest(crop) !== undefined
      const remaining = count - this.held(item)
      if (!cropSeen && plant && this.held(seed) < remaining) {
        const step = this.want(seed, remaining, depth + 1)
        if (step) return step
      }
      const sowing = plant !== undefined && this.held(seed) > 0 && (!cropSeen || this.held(item) === 0)
      if (sowing) {
        if (this.observation.nearest('farmland') !== undefined) return plant
        const till = this.allowed('use', (o) => o === 'grass_block' || o === 'dirt')[0]
        if (till && this.observation.equipped?.endsWith('_hoe')) return till
        const hoe = HOES.find((h) => this.held(h) > 0)
        if (till && hoe) return this.allowed('equip', (o) => o === hoe)[0]
        for (const h of till ? HOES : []) {
          const step = this.want(h, 1, depth + 1)
          if (step) return step
        }
      }
      if (cropSeen) return action
    }
    return undefined
  }

  private byMining(item: string, count: number, depth: number): string | undefined {
    for (const action of this.allowed('mine', (o) => !(o in CROPS) && yields(this.rules, o, item))) {
      const block = parseSymbol(action)?.object ?? ''
      const along = this.tableToTakeAlong(block, () => this.stillWanted(item, count), depth)
      if (along) return along
      const tool = this.toolFor(block)
      // Out of sight: search, where the skill may (the shield's laws want the ore seen before it is mined) — once
      // the tool is at hand, or the search walks away from what making the tool needs.
      const search = this.allowed('explore', (o) => o === block)[0]
      const searching = search && this.observation.nearest(block) === undefined
      if (tool === undefined) return searching ? search : action
      if (tool !== null) return searching ? search : tool
      // The tool is neither in hand nor held: make it first, if the skill may.
      const needed = block in LIQUIDS ? ['bucket'] : this.rules.harvestTools(block)
      for (const t of needed) {
        const step = this.want(t, 1, depth + 1)
        if (step) return step
      }
    }
    return undefined
  }

  /**
   * Setting out for an ore or stone (below, where the bot digs down and cannot climb back) with a craft still to
   * make at a table: a crafting table to carry first, as a player takes one mining; the craft places it where the
   * table left behind is out of reach. Still to make: a table craft of the skill whose item is not held, or the
   * harvesting tool again when more blocks are wanted than a new one lasts (it will break down there). A craft
   * that needs no table (torches, sticks) or a tool already made takes none: one table a run, where the world
   * does not ask for another.
   */
  private tableToTakeAlong(block: string, wanted: () => number, depth: number): string | undefined {
    const below = UNDERGROUND_BLOCKS.some((name) => matchesObject(name, block) || name === block)
    if (!below || this.held('crafting_table') > 0) return
    const tableCraft = (object: string) => object !== 'crafting_table' && this.rules.recipe(object)?.needsTable === true
    const toMake = this.actions.some((a) => {
      const p = parseSymbol(a)
      return p?.verb === 'craft' && tableCraft(p.object) && this.held(p.object) === 0
    })
    const wearsOut = this.rules.harvestTools(block).some((tool) => {
      const lasts = this.rules.maxDurability(tool)
      return this.held(tool) > 0 && tableCraft(tool) && lasts !== undefined && wanted() > lasts
    })
    if (!(toMake || wearsOut) || this.allowed('craft', (o) => o === 'crafting_table').length === 0) return undefined
    return this.want('crafting_table', 1, depth + 1)
  }

  /** undefined: the hand will do; an equip action: take the tool; null: no allowed way to hold one now. */
  private toolFor(block: string): string | undefined | null {
    const { equipped } = this.observation
    const tools = block in LIQUIDS ? ['bucket'] : isFamily(block) ? [] : this.rules.harvestTools(block)
    if (tools.length === 0 || (equipped && tools.includes(equipped))) return undefined
    for (const tool of tools) {
      if (this.held(tool) === 0) continue
      const equip = this.allowed('equip', (o) => o === tool)[0]
      if (equip) return equip
    }
    return null
  }

  private byCrafting(item: string, depth: number): string | undefined {
    for (const action of this.allowed('craft', (o) => o === item || matchesObject(o, item) || matchesObject(item, o))) {
      const object = parseSymbol(action)?.object ?? ''
      const items = this.rules.isItem(object) ? [object] : membersOf(object, this.rules.itemNames)
      const recipes = items.flatMap((i) => this.rules.recipes(i))
      const ready = recipes.find((r) => this.hasIngredients(r))
      if (ready) {
        if (ready.needsTable && this.observation.nearest('crafting_table') === undefined) {
          if (this.held('crafting_table') > 0) return action // the craft places the table it holds
          const table = this.want('crafting_table', 1, depth + 1)
          if (table) return table
          continue
        }
        return action
      }
      // The recipe closest to done: make its missing ingredients, first those one craft from what is held makes
      // (the sticks from the planks held, before the smelting burns them far from any tree).
      for (const recipe of recipes) {
        const missing = [...recipe.ingredients].filter(([ingredient, n]) => this.held(ingredient) < n)
        const quick = missing.filter(([ingredient]) => this.craftableNow(ingredient))
        for (const [ingredient, n] of [...quick, ...missing.filter((m) => !quick.includes(m))]) {
          const step = this.want(ingredient, n, depth + 1)
          if (step) return step
        }
      }
    }
    return undefined
  }

  /** Whether an allowed craft makes `item` from what is held now. */
  private craftableNow(item: string): boolean {
    return (
      this.allowed('craft', (o) => o === item || matchesObject(o, item)).length > 0 &&
      this.rules.recipes(item).some((r) => this.hasIngredients(r))
    )
  }

  private hasIngredients(recipe: Recipe): boolean {
    return [...recipe.ingredients].every(([name, n]) => this.held(name) >= n)
  }

  /**
   * The furnace first, where it is made (at the crafting table, from the stone around it), to take along; then
   * the fuel for every item still to smelt, while the trees are near; then all the inputs (the ore, often far
   * below), and the smelting where they are. The order of a player who goes mining: one item's worth at a time, or
   * the furnace made after the ore, sends the bot back and forth between ore, trees and table.
   */
  private bySmelting(item: string, count: number, depth: number): string | undefined {
    const remaining = count - this.held(item)
    for (const action of this.allowed('smelt', (o) => {
      const output = this.rules.smeltingOutput(o)
      return output !== undefined && (output === item || matchesObject(item, output))
    })) {
      const input = parseSymbol(action)?.object ?? ''
      if (this.observation.nearest('furnace') === undefined && this.held('furnace') === 0) {
        const step = this.want('furnace', 1, depth + 1)
        if (step) return step
        continue
      }
      // A furnace's fire burns on while one item comes out and the next goes in: a run of several takes one more.
      const items = remaining > 1 ? remaining + 1 : remaining
      if (this.fuelHeld(input) < items) {
        const step = this.want('coal', 1, depth + 1) ?? this.want('planks', Math.ceil(items / 1.5), depth + 1)
        if (step) return step
      }
      if (this.held(input) < remaining) {
        const step = this.want(input, remaining, depth + 1)
        // More of the input while it is in sight; not a search away from what is held (a stuck furnace, ores
        // used up: smelt what there is, and search when nothing is left).
        if (step && !(step.startsWith('explore.') && this.held(input) > 0)) return step
        if (this.held(input) === 0) continue
      }
      return action
    }
    return undefined
  }

  /**
   * Items' worth of smelting the fuel held would burn: dedicated fuels and wood, not the input itself, nor what
   * burns but is kept for use (sticks, tools, a crafting table).
   */
  private fuelHeld(input: string): number {
    let total = 0
    for (const [name, n] of this.observation.inventory) {
      if (name !== input && this.rules.fuelRank(name) <= this.rules.fuelRank('logs'))
        total += n * this.rules.fuelValue(name)
    }
    return total
  }
}
