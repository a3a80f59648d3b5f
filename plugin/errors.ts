/**
 * The base of every error a user of mineflayer-cedar can receive for a mistake of theirs or a condition of the
 * world (a law that does not parse, a goal the rules do not know, an LLM that is unreachable): catch `CedarError`
 * to tell those from bugs. The chat answers a CedarError in one line and logs a stack only for anything else.
 * A leaf module on purpose: every layer, the formal core too, may extend it.
 */
export class CedarError extends Error {
  override name = 'CedarError'
}
