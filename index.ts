/**
 * mineflayer-cedar: `bot.loadPlugin(cedar)` or `bot.loadPlugin(createCedar({ owners: ['Alex'] }))`.
 * Importing this module also brings the `bot.cedar` and `BotEvents` typings (module augmentation).
 *
 * Every error the plugin hands a user extends `CedarError` and is exported here, so code can catch each by
 * `instanceof`; so are the result types of `bot.cedar` (`DoReport`, `CriticReport`, ...): data types of the package's
 * own (plugin/cedar-reports.ts), never the agent's internal classes.
 */
export type {
  AcceptedLaw,
  ControllerOutcome,
  ControllerResult,
  ControllerStep,
  CriticReport,
  LawProposal,
  RejectedProposal,
  Relaxation,
  StandingConstraint,
  TrajectoryStep,
} from './plugin/agent/index.js'
export {
  ConflictSearchLimitError,
  ConstraintLearningError,
  CounterexampleError,
  CronExpressionError,
  InstructionLimitError,
  LawError,
  LlmCriticError,
  SkillLearningError,
  TaskBusyError,
  TaskCancelledError,
  type TaskEnd,
  TaskFailedError,
  type TaskInfo,
  TaskRunner,
  type TaskVerdict,
  UnknownGoalError,
  UnknownSkillError,
  WorkerStoppedError,
} from './plugin/agent/index.js'
export * as automata from './plugin/automata/index.js'
export { DfaFormatError } from './plugin/automata/json.js'
export { TooManyStatesError } from './plugin/automata/size-limit.js'
export type {
  CallOptions,
  CedarAgentApi,
  CedarApi,
  CedarStatus,
  CriticView,
  DoOptions,
  ExecuteOptions,
  LawInfo,
  LawsView,
  ShieldView,
} from './plugin/cedar-api.js'
export { cedar, createCedar } from './plugin/cedar-plugin.js'
export type {
  ConstraintSummary,
  DoProgress,
  DoReport,
  PlanSummary,
  SkillSummary,
} from './plugin/cedar-reports.js'
export {
  type ArgsOf,
  type Channel,
  type CommandContext,
  type CommandDefinition,
  defineCommand,
  type ParamSpec,
  param,
} from './plugin/chat/command.js'
export type { Invocation } from './plugin/chat/dispatcher.js'
export type { Answer } from './plugin/chat/questions.js'
export { CommandRegistry } from './plugin/chat/registry.js'
export {
  type CedarLogger,
  type CedarOptions,
  CedarOptionsError,
  type ConsoleSettings,
  parseOwners,
  type ResolvedCedarOptions,
  resolveOptions,
} from './plugin/config/options.js'
export type { ConsoleAddress } from './plugin/console/console-server.js'
export { CedarError } from './plugin/errors.js'
export type { GroundedInstruction, GroundedPart } from './plugin/grounding/pipeline.js'
export { BudgetExhausted } from './plugin/learning/query-cache.js'
export { LlmBudgetExhausted, LlmReplyError, LlmRequestError, LlmUnavailableError } from './plugin/llm/llm-client.js'
export * as ltl from './plugin/ltl/index.js'
export type { LawKind, LawSource, Monitor, Valuation } from './plugin/ltl/monitor.js'
export { LtlSyntaxError } from './plugin/ltl/parser.js'
export { type BlockingLaw, describeVerdict, Shield, ShieldBlockedError, type Verdict } from './plugin/ltl/shield.js'
export type { SkillRecord } from './plugin/store/record.js'
export {
  ReadOnlyStoreError,
  type RecordChange,
  type RecordStore,
  RecordValidationError,
  StaleRecordError,
} from './plugin/store/record-store.js'
export { LlmResponseError } from './plugin/teachers/llm-teacher.js'
export { CEDAR_VERSION } from './plugin/version.js'
export { CedarShieldError, type GateReach } from './plugin/world/bot-method-guard.js'
