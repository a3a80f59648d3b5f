/**
 * The LogicGuard actor prompts (Appendix A.4: the Minecraft actor's context prompt and the prompt given at each
 * timestep, with the InnerMonologue feedback of the Behavior actor: the critic's refusals, the failed actions, the
 * last successful one, "do not repeat"), adapted to our symbols. Pure functions from data to message text.
 *
 * One deliberate departure: the paper's actor answers with a line of JavaScript (`await mineBlock(bot, "oak_log")`)
 * that is executed. Model output is data here, never code: the actor names one action symbol from the list it is
 * given, in JSON, and the reply is validated against that list before anything runs.
 */
import type { ChatMessage } from '../../llm/llm-client.js'
import { parseSymbol } from '../../vocabulary/symbols.js'
import type { Observation } from '../../world/port.js'

/** The reply shape the actor is asked for, quoted in the prompt and in the actor's complaint about a bad reply. */
export const ACTOR_REPLY_FORMAT = '{"thinking": "<free-form reasoning>", "action": "<one action from the list>"}'

/** What the actor has been told since the state last changed, and before (InnerMonologue's feedback). */
export interface ActorFeedback {
  /** Actions the shield refused in this state, with the laws that refused them (the critic's feedback). */
  readonly refused: readonly { readonly action: string; readonly laws: string }[]
  /** The most recent failed actions, with the environment's error. */
  readonly failed: readonly { readonly action: string; readonly error: string }[]
  readonly lastSuccess: string | undefined
  /** The last act's execution error, when it failed. */
  readonly lastError: string | undefined
  /** The actor's own reasoning from the last round (its inner monologue). */
  readonly lastThinking: string | undefined
  /** Why its last reply could not be used, when it could not. */
  readonly lastProblem: string | undefined
}

export interface ActorPromptInput {
  readonly task: string
  readonly observation: Observation
  /** The actions it may choose from (the shield and the task's automaton allow them). */
  readonly actions: readonly string[]
  readonly feedback: ActorFeedback
}

/** Blocks the bot may want to find, named in "Nearby blocks" when in sight. */
const WORKSTATIONS = ['crafting_table', 'furnace']
const SIGHT = 32

const ACTION_HELP = [
  '- `mine.x` collects a block `x` (`mine.logs` is any log); stone needs a wooden pickaxe or better in hand, iron_ore a stone pickaxe or better, diamond_ore an iron pickaxe.',
  '- `craft.x` crafts the item `x` from the inventory; pickaxes and furnaces need a crafting table near (one held is placed).',
  '- `smelt.x` smelts `x` (raw_iron into an iron ingot) in a furnace (one held is placed) with fuel from the inventory.',
  '- `equip.x` takes the item `x` in hand.',
  '- `explore.x` walks until a block `x` is in sight.',
  '- `place.x` places the block `x`; `kill.x` fights the creature `x`; `eat.x` eats `x`; `sleep.bed` sleeps at night.',
]

/** The context prompt (system) and the timestep prompt (user) of one decision. */
export function actorMessages(input: ActorPromptInput): ChatMessage[] {
  const system = [
    'You are a helpful assistant that chooses the next primitive action of a Minecraft bot, to complete the task I give you.',
    '',
    'At each round of conversation, I will give you',
    'Response from the last round: ...',
    'Execution error: ...',
    'Biome: ...',
    'Time: ...',
    `Nearby blocks: ... (blocks in sight, within ${SIGHT} blocks, with their distance; a block not listed must be explored for)`,
    'Health: ...',
    'Hunger: ...',
    'Position: ...',
    'Equipment: ...',
    'Inventory: ... (every item in the inventory, with its count)',
    'Task: ...',
    'Actions: ... (the actions you may choose from now)',
    'Critique: ... (actions your critic blocked, with the LTL law that blocked each)',
    'Previous failed actions: ...',
    '',
    'You should then respond to me with',
    'Thinking: think out loud in natural language about what you observe, what you need to accomplish, and what you should do next. This should be free-form reasoning, not a structured list.',
    'Action: exactly one of the listed actions, spelled as listed. The actions are:',
    ...ACTION_HELP,
    '',
    'The feedback includes instructions from your critic (an LTL law), which block certain actions that it thinks will lead to failure, and the actions that failed before.',
    'If an action failed, use the feedback to guide your next choice.',
    'DO NOT REPEAT AN ACTION IF THE CRITIC HAS BLOCKED IT OR IF IT HAS FAILED BEFORE.',
    '',
    'You should only respond with one JSON object and nothing else:',
    ACTOR_REPLY_FORMAT,
  ].join('\n')
  const o = input.observation
  const f = input.feedback
  const user = [
    `Response from the last round: ${f.lastThinking ?? 'None'}`,
    `Execution error: ${f.lastError ?? 'None'}`,
    `Biome: ${o.biome ?? 'unknown'}`,
    `Time: ${o.isNight ? 'night' : 'day'}`,
    `Nearby blocks: ${nearbyBlocks(o, input.actions) || 'None'}`,
    `Health: ${o.health}/20`,
    `Hunger: ${o.food}/20`,
    `Position: (${Math.round(o.position.x)}, ${Math.round(o.position.y)}, ${Math.round(o.position.z)})`,
    `Equipment: Hand: ${o.equipped ?? 'empty'}`,
    `Inventory: ${inventoryLine(o) || 'empty'}`,
    `Task: ${input.task}`,
    `Actions: ${input.actions.join(', ')}`,
    `Critique: ${f.refused.length > 0 ? f.refused.map((r) => `${r.action} is blocked by ${r.laws}`).join('; ') : 'None'}`,
    `Previous failed actions: ${f.failed.length > 0 ? f.failed.map((x) => `${x.action} (${x.error})`).join('; ') : 'None'}`,
    `Previous successful action: ${f.lastSuccess ?? 'None'}`,
    ...(f.lastProblem
      ? [`Your last reply could not be used: ${f.lastProblem}. Reply with ${ACTOR_REPLY_FORMAT}.`]
      : []),
    '',
    'Please output A SINGLE ACTION from the list that makes progress towards the task, in the JSON format.',
  ].join('\n')
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ]
}

function inventoryLine(o: Observation): string {
  return [...o.inventory]
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, n]) => `${name} (${n})`)
    .join(', ')
}

/** The blocks the actions are about (and the workstations), those in sight with their distance. */
function nearbyBlocks(o: Observation, actions: readonly string[]): string {
  const objects = new Set(WORKSTATIONS)
  for (const action of actions) {
    const parsed = parseSymbol(action)
    if (parsed && (parsed.verb === 'mine' || parsed.verb === 'explore') && parsed.object !== 'any') {
      objects.add(parsed.object)
    }
  }
  return [...objects]
    .flatMap((name) => {
      const distance = o.nearest(name, SIGHT)
      return distance === undefined ? [] : [`${name} (${Math.round(distance)} blocks)`]
    })
    .join(', ')
}
