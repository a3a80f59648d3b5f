/**
 * Why a critic's proposal was turned down, as a player reads it: the validator's reasons name LTL's shapes ("not in
 * the safe form: G … has no condition", "nested X") and symbols; a player hears what the law would have done wrong
 * ("it says no when", "it would have stopped crafting planks in "get planks", a run that worked"). `--verbose` bots
 * (the verbose option) keep the validator's words.
 */
import type { RejectedProposal, Relaxation } from '../agent/index.js'
import { lawWords } from '../vocabulary/law-words.js'
import { actWords, counted, inPlayerWords, listWords } from '../vocabulary/player-words.js'

/** The safe form's problems (safe-form.ts), each in words: what a law must be instead. */
const SAFE_FORM_WORDS: readonly (readonly [RegExp, string])[] = [
  [/eventuality/, 'it asks for something to happen some time, and I keep a law only by refusing the next act'],
  [/has no condition/, 'it says no "when": a law must say what to do next in a situation I can see'],
  [/does not start with G/, 'it is not an "always" rule about what to do next'],
  [/condition has the temporal operator/, 'its "when" is about the past or the future; it must be about now'],
  [/condition names the action/, 'its "when" is an act; it must be something I can see, such as holding a log'],
  [/condition names no state predicate/, 'its "when" names nothing I can see'],
  [/nested X|after X it has the temporal operator/, 'it looks more than one act ahead; a law says what to do next'],
  [/after X it names the state predicate/, 'it asks for a state after the next act, where an act must be'],
  [/after X it names no action|after -> comes/, 'it does not say which act comes next'],
]

/** The validator's reason for turning a proposal down, in a player's words. */
export function refusalReasonWords(reason: string): string {
  const unsafe = /^not in the safe form: (.*)$/.exec(reason)?.[1]
  if (unsafe !== undefined) {
    return SAFE_FORM_WORDS.find(([shape]) => shape.test(unsafe))?.[1] ?? 'it is not a rule about what to do next'
  }
  if (reason.startsWith('does not parse')) return 'I could not read it'
  const unknown = /^names unknown propositions? (.+)$/.exec(reason)?.[1]
  if (unknown !== undefined) {
    // What reads as words is said so ("a diamond"); a name that is no symbol of ours, as written.
    const named = unknown.split(', ').map((u) => (inPlayerWords(u) === u ? `"${u}"` : inPlayerWords(u)))
    return `it names what I do not know: ${listWords(named)}`
  }
  if (reason.startsWith('its condition never held'))
    return 'its "when" never came up in my runs, so nothing shows it is needed'
  const blocked = /^it would have blocked (\S+) \(step (\d+)\) of the successful run "(.*)" \(\S+\)$/.exec(reason)
  if (blocked)
    return `it would have stopped ${actWords(blocked[1] ?? '')} (step ${blocked[2]}) of "${blocked[3]}", which reached its goal`
  if (reason.startsWith('it would leave no allowed action'))
    return 'it would have left me nothing I may do in a situation I have been in'
  const same = /^it duplicates (\S+):/.exec(reason)?.[1]
  // The validator names a law of the same round by a placeholder ("proposal-1"), not an id a player can look up.
  if (same !== undefined)
    return same.startsWith('proposal-') ? 'a law of the same round says the same' : `law ${same} says the same`
  const covered = /^(\S+) already implies it:/.exec(reason)?.[1]
  if (covered !== undefined)
    return covered.startsWith('proposal-') ? 'a law of the same round covers it' : `law ${covered} already covers it`
  if (reason === 'a player rejected this law before') return 'a player rejected it before'
  return inPlayerWords(reason)
}

/** Who proposed a law: `llm:efficiency` → "the LLM critic", `offline:feedback` → "my own critic". */
export function proposerWords(origin: string): string {
  if (origin === 'llm' || origin.startsWith('llm:')) return 'the LLM critic'
  if (origin === 'offline' || origin.startsWith('offline:')) return 'my own critic'
  return origin
}

/**
 * A proposal waiting for a player, in words: the law as a sentence and how many runs show it. What the critic
 * wrote about it ("craft.crafting_table was repeated while has.crafting_table.1 already held") and the runs' ids are
 * in its own terms: the verbose option, the console and the log show them.
 */
export function proposalWords(p: {
  readonly id: string
  readonly text: string
  readonly evidence: readonly string[]
}): string {
  const seen = p.evidence.length > 0 ? ` — seen in ${counted(p.evidence.length, 'run')}` : ''
  return `${p.id} proposed: ${lawWords(p.text)}${seen}`
}

/** A refused proposal: the law and why, as a player reads it, or as the validator wrote it for `verbose`. */
export function rejectionLine(r: RejectedProposal, verbose: boolean): string {
  if (verbose) return `refused ${r.formula} (${r.origin}): ${r.reason}`
  return `turned down "${lawWords(r.formula)}" from ${proposerWords(r.origin)}: ${refusalReasonWords(r.reason)}`
}

/**
 * A law the critic relaxed because it left the bot no allowed act in a state it was in: which law (as a sentence,
 * `lawBefore` being its formula before the round) and what became of it. The formula is for `verbose`.
 */
export function relaxationLine(r: Relaxation, lawBefore: string | undefined, verbose: boolean): string {
  if (verbose) return `relaxed ${r.lawId}: ${r.change.type === 'delete' ? 'deleted' : r.change.formula}`
  const law = lawBefore === undefined ? r.lawId : `${r.lawId} ("${lawWords(lawBefore)}")`
  const why = 'it left me nothing I was allowed to do once'
  return r.change.type === 'delete'
    ? `I dropped ${law}: ${why}`
    : `I changed ${law} to "${lawWords(r.change.formula)}": ${why}`
}

/**
 * A critic that failed this round (`llm: the LLM at … did not answer`, `llm relax: …`), as a player reads it: who
 * could not do what, and why in words. The round's other critics still ran.
 */
export function criticErrorLine(error: string, verbose: boolean): string {
  if (verbose) return `failed: ${error}`
  const named = /^([^:]+): ([\s\S]*)$/.exec(error)
  const name = named?.[1] ?? ''
  const why = inPlayerWords(named?.[2] ?? error)
  if (name === 'llm relax') return `the LLM critic could not loosen a law that left me stuck: ${why}`
  const critic = proposerWords(name)
  return `${critic === name ? `the critic "${name}"` : critic} could not read my runs this time: ${why}`
}
