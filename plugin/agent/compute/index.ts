export type { AgentComputation } from './computation.js'
export { inProcess } from './computation.js'
export { WorkerComputation, WorkerStoppedError } from './worker-computation.js'
