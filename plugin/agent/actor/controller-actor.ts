/**
 * The LLM actor in the controller's seat (option `actor: 'llm'`): the controller offers the actions that keep the
 * run on a way to the goal, the model picks one, and the gate judges the pick like the planner's. The run's steps
 * are the actor's feedback: a refusal names the laws, a failed act its error.
 */
import { CedarError } from '../../errors.js'
import type { ActorMenu, ControllerOptions } from '../controller/index.js'
import type { LlmActor } from './llm-actor.js'

export function llmChooser(actor: LlmActor): (menu: ActorMenu) => Promise<string | undefined> {
  let seen = 0
  return async (menu) => {
    for (const step of menu.steps.slice(seen)) {
      if (step.blockedBy !== undefined) actor.refused(step.action, step.blockedBy)
      else actor.outcome(step.action, step.ok, step.message)
    }
    seen = menu.steps.length
    const fallback = menu.plan[0] ?? (menu.actions[0] as string)
    try {
      return (await actor.choose(menu.observation, menu.actions, fallback, menu.signal)).action
    } catch (error) {
      // `!stop` while the model thinks: the controller sees the signal and ends the run as cancelled.
      if (menu.signal?.aborted) return undefined
      throw error
    }
  }
}

/** Who picks the controller's next action (the plugin's `actor` option). */
export type ActorChoiceOption = 'planner' | 'llm'

/** `actor: 'llm'` without a model to ask. */
export class ActorUnavailableError extends CedarError {
  override name = 'ActorUnavailableError'
}

/** The controller option for a chooser, none for the planner. */
export function withChooser(choose: ControllerOptions['choose']): Pick<ControllerOptions, 'choose'> {
  return choose ? { choose } : {}
}
