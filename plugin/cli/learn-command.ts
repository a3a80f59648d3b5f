import type { Command } from 'commander'
import { parseDfaJson, toDfaJson } from '../automata/json.js'
import { equivalent } from '../automata/product.js'
import { TooManyStatesError } from '../automata/size-limit.js'
import { quoted } from '../errors.js'
import { type Algorithm, ExactOracle, learn, SimulatedTeacher } from '../learning/index.js'
import { readInput } from './input.js'
import type { CliIo } from './io.js'
import { createOutput, guarded } from './output.js'

interface LearnFlags {
  target: string
  algo: string
  noise: string
  seed: string
  budgetMq?: string
  budgetEq: string
  noiseBound?: string
  maxStates?: string
  json?: boolean
}

const ALGORITHMS: readonly Algorithm[] = ['lstar', 'kv', 'capal']
/**
 * Targets past this are refused before learning starts: the exact oracle and the learners' tables grow with the
 * target (the benchmarks learn up to a few thousand states), and 300,000 states would run for minutes.
 */
export const MAX_LEARN_TARGET_STATES = 10_000

/** `cedar learn`: learn a target DFA from a simulated, possibly lying teacher, as the benchmarks do. */
export function addLearnCommand(program: Command, io: CliIo): void {
  program
    .command('learn')
    .description('learn a target DFA (DFA JSON) from a simulated teacher with persistent noise and an exact EQ oracle')
    .requiredOption('-t, --target <file>', 'the target DFA as DFA JSON (- for standard input)')
    .option('-a, --algo <name>', 'lstar, kv or capal', 'capal')
    .option('-n, --noise <p>', 'share of distinct words whose label the teacher flips (persistently)', '0')
    .option('-s, --seed <n>', 'seed of the noise (and of CAPAL’s suffix pool)', '1')
    .option('--budget-mq <n>', 'most distinct words the teacher may be asked')
    .option('--budget-eq <n>', 'most hypotheses that may be tested', '500')
    .option('--noise-bound <p>', 'CAPAL’s η̄, a bound on the noise it assumes (default: the --noise value)')
    .option(
      '--max-states <n>',
      `refuse targets past this many states (default ${MAX_LEARN_TARGET_STATES.toLocaleString('en')})`,
    )
    .option('--json', 'print {"dfa", "mq", "eq", "exact", "outcome", "teacherCalls"}')
    .addHelpText(
      'after',
      '\nThe teacher answers membership queries from the target, flipping each distinct word’s label once with\n' +
        'probability --noise (seeded, so a word always gets the same answer). The equivalence oracle is exact and\n' +
        'returns a shortest counterexample with its true label. mq counts distinct words the teacher answered.',
    )
    .action(async (flags: LearnFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const algorithm = flags.algo as Algorithm
        if (!ALGORITHMS.includes(algorithm))
          throw new Error(`--algo must be one of ${ALGORITHMS.join(', ')}, not ${quoted(algorithm, 40)}`)
        const noise = number('--noise', flags.noise, 0, 0.5)
        const seed = Math.trunc(number('--seed', flags.seed, 0, 2 ** 31))
        const maxEq = Math.trunc(number('--budget-eq', flags.budgetEq, 1, 1e9))
        const maxMq =
          flags.budgetMq === undefined ? undefined : Math.trunc(number('--budget-mq', flags.budgetMq, 1, 1e12))
        const noiseBound = flags.noiseBound === undefined ? noise : number('--noise-bound', flags.noiseBound, 0, 0.5)
        const maxStates =
          flags.maxStates === undefined
            ? MAX_LEARN_TARGET_STATES
            : Math.trunc(number('--max-states', flags.maxStates, 1, 1e7))
        const name = flags.target === '-' ? 'standard input' : flags.target
        const target = parseDfaJson(await readInput(flags.target, io.stdin), name)
        if (target.stateCount > maxStates) {
          throw new TooManyStatesError(
            maxStates,
            `the target ${quoted(name, 80)} (${target.stateCount.toLocaleString('en')} states)`,
          )
        }
        const started = performance.now()
        const report = await learn({
          alphabet: target.alphabet,
          teacher: new SimulatedTeacher(target, noise, seed),
          oracle: new ExactOracle(target),
          algorithm,
          maxEquivalenceQueries: maxEq,
          ...(maxMq === undefined ? {} : { maxMembershipQueries: maxMq }),
          capal: { noiseBound, seed },
        })
        const exact = report.dfa !== undefined && equivalent(report.dfa, target).equivalent
        const result = {
          dfa: report.dfa ? toDfaJson(report.dfa) : null,
          mq: report.queries.distinctWords,
          eq: report.equivalenceQueries,
          exact,
          outcome: report.outcome,
          teacherCalls: report.queries.teacherCalls,
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(2)
        out.result(
          [
            `${algorithm}: ${exact ? 'learned the target exactly' : `did not learn the target (${report.outcome})`}`,
            `${report.dfa?.stateCount ?? 0} states; ${result.mq} distinct membership queries in ${result.teacherCalls} teacher calls; ${result.eq} equivalence queries; ${seconds} s`,
          ].join('\n'),
          result,
        )
      })
    })
}

function number(name: string, text: string, min: number, max: number): number {
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min} to ${max}, not ${quoted(text, 24)}`)
  }
  return value
}
