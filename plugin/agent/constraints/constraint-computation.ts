/**
 * What the constraints room needs computed: constraints learned, and skills learned again after a correction.
 * The compute room implements it (see skills/skill-computation.ts for why a port).
 */
import type { SkillComputation } from '../skills/index.js'
import type { ConstraintLearningOptions, LearnedConstraint } from './constraint-learning.js'

export interface ConstraintComputation extends SkillComputation {
  learnConstraint(
    phrase: string,
    alphabet: readonly string[],
    options?: ConstraintLearningOptions,
  ): Promise<LearnedConstraint>
}
