// The teachers suite's "systematic errors" table (issue 39): each simulated LLM that is wrong on purpose
// (erring-llm.ts) teaches each of the 11 phrases through the plugin's client, teacher and vetting (teachVetted, the
// path `!constrain` and a run take), three times: with a truthful simulated owner to ask (teaching.confirm
// 'when-unsure'); with the owner but no phrase grammar to compare with (as for a phrase the grammar cannot read, so
// the owner's confirmation alone must catch the error); and with nobody to ask. Per cell: whether the bot would run a wrong constraint silently (the goal: never), refused
// it, asked the owner (and whether the answers fixed it), or fell back to the phrase grammar; and the owner's answers.

import type { ConstraintOwner, OwnerQuestion } from '../plugin/agent/index.js'
import { ConstraintRefusedError, learnConstraint, teachVetted } from '../plugin/agent/index.js'
import type { Dfa } from '../plugin/automata/dfa.js'
import { equivalent } from '../plugin/automata/index.js'
import { offlineGrounding } from '../plugin/grounding/pipeline.js'
import { LlmClient } from '../plugin/llm/llm-client.js'
import { ERRING_MODE_TEXT, ERRING_MODES, type ErringMode, startErringLlm } from './erring-llm.js'
import { goal } from './goals.js'
import { markdownTable } from './markdown-table.js'
import type { Goal } from './suite.js'

export type SystematicOutcome =
  | 'right'
  | 'silently wrong'
  | 'refused'
  | 'asked, fixed'
  | 'asked, still wrong'
  | 'fell back'

interface Taught {
  readonly outcome: SystematicOutcome
  readonly answers: number
  readonly requests: number
}

export interface SystematicCell {
  readonly mode: ErringMode
  readonly phrase: string
  /** With the owner to ask; with the owner and no grammar; with nobody. */
  readonly owner: Taught
  readonly ownerNoGrammar: Taught
  readonly alone: Taught
}

/** A truthful owner: answers every question by the constraint as the phrase means it. */
export function truthfulOwner(truth: Dfa): ConstraintOwner & { answers: number } {
  const owner = {
    answers: 0,
    tell: () => {},
    ask: async (_question: string, about: OwnerQuestion) => {
      owner.answers++
      const right =
        about.kind === 'word'
          ? truth.accepts(about.word)
          : about.examples.every((e) => truth.accepts(e.word) === e.allowed)
      return right ? ('yes' as const) : ('no' as const)
    },
  }
  return owner
}

async function teachOnce(
  mode: ErringMode,
  phrase: string,
  alphabet: readonly string[],
  truth: Dfa,
  owner: (ConstraintOwner & { answers: number }) | undefined,
  compareWithGrammar = true,
): Promise<Taught> {
  const llm = await startErringLlm(mode)
  const client = new LlmClient({ baseURL: llm.baseURL, model: mode, maxRetries: 0, timeoutMs: 3_600_000 })
  const inventory = offlineGrounding().inventory
  try {
    const taught = await teachVetted(phrase, alphabet, {
      llm: client,
      inventory,
      vetting: { confirm: 'when-unsure', owner, compareWithGrammar },
    })
    const right = equivalent(taught.dfa, truth).equivalent
    const asked = (taught.vetting?.questions ?? 0) > 0
    const outcome: SystematicOutcome =
      taught.fallback !== undefined
        ? 'fell back'
        : asked
          ? right
            ? 'asked, fixed'
            : 'asked, still wrong'
          : right
            ? 'right'
            : 'silently wrong'
    return { outcome, answers: owner?.answers ?? 0, requests: llm.counts.requests }
  } catch (error) {
    if (!(error instanceof ConstraintRefusedError)) throw error
    return { outcome: 'refused' as const, answers: owner?.answers ?? 0, requests: llm.counts.requests }
  } finally {
    await llm.close()
  }
}

export async function systematicErrors(
  cases: readonly { readonly phrase: string; readonly alphabet: readonly string[] }[],
  log: (line: string) => void,
): Promise<SystematicCell[]> {
  const cells: SystematicCell[] = []
  for (const mode of ERRING_MODES) {
    for (const { phrase, alphabet } of cases) {
      const truth = (await learnConstraint(phrase, alphabet)).dfa
      const owner = await teachOnce(mode, phrase, alphabet, truth, truthfulOwner(truth))
      const ownerNoGrammar = await teachOnce(mode, phrase, alphabet, truth, truthfulOwner(truth), false)
      const alone = await teachOnce(mode, phrase, alphabet, truth, undefined)
      cells.push({ mode, phrase, owner, ownerNoGrammar, alone })
      log(
        `${mode} "${phrase}": with owner ${owner.outcome} (${owner.answers} answers); owner, no grammar ${ownerNoGrammar.outcome} (${ownerNoGrammar.answers}); alone ${alone.outcome}`,
      )
    }
  }
  return cells
}

const SHORT: Record<SystematicOutcome, string> = {
  right: 'right',
  'silently wrong': '**WRONG, silent**',
  refused: 'refused',
  'asked, fixed': 'asked ✓',
  'asked, still wrong': 'asked ✗',
  'fell back': 'fell back',
}

/** The phrases down, the erring models across; each cell "with the owner (answers) / with nobody". */
export function systematicMarkdown(cells: readonly SystematicCell[]): string[] {
  const phrases = [...new Set(cells.map((c) => c.phrase))]
  const modes = ERRING_MODES.filter((m) => cells.some((c) => c.mode === m))
  const cell = (mode: ErringMode, phrase: string) => {
    const c = cells.find((x) => x.mode === mode && x.phrase === phrase)
    if (!c) return '–'
    const shown = (t: Taught) => `${SHORT[t.outcome]}${t.answers > 0 ? ` (${t.answers})` : ''}`
    return `${shown(c.owner)} / ${shown(c.ownerNoGrammar)} / ${shown(c.alone)}`
  }
  const table = markdownTable(
    ['phrase', ...modes],
    phrases.map((p) => [`"${p}"`, ...modes.map((m) => cell(m, p))]),
  )
  const answers = cells.map((c) => c.owner.answers)
  const alone = cells.map((c) => c.ownerNoGrammar.answers)
  return [
    'Systematic errors: each cell is “with a truthful owner to ask (their answers) / the owner but no phrase grammar to',
    'compare with (their answers) / nobody to ask”; ✓: the constraint ends right, ✗: wrong.',
    '',
    table,
    '',
    ...modes.map((m) => `- \`${m}\`: ${ERRING_MODE_TEXT[m]}.`),
    '',
    `Silently wrong: ${silent(cells)} of ${cells.length * 3} teachings (goal: 0). Owner answers with the grammar: ${sum(answers)} in all, at most ${Math.max(0, ...answers)} for one constraint; without it: ${sum(alone)}, at most ${Math.max(0, ...alone)}.`,
  ]
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)
const silent = (cells: readonly SystematicCell[]) =>
  sum(cells.map((c) => [c.owner, c.ownerNoGrammar, c.alone].filter((t) => t.outcome === 'silently wrong').length))

export function systematicGoals(cells: readonly SystematicCell[]): Goal[] {
  if (cells.length === 0) return []
  const ends = (t: Taught) => t.outcome === 'right' || t.outcome === 'asked, fixed'
  const fixed = cells.filter((c) => ends(c.owner)).length
  const fixedAlone = cells.filter((c) => ends(c.ownerNoGrammar)).length
  return [
    goal(
      'systematic errors: no wrong constraint run silently (issue 39)',
      `${silent(cells)} silent`,
      silent(cells) === 0,
    ),
    goal(
      'systematic errors, with a truthful owner: the constraint ends right',
      `${fixed}/${cells.length} cells`,
      fixed === cells.length,
    ),
    goal(
      'systematic errors, with a truthful owner and no grammar: the constraint ends right',
      `${fixedAlone}/${cells.length} cells`,
      fixedAlone === cells.length,
    ),
  ]
}
