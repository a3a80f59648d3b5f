/**
 * An act the world reported done whose effect never showed. In an act order (act-order.ts) an act is followed by
 * the events it brings: past `craft.wooden_pickaxe` the DFA waits for `has.wooden_pickaxe.1` and allows no other
 * act. When the world says the act worked but that event did not come (a log broken under the bot by someone else,
 * and taken), the act did not happen for the skill: counted, it would leave the run waiting for an event only its
 * own acts bring, a day in vain. A milestone DFA, whose acts loop, never waits so.
 */
import type { Dfa } from '../../automata/dfa.js'
import { isActionSymbol } from '../../vocabulary/symbols.js'
import { isPursuable } from '../../world/milestone-pursuit.js'

/**
 * The event the DFA waits for after `action` from `s` and what came of it (`events`), when it can go on only by a
 * thing the bot makes (`has.logs.1`), not by any act; undefined when the act's effect showed or nothing waits so.
 * `distance` is the DFA's distance to acceptance per state (negative: none).
 */
export function missingEffect(
  dfa: Dfa,
  distance: ArrayLike<number>,
  s: number,
  action: string,
  events: readonly string[],
): string | undefined {
  if (s < 0) return undefined
  let t = dfa.step(s, action)
  if (t === s || t < 0 || (distance[t] ?? -1) < 0) return undefined
  for (const e of events) if (t >= 0) t = dfa.step(t, e)
  if (t < 0 || dfa.isAccepting(t)) return undefined
  let awaited: string | undefined
  for (let a = 0; a < dfa.alphabet.size; a++) {
    const symbol = dfa.alphabet.symbol(a)
    const next = dfa.next(t, a)
    const live = next >= 0 && (distance[next] ?? -1) >= 0
    // An act that leads on, even one that loops (a milestone state's), is a way without waiting.
    if (live && isActionSymbol(symbol)) return undefined
    if (!live || next === t) continue
    if (!isPursuable(symbol)) return undefined
    awaited ??= symbol
  }
  return awaited
}
