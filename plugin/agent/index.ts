export { LlmActor } from './actor/index.js'
export type { AgentGrounding, WorldLessons } from './assembly.js'
export { agentGrounding, assembleBotAgent, createAgent, createLaws } from './assembly.js'
export { BotAgent } from './bot-agent.js'
export type {
  AgentProgress,
  CedarAgent,
  ConstrainReport,
  DoReport,
  Prepared,
  StandingConstraint,
} from './cedar-agent.js'
export { WorkerStoppedError } from './compute/index.js'
export type {
  ActiveConstraint,
  Composition,
  ConfirmMode,
  ConstraintOwner,
  OwnerQuestion,
  PlayerTeaching,
} from './constraints/index.js'
export {
  ConflictSearchLimitError,
  ConstraintLearningError,
  ConstraintRefusedError,
  correctedConstraint,
  costsText,
  learnConstraint,
  teachConstraint,
  teachVetted,
  withGold,
} from './constraints/index.js'
export type { ControllerOutcome, ControllerResult, ControllerStep } from './controller/index.js'
export { controllerGate } from './controller-gate.js'
export type {
  AcceptedLaw,
  BotCritic,
  CriticReport,
  LawDraft,
  LawProposal,
  ProposedLaw,
  RejectedProposal,
  Relaxation,
  ReplayRuns,
  Trajectory,
  TrajectoryStep,
} from './critic/index.js'
export {
  buildLaw,
  CriticRunner,
  CronExpressionError,
  createShield,
  evidenceLine,
  judgedState,
  LawBook,
  LawError,
  LlmCriticError,
  OfflineCritic,
  overConstrainedState,
  simPlanRuns,
  stepProgressed,
  TrajectoryLog,
} from './critic/index.js'
export type { ReflexName } from './reflexes/index.js'
export { isReflexName, REFLEX_NAMES, ReflexModes, startIdleReflexes } from './reflexes/index.js'
export { checkInstructionLength, describeStuck, InstructionLimitError, needText } from './run/index.js'
export type { ObtainedSkill } from './skills/index.js'
export {
  CounterexampleError,
  MemoryLibrary,
  milestoneDfa,
  SkillLearningError,
  seedSkills,
  skillKey,
  skillTarget,
  UnknownGoalError,
  UnknownSkillError,
} from './skills/index.js'
export type { TaskEnd, TaskInfo, TaskVerdict } from './task-runner.js'
export { TaskBusyError, TaskCancelledError, TaskFailedError, TaskRunner } from './task-runner.js'
export type { WorldScope } from './world-scope.js'
