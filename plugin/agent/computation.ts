/**
 * The agent's long computations — learning a skill, learning a constraint, composing skills with constraints —
 * behind one port. The live bot runs them in a worker thread (`WorkerComputation`), so its event loop keeps
 * answering keep-alives and chat while it learns; the Sim, the CLI and the bench run them here, in process.
 */
import type { Dfa } from '../automata/dfa.js'
import type { Rules } from '../world/rules.js'
import { type ActiveConstraint, type Composition, compose } from './composition.js'
import { type ConstraintLearningOptions, type LearnedConstraint, learnConstraint } from './constraint-learning.js'
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
    options?: { readonly signal?: AbortSignal | undefined },
  ): Promise<Composition>
}

/** On the caller's thread: what a dry run, a test or the bench wants (nothing else shares the loop). */
export const inProcess: AgentComputation = {
  learnSkill,
  learnConstraint,
  async compose(skill, constraints, start, { signal } = {}) {
    signal?.throwIfAborted()
    return compose(skill, constraints, start)
  },
}
