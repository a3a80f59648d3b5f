// A player's chat with a bot whose world is the Sim: every chat command the plugin registers for skills and tasks
// runs through the real dispatcher, the agent acts in a SimWorld, and the test reads the lines the player sees.
// The mineflayer bot is a stand-in with only what those commands read of it (its inventory is the Sim's).
import { EventEmitter } from 'node:events'
import mcData from 'minecraft-data'
import { Vec3 } from 'vec3'
import { createLaws } from '../../plugin/agent/assembly.js'
import { BotAgent } from '../../plugin/agent/bot-agent.js'
import { CedarAgent } from '../../plugin/agent/cedar-agent.js'
import { CriticRunner } from '../../plugin/agent/critic/critic-runner.js'
import { afterCursor, type Trajectories } from '../../plugin/agent/critic/trajectory-log.js'
import type { Trajectory } from '../../plugin/agent/critic/types.js'
import { type TaskEnd, TaskRunner } from '../../plugin/agent/task-runner.js'
import { agentApi } from '../../plugin/cedar-plugin.js'
import { registerBuiltinCommands } from '../../plugin/chat/builtin-commands.js'
import { registerCriticCommands } from '../../plugin/chat/critic-commands.js'
import { CommandDispatcher } from '../../plugin/chat/dispatcher.js'
import { registerHandOverCommands } from '../../plugin/chat/hand-over-commands.js'
import { registerLtlCommands } from '../../plugin/chat/ltl-commands.js'
import { type Answer, ChatQuestions, registerAnswerCommands } from '../../plugin/chat/questions.js'
import { CommandRegistry } from '../../plugin/chat/registry.js'
import { registerSkillCommands } from '../../plugin/chat/skill-commands.js'
import { resolveOptions } from '../../plugin/config/options.js'
import { offlineGrounding } from '../../plugin/grounding/pipeline.js'
import type { RecordStore } from '../../plugin/store/record-store.js'
import type { QuestionAbout } from '../../plugin/teachers/player-teacher.js'
import { DEFAULT_RULES_VERSION, loadRules } from '../../plugin/world/rules.js'
import { SIM_BIOMES, SimWorld } from '../../plugin/world/sim/index.js'

export interface SimChat {
  /** The lines the bot says back to `line` (a whole command, prefix included). */
  say(line: string): Promise<string[]>
  readonly world: SimWorld
  readonly agent: BotAgent
  readonly tasks: TaskRunner
  /** What the bot logged (its own terms go there). */
  readonly logged: string[]
  /** How each task ended, in order (`cedarTaskEnd`). */
  readonly ends: TaskEnd[]
  /** The yes/no questions put to Alex, as he reads them. */
  readonly asked: string[]
}

export function openSimChat(
  store: RecordStore,
  options: {
    verbose?: boolean
    seed?: number
    laws?: readonly string[]
    /** What the bot holds at the start. */
    startInventory?: Readonly<Record<string, number>>
    /** Alex's answer to what a question asks, in symbols (default: he never answers). */
    answer?: (about: QuestionAbout | undefined) => Answer
  } = {},
): SimChat {
  const asked: string[] = []
  const rules = loadRules()
  const world = new SimWorld({
    seed: options.seed ?? 0,
    ...(options.startInventory ? { startInventory: options.startInventory } : {}),
  })
  const core = new CedarAgent({ rules, grounding: offlineGrounding(), library: store, biomes: SIM_BIOMES })
  const laws = createLaws({ lawSets: [], extraLaws: options.laws ?? [] })
  const agent = new BotAgent(world, laws.shield, store, () => core)
  const ends: TaskEnd[] = []
  const tasks = new TaskRunner({ onEnd: (_task, end) => ends.push(end) })
  const logged: string[] = []
  const logger = {
    info: (m: string) => logged.push(m),
    warn: (m: string) => logged.push(m),
    error: (m: string, e?: unknown) => logged.push(`${m}: ${(e as Error)?.stack}`),
  }
  const resolved = {
    ...resolveOptions({ owners: ['Alex'], verbose: options.verbose ?? false }),
    rateLimit: { commands: 1000, perSeconds: 1 },
    logger,
  }
  const bot = Object.assign(new EventEmitter(), {
    username: 'cedar',
    registry: mcData(DEFAULT_RULES_VERSION),
    players: {},
    entities: {},
    entity: { position: new Vec3(0, 64, 0) },
    inventory: {
      items: () => Object.entries(world.state.inventory).map(([name, count]) => ({ name, count })),
    },
  })
  const cedar = {
    options: resolved,
    agent: agentApi(agent),
    tasks,
    status: () => ({
      version: 'test',
      task: tasks.current && { ...tasks.current, runningMs: 0 },
      owners: ['Alex'],
      llm: 'none',
      llmUsage: { total: { requests: 0 }, instruction: { requests: 0 } },
    }),
    stop: (reason: string) => tasks.stop(reason),
    ask: async (
      _username: string,
      question: string,
      _timeoutMs: number,
      _signal?: AbortSignal,
      about?: QuestionAbout,
    ) => {
      asked.push(question)
      return options.answer?.(about) ?? 'timeout'
    },
  }
  const registry = new CommandRegistry()
  registerBuiltinCommands(registry, resolved.prefix)
  registerSkillCommands(registry, store)
  registerHandOverCommands(registry)
  registerLtlCommands(registry, resolved.prefix, laws)
  // !yes, !no and !skip as a player types them with no question open (the questions above are answered by `answer`).
  registerAnswerCommands(registry, new ChatQuestions())
  // !laws, !law and !critic run over the laws above; the critic itself proposes nothing here.
  const critic = new CriticRunner({ log: new TrajectoriesInMemory(), laws, critics: [] })
  registerCriticCommands(registry, resolved.prefix, { laws, critic: { run: () => critic.run(), runner: critic } })
  const dispatcher = new CommandDispatcher(registry, resolved, {
    run: async (command, invocation, reply) => {
      const context = { bot, cedar, username: invocation.username, channel: invocation.channel, reply }
      const result = await command.run(context as never, invocation.args as never)
      if (typeof result === 'string') reply(result)
    },
  })
  return {
    world,
    agent,
    tasks,
    logged,
    ends,
    asked,
    async say(line) {
      const replies: string[] = []
      await dispatcher.handle({ username: 'Alex', channel: 'chat', message: line }, (text) => replies.push(text))
      return replies
    },
  }
}

/** The critic's runs, kept in memory: nothing in these chats logs one, and a test leaves no files behind. */
class TrajectoriesInMemory implements Trajectories {
  readonly skipped = 0
  private readonly kept: Trajectory[] = []
  private cursor: string | undefined

  async append(trajectory: Trajectory): Promise<void> {
    this.kept.push(trajectory)
  }

  async list(): Promise<Trajectory[]> {
    return [...this.kept]
  }

  async sinceCursor(): Promise<Trajectory[]> {
    return afterCursor(this.kept, this.cursor)
  }

  async moveCursor(id: string): Promise<void> {
    this.cursor = id
  }
}
