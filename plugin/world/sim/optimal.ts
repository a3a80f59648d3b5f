/**
 * The shortest plan to an item in the Sim: the "optimal" reference of the benchmarks.
 *
 * A* over the Sim's own transitions from the fresh start state (the same options, path failures off): every node
 * is a real SimWorld clone, so the plan found is exactly what a fresh world with the same seed and
 * `pathFailureRate: 0` does when it is replayed. Every primitive is one step; `explore.<target>` is one step too,
 * and is needed only when nothing to mine is in sight (so lengths depend on the seed and the start biome).
 *
 * The search runs on an abstract state: the level, the hand, the inventory (logs and planks counted as families)
 * capped at what the goal can use, the furnace fuel, and which relevant blocks (and the crafting table and furnace)
 * are in sight; the first state reached at the lowest cost stands for every state with its key, wherever the bot
 * stands. Only the primitives the goal's analysis finds useful are tried (`plan-analysis.ts`; logs and planks by
 * family, `mine.logs`, `craft.planks`), never one that only makes items already held up to their cap. The
 * estimate (`plan-estimate.ts`) is a lower bound, so the length is the shortest over abstract states; ties go
 * deeper first. Plain breadth-first search over the same states (minutes instead of milliseconds) finds the same
 * lengths for the wooden, stone and iron pickaxes in the default world. A plan that relies on exactly where the bot stands (walking, by luck, within sight of stone) may be a
 * step shorter than this reference.
 */

import { isFamily, matchesObject } from '../../vocabulary/families.js'
import { CROPS } from '../../vocabulary/natural.js'
import { type Primitive, parsePrimitive, primitiveSymbol } from '../../vocabulary/symbols.js'
import { type Analysis, analyse, capKey } from './plan-analysis.js'
import { estimate } from './plan-estimate.js'
import { SimWorld } from './sim-world.js'
import type { SimOptions } from './state.js'

export interface OptimalPlan {
  readonly item: string
  readonly length: number
  readonly plan: readonly string[]
}

export interface OptimalOptions extends SimOptions {
  /** Give up after this many distinct states (default 200,000). */
  readonly maxStates?: number
  /** Plan from this world's current state (a copy; the other options are then ignored). */
  readonly from?: SimWorld
}

/** Thrown when the goal is not an item or cannot be reached. */
export class NoPlanError extends Error {}

interface Node {
  readonly world: SimWorld
  /** Steps from the start. */
  readonly g: number
  readonly key: string
  /** Index of its record (parent and symbol) for the plan. */
  readonly record: number
}

export function optimalPlan(goal: string, options: OptimalOptions = {}): OptimalPlan {
  const start = options.from ? options.from.clone() : new SimWorld({ ...options, pathFailureRate: 0, dropLossRate: 0 })
  const { rules } = start
  if (!rules.isItem(goal) && !isFamily(goal)) throw new NoPlanError(`unknown item ${goal}`)
  const reached = (world: SimWorld) => countOf(world, goal) >= 1
  if (reached(start)) return { item: goal, length: 0, plan: [] }
  const held = options.from ? Object.keys(options.from.state.inventory) : Object.keys(options.startInventory ?? {})
  const analysis = analyse(goal, rules, held)
  if (!analysis.tree.canObtain(goal)) {
    throw new NoPlanError(`${goal} cannot be obtained in the Sim's world`)
  }
  const maxStates = options.maxStates ?? 200_000
  const records: Array<{ parent: number; symbol: string }> = [{ parent: -1, symbol: '' }]
  const best = new Map<string, number>([[stateKey(start, analysis), 0]])
  // Buckets by f = g + h; last in, first out within a bucket, so ties go deeper (towards the goal) first.
  const buckets: Node[][] = []
  const push = (f: number, node: Node) => {
    const bucket = buckets[f] ?? []
    buckets[f] = bucket
    bucket.push(node)
  }
  push(estimate(start, goal, analysis), { world: start, g: 0, key: stateKey(start, analysis), record: 0 })
  for (let f = 0; f < buckets.length; f++) {
    const bucket = buckets[f] ?? []
    for (let node = bucket.pop(); node !== undefined; node = bucket.pop()) {
      if ((best.get(node.key) ?? Number.POSITIVE_INFINITY) < node.g) continue
      for (const primitive of candidates(node.world, analysis)) {
        const child = node.world.clone()
        if (!child.actNow(primitive).ok) continue
        const g = node.g + 1
        const key = stateKey(child, analysis)
        if ((best.get(key) ?? Number.POSITIVE_INFINITY) <= g) continue
        best.set(key, g)
        records.push({ parent: node.record, symbol: primitiveSymbol(primitive) })
        const record = records.length - 1
        if (reached(child)) {
          const plan = planOf(records, record)
          return { item: goal, length: plan.length, plan }
        }
        if (best.size >= maxStates) throw new NoPlanError(`no plan to ${goal} within ${maxStates} states`)
        push(Math.max(f, g + estimate(child, goal, analysis)), { world: child, g, key, record })
      }
    }
  }
  throw new NoPlanError(`no plan to ${goal} from this start`)
}

function planOf(nodes: ReadonlyArray<{ parent: number; symbol: string }>, last: number): string[] {
  const plan: string[] = []
  for (let i = last; i > 0; i = nodes[i]?.parent ?? 0) plan.unshift(nodes[i]?.symbol ?? '')
  return plan
}

function countOf(world: SimWorld, object: string): number {
  let n = 0
  for (const [name, count] of world.raw.inventory) if (matchesObject(object, name)) n += count
  return n
}

function capped(world: SimWorld, analysis: Analysis, items: readonly string[]): boolean {
  return items.every((item) => countOf(world, capKey(item)) >= (analysis.caps.get(capKey(item)) ?? 0))
}

function candidates(world: SimWorld, analysis: Analysis): Primitive[] {
  const { inventory, equipped } = world.raw
  const symbols: string[] = []
  const useful = (action: string) => !capped(world, analysis, analysis.makes.get(action) ?? [])
  for (const block of analysis.mine) {
    if (!useful(`mine.${block}`)) continue
    symbols.push(world.nearest(block) === undefined ? `explore.${block}` : `mine.${block}`)
  }
  for (const mob of analysis.kill) {
    if (!useful(`kill.${mob}`)) continue
    symbols.push(world.nearest(mob) === undefined ? `explore.${mob}` : `kill.${mob}`)
  }
  for (const item of analysis.fish) {
    if (useful(`fish.${item}`) && equipped === 'fishing_rod') {
      symbols.push(world.nearest('water') === undefined ? 'explore.water' : `fish.${item}`)
    }
  }
  for (const { target, tool } of analysis.use) {
    if (useful(`use.${target}`) && equipped === tool) {
      symbols.push(world.nearest(target) === undefined ? `explore.${target}` : `use.${target}`)
    }
  }
  for (const { crop, seed } of analysis.farm) {
    if (!useful(`mine.${crop}`)) continue
    const placed = world.raw.placed
    const fields = placed.filter((p) => p.block === 'farmland').length
    const growing = placed.filter((p) => p.block === crop).length
    const wanted =
      (analysis.caps.get(capKey(CROPS[crop]?.produce ?? crop)) ?? 1) - countOf(world, CROPS[crop]?.produce ?? crop)
    if (growing > 0) symbols.push(`mine.${crop}`)
    if (fields > 0 && inventory.has(seed)) symbols.push(`plant.${seed}`)
    if (fields + growing < wanted && equipped?.endsWith('_hoe')) symbols.push('use.grass_block')
  }
  const craftable = (object: string) =>
    (analysis.crafted.get(object) ?? []).some((item) =>
      world.rules
        .recipes(item)
        .some((recipe) => [...recipe.ingredients].every(([name, n]) => countOf(world, name) >= n)),
    )
  for (const item of analysis.craft) {
    if (useful(`craft.${item}`) && craftable(item)) symbols.push(`craft.${item}`)
  }
  for (const item of analysis.smelt) if (inventory.has(item) && useful(`smelt.${item}`)) symbols.push(`smelt.${item}`)
  for (const block of analysis.place) {
    if (inventory.has(block) && world.nearest(block) === undefined) symbols.push(`place.${block}`)
  }
  for (const tool of analysis.equip) {
    if (inventory.has(tool) && equipped !== tool) symbols.push(`equip.${tool}`)
  }
  return symbols.map((symbol) => parsePrimitive(symbol)).filter((p): p is Primitive => p !== undefined)
}

function stateKey(world: SimWorld, analysis: Analysis): string {
  const state = world.raw
  const fuel = state.placed.reduce((sum, placed) => sum + placed.fuel, 0)
  const parts: string[] = [String(state.level), state.equipped ?? '-', String(fuel)]
  const counts = new Map<string, number>()
  for (const [name, count] of state.inventory) counts.set(capKey(name), (counts.get(capKey(name)) ?? 0) + count)
  for (const [key, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const cap = analysis.caps.get(key)
    if (cap !== undefined) parts.push(`${key}:${Math.min(count, cap)}`)
  }
  let mask = ''
  for (const thing of analysis.sights) mask += world.nearest(thing) === undefined ? '0' : '1'
  parts.push(mask)
  // A field: how many plots are tilled and how many grow which crop.
  if (analysis.farm.length > 0)
    parts.push(state.placed.map((p) => (p.block === 'farmland' ? 'f' : p.block in CROPS ? p.block[0] : '')).join(''))
  return parts.join('|')
}
