import { closestName } from '../vocabulary/closest-name.js'
import type { CommandDefinition, ParamSpec } from './command.js'

const NAME = /^[a-z][a-z0-9_-]{0,31}$/

/**
 * The declarative command table. Later features (and other plugins, through `bot.cedar.commands`) add their
 * commands here; `!help` is generated from it.
 */
export class CommandRegistry {
  private readonly byName = new Map<string, CommandDefinition>()
  private readonly byAlias = new Map<string, CommandDefinition>()

  /** Adds a command; returns a function that removes it again. Throws on a bad or taken name. */
  register<P extends readonly ParamSpec[]>(definition: CommandDefinition<P>): () => void {
    const command = definition as unknown as CommandDefinition
    const names = [command.name, ...(command.aliases ?? [])]
    for (const name of names) {
      if (!NAME.test(name)) throw new Error(`command name "${name}" must be lowercase letters, digits, _ or -`)
      if (this.get(name)) throw new Error(`command "${name}" is already registered`)
    }
    validateParams(command)
    this.byName.set(command.name, command)
    for (const alias of command.aliases ?? []) this.byAlias.set(alias, command)
    return () => {
      if (this.byName.get(command.name) !== command) return
      this.byName.delete(command.name)
      for (const alias of command.aliases ?? []) this.byAlias.delete(alias)
    }
  }

  get(name: string): CommandDefinition | undefined {
    const key = name.toLowerCase()
    return this.byName.get(key) ?? this.byAlias.get(key)
  }

  /** Commands in registration order. */
  list(): CommandDefinition[] {
    return [...this.byName.values()]
  }

  /** The registered name closest to a typo, if one is close enough to suggest. */
  suggest(typo: string): string | undefined {
    const match = closestName(typo, [...this.byName.keys(), ...this.byAlias.keys()])
    return match === undefined ? undefined : this.get(match)?.name
  }
}

function validateParams(command: CommandDefinition): void {
  const seen = new Set<string>()
  command.params.forEach((spec, index) => {
    if (seen.has(spec.name)) throw new Error(`command "${command.name}": parameter "${spec.name}" appears twice`)
    seen.add(spec.name)
    if (spec.kind === 'text' && index !== command.params.length - 1) {
      throw new Error(`command "${command.name}": text parameter "${spec.name}" must be the last`)
    }
    const next = command.params[index + 1]
    if (spec.optional && next && !next.optional) {
      throw new Error(`command "${command.name}": required "${next.name}" cannot follow optional "${spec.name}"`)
    }
  })
}
