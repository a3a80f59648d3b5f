/**
 * `--verbose` among a command's words: the bot's own terms (symbols, automata sizes, teacher statistics) for this one
 * reply. Players hear their own words otherwise, unless the `verbose` option makes every reply verbose.
 */
import type { CommandContext } from './command.js'

/** The words without `--verbose`, and whether it was there. */
export function verboseFlag(text: string): { text: string; verbose: boolean } {
  const words = text.split(/\s+/).filter(Boolean)
  const kept = words.filter((w) => w !== '--verbose')
  return { text: kept.join(' '), verbose: kept.length < words.length }
}

/** Whether a reply is in the bot's own terms: `--verbose` in `text` (returned without it) or the `verbose` option. */
export function verboseReply(context: Pick<CommandContext, 'cedar'>, text = ''): { text: string; verbose: boolean } {
  const flagged = verboseFlag(text)
  return { text: flagged.text, verbose: flagged.verbose || context.cedar.options.verbose }
}
