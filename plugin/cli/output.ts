import { printable } from '../errors.js'
import type { CliIo } from './io.js'

/** Where a subcommand writes: one JSON document per line with `--json`, plain text otherwise. */
export interface Output {
  readonly json: boolean
  /** Prints a result: `text` for people, `data` for `--json`. */
  result(text: string, data: unknown): void
  /** Fails the command: a message on stderr (or a JSON error object on stdout), exit code 1. */
  fail(message: string): void
}

export function createOutput(json: boolean, io: CliIo): Output {
  return {
    json,
    result(text, data) {
      io.stdout.write(json ? `${JSON.stringify(data)}\n` : `${text}\n`)
    },
    fail(raw) {
      // Messages quote outside input (a file's bytes, an argument): no terminal escape gets through.
      const message = printable(raw)
      if (json) io.stdout.write(`${JSON.stringify({ error: message })}\n`)
      else io.stderr.write(`cedar: ${message}\n`)
      io.setExitCode(1)
    },
  }
}

/** Runs a subcommand's work, turning any error into `out.fail` (a message and exit code 1). */
export async function guarded(out: Output, work: () => Promise<void>): Promise<void> {
  try {
    await work()
  } catch (error) {
    out.fail((error as Error).message)
  }
}
