import { Command, CommanderError } from 'commander'
import { printable } from '../errors.js'
import { CEDAR_VERSION } from '../version.js'
import { addAlphabetCommand } from './alphabet-command.js'
import { addConfigCommand } from './config-command.js'
import { addDfaCommand } from './dfa-command.js'
import type { CliIo } from './io.js'
import { addLearnCommand } from './learn-command.js'
import { addLtlCommand } from './ltl-command.js'
import { addSimCommand } from './sim-command.js'
import { addSkillsCommand } from './skills-command.js'
import { addStartCommand } from './start-command.js'
import { addSymbolsCommand } from './symbols-command.js'

/** The `cedar` program writing to `io`; later features add their subcommands here. */
export function buildProgram(io: CliIo): Command {
  const program = new Command()
    .name('cedar')
    .description(
      'mineflayer-cedar: a Minecraft bot that follows instructions and keeps constraints, checked by automata',
    )
    .version(CEDAR_VERSION, '-V, --version')
    // A usage error is one line, the pointer to --help on it, and no control character of the argument echoed.
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (message, write) =>
        write(`${printable(message.trim().replace(/\s*\n\s*/g, ' '))} (add --help for usage)\n`),
    })
    .exitOverride()
  addStartCommand(program, io)
  addConfigCommand(program, io)
  addDfaCommand(program, io)
  addLtlCommand(program, io)
  addLearnCommand(program, io)
  addSimCommand(program, io)
  addSymbolsCommand(program, io)
  addAlphabetCommand(program, io)
  addSkillsCommand(program, io)
  return program
}

/** Runs `cedar <args>` (the words after the command) to its end; the exit status goes to `io.setExitCode`. */
export async function runCedar(args: readonly string[], io: CliIo): Promise<void> {
  try {
    await buildProgram(io).parseAsync([...args], { from: 'user' })
  } catch (error) {
    // Help and version end through exitOverride with code 0; a usage error was already printed by commander.
    io.setExitCode(error instanceof CommanderError ? error.exitCode : 1)
    if (!(error instanceof CommanderError)) io.stderr.write(`cedar: ${printable((error as Error).message)}\n`)
  }
}
