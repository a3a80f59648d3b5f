/**
 * The last run's acts by number, as a player names them (`!wrong list` numbers them from 1): `!ce reject 1-4 6` is
 * the run's word with only those acts, in the order given, each followed by the events that came after it in the
 * run (and the events before the first act kept) — the run as it was, with the acts left out that the player left out.
 */
import { isActionSymbol } from '../../vocabulary/symbols.js'
import { CounterexampleError } from '../skills/index.js'

/** `word` with only its acts numbered `acts` (from 1), each with the events after it; a clear error out of range. */
export function wordOfActs(word: readonly string[], acts: readonly number[]): string[] {
  const first = word.findIndex(isActionSymbol)
  const opening = first < 0 ? [...word] : word.slice(0, first)
  // Each act with the events up to the next act.
  const segments: string[][] = []
  for (const symbol of first < 0 ? [] : word.slice(first)) {
    if (isActionSymbol(symbol)) segments.push([symbol])
    else segments.at(-1)?.push(symbol)
  }
  if (acts.length === 0)
    throw new CounterexampleError('name at least one act of the last run (!wrong list numbers them)')
  const outside = acts.find((n) => !Number.isInteger(n) || n < 1 || n > segments.length)
  if (outside !== undefined) {
    throw new CounterexampleError(
      segments.length === 0
        ? 'the last run did no act'
        : `the last run did ${segments.length} acts, numbered 1 to ${segments.length} (!wrong list): not ${outside}`,
    )
  }
  return [...opening, ...acts.flatMap((n) => segments[n - 1] as string[])]
}
