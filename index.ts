/**
 * mineflayer-cedar: `bot.loadPlugin(cedar)` or `bot.loadPlugin(createCedar({ owners: ['Alex'] }))`.
 * Importing this module also brings the `bot.cedar` and `BotEvents` typings (module augmentation).
 */
export {
  TaskBusyError,
  TaskCancelledError,
  type TaskEnd,
  type TaskInfo,
  TaskRunner,
} from './plugin/agent/task-runner.js'
export * as automata from './plugin/automata/index.js'
export type { CedarApi, CedarStatus, ExecuteOptions } from './plugin/cedar-api.js'
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
export { CommandRegistry } from './plugin/chat/registry.js'
export {
  type CedarLogger,
  type CedarOptions,
  CedarOptionsError,
  parseOwners,
  type ResolvedCedarOptions,
  resolveOptions,
} from './plugin/config/options.js'
export * as ltl from './plugin/ltl/index.js'
export type { LawKind, LawSource, Monitor, Valuation } from './plugin/ltl/monitor.js'
export { describeVerdict, Shield, ShieldBlockedError, type Verdict } from './plugin/ltl/shield.js'
export { CEDAR_VERSION } from './plugin/version.js'
