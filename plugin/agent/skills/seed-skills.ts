import type { SkillRecord } from '../../store/record.js'
import type { Rules } from '../../world/rules.js'
import { type SkillKey, skillChain, skillKey, skillName } from './skill-key.js'
import { learnSkill } from './skill-learning.js'
import { type SkillLibrary, skillRecord } from './skill-manager.js'

export const SEED_GOALS: readonly (readonly [verb: string, object: string])[] = [
  ['mine', 'logs'],
  ['craft', 'wooden_pickaxe'],
  ['craft', 'stone_pickaxe'],
  ['craft', 'iron_pickaxe'],
  ['craft', 'diamond_pickaxe'],
  ['mine', 'coal_ore'],
  ['mine', 'iron_ore'],
  ['mine', 'diamond_ore'],
  ['craft', 'bucket'],
  ['craft', 'compass'],
]

/** Learns every seed skill (and its prerequisites) and saves each; resolves with the saved records. */
export async function seedSkills(
  library: SkillLibrary,
  rules: Rules,
  onSaved?: (record: SkillRecord) => void,
): Promise<SkillRecord[]> {
  const keys: SkillKey[] = []
  for (const [verb, object] of SEED_GOALS) {
    for (const key of skillChain(skillKey(verb, object, rules), rules)) {
      if (!keys.some((k) => skillName(k) === skillName(key))) keys.push(key)
    }
  }
  const saved: SkillRecord[] = []
  for (const key of keys) {
    const record = await library.save(skillRecord(await learnSkill(key, rules), rules, 'seed'))
    saved.push(record)
    onSaved?.(record)
  }
  return saved
}
