/**
 * Whether a run that missed its goal was the world's doing rather than the skill's (CEDAR §3.2 takes a run whose
 * DFA accepted without the goal as a counterexample; on a live server someone may break the log the bot digs, a
 * mob may knock it off its path, a drop may land out of reach). Skills are learned in the Sim, so the Sim is the
 * judge: the run's word, replayed there from the start the skill was learned from, either reaches the skill's item
 * (the plan was right and the world changed under it: no counterexample) or does not (the plan was wrong).
 */
import { RecipeTeacher } from '../../teachers/recipe-teacher.js'
import type { Rules } from '../../world/rules.js'
import type { SimOptions } from '../../world/sim/index.js'
import type { ControllerResult } from '../controller/index.js'
import type { ObtainedSkill } from '../skills/index.js'
import { startInventoryOf } from '../skills/index.js'

/** The run's word cut to the skill's alphabet, in the skill's stored spelling (a better tool held is renamed back). */
export function skillWord(skill: ObtainedSkill, result: ControllerResult): string[] {
  const stored = new Map([...(skill.renamedSymbols ?? [])].map(([from, to]) => [to, from]))
  return result.word.filter((s) => skill.record.alphabet.includes(s)).map((s) => stored.get(s) ?? s)
}

/**
 * Why the world, not the skill, is to blame for a run that accepted without its goal: the reason in words, or
 * undefined when the skill's own plan was wrong (or the run did not end that way).
 */
export function worldFault(
  skill: ObtainedSkill,
  result: ControllerResult,
  rules: Rules,
  learningWorld?: SimOptions,
): string | undefined {
  if (result.outcome !== 'accepted-without-goal') return undefined
  const word = skillWord(skill, result)
  const teacher = new RecipeTeacher({
    goal: skill.key.item,
    count: skill.key.count,
    world: { seed: 0, pathFailureRate: 0, ...learningWorld, startInventory: startInventoryOf(skill.key, rules) },
  })
  if (!teacher.achieves(word)) return undefined
  const failed = result.trace.flatMap((t) => (t.ok || !t.error ? [] : [`${t.action}: ${t.error}`]))
  const seen = failed.length > 0 ? `: ${[...new Set(failed)].slice(0, 3).join('; ')}` : ''
  return `the world got in the way${seen} (the same actions get ${skill.key.item} in the Sim, so ${skill.name} is kept as it is)`
}
