import { writeFile } from 'node:fs/promises'
import type { Command } from 'commander'
import {
  complement,
  concatAll,
  type Dfa,
  equivalent,
  isEmpty,
  minimize,
  parseDfaJson,
  product,
  renderSvg,
  shortestWitness,
  TooManyStatesError,
  toDfaJson,
  toDot,
} from '../automata/index.js'
import { quoted } from '../errors.js'
import { readInput } from './input.js'
import type { CliIo } from './io.js'
import { createOutput, guarded } from './output.js'

interface DfaFlags {
  json?: boolean
  output?: string
  minimize?: boolean
  dot?: boolean
  maxStates?: string
}

/** `cedar dfa ...`: the automata core on JSON files (see `cedar dfa --help`). */
export function addDfaCommand(program: Command, io: CliIo): void {
  const dfa = program
    .command('dfa')
    .description('inspect and combine DFAs stored as JSON ({"alphabet","initial","accepting","transitions"})')
    .addHelpText(
      'after',
      '\nFILE may be - for standard input. Results are minimized unless --no-minimize is given; they are written as\n' +
        'DFA JSON to standard output or to --output. Over merged alphabets a DFA ignores symbols it does not know.',
    )

  const produces = (
    name: string,
    description: string,
    arity: string,
    build: (dfas: Dfa[], limits: { maxStates: number }) => Dfa,
  ) =>
    dfa
      .command(`${name} ${arity}`)
      .description(description)
      .option('-o, --output <file>', 'write the result here instead of standard output')
      .option(
        '--max-states <n>',
        `refuse inputs, and stop constructions, past this many states (default ${CLI_MAX_STATES.toLocaleString('en')})`,
      )
      .option('--no-minimize', 'keep the raw construction instead of minimizing it')
      .option('--json', 'errors as JSON too (the result is always DFA JSON)')
      .action(async (...args: unknown[]) => {
        const { files, flags } = split(args)
        const out = createOutput(flags.json ?? false, io)
        await guarded(out, async () => {
          const maxStates = maxStatesFlag(flags.maxStates)
          const inputs = await Promise.all(files.map((file) => load(io, file, maxStates)))
          const built = build(inputs, { maxStates })
          const result = flags.minimize === false ? built : minimize(built)
          await emit(io, `${JSON.stringify(toDfaJson(result))}\n`, flags.output)
        })
      })

  produces('minimize', 'the minimal complete DFA of the same language', '<file>', (dfas) => only(dfas))
  produces('intersect', 'words every input accepts', '<files...>', (dfas, limits) =>
    dfas.reduce((a, b) => product(a, b, 'intersection', limits)),
  )
  produces('union', 'words some input accepts', '<files...>', (dfas, limits) =>
    dfas.reduce((a, b) => product(a, b, 'union', limits)),
  )
  produces('complement', 'words over its alphabet that the input rejects', '<file>', (dfas) => complement(only(dfas)))
  produces('concat', 'words that split into a word of each input, in order', '<files...>', concatAll)

  dfa
    .command('show <file>')
    .description('summarize a DFA: size, alphabet, whether it is minimal, a shortest accepted word')
    .option('--json', 'print the summary as JSON')
    .action(async (file: string, flags: DfaFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const dfa = await load(io, file)
        const minimal = minimize(dfa)
        const witness = shortestWitness(dfa)
        const summary = {
          states: dfa.stateCount,
          minimalStates: minimal.stateCount,
          alphabet: [...dfa.alphabet.symbols],
          accepting: dfa.acceptingStates().length,
          complete: dfa.isComplete,
          empty: isEmpty(dfa),
          shortestAccepted: witness ?? null,
        }
        out.result(
          [
            `${summary.states} states (${summary.minimalStates} when minimized), ${summary.accepting} accepting, ${summary.complete ? 'complete' : 'partial'}`,
            `alphabet (${summary.alphabet.length}): ${summary.alphabet.join(' ')}`,
            witness
              ? `shortest accepted word: ${witness.length === 0 ? '(the empty word)' : witness.join(' ')}`
              : 'accepts nothing',
          ].join('\n'),
          summary,
        )
      })
    })

  dfa
    .command('equiv <a> <b>')
    .description('are two DFAs equivalent? If not, a shortest word exactly one accepts')
    .option('--json', 'print {"equivalent": bool, "counterexample": [...] | null, "acceptedBy": "left"|"right"|null}')
    .action(async (a: string, b: string, flags: DfaFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const result = equivalent(await load(io, a), await load(io, b))
        const word = result.counterexample
        const text = result.equivalent
          ? 'equivalent'
          : `not equivalent: ${word?.length ? word.join(' ') : '(the empty word)'} is accepted only by ${result.acceptedBy === 'left' ? a : b}`
        out.result(text, result)
      })
    })

  dfa
    .command('render <file>')
    .description('draw a DFA as SVG (Graphviz), or as DOT text with --dot; dead states are left out')
    .option('-o, --output <file>', 'write the picture here instead of standard output')
    .option('--dot', 'DOT text instead of SVG')
    .option('--json', 'print {"svg": "..."} or {"dot": "..."}')
    .action(async (file: string, flags: DfaFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const dfa = await load(io, file)
        const picture = flags.dot ? toDot(dfa) : await renderSvg(dfa)
        if (flags.json) out.result('', { [flags.dot ? 'dot' : 'svg']: picture })
        else await emit(io, picture, flags.output)
      })
    })
}

function only(dfas: Dfa[]): Dfa {
  const [dfa] = dfas
  if (!dfa || dfas.length !== 1) throw new Error('expected exactly one DFA')
  return dfa
}

/** Commander passes the positional arguments, then the options, then the command. */
function split(args: unknown[]): { files: string[]; flags: DfaFlags } {
  const flags = args[args.length - 2] as DfaFlags
  const files = args.slice(0, -2).flat() as string[]
  return { files, flags }
}

/** What the CLI builds at most: a product this large takes a few seconds and some 100 MB. */
export const CLI_MAX_STATES = 500_000

function maxStatesFlag(text: string | undefined): number {
  if (text === undefined) return CLI_MAX_STATES
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--max-states must be a positive whole number, not ${quoted(text, 20)}`)
  return n
}

async function load(io: CliIo, file: string, maxStates = CLI_MAX_STATES): Promise<Dfa> {
  const name = file === '-' ? 'standard input' : file
  const dfa = parseDfaJson(await readInput(file, io.stdin), name)
  if (dfa.stateCount > maxStates) {
    throw new TooManyStatesError(maxStates, `${quoted(name, 80)} (${dfa.stateCount.toLocaleString('en')} states)`)
  }
  return dfa
}

async function emit(io: CliIo, text: string, file: string | undefined): Promise<void> {
  if (file) await writeFile(file, text)
  else io.stdout.write(text)
}
