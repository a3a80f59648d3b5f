/**
 * The base of every error a user of mineflayer-cedar can receive for a mistake of theirs or a condition of the
 * world (a law that does not parse, a goal the rules do not know, an LLM that is unreachable): catch `CedarError`
 * to tell those from bugs. The chat answers a CedarError in one line and logs a stack only for anything else.
 * A leaf module on purpose: every layer, the formal core too, may extend it.
 */
export class CedarError extends Error {
  override name = 'CedarError'
}

/**
 * Outside text (an instruction, a file's bytes, a name) made safe to put in a message: control characters and
 * terminal escapes become `?`, and at most `max` characters are kept, with an ellipsis. Quoted.
 */
export function quoted(text: string, max = 60): string {
  const plain = printable(text)
  return `"${plain.length > max ? `${plain.slice(0, max - 1)}…` : plain}"`
}

/** A message made safe for a terminal: every control character but the newline becomes `?` (no escapes run). */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  return text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, '?')
}
