import type { Bot } from 'mineflayer'

/** How a parameter's text is read: one word, a number, or the rest of the line. */
export type ParamKind = 'word' | 'int' | 'number' | 'text'

export interface ParamSpec<N extends string = string, K extends ParamKind = ParamKind, O extends boolean = boolean> {
  readonly name: N
  readonly kind: K
  readonly optional: O
  readonly description: string
  /** For `word`: the only accepted values (matched case-insensitively, returned as listed). */
  readonly choices?: readonly string[]
}

type ValueOf<K extends ParamKind> = K extends 'int' | 'number' ? number : string

/** The handler's argument object, typed from the parameter list. */
export type ArgsOf<P extends readonly ParamSpec[]> = {
  [S in P[number] as S['name']]: S['optional'] extends true ? ValueOf<S['kind']> | undefined : ValueOf<S['kind']>
}

/** Where a command came from; replies go back the same way unless the reply mode says otherwise. */
export type Channel = 'chat' | 'whisper'

export interface CommandContext {
  readonly bot: Bot
  /** `bot.cedar` (typed by the plugin's augmentation of Bot, so chat needs no import of the plugin entry). */
  readonly cedar: Bot['cedar']
  readonly username: string
  readonly channel: Channel
  /** Sends one reply now (split to the chat limit); a handler may also return its reply. */
  reply(text: string): void
}

// biome-ignore lint/suspicious/noConfusingVoidType: lets a handler that replies itself simply return nothing
export type CommandResult = string | undefined | void

export interface CommandDefinition<P extends readonly ParamSpec[] = readonly ParamSpec[]> {
  readonly name: string
  readonly aliases?: readonly string[]
  /** One line for `!help`. */
  readonly summary: string
  /** Extra lines for `!help <name>`. */
  readonly details?: string
  readonly params: P
  run(context: CommandContext, args: ArgsOf<P>): CommandResult | Promise<CommandResult>
}

/** Keeps the parameter tuple's literal types so `run` gets typed arguments. */
export function defineCommand<const P extends readonly ParamSpec[]>(
  definition: CommandDefinition<P>,
): CommandDefinition<P> {
  return definition
}

interface ParamOptions<O extends boolean> {
  readonly optional?: O
  readonly description?: string
}

function make<N extends string, K extends ParamKind, O extends boolean = false>(
  kind: K,
  name: N,
  options: ParamOptions<O> & { readonly choices?: readonly string[] } = {},
): ParamSpec<N, K, O> {
  return {
    name,
    kind,
    optional: (options.optional ?? false) as O,
    description: options.description ?? name,
    ...(options.choices ? { choices: options.choices } : {}),
  }
}

/** Parameter builders: `param.int('x')`, `param.word('command', { optional: true })`, `param.text('instruction')`. */
export const param = {
  word: <N extends string, O extends boolean = false>(
    name: N,
    options?: ParamOptions<O> & { readonly choices?: readonly string[] },
  ) => make('word', name, options),
  int: <N extends string, O extends boolean = false>(name: N, options?: ParamOptions<O>) => make('int', name, options),
  number: <N extends string, O extends boolean = false>(name: N, options?: ParamOptions<O>) =>
    make('number', name, options),
  /** Takes the rest of the line; must be last. */
  text: <N extends string, O extends boolean = false>(name: N, options?: ParamOptions<O>) =>
    make('text', name, options),
}
