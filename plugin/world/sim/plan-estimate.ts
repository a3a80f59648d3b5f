/**
 * The optimal-plan search's estimate of the steps still needed from a state: what the goal still needs, made
 * along the cheapest of its routes given what is held (a craft's surplus goes back to the pool), counting each
 * mine, craft, smelt and kill, one place for a crafting table or furnace that is not in sight, one equip when the
 * hand cannot mine something needed, and one explore when something to mine is on no block of this level (only
 * exploring changes level). Exploring for things on this level and fuel count nothing, so the estimate never
 * exceeds the true number of steps.
 */
import { type Analysis, capKey, type Route } from './plan-analysis.js'
import type { SimWorld } from './sim-world.js'

interface Tally {
  pool: Map<string, number>
  steps: number
  table: boolean
  furnace: boolean
  equip: boolean
  move: boolean
  tools: Set<string>
}

const copy = (t: Tally): Tally => ({ ...t, pool: new Map(t.pool), tools: new Set(t.tools) })

export function estimate(world: SimWorld, goal: string, analysis: Analysis): number {
  const state = world.raw
  const tableNear = world.nearest('crafting_table') !== undefined
  const furnaceNear = world.nearest('furnace') !== undefined

  const produce = (t: Tally, key: string, wanted: number, depth: number): void => {
    const have = t.pool.get(key) ?? 0
    const use = Math.min(have, wanted)
    t.pool.set(key, have - use)
    const n = wanted - use
    if (n <= 0) return
    const ways = analysis.routes.get(key) ?? []
    const [only] = ways
    if (only === undefined || depth > 24) {
      t.steps += n
    } else if (ways.length === 1) {
      apply(t, only, key, n, depth)
    } else {
      let best: Tally | undefined
      for (const way of ways) {
        const trial = copy(t)
        apply(trial, way, key, n, depth)
        if (!best || trial.steps < best.steps) best = trial
      }
      if (best) Object.assign(t, best)
    }
  }

  const apply = (t: Tally, way: Route, key: string, n: number, depth: number): void => {
    switch (way.kind) {
      case 'craft': {
        const crafts = Math.ceil(n / way.count)
        t.steps += crafts
        t.pool.set(key, (t.pool.get(key) ?? 0) + crafts * way.count - n)
        for (const [ingredient, count] of way.ingredients) produce(t, ingredient, crafts * count, depth + 1)
        if (way.needsTable && !tableNear) t.table = true
        return
      }
      case 'smelt':
        t.steps += n
        produce(t, way.input, n, depth + 1)
        if (!furnaceNear) t.furnace = true
        return
      case 'kill':
        t.steps += n
        return
      case 'use':
        t.steps += n
        if (state.equipped !== way.tool) t.equip = true
        if (!t.tools.has(way.tool) && (t.pool.get(way.tool) ?? 0) === 0) {
          t.tools.add(way.tool)
          produce(t, way.tool, 1, depth + 1)
        }
        return
      case 'farm':
        // Till, plant, harvest each.
        t.steps += 3 * n
        if (state.equipped === undefined || !state.equipped.endsWith('_hoe')) t.equip = true
        if (!t.tools.has(way.hoe) && (t.pool.get(way.hoe) ?? 0) === 0) {
          t.tools.add(way.hoe)
          produce(t, way.hoe, 1, depth + 1)
        }
        produce(t, way.seed, n, depth + 1)
        return
      case 'fish':
        t.steps += n
        if (state.equipped !== 'fishing_rod') t.equip = true
        if (!t.tools.has('fishing_rod') && (t.pool.get('fishing_rod') ?? 0) === 0) {
          t.tools.add('fishing_rod')
          produce(t, 'fishing_rod', 1, depth + 1)
        }
        return
      case 'mine': {
        t.steps += n
        if (!way.levels.has(state.level)) t.move = true
        const harvests = (tool: string | undefined) =>
          way.tools.length === 0 || (tool !== undefined && way.tools.includes(tool))
        if (!harvests(state.equipped)) t.equip = true
        const toolHeld = [...t.pool].some(([name, count]) => count > 0 && harvests(name))
        if (!toolHeld && way.tool !== undefined && !t.tools.has(way.tool)) {
          t.tools.add(way.tool)
          produce(t, way.tool, 1, depth + 1)
        }
        return
      }
    }
  }

  const pool = new Map<string, number>()
  for (const [name, n] of state.inventory) pool.set(capKey(name), (pool.get(capKey(name)) ?? 0) + n)
  const t: Tally = { pool, steps: 0, table: false, furnace: false, equip: false, move: false, tools: new Set() }
  produce(t, capKey(goal), 1, 0)
  // A workstation must be made, but placing it is free: craft and smelt place one from the inventory themselves.
  if (t.furnace) produce(t, 'furnace', 1, 1)
  if (t.table) produce(t, 'crafting_table', 1, 1)
  return t.steps + (t.equip ? 1 : 0) + (t.move ? 1 : 0)
}
