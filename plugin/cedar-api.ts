import type {
  ConstrainReport,
  ConstraintOwner,
  CriticReport,
  PlayerTeaching,
  ProposedLaw,
  ReflexName,
  RejectedProposal,
  StandingConstraint,
  TaskEnd,
  TaskInfo,
  TaskRunner,
  TrajectoryStep,
  WorldScope,
} from './agent/index.js'
import type { DoProgress, DoReport, SkillSummary } from './cedar-reports.js'
import type { Channel } from './chat/command.js'
import type { Invocation } from './chat/dispatcher.js'
import type { Answer } from './chat/questions.js'
import type { CommandRegistry } from './chat/registry.js'
import type { ResolvedCedarOptions } from './config/options.js'
import type { ConsoleAddress } from './console/console-server.js'
import type { GroundedInstruction } from './grounding/pipeline.js'
import type { LearningEvent } from './learning/index.js'
import type { LlmUsageReport } from './llm/llm-usage.js'
import type { LawKind, LawSource } from './ltl/monitor.js'
import type { Verdict } from './ltl/shield.js'
import type { SkillRecord } from './store/record.js'
import type { RecordChange } from './store/record-store.js'
import type { QuestionAbout } from './teachers/player-teacher.js'

export interface ExecuteOptions {
  /** Who the command runs as; defaults to `api`. Programmatic calls skip the owner check and rate limit. */
  readonly username?: string
  readonly channel?: Channel
}

export type { LlmUsage, LlmUsageReport } from './llm/llm-usage.js'

/** What `!status` reports, as data. */
export interface CedarStatus {
  readonly version: string
  readonly task: (TaskInfo & { readonly runningMs: number }) | undefined
  readonly owners: readonly string[] | '*'
  readonly llm: string
  /** LLM requests and tokens since the bot started, and of the current (or last) instruction. */
  readonly llmUsage: LlmUsageReport
  readonly storePath: string
}

/** What a long call may be given: aborting the signal cancels grounding, learning, composing and running. */
export interface CallOptions {
  /** `bot.cedar.tasks.run` hands one out; `!stop` aborts the running task's. */
  readonly signal?: AbortSignal
}

export interface DoOptions extends CallOptions {
  /** Grounded, each skill obtained, learning events, composed, each step: what `!do` reports in chat. */
  readonly onProgress?: (progress: DoProgress) => void
  /** Who teaches the skills the call learns: the recipe book or the LLM (default: the `skillTeacher` option). */
  readonly teacher?: 'recipe' | 'llm'
  /** Who confirms a constraint the LLM taught before the run uses it (`teaching.confirm`); `!do` gives its owner. */
  readonly owner?: ConstraintOwner
}

/** `bot.cedar.agent`: skills and constraints, what `!do`, `!constrain`, `!learn`, `!ce` and `!wrong` run. */
export interface CedarAgentApi {
  /** Grounds, obtains the skills, learns the constraints, composes, and runs the product on the bot. */
  do(instruction: string, options?: DoOptions): Promise<DoReport>
  /** A standing constraint every later `do` keeps; kept in the store, so a restarted bot still keeps it. */
  /**
   * With no LLM and a phrase the grammar cannot compile, `player` teaches it by answering questions (what
   * `!constrain` does with the owner who typed it); without one such a phrase is refused.
   */
  constrain(phrase: string, options?: CallOptions & { readonly player?: PlayerTeaching }): Promise<ConstrainReport>
  constraints(): Promise<StandingConstraint[]>
  /** Drops a standing constraint here (and its record, unless it stands in other worlds); false when there was none. */
  unconstrain(id: string): Promise<boolean>
  /** Makes a standing constraint stand in every world, not only those it was taught in; undefined when none. */
  share(id: string): Promise<StandingConstraint | undefined>
  /** Standing constraints of the store that do not apply in this world, and the worlds they stand in. */
  constraintsElsewhere(): Promise<readonly { readonly id: string; readonly worlds: readonly string[] }[]>
  /** A skill and its prerequisites, reused, adapted or learned, without running it. */
  learn(verb: string, object: string, options?: DoOptions): Promise<SkillSummary[]>
  /** The instruction's goal and constraint parts and their alphabets. */
  ground(instruction: string, options?: CallOptions): Promise<GroundedInstruction>
  /**
   * A labelled word (gold) for a stored skill or constraint, `name` a skill name or a constraint id; without one,
   * the last run's skill or constraint it is about (ambiguous: a `CounterexampleError` asks to name it). It is
   * learned again at once; a symbol outside its alphabet grows the alphabet, every earlier label replayed.
   */
  counterexample(word: readonly string[], label: boolean, name?: string, options?: CallOptions): Promise<SkillRecord>
  /**
   * `!wrong`: the last run's word is a negative counterexample for its skill, or for the constraint `name`; with
   * `act` (`!wrong N`), only the run up to its act N (counted in `lastActs()`, from 1) is: that act should not have
   * happened there, and the next run of the skill takes another.
   */
  wrong(options?: CallOptions & { readonly name?: string; readonly act?: number }): Promise<SkillRecord>
  /** The acts the last run did, in order (what `!wrong N` counts). */
  lastActs(): readonly string[]
  /**
   * The last run's word with only its acts numbered `acts` (as `lastActs()` numbers them, from 1, in the order given),
   * each with the events that came after it: the word `!ce accept|reject 1-4 6` labels.
   */
  lastRunWord(acts: readonly number[]): string[]
  /** The skills in the store. */
  skills(): Promise<SkillRecord[]>
}

/** One law in the shield, as data. */
export interface LawInfo {
  readonly id: string
  readonly text: string
  readonly kind: LawKind
  readonly source: LawSource
  readonly explanation: string
  /** How often it blocked an action (shown by `!laws`). */
  readonly blocked: number
}

/** `bot.cedar.laws`: the laws in force, read-only (change them with `!ltl`, `!law`, or `bot.cedar.execute`). */
export interface LawsView {
  list(): LawInfo[]
  get(id: string): LawInfo | undefined
}

/** `bot.cedar.shield`: would an action be allowed now? Nothing is counted or advanced by asking. */
export interface ShieldView {
  check(action: string): Verdict
  /** The known actions the laws allow now (the hard laws alone when every action is blocked). */
  allowedActions(): string[]
}

/** `bot.cedar.critic`: LogicGuard's critic. */
export interface CriticView {
  /** One round now (what `!critic run` does); the `cedarCriticRound` event reports it too. */
  run(): Promise<CriticReport>
  /**
   * Logs a trajectory for the next round (finished `do` runs are logged already); `goal`, its goal events
   * (`has.oak_log.3`), lets the critic count more of the goal item as progress.
   */
  record(task: string, steps: readonly TrajectoryStep[], success: boolean, goal?: readonly string[]): Promise<void>
  /** Proposals the validator turned down lately, with why. */
  rejected(): readonly RejectedProposal[]
  /** Laws players rejected (`!law reject`): never proposed again, kept across restarts. */
  refusedLaws(): readonly string[]
  /** Laws the critic validated that wait for an owner's `!law accept|reject` (not in the shield), with evidence. */
  proposed(): readonly ProposedLaw[]
}

export interface ReflexModesView {
  list(): Record<ReflexName, boolean>
  set(name: ReflexName, on: boolean): void
}

/** `bot.cedar`: the plugin's face for code. Chat commands go through the same calls. */
export interface CedarApi {
  readonly options: ResolvedCedarOptions
  /** Add commands here (`bot.cedar.commands.register(defineCommand({...}))`); `!help` lists them. */
  readonly commands: CommandRegistry
  readonly tasks: TaskRunner
  readonly agent: CedarAgentApi
  readonly laws: LawsView
  readonly shield: ShieldView
  readonly critic: CriticView
  /** The survival reflexes each on or off (the `reflexes` option; `!mode <name> on|off`); a change holds at once. */
  readonly reflexes: ReflexModesView
  /**
   * The world the bot is in, once logged in (server address and seed), and where its critic laws and trajectories
   * are kept; standing constraints stand per world too, unless shared (`!share`, option `worlds: 'shared'`).
   */
  world(): WorldScope | undefined
  /**
   * The truth of state predicates (`has.cobblestone.3`, `time.night`, ...) on the bot right now; with an action,
   * as that act would be judged (where its atomic act happens: `near.furnace` at the furnace a smelt walks to).
   */
  valuation(action?: string): (proposition: string) => boolean
  /**
   * Asks a player a yes/no question in chat; they answer `!yes`, `!no` or `!skip` (or time out). `about` is what it
   * asks in symbols, handed on to `cedarQuestion` for players that are programs.
   */
  ask(
    username: string,
    question: string,
    timeoutMs?: number,
    signal?: AbortSignal,
    about?: QuestionAbout,
  ): Promise<Answer>
  isOwner(username: string): boolean
  /** Where the web console listens, with its token, once started (only with the `console` option). */
  readonly console: Promise<ConsoleAddress> | undefined
  /** Runs a command line (without the prefix) as if typed; resolves with the reply lines, unsplit. */
  execute(line: string, options?: ExecuteOptions): Promise<string[]>
  /** Cancels the running task and halts pathfinding, collecting and digging. Returns what was stopped. */
  stop(reason?: string): TaskInfo | undefined
  status(): CedarStatus
}

declare module 'mineflayer' {
  interface Bot {
    cedar: CedarApi
  }
  interface BotEvents {
    /** An owner's command passed parsing and is about to run. */
    cedarCommand: (invocation: Invocation) => void
    /** A command's handler threw; the player got a one-line error. */
    cedarCommandError: (invocation: Invocation, error: Error) => void
    /** A command from a player who is not an owner was dropped. */
    cedarIgnored: (username: string, reason: 'not_owner') => void
    cedarTaskStart: (task: TaskInfo) => void
    cedarTaskEnd: (task: TaskInfo, end: TaskEnd) => void
    /** A skill is being learned (for `!do` or `!learn`): its queries, hypotheses and counterexamples as they come. */
    cedarLearning: (skill: string, event: LearningEvent) => void
    /** A `!do` or `!learn` run's progress as data: grounded, skills, constraints, the product, each step. */
    cedarProgress: (progress: DoProgress) => void
    /** The bot whispered a line to a player (a reply to a whisper, or every reply with replyMode 'whisper'). */
    cedarWhispered: (username: string, text: string) => void
    /**
     * A yes/no question went to a player in chat (answered with `!yes`, `!no` or `!skip`); `about` is what it asks
     * in symbols, when the asker said (the question itself is in a player's words).
     */
    cedarQuestion: (username: string, question: string, about: QuestionAbout | undefined) => void
    /** A question of `bot.cedar.ask` was answered (in chat, or from the console) or timed out. */
    cedarAnswered: (username: string, question: string, answer: Answer) => void
    /** The shield refused a primitive; the call rejected with CedarShieldError (a ShieldBlockedError) naming the law. */
    cedarShieldBlocked: (verdict: Verdict) => void
    /** Every candidate action was blocked, so the primitive ran under the hard laws alone. */
    cedarShieldFallback: (verdict: Verdict) => void
    /** A soft law blocked the same action too often and was dropped. */
    cedarLawDropped: (lawId: string, reason: string) => void
    /** A primitive passed the shield and is starting. */
    cedarAction: (action: string) => void
    /** An LLM request was answered: what the LLM has cost since the bot started and during this instruction. */
    cedarLlmUsage: (usage: LlmUsageReport) => void
    /** An idle bot's survival reflex (`reflexes.idle`) starts an act (`why`: what the body needs) ... */
    cedarReflex: (reflex: string, action: string, why: string) => void
    /** ... and the act ended. */
    cedarReflexEnd: (reflex: string, action: string, ok: boolean, detail: string) => void
    /**
     * A skill or constraint was saved (`version` its new version) or removed (`version` 0) in the bot's store, by
     * this bot or another one on it: every process on a fleet's PostgreSQL store hears it within a second
     * (LISTEN/NOTIFY); on a JSON store, the bots of this process.
     */
    cedarStoreChange: (change: RecordChange) => void
    /** A critic round ended: the laws it added (soft, from the critic), the proposals it rejected and why. */
    cedarCriticRound: (report: CriticReport) => void
  }
}
