// A tunnel to a known block planned before the first dig: A* over the bot's standing positions, each move a safe
// step (tunnel-steps.ts) down, level or up in one of four directions, each dug block costing as much as a step.
// A greedy tunnel (the step nearest the block each time, no memory of where it has been) goes back and forth in
// front of an obstacle without getting past it, and fails at once where the nearest step is unsafe but a way round
// is not; a plan over the whole neighbourhood finds the way round.
import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import type { Vec3 } from 'vec3'
import type { BiomeFence } from './biome-fence.js'
import {
  type BlockReader,
  HORIZONTAL,
  isAir,
  isSafe,
  NEIGHBOURS,
  REACH,
  type Step,
  type StepKind,
  stepOf,
} from './tunnel-steps.js'

/** A planned step, with where the bot stands before it (to see that the bot is where the plan expects). */
export interface PlannedStep extends Step {
  readonly from: Vec3
}

export interface TunnelPlan {
  /** The steps, in order: empty when the bot can already reach the block, undefined when no tunnel was found. */
  readonly steps: readonly PlannedStep[] | undefined
  /** Positions searched. */
  readonly searched: number
}

/** Positions searched before the planner gives up (a few hundred is usual within the 32 blocks the bot knows). */
export const MAX_SEARCHED = 6000
/** Positions searched between two yields to the event loop: the bot's keep-alives and physics go on. */
const SLICE = 150
const KINDS: readonly StepKind[] = ['down', 'level', 'up']
const EYE = 1.62
const ESTIMATE_PER_BLOCK = 4

/** Whether a bot standing at `feet` could dig `target`: in reach, not straight below, open on a side or beside it. */
export function reachesFrom(bot: Bot, feet: Vec3, target: Vec3, read: BlockReader = (p) => bot.blockAt(p)): boolean {
  if (target.x === feet.x && target.z === feet.z && target.y < feet.y) return false
  const eyes = feet.offset(0.5, EYE, 0.5)
  if (eyes.distanceTo(target.offset(0.5, 0.5, 0.5)) > REACH) return false
  const head = feet.offset(0, 1, 0)
  return NEIGHBOURS.some(([dx, dy, dz]) => {
    const side = target.offset(dx, dy, dz)
    return side.equals(feet) || side.equals(head) || isAir(read(side))
  })
}

/**
 * The cheapest safe tunnel from the bot's feet to a position from which `target` is in reach, or no steps when
 * none is found within `maxSearched` positions. Asynchronous only to yield: it reads the world as it is now.
 */
export async function planTunnel(
  bot: Bot,
  fence: BiomeFence,
  target: Vec3,
  signal: AbortSignal,
  maxSearched = MAX_SEARCHED,
): Promise<TunnelPlan> {
  const start = bot.entity.position.floored()
  const key = (p: Vec3) => `${p.x},${p.y},${p.z}`
  // A step through stone costs 3 or 4 (a walk and two or three digs) and brings the bot 1 to √2 blocks nearer: an
  // estimate of 4 a block overestimates, where the way is open most, and keeps the search to the places that lie
  // towards the block, nearly greedy (at 1/√2 a block, never over, a search for an ore 8 blocks off read 1,500
  // places; at 2.5, one for a diamond 30 blocks off and 26 down gave up after 6,000). The tunnel may be a little
  // longer than the best.
  const estimate = (p: Vec3) =>
    ESTIMATE_PER_BLOCK * Math.max(0, p.offset(0.5, EYE, 0.5).distanceTo(target.offset(0.5, 0.5, 0.5)) - REACH)
  // Each place is read by up to a dozen steps' checks: read once.
  const blocks = new Map<string, Block | null>()
  const read: BlockReader = (p) => {
    const at = key(p)
    let block = blocks.get(at)
    if (block === undefined) {
      block = bot.blockAt(p)
      blocks.set(at, block)
    }
    return block
  }
  const cost = new Map<string, number>([[key(start), 0]])
  const cameBy = new Map<string, PlannedStep>()
  const open = new MinHeap<Vec3>()
  open.push(start, estimate(start))
  const closed = new Set<string>()
  let searched = 0
  while (open.size > 0) {
    const feet = open.pop() as Vec3
    const at = key(feet)
    if (closed.has(at)) continue
    closed.add(at)
    if (reachesFrom(bot, feet, target, read)) return { steps: unwind(cameBy, at, key), searched }
    if (++searched >= maxSearched || signal.aborted) break
    if (searched % SLICE === 0) await new Promise((resolve) => setImmediate(resolve))
    const here = cost.get(at) ?? 0
    for (const [dx, dz] of HORIZONTAL) {
      for (const kind of KINDS) {
        const step = stepOf(feet, dx, dz, kind)
        const to = key(step.stand)
        if (closed.has(to) || !isSafe(bot, fence, step, feet, read)) continue
        const digs = step.clear.filter((p) => !isAir(read(p))).length
        const total = here + 1 + digs
        if (total >= (cost.get(to) ?? Number.POSITIVE_INFINITY)) continue
        cost.set(to, total)
        cameBy.set(to, { ...step, from: feet })
        open.push(step.stand, total + estimate(step.stand))
      }
    }
  }
  return { steps: undefined, searched }
}

function unwind(cameBy: Map<string, PlannedStep>, end: string, key: (p: Vec3) => string): PlannedStep[] {
  const steps: PlannedStep[] = []
  for (let step = cameBy.get(end); step; step = cameBy.get(key(step.from))) steps.push(step)
  return steps.reverse()
}

/** A binary min-heap of items by priority. */
class MinHeap<T> {
  private readonly items: { item: T; priority: number }[] = []

  get size(): number {
    return this.items.length
  }

  push(item: T, priority: number): void {
    const items = this.items
    items.push({ item, priority })
    for (let i = items.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1
      if ((items[parent]?.priority ?? 0) <= priority) break
      ;[items[i], items[parent]] = [items[parent] as (typeof items)[0], items[i] as (typeof items)[0]]
      i = parent
    }
  }

  pop(): T | undefined {
    const items = this.items
    const top = items[0]
    const last = items.pop()
    if (items.length > 0 && last) {
      items[0] = last
      for (let i = 0; ; ) {
        const [l, r] = [2 * i + 1, 2 * i + 2]
        let least = i
        if ((items[l]?.priority ?? Number.POSITIVE_INFINITY) < (items[least]?.priority ?? 0)) least = l
        if ((items[r]?.priority ?? Number.POSITIVE_INFINITY) < (items[least]?.priority ?? 0)) least = r
        if (least === i) break
        ;[items[i], items[least]] = [items[least] as (typeof items)[0], items[i] as (typeof items)[0]]
        i = least
      }
    }
    return top?.item
  }
}
