import type { BotAgent } from './agent/bot-agent.js'
import type { BotCritic } from './agent/critic/bot-critic.js'
import type { CriticReport } from './agent/critic/critic-runner.js'
import type { LawBook } from './agent/laws.js'
import type { TaskEnd, TaskInfo, TaskRunner } from './agent/task-runner.js'
import type { Channel } from './chat/command.js'
import type { Invocation } from './chat/dispatcher.js'
import type { Answer } from './chat/questions.js'
import type { CommandRegistry } from './chat/registry.js'
import type { ResolvedCedarOptions } from './config/options.js'
import type { LearningEvent } from './learning/index.js'
import type { Shield, Verdict } from './ltl/shield.js'

export interface ExecuteOptions {
  /** Who the command runs as; defaults to `api`. Programmatic calls skip the owner check and rate limit. */
  readonly username?: string
  readonly channel?: Channel
}

/** What `!status` reports, as data. */
export interface CedarStatus {
  readonly version: string
  readonly task: (TaskInfo & { readonly runningMs: number }) | undefined
  readonly owners: readonly string[] | '*'
  readonly llm: string
  readonly storePath: string
}

/** `bot.cedar`: the plugin's face for code. Chat commands go through the same calls. */
export interface CedarApi {
  readonly options: ResolvedCedarOptions
  /** Add commands here (`bot.cedar.commands.register(defineCommand({...}))`); `!help` lists them. */
  readonly commands: CommandRegistry
  readonly tasks: TaskRunner
  /** The LTL shield every primitive passes; `laws` adds and removes its laws. */
  readonly shield: Shield
  readonly laws: LawBook
  /** Skills and constraints: `agent.do(instruction, signal)`, `agent.core.constrain(phrase)`, `agent.store`. */
  readonly agent: BotAgent
  /** LogicGuard's critic: `critic.run()` proposes laws from the logged trajectories; `critic.log` keeps them. */
  readonly critic: BotCritic
  /** The truth of state predicates (`has.cobblestone.3`, `time.night`, ...) on the bot right now. */
  valuation(): (proposition: string) => boolean
  /** Asks a player a yes/no question in chat; they answer `!yes`, `!no` or `!skip` (or time out). */
  ask(username: string, question: string, timeoutMs?: number): Promise<Answer>
  isOwner(username: string): boolean
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
    /** The shield refused a primitive; the call rejected with ShieldBlockedError. */
    cedarShieldBlocked: (verdict: Verdict) => void
    /** Every candidate action was blocked, so the primitive ran under the hard laws alone. */
    cedarShieldFallback: (verdict: Verdict) => void
    /** A soft law blocked the same action too often and was dropped. */
    cedarLawDropped: (lawId: string, reason: string) => void
    /** A primitive passed the shield and is starting. */
    cedarAction: (action: string) => void
    /** A critic round ended: the laws it added (soft, from the critic), the proposals it rejected and why. */
    cedarCriticRound: (report: CriticReport) => void
  }
}
