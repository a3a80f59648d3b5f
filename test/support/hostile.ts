// What every hostile input must end with: one clear line, no stack trace, no control characters, in bounded time
// and memory (the child runs with a 500 MB heap, so a blow-up fails the test instead of the machine).
import assert from 'node:assert/strict'
import { type CliResult, cedarProcess } from './cli.js'

export interface TimedResult extends CliResult {
  readonly ms: number
}

/** `cedar <args>` as a child process with the heap capped at 500 MB, timed. */
export async function boundedCedar(
  args: string[],
  env: Record<string, string | undefined> = {},
  input?: string,
): Promise<TimedResult> {
  const started = Date.now()
  const result = await cedarProcess(args, input, { NODE_OPTIONS: '--max-old-space-size=500', ...env })
  return { ...result, ms: Date.now() - started }
}

/** A failure a user can read: a non-zero exit and one line on stderr, with no stack trace or control character. */
export function assertCleanFailure(result: CliResult, pattern?: RegExp): string {
  assert.notEqual(result.code, 0, `expected a failure, got exit 0: ${result.stdout.slice(0, 300)}`)
  const text = result.stderr.trimEnd()
  assertOneClearLine(text)
  if (pattern) assert.match(text, pattern)
  return text
}

/** One line, no stack frames, no control characters. */
export function assertOneClearLine(text: string): void {
  assert.ok(text.length > 0, 'no message at all')
  assert.ok(!text.includes('\n'), `more than one line:\n${text.slice(0, 600)}`)
  assert.doesNotMatch(text, /\n\s+at |at .*\(.*:\d+:\d+\)|node:internal/, 'a stack trace')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is checked for
  assert.doesNotMatch(text, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/, 'a control character')
  assert.ok(text.length <= 400, `too long (${text.length} characters): ${text.slice(0, 200)}...`)
}

/**
 * The wall time a CLI command may take, over what the same command takes offline: a loaded machine starts Node
 * and tsx slowly, so the bound is the start-up allowance plus what the fault may cost.
 */
export const STARTUP_ALLOWANCE_MS = 12_000

/** A DFA counting `symbol` modulo n over `alphabet`, as DFA JSON. */
export const counterDfa = (symbol: string, n: number, alphabet: string[]) =>
  JSON.stringify({
    alphabet,
    initial: 0,
    accepting: [0],
    transitions: Array.from({ length: n }, (_, q) => alphabet.map((s) => (s === symbol ? (q + 1) % n : q))),
  })
