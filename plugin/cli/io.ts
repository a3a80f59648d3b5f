/** What the `cedar` program talks to: the process's streams, environment and exit for the real command; buffers
 * and a plain object in tests, which then run a command in their own process instead of spawning one. */
export interface CliIo {
  readonly stdout: TextSink
  readonly stderr: TextSink
  /** Read only for FILE `-`. */
  readonly stdin: AsyncIterable<Buffer | string>
  readonly env: Readonly<Record<string, string | undefined>>
  /** The status the command ends with (process.exitCode for the real program); the command runs on to its end. */
  setExitCode(code: number): void
  /** Ends the program now: only `cedar start`, whose server and bot leave timers behind once stopped. */
  exit(code?: number): void
}

export interface TextSink {
  write(text: string): unknown
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Made only when a command reads it (FILE `-`): made, it opens fd 0 as a stream for every command.
    get stdin() {
      return process.stdin
    },
    env: process.env,
    setExitCode: (code) => {
      process.exitCode = code
    },
    // process.exit(undefined) would clear an exit code set before; without an argument it keeps it.
    exit: (code) => (code === undefined ? process.exit() : process.exit(code)),
  }
}
