import { describeVerdict, type Shield } from '../ltl/shield.js'
import type { Observation } from '../world/port.js'
import { actValuation } from '../world/predicates.js'
import type { Gate } from './controller/index.js'

/**
 * The controller's gate, made of the shield: it decides each act of a run (`check`: soft blocks counted, deadlocks
 * reported), in the state its atomic act starts from (after the walk to the workstation; see actValuation). Not to
 * be confused with the guard on the bot's own methods (plugin/world), which judges every caller's primitives.
 * `commits` is for worlds whose primitives are not guarded themselves (the Sim); on a bot the guarded primitives
 * commit.
 */
export function controllerGate(shield: Shield, options: { readonly commits: boolean }): Gate {
  return {
    check: (action, observation: Observation) => {
      shield.observe(actValuation(action, observation))
      // A decision, not a question: it counts toward the soft-block limit (a soft law that keeps refusing the
      // plan is dropped during the run) and reports an over-constrained state to the critic.
      const verdict = shield.check(action)
      if (verdict.allowed) return undefined
      // The laws by name first: `blocked_by` and the chat lead with what refused, the alternatives after.
      return verdict.blockedBy.length > 0
        ? verdict.blockedBy.map((law) => `${law.id} (${law.kind}) ${law.text}`).join('; ')
        : describeVerdict(verdict)
    },
    ...(options.commits ? { commit: (action: string) => shield.commit(action) } : {}),
  }
}
