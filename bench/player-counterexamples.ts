// CEDAR's Table 10 analogue (issue 19): how many player counterexamples fix each of the paper's three constraints
// when the first teacher was wrong. The first teacher misreads the phrase (MISREADINGS, as a model might), and may
// also lie on a share p of the words; the constraint is learned from it the way the agent learns one (CAPAL, the
// statistical oracle). A simulated player, who means the phrase grammar's reading, gives the shortest word the
// learned DFA gets wrong as a gold counterexample, and the constraint is corrected at once as `!ce` does
// (correctedConstraint: learned again from the same teacher with every label replayed, or repaired at the
// transition the word shows wrong) until the DFA is the player's. (A teacher that only lies at random never needed
// a player here: CAPAL learns the constraint exactly, or gives up and the agent falls back to the grammar.)
import { ConstraintLearningError, correctedConstraint, learnConstraint, withGold } from '../plugin/agent/index.js'
import { equivalent } from '../plugin/automata/index.js'
import { type MembershipTeacher, SimulatedTeacher } from '../plugin/learning/index.js'
import { compileLtl, parseLtl } from '../plugin/ltl/index.js'
import { actionPropositions } from '../plugin/vocabulary/symbols.js'
import { goal } from './goals.js'
import { markdownTable } from './markdown-table.js'
import { median, type Suite, type SuiteOptions, type SuiteReport } from './suite.js'
import { TEACHER_CASES } from './teachers.js'

/** The paper's Table 10: human counterexamples and final DFA states per specification. */
const PAPER: Readonly<Record<string, { readonly ces: number; readonly states: number }>> = {
  'sleep at night': { ces: 8, states: 9 },
  'mine minerals only at night': { ces: 5, states: 5 },
  'stay in the windswept forest': { ces: 4, states: 2 },
}
const NOISE = [0, 0.05] as const
/** Counterexamples a player would give before giving up. */
const MAX_COUNTEREXAMPLES = 40

interface Row {
  readonly phrase: string
  readonly noise: number
  readonly seeds: number
  /** Seeds whose first DFA was not the player's. */
  readonly wrongFirst: number
  /** Of those, fixed within MAX_COUNTEREXAMPLES. */
  readonly fixed: number
  /** Counterexamples per wrong-first seed (fixed or not). */
  readonly counterexamples: readonly number[]
  readonly states: number
  readonly paperCes: number
  readonly paperStates: number
}

interface Outcome {
  readonly wrongFirst: boolean
  readonly counterexamples: number
  readonly fixed: boolean
}

/** The first teacher's readings: each a plausible misreading of the phrase, as a model might make it. */
export const MISREADINGS: Readonly<Record<string, string>> = {
  // "sleep some time after nightfall": work may go on before the bed.
  'sleep at night': 'G(time.night -> F sleep.bed)',
  // Only diamonds count as minerals.
  'mine minerals only at night': 'G(time.day -> (!mine.diamond_ore W time.night))',
  // "stay in the forest" read as "keep out of the desert".
  'stay in the windswept forest': 'G !biome.desert',
}

/** A teacher answering by `formula` (the empty word is always OK), lying on a share `noise` of the words besides. */
function misreadingTeacher(
  formula: string,
  alphabet: readonly string[],
  noise: number,
  seed: number,
): MembershipTeacher {
  const letters = alphabet.map((name) => ({ name, props: actionPropositions(name) }))
  const reading = new SimulatedTeacher(compileLtl(parseLtl(formula), { letters }), noise, seed)
  return {
    answer: async (words) => (await reading.answer(words)).map((label, i) => label || words[i]?.length === 0),
  }
}

/** One seed: counterexamples until the DFA is the player's (0 when the first teacher got it right anyway). */
export async function counterexamplesToFix(
  phrase: string,
  alphabet: readonly string[],
  noise: number,
  seed: number,
): Promise<Outcome> {
  const target = (await learnConstraint(phrase, alphabet)).dfa
  const teacher = misreadingTeacher(MISREADINGS[phrase] ?? 'G true', alphabet, noise, seed)
  const teacherName = 'misreading'
  let learned = await learnConstraint(phrase, alphabet, { teacher, teacherName })
  if (equivalent(learned.dfa, target).equivalent) return { wrongFirst: false, counterexamples: 0, fixed: true }
  for (let n = 1; n <= MAX_COUNTEREXAMPLES; n++) {
    const word = equivalent(learned.dfa, target).counterexample ?? []
    const label = target.accepts(word)
    const evidence = withGold(learned.evidence, word, label)
    try {
      // What `!ce` runs: learned again from the teacher with every label replayed, or the DFA repaired.
      learned = await correctedConstraint({
        phrase,
        teacher: teacherName,
        previous: learned.dfa,
        alphabet,
        evidence,
        word,
        label,
        relearn: () => learnConstraint(phrase, alphabet, { teacher, teacherName, evidence }),
      })
    } catch (error) {
      // `!ce` would answer with this error and keep the constraint as it was: the player cannot fix it.
      if (error instanceof ConstraintLearningError) return { wrongFirst: true, counterexamples: n, fixed: false }
      throw error
    }
    if (equivalent(learned.dfa, target).equivalent) return { wrongFirst: true, counterexamples: n, fixed: true }
  }
  return { wrongFirst: true, counterexamples: MAX_COUNTEREXAMPLES, fixed: false }
}

export const playerCounterexamplesSuite: Suite = {
  name: 'player-counterexamples',
  description:
    "CEDAR Table 10: player counterexamples to fix the paper's three constraints when the first teacher was wrong",
  sources: ['bench/player-counterexamples.ts'],
  async run(options: SuiteOptions): Promise<SuiteReport> {
    const seeds = options.episodes ?? (options.quick ? 3 : 15)
    const rows: Row[] = []
    for (const { phrase, alphabet } of TEACHER_CASES.filter((c) => PAPER[c.phrase])) {
      const paper = PAPER[phrase] ?? { ces: Number.NaN, states: Number.NaN }
      const states = (await learnConstraint(phrase, alphabet)).dfa.stateCount
      for (const noise of NOISE) {
        const counts: number[] = []
        let fixed = 0
        // Without lies the misreading is the same in every seed.
        const runs = noise === 0 ? 1 : seeds
        for (let seed = 0; seed < runs; seed++) {
          const one = await counterexamplesToFix(phrase, alphabet, noise, seed)
          if (!one.wrongFirst) continue
          counts.push(one.counterexamples)
          if (one.fixed) fixed++
        }
        options.log(`${phrase} p=${noise}: ${counts.length}/${seeds} wrong first, counterexamples ${counts.join(' ')}`)
        rows.push({
          phrase,
          noise,
          seeds: runs,
          wrongFirst: counts.length,
          fixed,
          counterexamples: counts,
          states,
          paperCes: paper.ces,
          paperStates: paper.states,
        })
      }
    }
    const goals = rows.flatMap((r) => [
      goal(
        `"${r.phrase}", first teacher lying on ${r.noise * 100}%: the player's counterexamples fix every wrong DFA`,
        `${r.fixed}/${r.wrongFirst}`,
        r.fixed === r.wrongFirst,
      ),
      goal(
        `"${r.phrase}", ${r.noise * 100}% lies: median counterexamples ≤ the paper's human ${r.paperCes}`,
        r.counterexamples.length > 0 ? String(median(r.counterexamples)) : 'none needed',
        r.counterexamples.length === 0 || median(r.counterexamples) <= r.paperCes,
      ),
    ])
    return { markdown: playerCounterexamplesMarkdown(rows), raw: rows, goals }
  },
}

function playerCounterexamplesMarkdown(rows: readonly Row[]): string {
  const table = markdownTable(
    [
      'specification',
      'first teacher lies on',
      'wrong first DFA',
      'fixed',
      'player CEs (median)',
      'player CEs (max)',
      'paper human CEs',
      'DFA states',
      'paper states',
    ],
    rows.map((r) => [
      r.phrase,
      `${r.noise * 100}%`,
      `${r.wrongFirst}/${r.seeds}`,
      `${r.fixed}/${r.wrongFirst}`,
      r.counterexamples.length > 0 ? String(median(r.counterexamples)) : '–',
      r.counterexamples.length > 0 ? String(Math.max(...r.counterexamples)) : '–',
      String(r.paperCes),
      String(r.states),
      String(r.paperStates),
    ]),
  )
  return [
    table,
    '',
    `The first teacher misreads each phrase (sleep some time after nightfall; only diamonds are minerals; keep out of the desert) and lies on a share of the other words besides. A simulated player who means the phrase grammar's reading gives the shortest word the learned DFA gets wrong, as a gold counterexample, and the constraint is corrected as \`!ce\` does it (learned again from the same teacher with every label replayed, or repaired at the transition the word shows wrong), until it is the player's (at most ${MAX_COUNTEREXAMPLES}). Counted over the seeds whose first DFA was wrong; the median and max are over those. The paper's counts are one human's, on its own alphabets and readings; ours are over the alphabets of the teachers suite.`,
  ].join('\n')
}
