/**
 * Skills taught by the LLM (CEDAR §3.2): the model answers a skill's membership queries, a whole learner round in
 * one request, over the skill's milestone alphabet with a description per symbol; CAPAL weighs its answers (they
 * are candidates), and execution in the Sim is the equivalence oracle and, with players, the only gold. The recipe
 * book stays the default: this is used when asked for (`!learn ... --llm`, `skillTeacher: 'llm'`).
 */
import type { GroundingComponents } from '../../grounding/pipeline.js'
import type { MembershipTeacher } from '../../learning/index.js'
import type { LlmClient } from '../../llm/llm-client.js'
import { LlmTeacher } from '../../teachers/llm-teacher.js'
import { parseSymbol } from '../../vocabulary/symbols.js'
import type { SkillKey } from './skill-key.js'

/** Who teaches skills: the recipe book (the default), or the configured LLM. */
export type SkillTeacherChoice = 'recipe' | 'llm'

/** Words per request: one round of the learner, however large (a table fill, a statistical test). */
export const SKILL_BATCH = 100_000

/** The instruction a skill's queries are judged against: `craft stone_pickaxe`, `mine diamond_ore`. */
export const skillInstruction = (key: SkillKey): string => `${key.verb} ${key.object}`

/** A description for the model: the grounding inventory's, or one written from the symbol's shape. */
export function describeSymbol(symbol: string, inventory: GroundingComponents['inventory']): string {
  const known = inventory.get(symbol)?.description
  const parsed = parseSymbol(symbol)
  if (parsed?.verb === 'has' && parsed.count !== undefined) {
    return `event: the inventory now holds at least ${parsed.count} ${parsed.object.replaceAll('_', ' ')}`
  }
  return known ?? symbol
}

export interface SkillTeaching {
  readonly teacher: MembershipTeacher
  readonly teacherName: string
}

/** The LLM as the teacher of one skill over `alphabet`. */
export function llmSkillTeacher(
  llm: LlmClient,
  key: SkillKey,
  alphabet: readonly string[],
  inventory: GroundingComponents['inventory'],
): SkillTeaching {
  const symbols = alphabet.map((symbol) => ({ symbol, description: describeSymbol(symbol, inventory) }))
  const teacher = new LlmTeacher(llm, {
    instruction: skillInstruction(key),
    symbols,
    kind: 'skill',
    batchSize: SKILL_BATCH,
  })
  return { teacher, teacherName: `llm:${llm.modelFor('mq')}` }
}
