/**
 * Corrections of the last run in a player's terms (CEDAR's trace annotation): `!wrong list` lists what the last run
 * did, numbered; `!wrong N` says act N should not have happened there (a gold counterexample: no way of the skill goes
 * through the run up to that act, so the next run takes another act at that point); `!wrong` alone, or with a
 * skill or rule id, rejects the whole run as before.
 */
import type { RecordStore } from '../store/record-store.js'
import { actWords, counted, listWords } from '../vocabulary/player-words.js'
import { isActionSymbol } from '../vocabulary/symbols.js'
import { type CommandContext, defineCommand, param } from './command.js'
import { correctionReply, learnedAgain } from './correction-replies.js'
import type { CommandRegistry } from './registry.js'
import { findSkill, noSkillLine } from './skill-names.js'
import { verboseReply } from './verbose-flag.js'

/** Past this many acts in one range (`1-999999`), a range stops expanding: its end is named as out of range. */
const MAX_RANGE = 1000

/**
 * Act numbers as a player writes them after `!ce accept|reject` (`1-4 6`, `2,3`), in order; undefined when the
 * tokens are not all numbers (then they are symbols).
 */
export function actNumbers(tokens: readonly string[]): number[] | undefined {
  const parts = tokens.flatMap((t) => t.split(',')).filter(Boolean)
  if (parts.length === 0) return undefined
  const numbers: number[] = []
  for (const part of parts) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part)
    if (!range) return undefined
    const from = Number(range[1])
    const to = range[2] === undefined ? from : Number(range[2])
    for (let n = from; n <= Math.min(to, from + MAX_RANGE); n++) numbers.push(n)
    if (to > from + MAX_RANGE) numbers.push(to)
  }
  return numbers
}

/** "acts 1-4, 6 (mining logs, …) are not a way to do it": the correction said back in a player's words. */
export function actsCorrectionText(spec: string, word: readonly string[], label: boolean): string {
  const acts = word.filter(isActionSymbol).map(actWords)
  const many = acts.length > 1
  const way = label ? 'a way to do it' : 'not a way to do it'
  return `${many ? 'acts' : 'act'} ${spec} (${listWords(acts)}) ${many ? 'are' : 'is'} ${way}`
}

/** `!wrong list`: what the last run did, numbered as `!wrong N` counts (its symbols when `verbose`). */
function listedActs(acts: readonly string[], verbose: boolean): string {
  if (acts.length === 0) return 'nothing has run yet'
  return `the last run's acts: ${acts.map((a, i) => `${i + 1} ${verbose ? a : actWords(a)}`).join(', ')}`
}

/** `!wrong N` past the last run's acts: which numbers there are. */
function outOfRange(acts: number, prefix: string): string {
  if (acts === 0) return 'nothing has run yet'
  const which = acts === 1 ? `${prefix}wrong 1` : `${prefix}wrong 1 to ${prefix}wrong ${acts}`
  return `the last run did ${counted(acts, 'act')}: say ${which} (${prefix}wrong list names them)`
}

/** What `!wrong` corrects: the last run's own (nothing named), a skill or rule by its name; or the reply instead. */
type Target = { readonly name?: string } | { readonly reply: string }

/**
 * The skill or rule a player names after `!wrong`: a rule by its id or its words ("sleep at night"), a skill as
 * `!skill` finds it ("mining logs", "wooden pickaxe", its symbol); else the reply saying what might have been meant.
 */
async function namedTarget(
  context: CommandContext,
  store: RecordStore,
  said: string,
  verbose: boolean,
): Promise<Target> {
  const { records } = await store.load()
  const phrase = said.toLowerCase()
  const rule = records.find((r) => r.kind === 'constraint' && (r.name === said || r.phrase?.toLowerCase() === phrase))
  if (rule) return { name: rule.name }
  const skills = records.filter((r) => r.kind === 'skill')
  const lookup = findSkill(said, skills)
  if ('found' in lookup) return { name: lookup.found }
  const { prefix } = context.cedar.options
  const orElse = { kind: 'rule', list: `${prefix}constraints` }
  return { reply: noSkillLine({ command: `${prefix}wrong`, said, lookup, skills, verbose, orElse }) }
}

const wrongCommand = (store: RecordStore) =>
  defineCommand({
    name: 'wrong',
    summary:
      'the last run did the wrong thing: its trace becomes a counterexample (for its skill, or the rule named); !wrong N: its act N (!wrong list numbers them) should not have happened',
    details: 'add --verbose for symbols and the automaton size',
    params: [
      param.text('name', {
        optional: true,
        description:
          'an act number of the last run (!wrong list shows them), or a skill as you would say it (oak log) or a rule',
      }),
    ],
    run: async (context, { name: line }) => {
      const { cedar } = context
      const { text, verbose } = verboseReply(context, line)
      const name = text === '' ? undefined : text
      if (name === 'list') return listedActs(cedar.agent.lastActs(), verbose)
      const act = name !== undefined && /^\d+$/.test(name) ? Number(name) : undefined
      const acts = cedar.agent.lastActs()
      // A number past the last act is a player's guess: the numbers that exist, as a reply and not a failure.
      if (act !== undefined && (act < 1 || act > acts.length)) return outOfRange(acts.length, cedar.options.prefix)
      const acted = act === undefined ? undefined : acts[act - 1]
      const actedWords = acted === undefined || verbose ? acted : actWords(acted)
      const named: Target =
        act === undefined && name !== undefined ? await namedTarget(context, store, name, verbose) : {}
      if ('reply' in named) return named.reply
      return correctionReply(
        store,
        () => cedar.agent.wrong(act !== undefined ? { act } : named),
        (record) =>
          act === undefined
            ? `noted: ${learnedAgain(record, verbose)}`
            : `noted: act ${act} (${actedWords}) should not have happened there — ${learnedAgain(record, verbose)}`,
        verbose,
      )
    },
  })

export function registerRunCorrections(registry: CommandRegistry, store: RecordStore): void {
  registry.register(wrongCommand(store))
}
