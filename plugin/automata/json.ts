import { z } from 'zod'
import { CedarError, printable } from '../errors.js'
import { Alphabet } from './alphabet.js'
import { Dfa } from './dfa.js'
import { complete } from './search.js'

/** The interchange shape: row per state, column per alphabet index. */
export interface DfaJson {
  alphabet: string[]
  initial: number
  accepting: number[]
  transitions: number[][]
}

const stateIndex = z.number().int('a state is a whole number').min(0, 'a state is never negative')

/**
 * Validation of the interchange JSON. Rows must be complete on output; on input a `null` entry is accepted as a
 * missing transition (a partial DFA), which `toDfaJson` completes with a sink.
 */
const dfaJsonSchema = z
  .strictObject({
    alphabet: z.array(z.string().min(1, 'a symbol is a non-empty string')),
    initial: stateIndex,
    accepting: z.array(stateIndex),
    transitions: z.array(z.array(stateIndex.nullable())).min(1, 'a DFA needs at least one state'),
  })
  .superRefine((dfa, context) => {
    const n = dfa.transitions.length
    const k = dfa.alphabet.length
    const issue = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message })
    const seen = new Map<string, number>()
    dfa.alphabet.forEach((symbol, i) => {
      const first = seen.get(symbol)
      if (first !== undefined) issue(['alphabet', i], `"${symbol}" repeats alphabet[${first}]`)
      seen.set(symbol, i)
    })
    if (dfa.initial >= n) issue(['initial'], `state ${dfa.initial} does not exist (${n} states)`)
    dfa.accepting.forEach((state, i) => {
      if (state >= n) issue(['accepting', i], `state ${state} does not exist (${n} states)`)
    })
    dfa.transitions.forEach((row, state) => {
      if (row.length !== k) issue(['transitions', state], `has ${row.length} entries, expected ${k} (one per symbol)`)
      row.forEach((target, symbol) => {
        if (target !== null && target >= n) {
          issue(['transitions', state, symbol], `state ${target} does not exist (${n} states)`)
        }
      })
    })
  })

/** Thrown for JSON that is not a valid DFA; the message names every bad field. */
export class DfaFormatError extends CedarError {
  override name = 'DfaFormatError'
}

/** Reads the interchange JSON (text or an already parsed value) into a DFA. */
export function parseDfaJson(input: unknown, source = 'DFA JSON'): Dfa {
  let value = input
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input)
    } catch (error) {
      throw new DfaFormatError(`${source}: not JSON (${printable((error as Error).message).slice(0, 120)})`)
    }
  }
  const parsed = dfaJsonSchema.safeParse(value)
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 8).map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'top level'
      if (issue.code === 'unrecognized_keys') return `${where}: unknown field ${issue.keys.join(', ')}`
      return `${where}: ${issue.message}`
    })
    const more = parsed.error.issues.length > 8 ? ` (and ${parsed.error.issues.length - 8} more)` : ''
    throw new DfaFormatError(`${source}: ${problems.join('; ')}${more}`)
  }
  return Dfa.from({ ...parsed.data, alphabet: new Alphabet(parsed.data.alphabet) })
}

/** The interchange JSON of a DFA, completed with a sink if it was partial. */
export function toDfaJson(dfa: Dfa): DfaJson {
  const full = complete(dfa)
  return {
    alphabet: [...full.alphabet.symbols],
    initial: full.initial,
    accepting: full.acceptingStates(),
    transitions: full.rows() as number[][],
  }
}
