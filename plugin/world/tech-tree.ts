/**
 * The tech tree: how soon each item can be had from what a world offers, read off the rules. One fixpoint for
 * everyone who asks "can this be had, and what comes before it": the Sim's optimal planner (with the Sim's own
 * blocks and mobs), the grounding's goal chains and the skill keys (with the overworld's).
 *
 * Round 0 is what the hand mines and what mobs drop (plus anything held at the start); an item is had in round
 * r + 1 when, with everything had by round r, a block that yields it can be mined (its harvesting tool had, a
 * bucket for a liquid), a recipe for it can be crafted (a crafting table had, when the recipe needs one), or it
 * smelts from something had (a furnace and some fuel had). A family (`planks`, `logs`) is had once one of its
 * members is. Ranks order everything else: a route to an item only goes through items of lower rank, so no
 * route goes round in circles (iron ingots are not made from iron blocks).
 */
import { isFamily, matchesObject } from '../vocabulary/families.js'
import { FISH } from '../vocabulary/fishing.js'
import {
  CREATURE_USES,
  CROPS,
  EXTRA_DROPS,
  HOES,
  KILLABLE_MOBS,
  LIQUIDS,
  NATURAL_BLOCKS,
} from '../vocabulary/natural.js'
import type { Rules } from './rules.js'

/** What a world offers to start from: the blocks it has and the mobs in it. */
export interface Nature {
  /** Concrete block names the world places (names the version lacks are skipped). */
  readonly blocks: readonly string[]
  readonly mobs: readonly string[]
  /** Block → item it yields there beyond minecraft-data's drops (a crop's produce, a farmed chance drop). */
  readonly extraDrops?: Readonly<Record<string, string>>
}

/** The overworld of the live game, as the grounding knows it (`vocabulary/natural.ts`). */
export const OVERWORLD: Nature = { blocks: NATURAL_BLOCKS, mobs: KILLABLE_MOBS, extraDrops: EXTRA_DROPS }

/** Rounds beyond which nothing new appears in any version's data (the deepest item is about 12 rounds in). */
const MAX_ROUNDS = 64

export class TechTree {
  /** Concrete item → the round it is first had in. Items that can never be had are absent. */
  readonly ranks: ReadonlyMap<string, number>
  /** The nature's blocks that the version has. */
  readonly blocks: readonly string[]
  readonly mobs: readonly string[]

  constructor(
    readonly rules: Rules,
    readonly nature: Nature = OVERWORLD,
    start: readonly string[] = [],
  ) {
    this.blocks = nature.blocks.filter((block) => rules.isBlock(block))
    this.mobs = nature.mobs
    this.ranks = this.fixpoint(start)
  }

  /** The round an item (or the soonest member of a family) is first had; Infinity when never. */
  rankOf(name: string): number {
    return rankIn(this.ranks, name)
  }

  canObtain(name: string): boolean {
    return Number.isFinite(this.rankOf(name))
  }

  /** The item itself when it can be had, else the soonest member of the family it names (`beds` → white_bed). */
  member(name: string): string | undefined {
    if (this.ranks.has(name)) return name
    let best: string | undefined
    for (const [item, rank] of this.ranks) {
      if (matchesObject(name, item) && (best === undefined || rank < (this.ranks.get(best) ?? Infinity))) best = item
    }
    return best
  }

  /** What mining `block` yields here: its drops, a bucket of a liquid, and the nature's extra drops. */
  yields(block: string): ReadonlyMap<string, number> {
    const drops = new Map(this.rules.drops(block))
    const extra = this.nature.extraDrops?.[block] ?? LIQUIDS[block]
    if (extra) drops.set(extra, 1)
    return drops
  }

  /** What must be in hand to take `block`: a bucket for a liquid, else its harvesting tools ([] for the hand). */
  harvestTools(block: string): readonly string[] {
    return block in LIQUIDS ? ['bucket'] : this.rules.harvestTools(block)
  }

  /** The harvesting tool had soonest (on a tie the lower tier); null when the hand will do. */
  leastTool(block: string): string | null {
    const tools = this.harvestTools(block)
    if (tools.length === 0) return null
    const tier = (tool: string) => this.rules.toolTier(tool) || 9
    return [...tools].sort((a, b) => this.rankOf(a) - this.rankOf(b) || tier(a) - tier(b))[0] ?? null
  }

  private fixpoint(start: readonly string[]): Map<string, number> {
    const { rules } = this
    const ranks = new Map<string, number>(start.map((item) => [item, 0]))
    const craftable = rules.itemNames.filter((item) => rules.recipes(item).length > 0)
    const fuels = rules.itemNames.filter((item) => rules.fuelValue(item) > 0)
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const fresh = new Set<string>()
      const had = (name: string) => rankIn(ranks, name) < round
      const offer = (item: string) => {
        if (!ranks.has(item)) fresh.add(item)
      }
      for (const block of this.blocks) {
        const tools = this.harvestTools(block)
        if (tools.length === 0 || tools.some(had)) for (const item of this.yields(block).keys()) offer(item)
      }
      for (const mob of this.mobs) for (const item of rules.mobDrops(mob).keys()) offer(item)
      for (const item of craftable) {
        if (ranks.has(item)) continue
        const ok = rules
          .recipes(item)
          .some((r) => (!r.needsTable || had('crafting_table')) && [...r.ingredients.keys()].every(had))
        if (ok) offer(item)
      }
      // A crop: its seed planted on farmland a hoe tilled from grass or dirt, and harvested ripe (`natural.ts`).
      if (HOES.some(had) && this.blocks.some((b) => b === 'grass_block' || b === 'dirt')) {
        for (const crop of Object.values(CROPS)) if (had(crop.seed)) offer(crop.produce)
      }
      // A bucket used on a cow (`CREATURE_USES`).
      for (const [item, { tool, target }] of Object.entries(CREATURE_USES)) {
        if (had(tool) && this.mobs.includes(target)) offer(item)
      }
      // A rod cast into water: any fish of the loot table (`vocabulary/fishing.ts`).
      if (had('fishing_rod') && this.blocks.includes('water')) for (const fish of FISH) offer(fish)
      if (had('furnace') && fuels.some(had)) {
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
}

function rankIn(ranks: ReadonlyMap<string, number>, name: string): number {
  if (!isFamily(name)) return ranks.get(name) ?? Number.POSITIVE_INFINITY
  let best = Number.POSITIVE_INFINITY
  for (const [item, rank] of ranks) if (rank < best && matchesObject(name, item)) best = rank
  return best
}

const trees = new WeakMap<Rules, WeakMap<Nature, TechTree>>()

/** The tech tree of a version's rules and a nature, from nothing (cached: the fixpoint takes a few ms). */
export function techTree(rules: Rules, nature: Nature = OVERWORLD): TechTree {
  let byNature = trees.get(rules)
  if (!byNature) {
    byNature = new WeakMap()
    trees.set(rules, byNature)
  }
  let tree = byNature.get(nature)
  if (!tree) {
    tree = new TechTree(rules, nature)
    byNature.set(nature, tree)
  }
  return tree
}
