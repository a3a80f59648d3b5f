import type { Bot } from 'mineflayer'
import { plugin as collectBlock } from 'mineflayer-collectblock'
import pathfinderModule from 'mineflayer-pathfinder'
import type { AgentProgress, LawBook, WorldLessons } from './agent/index.js'
import { assembleBotAgent, type BotAgent, TaskRunner } from './agent/index.js'
import type { CedarAgentApi, CedarApi, CedarStatus, ExecuteOptions, LawInfo, LawsView } from './cedar-api.js'
import { publicProgress, publicReport, skillSummary } from './cedar-reports.js'
import { registerBuiltinCommands } from './chat/builtin-commands.js'
import { registerCriticCommands } from './chat/critic-commands.js'
import { CommandDispatcher, type DispatcherHooks } from './chat/dispatcher.js'
import { registerHandOverCommands } from './chat/hand-over-commands.js'
import { registerLtlCommands } from './chat/ltl-commands.js'
import { answersOpenQuestion, ChatQuestions, registerAnswerCommands } from './chat/questions.js'
import { CommandRegistry } from './chat/registry.js'
import { attachChatRouter } from './chat/router.js'
import { registerSkillCommands } from './chat/skill-commands.js'
import { storeForPeople } from './config/data-dir.js'
import {
  type CedarOptions,
  describeLlm,
  parseOwners,
  type ResolvedCedarOptions,
  resolveOptions,
} from './config/options.js'
import { type RunningConsole, startConsole } from './console/console-server.js'
import { symbolProblem } from './grounding/validate.js'
import { type LlmUsageReport, NO_LLM_USAGE, usageSince } from './llm/llm-usage.js'
import { CEDAR_VERSION } from './version.js'
import { actWords } from './vocabulary/player-words.js'
import { isActionSymbol, primitiveSymbol } from './vocabulary/symbols.js'
import { installBotMethodGuard } from './world/bot-method-guard.js'
import { observeBot } from './world/mineflayer-observation.js'
import { MineflayerWorld } from './world/mineflayer-world.js'
import { forgetPlayersWhoLeave, haltMotion } from './world/pathfinding.js'
import { actValuation, observationValuation } from './world/predicates.js'

const { pathfinder } = pathfinderModule

/**
 * A configured plugin: `bot.loadPlugin(createCedar({ owners: ['Alex'] }))`. Options are validated here, when the
 * script starts, so a typo fails loudly (CedarOptionsError) before any bot connects.
 */
export function createCedar(options: CedarOptions = {}): (bot: Bot) => void {
  const resolved = resolveOptions(options)
  return (bot: Bot) => installCedar(bot, resolved)
}

/** The plugin with default options (owners from CEDAR_OWNERS when set). */
export function cedar(bot: Bot): void {
  installCedar(bot, resolveOptions({ owners: parseOwners(process.env.CEDAR_OWNERS) }))
}

function installCedar(bot: Bot, options: ResolvedCedarOptions): void {
  if (bot.cedar) throw new Error('mineflayer-cedar is already loaded on this bot')
  if (options.loadDependencies) {
    // hasPlugin only knows plugin functions it loaded itself, so check the namespaces they create as well.
    if (!bot.pathfinder && !bot.hasPlugin(pathfinder)) bot.loadPlugin(pathfinder)
    if (!bot.collectBlock && !bot.hasPlugin(collectBlock)) bot.loadPlugin(collectBlock)
  }

  const symbolCheck = (symbol: string) => symbolProblem(symbol, bot.registry)
  // What the LLM cost since the bot started, and at the start of the current instruction (`!status`, the event).
  const usage = { total: NO_LLM_USAGE, atTaskStart: NO_LLM_USAGE }
  const llmUsage = (): LlmUsageReport => ({
    total: usage.total,
    instruction: usageSince(usage.total, usage.atTaskStart),
  })
  const assembly = assembleBotAgent(options, {
    symbolProblem: symbolCheck,
    onLawDropped: (monitor, reason) => bot.emit('cedarLawDropped', monitor.id, reason),
    onCriticRound: (report) => bot.emit('cedarCriticRound', report),
    registryVersion: () => bot.version,
    onFleetLaws: ({ added, removed }) =>
      options.logger.info(
        `cedar: the fleet's laws of this world changed on another bot: ${[
          ...added.map((id) => `${id} now holds`),
          ...removed.map((id) => `${id} was dropped`),
        ].join(', ')}`,
      ),
    onLlmUsage: (spent) => {
      usage.total = {
        requests: spent.requests,
        promptTokens: spent.promptTokens,
        completionTokens: spent.completionTokens,
      }
      bot.emit('cedarLlmUsage', llmUsage())
    },
    // Said once per outage to whoever's task met it; the logger has it too.
    onLlmUnavailable: (reason) => {
      const asker = tasks.current?.requestedBy
      if (asker && asker !== 'api') router.send(asker, 'chat', `${reason}; using the offline teachers and grounding`)
    },
  })
  const { laws, critic } = assembly
  // What any bot on the store saves reaches this one's listeners (a fleet's database: within a second).
  const storeListening = assembly.store
    .onChange((change) => bot.emit('cedarStoreChange', change))
    .catch((error: Error) => {
      options.logger.warn(`cedar: the store's changes will not be announced: ${error.message}`)
      return undefined
    })
  const shield = laws.shield
  // What one world taught stays in that world: its laws, trajectories and standing constraints load at login.
  bot._client.on('login', (packet: unknown) => {
    const socket = bot._client.socket as { remoteAddress?: string; remotePort?: number } | undefined
    const address = `${socket?.remoteAddress ?? 'unknown'}:${socket?.remotePort ?? '?'}`
    assembly.enterWorld(address, worldNameOf(packet), bot.username).then(
      (lessons) => {
        for (const line of worldLines(lessons, options.prefix)) options.logger.info(`cedar: ${line}`)
      },
      (error: Error) => options.logger.error(`cedar: could not load this world's laws: ${error.message}`),
    )
  })
  // One world for the bot's whole life: what it learns of the world (beds it put down, blocks it gave up on) lasts
  // from one instruction to the next; the bot-method guard shares its preparations.
  const world = new MineflayerWorld(bot, options.search)
  if (options.shield.gate) {
    installBotMethodGuard(
      bot,
      shield,
      {
        onBlocked: (verdict) => bot.emit('cedarShieldBlocked', verdict),
        onFallback: (verdict) => bot.emit('cedarShieldFallback', verdict),
        onAction: (action) => bot.emit('cedarAction', action),
        log: (message) => options.logger.warn(message),
      },
      {},
      world.memory.preparations,
      options.shield.gate,
    )
  }

  const registry = new CommandRegistry()
  const questions = new ChatQuestions()
  const tasks = new TaskRunner({
    onStart: (task) => {
      usage.atTaskStart = usage.total
      bot.emit('cedarTaskStart', task)
    },
    onEnd: (task, end) => bot.emit('cedarTaskEnd', task, end),
  })
  const hooks: DispatcherHooks = {
    run: async (command, invocation, reply) => {
      const context = { bot, cedar: api, username: invocation.username, channel: invocation.channel, reply }
      const result = await command.run(context, invocation.args as never)
      if (typeof result === 'string' && result !== '') reply(result)
    },
    onCommand: (invocation) => bot.emit('cedarCommand', invocation),
    onCommandError: (invocation, error) => bot.emit('cedarCommandError', invocation, error),
    onIgnored: (username, reason) => bot.emit('cedarIgnored', username, reason),
    exemptFromLimit: (username, text) => answersOpenQuestion(questions, username, text),
  }
  const dispatcher = new CommandDispatcher(registry, { ...options, botName: () => bot.username }, hooks)
  // Code calling bot.cedar.execute is trusted: the same parsing and replies, without the owner check or limit.
  const trusted = new CommandDispatcher(
    registry,
    { ...options, owners: '*', rateLimit: { commands: Number.MAX_SAFE_INTEGER, perSeconds: 1 } },
    hooks,
  )

  const consoleSettings = options.console
  // Started once installCedar has returned (bot.cedar is set by then), so the page's first snapshot can read it.
  const running: Promise<RunningConsole> | undefined =
    consoleSettings &&
    Promise.resolve().then(() =>
      startConsole(bot, consoleSettings, {
        submit: (line, reply) =>
          dispatcher.handle(
            {
              username: consoleSettings.owner ?? '',
              channel: 'chat',
              message: line.startsWith(options.prefix) ? line : options.prefix + line,
            },
            reply,
          ),
        records: async () => (await assembly.store.load()).records,
      }),
    )
  running?.then(
    (address) => options.logger.info(`cedar: console at ${address.url}`),
    (error: Error) => options.logger.error(`cedar: the console did not start: ${error.message}`),
  )
  const consoleAddress = running?.then(({ host, port, token, url }) => ({ host, port, token, url }))
  consoleAddress?.catch(() => undefined) // reported above; code awaiting bot.cedar.console still sees the error

  const agent = assembly.botAgent(world)
  const stopIdle = assembly.startIdleReflexes(world, tasks, {
    onAct: (reflex, act) => {
      const action = primitiveSymbol(act.primitive)
      options.logger.info(`cedar: ${reflex} reflex: ${act.why}: ${action}`)
      bot.chat(`${act.why}: ${options.verbose ? action : actWords(action)}`)
      bot.emit('cedarReflex', reflex, action, act.why)
    },
    onOutcome: (reflex, act, outcome) => {
      const detail = outcome.ok ? (outcome.detail ?? 'done') : outcome.message
      bot.emit('cedarReflexEnd', reflex, primitiveSymbol(act.primitive), outcome.ok, detail)
    },
  })
  bot.once('end', stopIdle)

  const api: CedarApi = {
    options,
    commands: registry,
    tasks,
    agent: agentApi(agent),
    laws: lawsView(laws),
    reflexes: {
      list: () => assembly.modes.list(),
      set: (name, on) => assembly.modes.set(name, on),
    },
    shield: {
      check: (action) => {
        // Judged as the gates judge it: where its atomic act happens (at the table or furnace it walks to).
        shield.observe(actValuation(action, observeBot(bot)))
        return shield.preview(action)
      },
      allowedActions: () => {
        shield.observe(observationValuation(observeBot(bot)))
        return shield.allowedActions()
      },
    },
    critic: {
      run: () => critic.run(),
      record: (task, steps, success, goal) => critic.record(task, steps, success, goal),
      rejected: () => [...critic.runner.rejected],
      refusedLaws: () => critic.runner.refusedLaws,
      proposed: () => critic.runner.proposed.list(),
    },
    world: () => assembly.world(),
    valuation: (action) =>
      action === undefined ? observationValuation(observeBot(bot)) : actValuation(action, observeBot(bot)),
    ask: async (username, question, timeoutMs = 60_000, signal, about) => {
      const answer = await questions.ask(username, question, timeoutMs, signal, about)
      bot.emit('cedarAnswered', username, question, answer)
      return answer
    },
    isOwner: (username) => dispatcher.isOwner(username),
    console: consoleAddress,
    execute: async (line, { username = 'api', channel = 'chat' }: ExecuteOptions = {}) => {
      const replies: string[] = []
      const message = line.startsWith(options.prefix) ? line : options.prefix + line
      await trusted.handle({ username, channel, message }, (reply) => replies.push(reply))
      return replies
    },
    stop: (reason = 'stopped') => {
      const stopped = tasks.stop(reason)
      haltMotion(bot)
      return stopped
    },
    status: (): CedarStatus => {
      const task = tasks.current
      return {
        version: CEDAR_VERSION,
        task: task ? { ...task, runningMs: Date.now() - task.startedAt } : undefined,
        owners: options.owners,
        llm: describeLlm(options.llm),
        llmUsage: llmUsage(),
        storePath: storeForPeople(options.storePath),
      }
    },
  }
  bot.cedar = api
  registerBuiltinCommands(registry, options.prefix)
  registerLtlCommands(registry, options.prefix, laws)
  registerAnswerCommands(registry, questions)
  registerSkillCommands(registry, assembly.store)
  registerHandOverCommands(registry)
  registerCriticCommands(registry, options.prefix, { laws, critic, world: () => assembly.world() })
  critic.start()

  if (options.owners !== '*' && options.owners.length === 0) {
    options.logger.warn('cedar: no owners configured, so the bot obeys nobody; pass { owners: [...] } or CEDAR_OWNERS')
  }
  const router = attachChatRouter(bot, dispatcher, options)
  const stopForgetting = forgetPlayersWhoLeave(bot)
  questions.bind((username, text, about) => {
    bot.emit('cedarQuestion', username, text, about)
    router.send(username, 'chat', `${username}, ${text}`)
  })
  bot.once('end', () => {
    critic.stop()
    tasks.stop('disconnected')
    void storeListening
      .then((stop) => stop?.())
      .catch(() => undefined)
      .then(() => assembly.close())
    questions.cancelAll()
    router.detach()
    stopForgetting()
    void running?.then(
      (c) => c.close(),
      () => undefined,
    )
  })
}

/** The world's name from the login packet: its seed (as the server hashes it), else its level name. */
function worldNameOf(packet: unknown): string {
  const p = (packet ?? {}) as { hashedSeed?: unknown; worldName?: unknown; worldState?: { hashedSeed?: unknown } }
  const seed = p.worldState?.hashedSeed ?? p.hashedSeed
  if (seed !== undefined && seed !== null) return `seed ${Array.isArray(seed) ? seed.join(' ') : String(seed)}`
  return `level ${typeof p.worldName === 'string' ? p.worldName : 'unknown'}`
}

/** The start-up lines: what was loaded for this world, and from where. */
export function worldLines(lessons: WorldLessons, prefix = '!'): string[] {
  const { scope } = lessons
  const from = scope.shared
    ? `shared by every world, in ${scope.dir}`
    : `this world's (${scope.label}), in ${scope.dir}`
  const list = (ids: readonly string[]) => (ids.length > 0 ? `: ${ids.join(', ')}` : '')
  const lines = [
    `${lessons.laws.length} critic law(s) in force and ${lessons.proposed.length} proposed, ${lessons.trajectories} trajectories, ${from}`,
    `${lessons.constraints.length} standing constraint(s) ${scope.shared ? 'shared by every world' : 'from this world'}${list(lessons.constraints)}`,
  ]
  if (lessons.unshared.length > 0) {
    lines.push(
      `${lessons.unshared.length} critic law(s) kept for every world, not loaded (this bot keeps worlds apart; option worlds: 'shared' loads them)${list(lessons.unshared)}`,
    )
  }
  if (lessons.elsewhere.length > 0) {
    lines.push(
      `${lessons.elsewhere.length} standing constraint(s) of other worlds not applied here${list(lessons.elsewhere)} (${prefix}share <id> applies one everywhere)`,
    )
  }
  return lines
}

/** The agent's public face: plain functions, so nothing behind it (the CedarAgent, the store) is reachable. */
export function agentApi(agent: BotAgent): CedarAgentApi {
  return {
    do: async (instruction, { onProgress, ...options } = {}) =>
      publicReport(
        await agent.do(instruction, {
          ...options,
          ...(onProgress ? { onProgress: (p: AgentProgress) => onProgress(publicProgress(p)) } : {}),
        }),
      ),
    constrain: (phrase, options) => agent.constrain(phrase, options),
    constraints: () => agent.constraints(),
    unconstrain: (id) => agent.unconstrain(id),
    share: (id) => agent.share(id),
    constraintsElsewhere: () => agent.constraintsElsewhere(),
    learn: async (verb, object, { onProgress, ...options } = {}) =>
      (
        await agent.learn(verb, object, {
          ...options,
          ...(onProgress ? { onProgress: (p: AgentProgress) => onProgress(publicProgress(p)) } : {}),
        })
      ).map(skillSummary),
    ground: (instruction, options) => agent.ground(instruction, options),
    counterexample: (word, label, skill, options) => agent.counterexample(word, label, skill, options),
    wrong: (options) => agent.wrong(options),
    lastActs: () => agent.lastRun?.word.filter(isActionSymbol) ?? [],
    lastRunWord: (acts) => agent.lastRunWord(acts),
    skills: () => agent.skills(),
  }
}

function lawsView(laws: LawBook): LawsView {
  const info = (id: string): LawInfo | undefined => {
    const m = laws.shield.get(id)
    if (!m) return undefined
    const explanation = 'explanation' in m && typeof m.explanation === 'string' ? m.explanation : ''
    return { id: m.id, text: m.text, kind: m.kind, source: m.source, explanation, blocked: laws.blockCount(m.id) }
  }
  return {
    list: () => laws.shield.monitors().flatMap((m) => info(m.id) ?? []),
    get: info,
  }
}
