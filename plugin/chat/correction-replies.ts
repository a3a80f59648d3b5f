/**
 * What a player is told after `!ce` or `!wrong`: "learned again" only when the skill or rule now reads words
 * differently; a correction it already agreed with is kept as a gold label, and the reply says nothing else moved.
 */

import { parseDfaJson } from '../automata/json.js'
import { equivalent } from '../automata/product.js'
import type { SkillRecord } from '../store/record.js'
import type { RecordStore } from '../store/record-store.js'

/** Runs the correction `apply` and words what it changed, against the store as it was before. */
export async function correctionReply(
  store: RecordStore,
  apply: () => Promise<SkillRecord>,
  learned: (record: SkillRecord) => string,
): Promise<string> {
  const { records } = await store.load()
  const before = new Map(records.map((r) => [`${r.kind}/${r.name}`, r]))
  const record = await apply()
  const previous = before.get(`${record.kind}/${record.name}`)
  if (previous && sameLanguage(previous, record)) {
    const it = record.kind === 'skill' ? 'the skill' : 'the rule'
    return `${record.name} v${record.version} already read it that way: kept as a gold label, ${it} is unchanged`
  }
  return learned(record)
}

function sameLanguage(a: SkillRecord, b: SkillRecord): boolean {
  if (a.alphabet.length !== b.alphabet.length || a.alphabet.some((s) => !b.alphabet.includes(s))) return false
  return equivalent(parseDfaJson(a.dfa), parseDfaJson(b.dfa)).equivalent
}

/** "3 states", and for a rule its alphabet (which a counterexample may have grown). */
export function relearnedShape(record: SkillRecord): string {
  const states = `${parseDfaJson(record.dfa).stateCount} states`
  return record.kind === 'constraint' ? `${states} over ${record.alphabet.join(' ')}` : states
}
