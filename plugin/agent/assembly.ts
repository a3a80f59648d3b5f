/**
 * The one place an agent is put together — rules, LLM client, grounding (with embedding retrieval when an embedding
 * model is configured), skill library, shield and laws, critic — for every face that runs one: the plugin, `cedar
 * sim do`, `cedar alphabet` and the bench. A setting read here (CEDAR_EMBED_MODEL, the law sets) therefore means the
 * same on a bot as in a dry run. A bot's own parts over its world (its BotAgent, its idle reflexes) are put
 * together here too; the plugin only hands in the world and says what the bot shows of them (chat, events).
 */
import path from 'node:path'
import { CedarOptionsError, type LlmSettings, type ResolvedCedarOptions } from '../config/options.js'
import { type LlmGroundingStats, llmGrounding } from '../grounding/llm-grounding.js'
import { type GroundingComponents, offlineGrounding } from '../grounding/pipeline.js'
import type { LlmClient, LlmStats } from '../llm/llm-client.js'
import { llmClientFor } from '../llm/settings-client.js'
import type { Monitor } from '../ltl/monitor.js'
import { type DeadlockBlame, describeVerdict, type Shield } from '../ltl/shield.js'
import { LawFiles } from '../store/law-files.js'
import { openRecordStore } from '../store/open-store.js'
import type { RecordStore } from '../store/record-store.js'
import { SharedLaws } from '../store/shared-laws.js'
import { isSeedDir, SHIPPED_SEEDS } from '../store/shipped-seeds.js'
import type { World } from '../world/port.js'
import { actValuation } from '../world/predicates.js'
import { DEFAULT_RULES_VERSION, loadRules } from '../world/rules.js'
import { SIM_BIOMES, type SimOptions } from '../world/sim/index.js'
import type { ActorChoiceOption } from './actor/index.js'
import { BotAgent } from './bot-agent.js'
import { CedarAgent } from './cedar-agent.js'
import type { AgentComputation } from './compute/index.js'
import { WorkerComputation } from './compute/index.js'
import type { ConfirmMode } from './constraints/index.js'
import type { CriticReport, FleetLawChange } from './critic/index.js'
import { BotCritic, createShield, LawBook, type LawCompiler, LawError, watchFleetLaws } from './critic/index.js'
import { type IdleReflexOptions, ReflexModes, startIdleReflexes } from './reflexes/index.js'
import type { SkillLibrary, SkillTeacherChoice } from './skills/index.js'
import type { TaskRunner } from './task-runner.js'
import { standsIn, type WorldScope, worldScope } from './world-scope.js'

/** How instructions are read: by the model when one is configured (with embeddings when CEDAR_EMBED_MODEL is set). */
export interface AgentGrounding {
  readonly version: string
  readonly llm: LlmClient | undefined
  readonly grounding: GroundingComponents & { readonly stats?: LlmGroundingStats }
}

/** `settings` undefined (or not enabled) means offline: the grammar, BM25 and the rules-based pruner. */
export function agentGrounding(
  settings: LlmSettings | undefined,
  version = DEFAULT_RULES_VERSION,
  onLlmUnavailable?: (reason: string) => void,
  onLlmUsage?: (spent: LlmStats) => void,
): AgentGrounding {
  const hooks = {
    ...(onLlmUnavailable ? { onUnavailable: onLlmUnavailable } : {}),
    ...(onLlmUsage ? { onUsage: onLlmUsage } : {}),
  }
  const llm = settings ? llmClientFor(settings, hooks) : undefined
  const grounding = llm
    ? llmGrounding(llm, { version, embeddings: settings?.embeddingModel !== undefined })
    : offlineGrounding(version)
  return { version, llm, grounding }
}

/**
 * The CedarAgent over `library`. Skills are learned in the Sim, which keeps the rules of one version; the agent
 * grounds in the same one, and "stay in B" is learned over the Sim's biomes.
 */
export function createAgent(
  grounding: AgentGrounding,
  library: SkillLibrary,
  options: {
    readonly learningWorld?: SimOptions
    readonly computation?: AgentComputation
    readonly skillTeacher?: SkillTeacherChoice
    readonly actor?: ActorChoiceOption
    readonly onActorProblem?: (problem: string) => void
    readonly reflexes?: ReflexModes
    readonly world?: () => WorldScope | undefined
    readonly confirm?: ConfirmMode
  } = {},
): CedarAgent {
  return new CedarAgent({
    rules: loadRules(grounding.version),
    grounding: grounding.grounding,
    ...(grounding.llm ? { llm: grounding.llm } : {}),
    library,
    biomes: SIM_BIOMES,
    ...(options.learningWorld ? { learningWorld: options.learningWorld } : {}),
    ...(options.computation ? { computation: options.computation } : {}),
    ...(options.skillTeacher ? { skillTeacher: options.skillTeacher } : {}),
    ...(options.actor ? { actor: options.actor } : {}),
    ...(options.reflexes ? { reflexes: options.reflexes } : {}),
    ...(options.onActorProblem ? { onActorProblem: options.onActorProblem } : {}),
    ...(options.world ? { world: options.world } : {}),
    ...(options.confirm ? { confirm: options.confirm } : {}),
  })
}

export interface LawOptions {
  readonly lawSets: readonly string[]
  /** More laws, as a player would type them (`G !craft.stick`): hard, from the user, L1, L2, ... */
  readonly extraLaws?: readonly string[]
  readonly softBlockLimit?: number
  readonly symbolProblem?: (symbol: string) => string | undefined
  /** Keeps the critic's laws across restarts. */
  readonly files?: LawFiles
  readonly onDrop?: (monitor: Monitor, reason: string) => void
  readonly onOverConstrained?: (trueInState: readonly string[], action: string, blame: DeadlockBlame) => void
  /** A stored law that could not be put back, and why. */
  readonly warn?: (message: string) => void
  /** Where a large law compiles (the learning worker, on a bot); without it, on the caller's thread. */
  readonly compiler?: LawCompiler
}

/** The shield with its laws: the shipped sets, the extra laws, and the critic's laws kept in the store. */
export function createLaws(options: LawOptions): LawBook {
  let laws: LawBook | undefined
  const shield = createShield({
    ...(options.softBlockLimit === undefined ? {} : { softBlockLimit: options.softBlockLimit }),
    onDrop: (monitor, reason) => {
      laws?.dropped(monitor.id, monitor.source)
      options.onDrop?.(monitor, reason)
    },
    ...(options.onOverConstrained ? { onOverConstrained: options.onOverConstrained } : {}),
    // Counted for `!laws` here, once per decision, whichever gate asked.
    onBlocked: (verdict) => laws?.noteBlocked(verdict.blockedBy.map((law) => law.id)),
  })
  laws = new LawBook(shield, options.symbolProblem, options.files, options.compiler)
  for (const set of options.lawSets) laws.loadSet(set)
  for (const text of options.extraLaws ?? []) {
    try {
      laws.add(text, 'hard', 'user')
    } catch (error) {
      if (error instanceof LawError) throw new LawError(`the law "${text}": ${error.message}`)
      throw error
    }
  }
  for (const problem of laws.restore().problems) options.warn?.(`cedar: a stored law was left out: ${problem}`)
  return laws
}

/**
 * The store a bot learns into (a directory of JSON files, or a `postgres://` database a fleet shares), with the
 * seeds showing through it. A store that is the seed directory itself is refused: the bot would rewrite the shipped
 * (and, in a checkout, versioned) seeds.
 */
export function openBotStore(
  options: Pick<ResolvedCedarOptions, 'storePath' | 'storeLocalDir' | 'seedPath' | 'logger'>,
): RecordStore {
  const seeds = options.seedPath === undefined ? SHIPPED_SEEDS : options.seedPath || undefined
  if (isSeedDir(options.storePath, seeds)) {
    throw new CedarOptionsError(
      `storePath ${options.storePath} is the seed skills' directory, which is only read; choose another directory ` +
        '(the default is your data directory) — the seeds show through it',
    )
  }
  return openRecordStore(options.storePath, {
    logger: options.logger,
    ...(options.storeLocalDir ? { localDir: options.storeLocalDir } : {}),
    ...(seeds ? { seeds } : {}),
  })
}

/** Everything a bot runs on, as the plugin's options describe it. */
export interface BotAssembly {
  readonly grounding: AgentGrounding
  readonly store: RecordStore
  readonly laws: LawBook
  /** Built on first use: the symbol inventory takes a moment. */
  agent(): CedarAgent
  /**
   * The bot's agent over its world (one for the bot's life, so what it learns of the world lasts): the run pipeline
   * with the shield as the controller's gate, the run's constraints held in the shield while it runs, finished runs
   * handed to the critic.
   */
  botAgent(world: World): BotAgent
  /**
   * The survival reflexes of the idle bot (option `reflexes.idle`; `!mode` turns single ones off), each act
   * previewed by the shield where it happens; returns what stops them.
   */
  startIdleReflexes(
    world: IdleReflexOptions['world'],
    tasks: TaskRunner,
    hooks: Pick<IdleReflexOptions, 'onAct' | 'onOutcome'>,
  ): () => void
  /** Which survival reflexes are on (the `reflexes` option, then `!mode`). */
  readonly modes: ReflexModes
  readonly critic: BotCritic
  /** Ends the learning workers (the bot disconnected; a learning still running rejects) and the store's connections. */
  close(): Promise<void>
  /** The world the bot is in, once it logged in. */
  world(): WorldScope | undefined
  /**
   * The bot (`bot`: its name) logged into a world (server `address`, world `name`: seed or level): its laws and
   * trajectories load; on a store a fleet shares, the world's trajectories are every bot's.
   */
  enterWorld(address: string, name: string, bot?: string): Promise<WorldLessons>
}

export interface BotAssemblyHooks {
  readonly symbolProblem?: (symbol: string) => string | undefined
  readonly onLawDropped?: (monitor: Monitor, reason: string) => void
  readonly onCriticRound?: (report: CriticReport) => void
  /** The bot's Minecraft version, which the learning worker checks the critic's symbols against. */
  readonly registryVersion?: () => string | undefined
  /** The LLM went down (unreachable, hung, failing): told once per outage, with the reason. */
  readonly onLlmUnavailable?: (reason: string) => void
  /** What the LLM has cost so far, after each request. */
  readonly onLlmUsage?: (spent: LlmStats) => void
  /** Another bot of the fleet accepted or dropped a law of this world, and the shield took it in or let it go. */
  readonly onFleetLaws?: (change: FleetLawChange) => void
}

/** The plugin's assembly: the store on disk, the laws (the critic's reloaded from it), the critic on its schedule. */
export function assembleBotAgent(options: ResolvedCedarOptions, hooks: BotAssemblyHooks = {}): BotAssembly {
  const store = openBotStore(options)
  if (options.criticLaws === 'fleet' && !store.laws) {
    options.logger.warn("cedar: criticLaws 'fleet' needs a store a fleet shares (postgres://); each bot keeps its own")
  }
  const shared = options.worlds === 'shared'
  // Kept apart per world, nothing is read before the bot knows its world (enterWorld, at login).
  const firstDir = shared ? store.dir : path.join(store.dir, 'worlds', 'before-login')
  const files = new LawFiles(firstDir, options.logger)
  let world: WorldScope | undefined
  const grounding = agentGrounding(
    options.llm,
    DEFAULT_RULES_VERSION,
    (reason) => {
      options.logger.warn(`cedar: ${reason}; using the offline teachers and grounding`)
      hooks.onLlmUnavailable?.(reason)
    },
    hooks.onLlmUsage,
  )
  // A local model loads while the bot logs in and the player types, not during the first instruction.
  void grounding.llm?.warmUp()
  // Learning, composing and critic rounds run in worker threads: the bot keeps ticking and answering meanwhile.
  const computation = new WorkerComputation()
  // The critic is made after the shield it watches; over-constrained states reach it through this.
  let critic: BotCritic | undefined
  const laws = createLaws({
    lawSets: options.shield.lawSets,
    softBlockLimit: options.shield.softBlockLimit,
    files,
    warn: (message) => options.logger.warn(message),
    compiler: (formula, signal) => computation.compileLaw(formula, { signal }),
    ...(hooks.symbolProblem ? { symbolProblem: hooks.symbolProblem } : {}),
    onDrop: (monitor, reason) => {
      options.logger.warn(`cedar: ${reason}`)
      hooks.onLawDropped?.(monitor, reason)
    },
    onOverConstrained: (trueInState, action, blame) => critic?.noteOverConstrained(trueInState, action, blame),
  })
  critic = new BotCritic({
    laws,
    store,
    dir: firstDir,
    files,
    llm: grounding.llm,
    schedule: options.critic.schedule,
    trajectoryCap: options.critic.trajectoryCap,
    autoAccept: options.critic.autoAccept,
    minEvidence: options.critic.minEvidence,
    ...(hooks.symbolProblem ? { symbolProblem: hooks.symbolProblem } : {}),
    ...(hooks.onCriticRound ? { onRound: hooks.onCriticRound } : {}),
    onError: (error) => options.logger.error('cedar: the critic failed', error),
    computation: { on: computation, registryVersion: hooks.registryVersion ?? (() => undefined) },
  })
  let agent: CedarAgent | undefined
  const agentOnFirstUse = (): CedarAgent => {
    if (!agent) {
      agent = createAgent(grounding, store, {
        computation,
        reflexes: modes,
        skillTeacher: options.skillTeacher,
        actor: options.actor,
        onActorProblem: (problem) => options.logger.warn(`cedar: ${problem}`),
        world: () => world,
        confirm: options.teaching.confirm,
      })
      // The worker starts while the first instruction is grounded, not after.
      computation.warm()
    }
    return agent
  }
  const modes = new ReflexModes(options.reflexes)
  let stopWatchingLaws: (() => Promise<void>) | undefined
  return {
    grounding,
    store,
    laws,
    critic,
    modes,
    agent: agentOnFirstUse,
    botAgent: (body) =>
      new BotAgent(body, laws.shield, store, agentOnFirstUse, (task, steps, success, goal) =>
        critic.record(task, steps, success, goal),
      ),
    startIdleReflexes: (body, tasks, reflexHooks) => {
      if (!options.reflexes.idle) return () => undefined
      return startIdleReflexes({
        world: body,
        rules: loadRules(grounding.version),
        modes,
        tasks,
        refusal: (action) => refusalAt(laws.shield, body, action),
        ...reflexHooks,
      })
    },
    close: async () => {
      await stopWatchingLaws?.()
      await computation.close()
      await store.close()
    },
    world: () => world,
    enterWorld: async (address, name, bot) => {
      const scope = worldScope(store.dir, address, name, shared)
      world = scope
      const worldFiles =
        options.criticLaws === 'fleet' && store.laws
          ? await SharedLaws.open(store.laws, scope.key, scope.dir, options.logger)
          : new LawFiles(scope.dir, options.logger)
      const { restored, problems } = laws.useFiles(worldFiles)
      for (const problem of problems) options.logger.warn(`cedar: a stored law was left out: ${problem}`)
      await stopWatchingLaws?.()
      stopWatchingLaws =
        worldFiles instanceof SharedLaws && store.laws
          ? await watchFleetLaws(store.laws, worldFiles, laws, {
              warn: (message) => options.logger.warn(message),
              ...(hooks.onFleetLaws ? { changed: hooks.onFleetLaws } : {}),
            })
          : undefined
      critic.useDir(scope.dir, worldFiles, { scope: scope.key, bot: bot ?? 'bot' })
      const records = (await store.load()).records.filter((r) => r.kind === 'constraint')
      return {
        scope,
        laws: restored.map((m) => m.id),
        proposed: critic.runner.proposed.list().map((p) => p.id),
        trajectories: (await critic.log.list()).length,
        constraints: records.filter((r) => standsIn(r, scope)).map((r) => r.name),
        elsewhere: records.filter((r) => !standsIn(r, scope)).map((r) => r.name),
        // Laws kept for every world (before worlds were kept apart, or by `worlds: 'shared'`): named, not applied.
        unshared: shared ? [] : new LawFiles(store.dir, options.logger).loadLaws().map((l) => l.id),
      }
    },
  }
}

/**
 * Why the laws would refuse `action` now, judged where its atomic act happens (as the gates will judge it), or
 * undefined: a question, not a decision, so nothing is counted toward the soft-block limit.
 */
function refusalAt(shield: Shield, world: World, action: string): string | undefined {
  shield.observe(actValuation(action, world.observe()))
  const verdict = shield.preview(action)
  return verdict.allowed ? undefined : describeVerdict(verdict)
}

/** What a bot found of a world's lessons when it logged in (the start-up lines say it). */
export interface WorldLessons {
  readonly scope: WorldScope
  /** The critic's laws put back into the shield, and those still waiting for accept or reject. */
  readonly laws: readonly string[]
  readonly proposed: readonly string[]
  readonly trajectories: number
  /** Standing constraints that stand here, and those of the store that do not. */
  readonly constraints: readonly string[]
  readonly elsewhere: readonly string[]
  /** Critic laws kept for every world (`<store>/laws`), not loaded since this bot keeps worlds apart. */
  readonly unshared: readonly string[]
}
