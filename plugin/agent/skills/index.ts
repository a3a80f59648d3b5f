export { repairTransition } from './dfa-repair.js'
export { heldStandIn, withHeldTool } from './held-tools.js'
export { causalMonitor, goalEvent, milestoneDfa } from './milestones.js'
export { seedSkills } from './seed-skills.js'
export type { SkillComputation } from './skill-computation.js'
export { inProcessSkills } from './skill-computation.js'
export type { SkillKey, Surroundings } from './skill-key.js'
export {
  CounterexampleError,
  skillChain,
  skillKey,
  skillKeysForGoal,
  skillName,
  UnknownGoalError,
  UnknownSkillError,
} from './skill-key.js'
export type { Evidence, LearnedSkill, SkillLearningOptions } from './skill-learning.js'
export { learnSkill, SkillLearningError, skillTarget, startInventoryOf } from './skill-learning.js'
export type { ObtainedSkill, SkillLibrary, SkillTeach } from './skill-manager.js'
export { MemoryLibrary, SkillManager } from './skill-manager.js'
export type { SkillTeacherChoice } from './skill-teaching.js'
export { llmSkillTeacher } from './skill-teaching.js'
export { worldObjection } from './world-check.js'
