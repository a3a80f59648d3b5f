export type { ActorChoiceOption } from './controller-actor.js'
export { ActorUnavailableError, llmChooser, withChooser } from './controller-actor.js'
export { LlmActor } from './llm-actor.js'
