/**
 * The seed skills shipped in skills-store/: the papers' tasks (CEDAR Table 4: wooden, iron and diamond pickaxe,
 * lava bucket, compass; the diamond of "sleep at night"; the minerals of "only at night"), learned by the plugin's
 * own learner with the recipe teacher in the Sim — not written by hand. `cedar skills seed` regenerates them.
 */
import { toDfaJson } from '../automata/json.js'
import type { SkillRecord } from '../store/record.js'
import type { Rules } from '../world/rules.js'
import { prerequisitesOf, type SkillKey, skillChain, skillKey, skillName } from './skill-key.js'
import { learnSkill } from './skill-learning.js'
import type { SkillLibrary } from './skill-manager.js'

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
    const learned = await learnSkill(key, rules)
    const record = await library.save({
      kind: 'skill',
      name: skillName(key),
      verb: key.verb,
      object: key.object,
      alphabet: learned.alphabet,
      dfa: toDfaJson(learned.dfa),
      successEvents: learned.successEvents,
      evidence: learned.evidence,
      prerequisites: prerequisitesOf(key, rules).map(skillName),
      provenance: {
        teacher: 'recipe',
        path: 'seed',
        membershipQueries: learned.membershipQueries,
        equivalenceQueries: learned.equivalenceQueries,
      },
    })
    saved.push(record)
    onSaved?.(record)
  }
  return saved
}
