import { Command, CommanderError } from 'commander'
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
    .showHelpAfterError('(add --help for usage)')
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

try {
  await buildProgram().parseAsync(process.argv)
} catch (error) {
  // Help and version end through exitOverride with code 0; a usage error was already printed by commander.
  process.exitCode = error instanceof CommanderError ? error.exitCode : 1
  if (!(error instanceof CommanderError)) process.stderr.write(`cedar: ${(error as Error).message}\n`)
}
