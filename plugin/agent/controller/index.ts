export { runController } from './controller.js'
export type {
  ActorMenu,
  ControllerOptions,
  ControllerOutcome,
  ControllerResult,
  ControllerStep,
  Gate,
  TrajectoryStep,
} from './controller-types.js'
