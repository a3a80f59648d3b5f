/**
 * The agent's long computations — learning a skill, learning a constraint, composing skills with constraints,
 * compiling a large law —
 * behind one port. The live bot runs them in a worker thread (`WorkerComputation`), so its event loop keeps
 * answering keep-alives and chat while it learns; the Sim, the CLI and the bench run them here, in process.
 */
import type { Dfa } from '../automata/dfa.js'
import type { Formula } from '../ltl/ast.js'
import { compileLtl } from '../ltl/compile.js'
import { loadRules, type Rules } from '../world/rules.js'
import { type ActiveConstraint, type Composition, type CompositionLimits, compose } from './composition.js'
import { type ConstraintLearningOptions, type LearnedConstraint, learnConstraint } from './constraint-learning.js'
import { OfflineCritic } from './critic/offline-critic.js'
import type { CriticContext, LawProposal, RejectedProposal, Trajectory } from './critic/types.js'
import { type AcceptedProposal, type ValidationContext, validateProposals } from './critic/validator.js'
import type { SkillKey } from './skill-key.js'
import { type LearnedSkill, learnSkill, type SkillLearningOptions } from './skill-learning.js'

export interface AgentComputation {
  learnSkill(key: SkillKey, rules: Rules, options?: SkillLearningOptions): Promise<LearnedSkill>
  learnConstraint(
    phrase: string,
    alphabet: readonly string[],
    options?: ConstraintLearningOptions,
  ): Promise<LearnedConstraint>
  compose(
    skill: Dfa,
    constraints: readonly ActiveConstraint[],
    start: readonly string[],
    options?: { readonly signal?: AbortSignal | undefined; readonly limits?: CompositionLimits | undefined },
  ): Promise<Composition>
  /** A law's formula to its DFA (`compileLtl`: up to its 100,000-transition budget, about a second). */
  compileLaw(formula: Formula, options?: { readonly signal?: AbortSignal | undefined }): Promise<Dfa>
  /** The offline critic's proposals from trajectories (LogicGuard's rules, over the rules of `rulesVersion`). */
  proposeLaws(trajectories: readonly Trajectory[], context: CriticContext, rulesVersion: string): Promise<LawProposal[]>
  /** The validator's verdicts on proposals (see `validateProposals`). */
  validateLaws(
    proposals: readonly LawProposal[],
    context: LawValidationContext,
  ): Promise<{ accepted: AcceptedProposal[]; rejected: RejectedProposal[] }>
}

/**
 * What the validator needs, and the bot's Minecraft version: a worker cannot be handed the `symbolProblem`
 * function, so it checks symbols against minecraft-data of that version instead.
 */
export type LawValidationContext = ValidationContext & { readonly registryVersion?: string | undefined }

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
