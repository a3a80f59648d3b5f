/**
 * The critic on a bot: the trajectory log under the store (`<store>/trajectories`), the offline critic and, with an
 * LLM configured, LogicGuard's LLM critic; rounds on the configured schedule and on `!critic run`; over-constrained
 * states the shield reports kept for the next round.
 */
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { LlmClient } from '../../llm/llm-client.js'
import type { DeadlockBlame } from '../../ltl/shield.js'
import type { LawFiles } from '../../store/law-files.js'
import type { RecordStore } from '../../store/record-store.js'
import { parseSymbol } from '../../vocabulary/symbols.js'
import { DEFAULT_RULES_VERSION } from '../../world/rules.js'
import type { CriticComputation } from './critic-computation.js'
import { type CriticReport, CriticRunner } from './critic-runner.js'
import { CriticSchedule } from './critic-schedule.js'
import { overConstrainedState } from './deadlock.js'
import type { LawBook } from './laws.js'
import { LlmCritic } from './llm-critic.js'
import { OfflineCritic } from './offline-critic.js'
import { SharedTrajectoryLog } from './shared-trajectory-log.js'
import { type Trajectories, TrajectoryLog } from './trajectory-log.js'
import type { Critic, TrajectoryStep } from './types.js'

export interface BotCriticOptions {
  readonly laws: LawBook
  readonly store: RecordStore
  /** Where the trajectories go (`<dir>/trajectories`); default the store's directory. */
  readonly dir?: string
  /** Players' rejections, kept across restarts. */
  readonly files?: LawFiles
  readonly llm?: LlmClient | undefined
  readonly schedule: string | false
  readonly trajectoryCap: number
  /** Install validated laws at once (soft), as LogicGuard does; otherwise they wait for `!law accept|reject`. */
  readonly autoAccept?: boolean
  readonly minEvidence?: number
  readonly symbolProblem?: (symbol: string) => string | undefined
  readonly onRound?: (report: CriticReport) => void
  readonly onError?: (error: Error) => void
  /**
   * Where the offline critic and the validator run (the bot's learning worker), and the bot's Minecraft version,
   * which the worker checks symbols against. Without it a round runs on the bot's own thread.
   */
  readonly computation?: { readonly on: CriticComputation; readonly registryVersion: () => string | undefined }
}

export class BotCritic {
  private trajectories: Trajectories
  readonly runner: CriticRunner
  private readonly schedule: CriticSchedule | undefined

  constructor(private readonly options: BotCriticOptions) {
    this.trajectories = new TrajectoryLog(
      path.join(options.dir ?? options.store.dir, 'trajectories'),
      options.trajectoryCap,
    )
    const llmCritic = options.llm ? new LlmCritic(options.llm) : undefined
    const offload = options.computation
    const offline: Critic = offload
      ? {
          name: 'offline',
          readsAll: true,
          propose: (trajectories, context) => offload.on.proposeLaws(trajectories, context, DEFAULT_RULES_VERSION),
        }
      : new OfflineCritic()
    const critics: Critic[] = [offline, ...(llmCritic ? [llmCritic] : [])]
    this.runner = new CriticRunner({
      log: this.trajectories,
      laws: options.laws,
      critics,
      ...(llmCritic ? { relaxer: llmCritic } : {}),
      actions: () => options.laws.shield.actions,
      ...(options.autoAccept === undefined ? {} : { autoAccept: options.autoAccept }),
      ...(options.minEvidence === undefined ? {} : { minEvidence: options.minEvidence }),
      ...(options.symbolProblem ? { symbolProblem: options.symbolProblem } : {}),
      ...(options.files ? { files: options.files } : {}),
      ...(offload
        ? {
            validate: (proposals, context) =>
              offload.on.validateLaws(proposals, { ...context, registryVersion: offload.registryVersion() }),
          }
        : {}),
    })
    this.schedule =
      options.schedule === false
        ? undefined
        : new CriticSchedule({
            runner: this.runner,
            expression: options.schedule,
            store: options.store,
            ...(options.onRound ? { onRound: options.onRound } : {}),
            ...(options.onError ? { onError: options.onError } : {}),
          })
  }

  get log(): Trajectories {
    return this.trajectories
  }

  /**
   * The trajectories and the critic's decisions of one world: the laws in `files`, the trajectories in
   * `<dir>/trajectories`, or, on a store a fleet shares, the world's log there (`shared`: the world's key and this
   * bot's name), which every bot on the store appends to and reads.
   */
  useDir(dir: string, files: LawFiles, shared?: { readonly scope: string; readonly bot: string }): void {
    const cap = this.options.trajectoryCap
    const shelf = this.options.store.trajectories
    this.trajectories =
      shelf && shared
        ? new SharedTrajectoryLog(shelf, shared.scope, shared.bot, cap)
        : new TrajectoryLog(path.join(dir, 'trajectories'), cap)
    this.runner.useStore(this.trajectories, files)
  }

  start(): void {
    this.schedule?.start()
  }

  stop(): void {
    this.schedule?.stop()
  }

  /** One round now (`!critic run`). */
  async run(): Promise<CriticReport> {
    const report = await this.runner.run()
    this.options.onRound?.(report)
    return report
  }

  /**
   * A finished run's trajectory, for the next round. `goal`: the run's goal events (`has.oak_log.3`), whose item
   * and count the critic reads progress by.
   */
  record(
    task: string,
    steps: readonly TrajectoryStep[],
    success: boolean,
    goal: readonly string[] = [],
  ): Promise<void> {
    if (steps.length === 0) return Promise.resolve()
    const held = goal.map((event) => parseSymbol(event)).find((p) => p?.verb === 'has')
    return this.trajectories.append({
      id: randomUUID(),
      task,
      startedAt: new Date().toISOString(),
      steps,
      success,
      ...(held ? { goal: held.object, goalCount: held.count ?? 1 } : {}),
    })
  }

  /** The shield found every action blocked; `blame` names, per action, the laws whose monitors it would kill. */
  noteOverConstrained(trueInState: readonly string[], action: string, blame: DeadlockBlame): void {
    this.runner.noteOverConstrained(overConstrainedState(trueInState, action, blame))
  }
}
