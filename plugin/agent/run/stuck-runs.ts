/**
 * A run that ends with no accepting path left (CEDAR §3.2) is evidence — about the skill, or about the world. When
 * an act failed because the world would not have it (no path, nothing found, a drop that never came, a server
 * error, an event that never came), the world is named and nothing is learned: the skill may be right. When an act
 * failed because the plan lacked something (a tool, an ingredient), the skill that planned it is wrong: the word it
 * promised — the run so far, the act that failed, and its shortest way on from there — is a gold negative for it.
 * When nothing failed and the product still has no way on while the skill has one, the run's rules left none: they
 * are named, not changed (a rule is the player's to correct, with `!ce` or `!wrong <rule>`).
 */
import { shortestPathToAcceptance } from '../../automata/search.js'
import type { ControllerResult } from '../controller/index.js'
import type { ObtainedSkill } from '../skills/index.js'

export type StuckVerdict =
  | { readonly kind: 'world'; readonly reason: string }
  | { readonly kind: 'skill'; readonly skill: string; readonly word: readonly string[]; readonly reason: string }
  | { readonly kind: 'constraints'; readonly ids: readonly string[]; readonly reason: string }
  /** Nothing failed and nothing in the events shows the world at fault: the plan's automaton had no way on. */
  | { readonly kind: 'plan'; readonly reason: string }

/** Failures the plan could not have avoided: the world's, not the skill's. */
const WORLD_FAILURES = new Set([
  'not_found',
  'path_failed',
  'timeout',
  'server_error',
  'no_drop',
  'no_effect',
  'unsupported',
  'not_now',
  'blocked',
])
/** Failures that say the plan itself was short of something. */
const PLAN_FAILURES = new Set(['missing_tool', 'missing_ingredients'])

export interface StuckRun {
  readonly skills: readonly ObtainedSkill[]
  readonly constraints: readonly { readonly id: string }[]
}

export function judgeStuckRun(run: StuckRun, result: ControllerResult): StuckVerdict | undefined {
  if (result.outcome !== 'no-path') return undefined
  // A tool worn out under the plan (tool-wear.ts): the plan was right when it ran.
  const broken = result.brokenTools ?? []
  if (broken.length > 0) return { kind: 'world', reason: `the ${broken.join(' and the ')} broke` }
  const failed = result.trace.filter((t) => !t.ok).map((t) => ({ action: t.action, error: t.error ?? 'failed' }))
  const kindOf = (error: string) => error.split(':')[0]?.trim() ?? ''
  const byWorld = failed.find((f) => WORLD_FAILURES.has(kindOf(f.error)))
  if (byWorld) return { kind: 'world', reason: `${byWorld.action} failed: ${byWorld.error}` }
  const byPlan = failed.findLast((f) => PLAN_FAILURES.has(kindOf(f.error)))
  if (byPlan) {
    const skill = [...run.skills].reverse().find((s) => s.dfa.alphabet.has(byPlan.action))
    const promised = skill && promisedWord(skill, result.word, byPlan.action)
    if (skill && promised) {
      const stored = new Map([...(skill.renamedSymbols ?? [])].map(([from, to]) => [to, from]))
      return {
        kind: 'skill',
        skill: skill.name,
        word: promised.map((s) => stored.get(s) ?? s),
        reason: `${byPlan.action} failed: ${byPlan.error}`,
      }
    }
  }
  if (failed.length === 0 && result.message.startsWith('waited')) return { kind: 'world', reason: result.message }
  if (failed.length === 0 && run.constraints.length > 0) {
    return {
      kind: 'constraints',
      ids: run.constraints.map((c) => c.id),
      reason: 'nothing failed, yet the rules left no way on',
    }
  }
  // Nothing failed and no event came that the run waited for in vain: the world is not shown at fault. The skills
  // as this run put them together had no way on; which one was wrong the run does not show, so none is changed.
  return failed.length === 0 ? { kind: 'plan', reason: planReason(result) } : undefined
}

/** "no way to the goal is left from here, after craft.torch has.torch.4" — the last acts the run took. */
function planReason(result: ControllerResult): string {
  const last = result.word.slice(-4)
  return last.length === 0 ? result.message : `${result.message}, after ${last.join(' ')}`
}

/** The run so far in the skill's symbols, the act that failed, and the skill's shortest way on: what it accepted. */
function promisedWord(skill: ObtainedSkill, word: readonly string[], failed: string): string[] | undefined {
  const { dfa } = skill
  const so = word.filter((s) => dfa.alphabet.has(s))
  const at = dfa.run([...so, failed])
  if (at < 0) return undefined
  const rest = dfa.isAccepting(at) ? [] : shortestPathToAcceptance(dfa, at)
  return rest ? [...so, failed, ...rest] : undefined
}

/** The verdict for people: who was at fault, and what was learned from it. */
export function describeStuck(verdict: StuckVerdict): string {
  switch (verdict.kind) {
    case 'world':
      return `the world was at fault (${verdict.reason}), so no skill was changed`
    case 'skill':
      return `the skill ${verdict.skill} was wrong (${verdict.reason}): it learned from ${verdict.word.join(' ')} as a counterexample`
    case 'constraints':
      return `${verdict.reason}: ${verdict.ids.join(', ')} (correct one with !ce or !wrong <rule>)`
    case 'plan':
      return `no act failed and the world is not shown at fault: the skills as planned had no way on (${verdict.reason}); no skill was changed (say !wrong <skill> if one was wrong)`
  }
}
