/**
 * The agent's long computations — learning a skill, learning a constraint, composing skills with constraints,
 * compiling a large law —
 * behind one port. The live bot runs them in a worker thread (`WorkerComputation`), so its event loop keeps
 * answering keep-alives and chat while it learns; the Sim, the CLI and the bench run them here, in process.
 */
import type { Dfa } from '../../automata/dfa.js'
import type { Formula } from '../../ltl/ast.js'
import { compileLtl } from '../../ltl/compile.js'
import { loadRules } from '../../world/rules.js'
import {
  type ActiveConstraint,
  type Composition,
  type CompositionLimits,
  type ConstraintComputation,
  compose,
  learnConstraint,
} from '../constraints/index.js'
import { type CriticComputation, type LawValidationContext, OfflineCritic, validateProposals } from '../critic/index.js'
import { learnSkill } from '../skills/index.js'

/**
 * Everything the agent computes off the bot's loop: the rooms' ports (skills, constraints, the critic) and the
 * compositions and law compilations the run and the law book need. `inProcess` runs it here; WorkerComputation in
 * a worker thread.
 */
export interface AgentComputation extends ConstraintComputation, CriticComputation {
  compose(
    skill: Dfa,
    constraints: readonly ActiveConstraint[],
    start: readonly string[],
    options?: { readonly signal?: AbortSignal | undefined; readonly limits?: CompositionLimits | undefined },
  ): Promise<Composition>
  /** A law's formula to its DFA (`compileLtl`: up to its 100,000-transition budget, about a second). */
  compileLaw(formula: Formula, options?: { readonly signal?: AbortSignal | undefined }): Promise<Dfa>
}

export type { LawValidationContext }

/** On the caller's thread: what a dry run, a test or the bench wants (nothing else shares the loop). */
export const inProcess: AgentComputation = {
  learnSkill,
  learnConstraint,
  async compose(skill, constraints, start, { signal, limits } = {}) {
    signal?.throwIfAborted()
    return compose(skill, constraints, start, limits)
  },
  async compileLaw(formula, { signal } = {}) {
    signal?.throwIfAborted()
    return compileLtl(formula)
  },
  proposeLaws: (trajectories, context, rulesVersion) =>
    new OfflineCritic(loadRules(rulesVersion)).propose(trajectories, context),
  async validateLaws(proposals, context) {
    return validateProposals(proposals, context)
  },
}
