/**
 * What the skills room needs computed: a skill learned. The compute room (a worker thread on a bot) implements it;
 * skills only name the port, so they never import the room that runs them.
 */
import type { Rules } from '../../world/rules.js'
import type { SkillKey } from './skill-key.js'
import { type LearnedSkill, learnSkill, type SkillLearningOptions } from './skill-learning.js'

export interface SkillComputation {
  learnSkill(key: SkillKey, rules: Rules, options?: SkillLearningOptions): Promise<LearnedSkill>
}

/** On the caller's thread. */
export const inProcessSkills: SkillComputation = { learnSkill }
