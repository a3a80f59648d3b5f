/**
 * What a player is told after `!ce` or `!wrong`: "learned again" only when the skill or rule now reads words
 * differently; a correction it already agreed with is kept as a gold label, and the reply says nothing else moved.
 */

import { parseDfaJson } from '../automata/json.js'
import { equivalent } from '../automata/product.js'
import type { SkillRecord } from '../store/record.js'
import type { RecordStore } from '../store/record-store.js'
import { actWords } from '../vocabulary/player-words.js'

/**
 * Runs the correction `apply` and words what it changed, against the store as it was before: in the bot's own terms
 * (name, version, automaton size) when `verbose`, else in a player's words.
 */
export async function correctionReply(
  store: RecordStore,
  apply: () => Promise<SkillRecord>,
  learned: (record: SkillRecord) => string,
  verbose: boolean,
): Promise<string> {
  const { records } = await store.load()
  const before = new Map(records.map((r) => [`${r.kind}/${r.name}`, r]))
  const record = await apply()
  const previous = before.get(`${record.kind}/${record.name}`)
  if (previous && sameLanguage(previous, record)) {
    const it = record.kind === 'skill' ? 'the skill' : 'the rule'
    return verbose
      ? `${record.name} v${record.version} already read it that way: kept as a gold label, ${it} is unchanged`
      : `I already knew that about ${correctedWords(record)}: I keep your example, and ${it} is unchanged`
  }
  return learned(record)
}

function sameLanguage(a: SkillRecord, b: SkillRecord): boolean {
  if (a.alphabet.length !== b.alphabet.length || a.alphabet.some((s) => !b.alphabet.includes(s))) return false
  return equivalent(parseDfaJson(a.dfa), parseDfaJson(b.dfa)).equivalent
}

/** "3 states", and for a rule its alphabet (which a counterexample may have grown). */
function relearnedShape(record: SkillRecord): string {
  const states = `${parseDfaJson(record.dfa).stateCount} states`
  return record.kind === 'constraint' ? `${states} over ${record.alphabet.join(' ')}` : states
}

/** What was corrected, in a player's words: "mining oak logs" for a skill, `the rule "eat when hungry"` for a rule. */
function correctedWords(record: SkillRecord): string {
  return record.kind === 'skill' ? actWords(record.name) : `the rule "${record.phrase ?? record.name}"`
}

/**
 * "learned again": `eat-when-hungry v3 learned again with it (3 states over eat.bread food.low)` when `verbose`,
 * else "I learned the rule "eat when hungry" again".
 */
export function learnedAgain(record: SkillRecord, verbose: boolean, withIt = false): string {
  if (!verbose) return `I learned ${correctedWords(record)} again`
  return `${record.name} v${record.version} learned again${withIt ? ' with it' : ''} (${relearnedShape(record)})`
}
