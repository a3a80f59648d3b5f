import { Command, CommanderError } from 'commander'
import { printable } from '../errors.js'
import { CEDAR_VERSION } from '../version.js'
import { addAlphabetCommand } from './alphabet-command.js'
import { addConfigCommand } from './config-command.js'
import { addDfaCommand } from './dfa-command.js'
import { addLearnCommand } from './learn-command.js'
import { addLtlCommand } from './ltl-command.js'
import { addSimCommand } from './sim-command.js'
import { addSkillsCommand } from './skills-command.js'
import { addStartCommand } from './start-command.js'
import { addSymbolsCommand } from './symbols-command.js'

/** The `cedar` program; later features add their subcommands here. */
export function buildProgram(): Command {
  const program = new Command()
    .name('cedar')
    .description(
      'mineflayer-cedar: a Minecraft bot that follows instructions and keeps constraints, checked by automata',
    )
    .version(CEDAR_VERSION, '-V, --version')
    // A usage error is one line, the pointer to --help on it, and no control character of the argument echoed.
    .configureOutput({
      outputError: (message, write) =>
        write(`${printable(message.trim().replace(/\s*\n\s*/g, ' '))} (add --help for usage)\n`),
    })
    .exitOverride()
  addStartCommand(program)
  addConfigCommand(program)
  addDfaCommand(program)
  addLtlCommand(program)
  addLearnCommand(program)
  addSimCommand(program)
  addSymbolsCommand(program)
  addAlphabetCommand(program)
  addSkillsCommand(program)
  return program
}

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
try {
  await buildProgram().parseAsync(process.argv)
} catch (error) {
  // Help and version end through exitOverride with code 0; a usage error was already printed by commander.
  process.exitCode = error instanceof CommanderError ? error.exitCode : 1
  if (!(error instanceof CommanderError)) process.stderr.write(`cedar: ${printable((error as Error).message)}\n`)
}
