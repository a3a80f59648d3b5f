// The everyday requests of issue 36 ("Everyday Minecraft I"): the 30 a new player tried first, and 30 more of the
// same kind, each run as `cedar sim do "<request>" --seed S --offline` (the shield on: the bot's default laws).
// test/everyday-sim.test.ts asserts the goals; `node --import tsx test/support/everyday-requests.ts` prints a table per seed.
import { runCedar } from '../../plugin/cli/program.js'

/**
 * A request as a player types it, and what reaching its goal means: the item held at the end (`has.<item>`), or a
 * kind of it (`fish`: cod, salmon or another fish; `logs`, `wool`, `hoe`: any of them; `cooked_fish`: cod or salmon).
 */
export type Request = readonly [request: string, item: string]

const KINDS: Readonly<Record<string, RegExp>> = {
  fish: /^(cod|salmon|tropical_fish|pufferfish|fish)$/,
  cooked_fish: /^cooked_(cod|salmon)$/,
  logs: /(_log|^logs)$/,
  wool: /(_wool|^wool)$/,
  hoe: /_hoe$/,
}

/** Whether the goal a run reached (`has.X.n`) is the item the request asked for. */
export function rightItem(goal: string, item: string): boolean {
  const reached = /^has\.([a-z0-9_]+)\.\d+$/.exec(goal)?.[1]
  if (reached === undefined) return false
  return reached === item || (KINDS[item]?.test(reached) ?? false)
}

/** The issue's 30 requests, as a player typed them. */
export const ISSUE_REQUESTS: readonly Request[] = [
  ['make bread', 'bread'],
  ['collect 5 wheat', 'wheat'],
  ['get a golden apple', 'golden_apple'],
  ['get some apples', 'apple'],
  ['get me a bucket of water', 'water_bucket'],
  ['catch a fish', 'fish'],
  ['make glass', 'glass'],
  ['make 16 torches', 'torch'],
  ['make a white bed', 'white_bed'],
  ['kill a cow', 'beef'],
  ['kill a zombie', 'rotten_flesh'],
  ['get some wood', 'logs'],
  ['make a crafting table', 'crafting_table'],
  ['make a wooden pickaxe', 'wooden_pickaxe'],
  ['make a stone pickaxe', 'stone_pickaxe'],
  ['make an iron pickaxe', 'iron_pickaxe'],
  ['get a diamond', 'diamond'],
  ['make a furnace', 'furnace'],
  ['get 10 cobblestone', 'cobblestone'],
  ['make some sticks', 'stick'],
  ['make a chest', 'chest'],
  ['make an iron sword', 'iron_sword'],
  ['get some coal', 'coal'],
  ['get 3 iron ingots', 'iron_ingot'],
  ['make a bucket', 'bucket'],
  ['make a shield', 'shield'],
  ['make a stone axe', 'stone_axe'],
  ['make a wooden sword', 'wooden_sword'],
  ['get some sand', 'sand'],
  ['make a ladder', 'ladder'],
]

/** Requests of the same kind, written for this issue: farming, buckets, fishing, shearing and the furnace. */
export const OWN_REQUESTS: readonly Request[] = [
  ['make 4 glass', 'glass'],
  ['cook the beef', 'cooked_beef'],
  ['cook a chicken', 'cooked_chicken'],
  ['get a bucket of lava', 'lava_bucket'],
  ['get a bucket of milk', 'milk_bucket'],
  ['make some charcoal', 'charcoal'],
  ['make some smooth stone', 'smooth_stone'],
  ['make a brick', 'brick'],
  ['get 5 seeds', 'wheat_seeds'],
  ['cook some mutton', 'cooked_mutton'],
  ['cook a porkchop', 'cooked_porkchop'],
  ['get some wool', 'wool'],
  ['make a fishing rod', 'fishing_rod'],
  ['catch a salmon', 'salmon'],
  ['cook a fish', 'cooked_fish'],
  ['make a hoe', 'hoe'],
  ['get some bone meal', 'bone_meal'],
  ['get some leather', 'leather'],
  ['make a glass bottle', 'glass_bottle'],
  ['make a glass pane', 'glass_pane'],
  ['get some stone', 'stone'],
  ['make flint and steel', 'flint_and_steel'],
  ['make a compass', 'compass'],
  ['make a bowl', 'bowl'],
  ['make a hay bale', 'hay_block'],
  ['get 3 bread', 'bread'],
  ['get an apple', 'apple'],
  ['fill a bucket with water', 'water_bucket'],
  ['make a cauldron', 'cauldron'],
  ['get some wheat seeds', 'wheat_seeds'],
]

export interface RequestResult {
  readonly request: string
  readonly seed: number
  /** The goal reached, and it is the item asked for. */
  readonly goal: boolean
  /** The goal event the run worked towards (`has.glass.1`), when it ran. */
  readonly reached: string
  readonly outcome: string
  readonly message: string
  readonly actions: number
}

/** One `cedar sim do "<request>" --seed S --offline --json`, in this process. */
export async function runRequest([request, item]: Request, seed: number): Promise<RequestResult> {
  let stdout = ''
  let stderr = ''
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: (async function* () {})(),
    env: {},
    setExitCode: () => {},
    exit: () => {},
  }
  await runCedar(['sim', 'do', request, '--seed', String(seed), '--offline', '--json'], io)
  try {
    const report = JSON.parse(stdout) as { goal: boolean; outcome: string; message: string; steps: unknown[] }
    const reached = /^done: (\S+)/.exec(report.message)?.[1] ?? ''
    return {
      request,
      seed,
      goal: report.goal && rightItem(reached, item),
      reached,
      outcome: report.outcome,
      message: report.message,
      actions: report.steps.length,
    }
  } catch {
    return { request, seed, goal: false, reached: '', outcome: 'error', message: (stderr || stdout).trim(), actions: 0 }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seeds = (process.env.SEEDS ?? '0,1,2,3,4').split(',').map(Number)
  const only = process.argv.slice(2)
  const all = [...ISSUE_REQUESTS, ...OWN_REQUESTS]
  const requests = only.length > 0 ? all.filter(([r]) => only.includes(r)) : all
  const reached = new Map<number, number>()
  for (const request of requests) {
    const results = []
    for (const seed of seeds) {
      const r = await runRequest(request, seed)
      results.push(r)
      if (r.goal) reached.set(seed, (reached.get(seed) ?? 0) + 1)
    }
    const marks = results.map((r) => (r.goal ? '✓' : '✗')).join('')
    const first = results.find((r) => !r.goal)
    const why =
      first &&
      (first.outcome === 'goal' ? `reached ${first.reached}, not ${request[1]}` : `${first.outcome}: ${first.message}`)
    process.stdout.write(`${marks} ${request[0]}${why ? ` — ${why}` : ''}\n`)
  }
  process.stdout.write(`reached per seed: ${seeds.map((s) => `${s}: ${reached.get(s) ?? 0}`).join(', ')}\n`)
}
