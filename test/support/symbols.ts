// What a player must not read in chat unless they asked --verbose: a symbol of the bot's vocabulary (every action
// verb and predicate kind the vocabulary has, `has.oak_log.3`, `fish.cod`, `time.night`), and the automata's sizes.
import { SYMBOL_IN_TEXT_SOURCE } from '../../plugin/vocabulary/symbols.js'

/** An internal symbol anywhere in a line. Built from the vocabulary, so a verb added there is checked here too. */
export const SYMBOL = new RegExp(SYMBOL_IN_TEXT_SOURCE)

/** A symbol, or "states" / "symbols" (a skill's or a goal's size in the bot's own terms). */
export const JARGON = new RegExp(`${SYMBOL_IN_TEXT_SOURCE}|\\bstates\\b|\\bsymbols\\b`)
