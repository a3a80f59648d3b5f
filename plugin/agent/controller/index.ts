export type {
  ActorMenu,
  ControllerOptions,
  ControllerOutcome,
  ControllerResult,
  ControllerStep,
  Gate,
} from './controller.js'
export { runController } from './controller.js'
export type { TrajectoryStep } from './controller-types.js'
