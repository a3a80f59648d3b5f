import type { Command } from 'commander'
import { z } from 'zod'
import { toDfaJson } from '../automata/json.js'
import { compileLtl, parseLtl, propositions, valuationIndex } from '../ltl/index.js'
import { readInput } from './input.js'
import type { CliIo } from './io.js'
import { createOutput, guarded } from './output.js'

const traceSchema = z.array(z.array(z.string()))

/** `cedar ltl eval|dfa`: LTLf formulas, always through their compiled DFA. */
export function addLtlCommand(program: Command, io: CliIo): void {
  const ltl = program
    .command('ltl')
    .description('LTL on finite traces: evaluate formulas on traces, or print their DFA')
    .addHelpText(
      'after',
      '\nSyntax: propositions (letters, digits, _ and ., or "quoted"), true, false, ! & | -> <-> (also ~ && || => <=>,\n' +
        '^ for and, and the Unicode signs), X (strong next), N or WX (weak next), F, G, U, R, W, parentheses.\n' +
        'A trace is non-empty; X is false at its last step, N true. The empty trace satisfies nothing.',
    )

  ltl
    .command('eval')
    .description(
      'evaluate a formula on traces (JSON Lines: each line an array of steps, each step an array of propositions)',
    )
    .requiredOption('-f, --formula <formula>', 'the LTLf formula')
    .requiredOption('-t, --traces <file>', 'the traces file, or - for standard input; blank lines are skipped')
    .option('--json', 'print one JSON array of booleans')
    .action(async (flags: { formula: string; traces: string; json?: boolean }) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const formula = parseFormula(flags.formula)
        const props = propositions(formula)
        const dfa = compileLtl(formula)
        const text = await readInput(flags.traces, io.stdin)
        const results: boolean[] = []
        text.split('\n').forEach((line, index) => {
          if (line.trim() === '') return
          const trace = parseTraceLine(line, index + 1)
          const word = trace.map((step) => dfa.alphabet.symbol(valuationIndex(props, new Set(step))))
          results.push(dfa.accepts(word))
        })
        out.result(results.join('\n'), results)
      })
    })

  ltl
    .command('dfa')
    .description('print the minimal DFA of a formula as DFA JSON, over the valuations of its propositions')
    .requiredOption('-f, --formula <formula>', 'the LTLf formula')
    .option('--json', 'the same DFA JSON (errors as JSON too)')
    .action(async (flags: { formula: string; json?: boolean }) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const json = toDfaJson(compileLtl(parseFormula(flags.formula)))
        out.result(JSON.stringify(json), json)
      })
    })
}

function parseFormula(text: string) {
  try {
    return parseLtl(text)
  } catch (error) {
    throw new Error(`formula: ${(error as Error).message}`)
  }
}

function parseTraceLine(line: string, number: number): string[][] {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    throw new Error(`traces line ${number}: not JSON`)
  }
  const trace = traceSchema.safeParse(value)
  if (!trace.success) {
    throw new Error(`traces line ${number}: expected an array of steps, each an array of proposition names`)
  }
  return trace.data
}
