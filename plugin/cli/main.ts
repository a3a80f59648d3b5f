// The `cedar` executable: the program of program.ts on this process's streams, arguments and signals.
import { processIo } from './io.js'
import { runCedar } from './program.js'

/**
 * SIGINT and SIGTERM end a command at once, even in the middle of a long synchronous computation (a product, a
 * formula's DFA, learning). The store's libraries listen for those signals to clean up (proper-lockfile through
 * signal-exit, from the moment it is imported), and a listener can only run between computations, so with it
 * Ctrl-C waits for the work to finish; without one the default disposition ends the process. What the listeners
 * would clean up is safe to leave: writes are atomic (a temporary file renamed), and a lock left behind records
 * its owner, so the next writer sees the owner gone and takes the lock over at once (store-lock.ts). `cedar start` keeps them: it stops the bot and the server itself.
 */
function endAtOnceOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(signal)
}

/** `cedar dfa minimize x | head`: the reader went away, so there is nothing more to say, and no stack to print. */
function quietOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
      throw error
    })
  }
}

quietOnClosedPipe()
if (process.argv[2] !== 'start') endAtOnceOnSignals()
await runCedar(process.argv.slice(2), processIo())
