// A simulated actor LLM on 127.0.0.1 for the critic bench and the tests: an OpenAI-compatible server that answers the
// LLM actor's prompt (plugin/agent/actor/actor-prompts.ts) from the prompt's text alone. Its policy is Minecraft
// know-how written by hand — the recipe chain to a diamond, read against the inventory, the hand and the blocks in
// sight that the prompt lists — not our planner (it never sees the world, the Sim's map or optimalPlan). It makes
// persistent mistakes at a stated rate: a seeded hash of the prompt's state, its critique and how often that state
// was asked about decides, so a rerun makes the same mistakes, as a model at low temperature does; and a share of its
// replies is garbage (code, as the paper's actor writes it, or prose). It heeds the feedback: an action listed as
// blocked, or whose error the prompt shows, is not its choice.
import { uniformHash } from '../plugin/learning/simulated.js'
import { type ChatRequest, lastUser, startFakeOpenAi } from './fake-openai.js'

export interface SimulatedActorOptions {
  /** The share of states in which it picks a wrong action instead of its know-how's. Default 0.25. */
  readonly errorRate?: number
  /** The share of replies that are garbage (not a JSON action). Default 0.03. */
  readonly garbageRate?: number
  readonly seed?: number
  /** A test's scripted model: its reply to an actor prompt, or undefined to answer by the policy. */
  readonly script?: (request: ChatRequest, prompt: PromptState) => string | undefined
}

export interface SimulatedActor {
  readonly baseURL: string
  readonly counts: { requests: number; mistakes: number; garbage: number }
  close(): Promise<void>
}

/** The policy and error rates in words, for the bench's output. */
export function describeSimulatedActor(options: SimulatedActorOptions = {}): string {
  const p = options.errorRate ?? 0.25
  const g = options.garbageRate ?? 0.03
  return (
    'simulated actor LLM on loopback (the real `openai` client): its policy is hand-written Minecraft know-how over ' +
    'the prompt’s text (the recipe chain to a diamond against the listed inventory, hand and blocks in sight; not our ' +
    `planner, which it never sees); in ${(100 * p).toFixed(0)}% of decisions it picks another offered action at ` +
    'random instead (persistent: a seeded hash of the state, the critique and how often that state was asked about ' +
    'decides, so a rerun makes every mistake again); it never picks an ' +
    `action the critique lists as blocked, nor the one that just failed; ${(100 * g).toFixed(0)}% of its replies are garbage (code or prose), ` +
    'asked again once, then the planner’s step is taken'
  )
}

/** The lines of the actor's timestep prompt, by their label. */
function field(user: string, label: string): string {
  return new RegExp(`^${label}: (.*)$`, 'm').exec(user)?.[1] ?? ''
}

export interface PromptState {
  readonly inventory: ReadonlyMap<string, number>
  readonly hand: string
  readonly sees: ReadonlySet<string>
  readonly actions: readonly string[]
  readonly blocked: ReadonlySet<string>
  /** The action whose error the prompt shows (the last act failed). */
  readonly failedNow: string | undefined
  readonly key: string
}

export function readActorPrompt(request: ChatRequest): PromptState | undefined {
  const system = request.messages.find((m) => m.role === 'system')?.content ?? ''
  if (!system.startsWith('You are a helpful assistant that chooses the next primitive action')) return undefined
  const user = lastUser(request)
  const inventory = new Map<string, number>()
  for (const match of field(user, 'Inventory').matchAll(/([a-z0-9_]+) \((\d+)\)/g)) {
    inventory.set(match[1] ?? '', Number(match[2]))
  }
  const sees = new Set(
    [...field(user, 'Nearby blocks').matchAll(/([a-z0-9_]+) \(\d+ blocks\)/g)].map((m) => m[1] ?? ''),
  )
  const actions = field(user, 'Actions')
    .split(', ')
    .filter((a) => a !== '')
  const blocked = new Set(
    [...field(user, 'Critique').matchAll(/(?:^|; )([a-z_]+\.[a-z0-9_]+) is blocked by/g)].map((m) => m[1] ?? ''),
  )
  const hand = field(user, 'Equipment').replace(/^Hand: /, '')
  const key = [
    field(user, 'Inventory'),
    hand,
    field(user, 'Nearby blocks').replace(/ \(\d+ blocks\)/g, ''),
    field(user, 'Critique'),
    field(user, 'Previous failed actions'),
  ].join('|')
  const failedNow = /^([a-z_]+\.[a-z0-9_]+): /.exec(field(user, 'Execution error'))?.[1]
  return { inventory, hand, sees, actions, blocked, failedNow, key }
}

const PICKAXES = ['iron_pickaxe', 'stone_pickaxe', 'wooden_pickaxe']

/** The know-how: the next action towards a diamond, from what the prompt says (undefined: nothing it knows to do). */
export function knowHow(s: Pick<PromptState, 'inventory' | 'hand' | 'sees'>): string | undefined {
  const count = (test: (name: string) => boolean) =>
    [...s.inventory].reduce((n, [name, k]) => (test(name) ? n + k : n), 0)
  const n = (item: string) => count((name) => name === item)
  const logs = count((name) => name.endsWith('_log'))
  const planks = count((name) => name.endsWith('_planks'))
  const cobble = n('cobblestone') + n('cobbled_deepslate')
  const table = n('crafting_table') > 0 || s.sees.has('crafting_table')
  const furnace = n('furnace') > 0 || s.sees.has('furnace')
  const pickaxe = PICKAXES.find((p) => n(p) > 0)
  /** Mines `block` with `tool` (or better) in hand, exploring for it when it is not in sight. */
  const mineWith = (block: string, tools: readonly string[]): string => {
    const tool = tools.find((t) => n(t) > 0)
    if (tool && s.hand !== tool && !tools.includes(s.hand)) return `equip.${tool}`
    return s.sees.has(block) ? `mine.${block}` : `explore.${block}`
  }
  const needPlanks = (k: number): string | undefined =>
    planks >= k ? undefined : logs > 0 ? 'craft.planks' : mineWith('logs', [])
  const needSticks = (): string | undefined => (n('stick') >= 2 ? undefined : (needPlanks(2) ?? 'craft.stick'))
  const needTable = (): string | undefined => (table ? undefined : (needPlanks(4) ?? 'craft.crafting_table'))
  const craftAtTable = (item: string): string => needSticks() ?? needTable() ?? `craft.${item}`
  if (n('diamond') > 0) return undefined
  if (n('iron_pickaxe') > 0) return mineWith('diamond_ore', ['iron_pickaxe'])
  if (n('iron_ingot') >= 3) return craftAtTable('iron_pickaxe')
  if (n('raw_iron') + n('iron_ingot') >= 3) {
    if (!furnace) return cobble >= 8 ? (needTable() ?? 'craft.furnace') : mineWith('stone', PICKAXES)
    if (n('coal') === 0 && planks === 0) {
      return s.sees.has('coal_ore') && pickaxe ? mineWith('coal_ore', PICKAXES) : (needPlanks(1) as string)
    }
    return 'smelt.raw_iron'
  }
  if (n('stone_pickaxe') > 0) return mineWith('iron_ore', ['stone_pickaxe', 'iron_pickaxe'])
  if (n('wooden_pickaxe') > 0) {
    if (cobble < 3) return mineWith('stone', PICKAXES)
    return craftAtTable('stone_pickaxe')
  }
  return needPlanks(3) ?? craftAtTable('wooden_pickaxe')
}

const GARBAGE = [
  'Thinking: I need wood first.\nCode:\n```javascript\nawait mineBlock(bot, "oak_log");\n```',
  'I would mine some logs now.',
  '{"thinking": "more iron", "action": "mine.iron"}',
]

export async function startSimulatedActorLlm(options: SimulatedActorOptions = {}): Promise<SimulatedActor> {
  const errorRate = options.errorRate ?? 0.25
  const garbageRate = options.garbageRate ?? 0.03
  const seed = options.seed ?? 0
  const counts = { requests: 0, mistakes: 0, garbage: 0 }
  /** How often each prompt state was asked about: a state met again is judged afresh (its n-th visit, persistently). */
  const visits = new Map<string, number>()
  const server = await startFakeOpenAi((request) => {
    counts.requests++
    const prompt = readActorPrompt(request)
    // Any other request (grounding, a critic): `{}`, which the plugin answers offline instead.
    if (!prompt) return '{}'
    const scripted = options.script?.(request, prompt)
    if (scripted !== undefined) return scripted
    // A garbage reply is keyed on the request (a re-ask says its last reply could not be used, so it differs).
    const user = lastUser(request)
    if (uniformHash(seed, `garbage\u0002${user}`) < garbageRate) {
      counts.garbage++
      return GARBAGE[Math.floor(uniformHash(seed + 1, user) * GARBAGE.length)] as string
    }
    // It heeds the critique and the last error ("do not repeat an action the critic blocked or that failed").
    const open = prompt.actions.filter((a) => !prompt.blocked.has(a) && a !== prompt.failedNow)
    const wise = knowHow(prompt)
    let action = wise !== undefined && open.includes(wise) ? wise : undefined
    const visit = (visits.get(prompt.key) ?? 0) + 1
    visits.set(prompt.key, visit)
    const key = `${prompt.key}\u0002${visit}`
    if (action === undefined || uniformHash(seed, `mistake\u0002${key}`) < errorRate) {
      const others = open.filter((a) => a !== wise)
      const pick = others[Math.floor(uniformHash(seed + 2, key) * others.length)]
      if (pick !== undefined) {
        if (action !== undefined) counts.mistakes++
        action = pick
      }
    }
    return JSON.stringify({ thinking: `towards a diamond: ${wise ?? 'nothing I know of'}`, action: action ?? 'none' })
  })
  return { baseURL: server.baseURL, counts, close: () => server.close() }
}
