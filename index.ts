/**
 * mineflayer-cedar: `bot.loadPlugin(cedar)` or `bot.loadPlugin(createCedar({ owners: ['Alex'] }))`.
 * Importing this module also brings the `bot.cedar` and `BotEvents` typings (module augmentation).
 *
 * Every error the plugin hands a user extends `CedarError` and is exported here, so code can catch each by
 * `instanceof`; so are the result types of `bot.cedar` (`DoReport`, `CriticReport`, ...).
 */
export type { AgentProgress, DoReport, Prepared, StandingConstraint } from './plugin/agent/cedar-agent.js'
export { type ActiveConstraint, type Composition, ConflictSearchLimitError } from './plugin/agent/composition.js'
export { ConstraintLearningError } from './plugin/agent/constraint-learning.js'
export type {
  ControllerOutcome,
  ControllerResult,
  ControllerStep,
} from './plugin/agent/controller.js'
export type { AcceptedLaw, CriticReport } from './plugin/agent/critic/critic-runner.js'
export { CronExpressionError } from './plugin/agent/critic/critic-schedule.js'
export { LlmCriticError } from './plugin/agent/critic/llm-critic.js'
export type { LawProposal, RejectedProposal, Relaxation, TrajectoryStep } from './plugin/agent/critic/types.js'
export { InstructionLimitError } from './plugin/agent/instruction-limits.js'
export { LawError } from './plugin/agent/laws.js'
export { CounterexampleError, UnknownGoalError, UnknownSkillError } from './plugin/agent/skill-key.js'
export { SkillLearningError } from './plugin/agent/skill-learning.js'
export type { ObtainedSkill } from './plugin/agent/skill-manager.js'
export {
  TaskBusyError,
  TaskCancelledError,
  type TaskEnd,
  TaskFailedError,
  type TaskInfo,
  TaskRunner,
  type TaskVerdict,
} from './plugin/agent/task-runner.js'
export { WorkerStoppedError } from './plugin/agent/worker-computation.js'
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
export { ReadOnlyStoreError, RecordValidationError } from './plugin/store/skill-store.js'
export { LlmResponseError } from './plugin/teachers/llm-teacher.js'
export { CEDAR_VERSION } from './plugin/version.js'
export { CedarShieldError, type GateReach } from './plugin/world/shield-gate.js'
