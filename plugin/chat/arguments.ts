import type { ParamSpec } from './command.js'

export type ParsedArguments =
  | { readonly ok: true; readonly args: Record<string, string | number | undefined> }
  | { readonly ok: false; readonly problem: string }

/**
 * Splits a command line into words; double or single quotes keep spaces inside one word, so a player can write
 * `!say "two words"`. An unclosed quote runs to the end of the line rather than failing.
 */
export function tokenize(line: string): string[] {
  const words: string[] = []
  const pattern = /"([^"]*)"?|'([^']*)'?|(\S+)/g
  for (const match of line.matchAll(pattern)) words.push(match[1] ?? match[2] ?? match[3] ?? '')
  return words
}

/** Reads the words after the command name into typed values, or says which one is wrong and why. */
export function parseArguments(specs: readonly ParamSpec[], rest: string): ParsedArguments {
  const args: Record<string, string | number | undefined> = {}
  let remaining = rest.trim()
  for (const spec of specs) {
    if (spec.kind === 'text') {
      const text = unquoteWhole(remaining)
      if (text === '' && !spec.optional) return { ok: false, problem: `missing <${spec.name}>` }
      args[spec.name] = text === '' ? undefined : text
      remaining = ''
      continue
    }
    const [word, after] = takeWord(remaining)
    remaining = after
    if (word === undefined) {
      if (!spec.optional) return { ok: false, problem: `missing <${spec.name}>` }
      args[spec.name] = undefined
      continue
    }
    const value = convert(spec, word)
    if (typeof value === 'object') return { ok: false, problem: value.problem }
    args[spec.name] = value
  }
  if (remaining !== '') {
    const extra = tokenize(remaining)
    return { ok: false, problem: `unexpected ${extra.length === 1 ? 'argument' : 'arguments'} "${extra.join(' ')}"` }
  }
  return { ok: true, args }
}

function takeWord(text: string): [string | undefined, string] {
  const match = /^\s*(?:"([^"]*)"?|'([^']*)'?|(\S+))/.exec(text)
  if (!match) return [undefined, '']
  return [match[1] ?? match[2] ?? match[3] ?? '', text.slice(match[0].length).trim()]
}

function unquoteWhole(text: string): string {
  const match = /^(["'])(.*)\1$/s.exec(text)
  return match?.[2] ?? text
}

function convert(spec: ParamSpec, word: string): string | number | { problem: string } {
  switch (spec.kind) {
    case 'int': {
      if (!/^[+-]?\d+$/.test(word)) return { problem: `<${spec.name}> must be a whole number, not "${word}"` }
      const value = Number(word)
      if (!Number.isSafeInteger(value)) return { problem: `<${spec.name}> is too large: ${word}` }
      return value
    }
    case 'number': {
      const value = Number(word)
      if (word.trim() === '' || !Number.isFinite(value))
        return { problem: `<${spec.name}> must be a number, not "${word}"` }
      return value
    }
    default: {
      if (!spec.choices) return word
      const choice = spec.choices.find((c) => c.toLowerCase() === word.toLowerCase())
      return choice ?? { problem: `<${spec.name}> must be one of ${spec.choices.join(', ')}, not "${word}"` }
    }
  }
}

/** `!goto <x> <y> <z> [range]` — the line a player sees after a wrong call. */
export function usageLine(prefix: string, name: string, specs: readonly ParamSpec[]): string {
  const parts = specs.map((spec) => {
    const label = spec.choices ? spec.choices.join('|') : spec.kind === 'text' ? `${spec.name}...` : spec.name
    return spec.optional ? `[${label}]` : `<${label}>`
  })
  return [`${prefix}${name}`, ...parts].join(' ')
}
