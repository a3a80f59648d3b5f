/**
 * A constraint an LLM taught is a candidate, and a model can be wrong the same way every time (it misreads a clause,
 * takes one object for another, says yes to everything): no statistics over its answers can see that. So before a
 * run uses one (issue 39): (1) a reading that forbids nothing is never used silently; (2) where the phrase grammar
 * reads the phrase too, the two DFAs are compared and a difference becomes a question; (3) the owner is shown what
 * the rule forbids and allows, in a player's words, and a `!no` makes their answers gold labels that correct it.
 * With nobody to ask, a difference falls back to the grammar's reading, and a reading that forbids nothing is
 * refused with the reason.
 */
import type { Dfa } from '../../automata/dfa.js'
import { enumerateAccepted } from '../../automata/enumerate.js'
import { equivalent, symmetricDifference } from '../../automata/product.js'
import { complement, isEmpty } from '../../automata/search.js'
import type { AskPlayer, QuestionAbout } from '../../teachers/player-teacher.js'
import { spokenWord } from '../../vocabulary/spoken-words.js'
import { isActionSymbol } from '../../vocabulary/symbols.js'
import type { Evidence } from '../skills/index.js'
import { ConstraintLearningError, type LearnedConstraint, type Vetting } from './constraint-learning.js'

export type { Vetting }

/** When the owner confirms an LLM-taught constraint: every time, when a defence found something, or never. */
export type ConfirmMode = 'always' | 'when-unsure' | 'never'

/** What a question shows, for an owner who is a program (the bench's, the tests'): a word and its verdict. */
export type OwnerQuestion = QuestionAbout

/** The owner who confirms: asked in chat (`!yes` / `!no`), told what is going on. */
export interface ConstraintOwner {
  readonly ask: (question: string, about: OwnerQuestion, signal?: AbortSignal) => ReturnType<AskPlayer>
  readonly tell: (line: string) => void
}

export interface VettingOptions {
  readonly confirm: ConfirmMode
  /** Who can be asked; without one nothing is asked (a difference falls back, a vacuous rule is refused). */
  readonly owner?: ConstraintOwner | undefined
  /** The phrase's own symbols: the examples are over them (default: the whole alphabet). */
  readonly ownSymbols?: readonly string[] | undefined
  /** Whether the phrase grammar's reading is compared (default true; the bench measures the owner alone too). */
  readonly compareWithGrammar?: boolean
  /** Questions at most (default 20). */
  readonly budget?: number
  readonly signal?: AbortSignal | undefined
}

export interface VettingContext {
  /** The phrase grammar's reading over the same alphabet, or undefined when it cannot read the phrase. */
  readonly grammar: LearnedConstraint | undefined
  /** The constraint corrected by one gold label (relearned by its teacher, else repaired). */
  readonly correct: (
    previous: Dfa,
    evidence: Evidence[],
    word: readonly string[],
    label: boolean,
  ) => Promise<LearnedConstraint>
}

export type VettingOutcome = Vetting['outcome']

/** A learned reading the defences refused to use: the message says why. */
export class ConstraintRefusedError extends ConstraintLearningError {
  override name = 'ConstraintRefusedError'
}

const key = (word: readonly string[]) => word.join(' ')
const verdict = (allowed: boolean) => (allowed ? 'allowed' : 'not allowed')

/** True when the DFA accepts every word: a constraint that forbids nothing. */
export function forbidsNothing(dfa: Dfa): boolean {
  return isEmpty(complement(dfa))
}

/** What the defences find in an LLM's reading, before anyone is asked. */
export function vettingReasons(learned: LearnedConstraint, grammar: LearnedConstraint | undefined): string[] {
  const reasons: string[] = []
  if (forbidsNothing(learned.dfa)) reasons.push(`the LLM's reading of "${learned.phrase}" forbids nothing`)
  if (grammar) {
    const diff = equivalent(learned.dfa, grammar.dfa)
    if (!diff.equivalent && diff.counterexample) {
      const word = diff.counterexample
      reasons.push(
        `the LLM and my phrase grammar read "${learned.phrase}" differently: ${spokenWord(word)} is ${verdict(learned.dfa.accepts(word))} to the LLM, ${verdict(grammar.dfa.accepts(word))} to the grammar`,
      )
    }
  } else {
    // A model that errs the same way every time looks certain: with no second reader, nothing has checked it.
    const overruled = learned.evidence.filter((e) => !e.gold && learned.dfa.accepts(e.word) !== e.label).length
    reasons.push(
      overruled > 0
        ? `the learner overruled ${overruled} of the LLM's answers as noise`
        : `my phrase grammar cannot read "${learned.phrase}", so nothing has checked the LLM's reading`,
    )
  }
  return reasons
}

/**
 * The examples a reading is confirmed by: each of the phrase's actions after each of its events (and on its own),
 * then the events alone; forbidden ones first. A yes-to-everything reading shows "in the day, mining iron ore:
 * allowed", which the owner can see is wrong.
 */
export function confirmationExamples(
  dfa: Dfa,
  symbols: readonly string[],
  count = 8,
  skip: (word: readonly string[]) => boolean = () => false,
): { word: string[]; allowed: boolean }[] {
  const known = symbols.filter((s) => dfa.alphabet.has(s))
  const actions = known.filter(isActionSymbol)
  const events = known.filter((s) => !isActionSymbol(s))
  const last = actions.length > 0 ? actions : events
  // Later rounds go on to words of three: an action after two events, or after another action.
  const words = [
    ...events.flatMap((e) => actions.map((a) => [e, a])),
    ...actions.map((a) => [a]),
    ...events.map((e) => [e]),
    ...known.flatMap((x) => known.flatMap((y) => last.map((a) => [x, y, a]))),
  ].filter((w) => !skip(w))
  const labelled = words.map((word) => ({ word, allowed: dfa.accepts(word) }))
  const forbidden = labelled.filter((w) => !w.allowed)
  const allowed = labelled.filter((w) => w.allowed)
  const half = Math.ceil(count / 2)
  const take = Math.min(forbidden.length, Math.max(half, count - allowed.length))
  return [...forbidden.slice(0, take), ...allowed.slice(0, count - take)]
}

/** Up to `count` shortest words on which two readings differ. */
function differences(a: Dfa, b: Dfa, count: number): string[][] {
  return enumerateAccepted(symmetricDifference(a, b), 4, count)
}

/**
 * Vets an LLM-taught constraint (see the file comment). Returns the reading to use and how it was vetted; throws a
 * ConstraintRefusedError when it must not be used and nothing better is known.
 */
export async function vetConstraint(
  learned: LearnedConstraint,
  context: VettingContext,
  options: VettingOptions,
): Promise<LearnedConstraint & { readonly vetting: Vetting }> {
  // A grammar reading that contradicts a gold label (the owner said otherwise before) is no second reader.
  const gold = learned.evidence.filter((e) => e.gold)
  const grammar = gold.every((e) => context.grammar?.dfa.accepts(e.word) === e.label) ? context.grammar : undefined
  const reasons = vettingReasons(learned, grammar)
  const unsure = reasons.length > 0
  const owner = options.owner
  const asking = owner !== undefined && (options.confirm === 'always' || (options.confirm === 'when-unsure' && unsure))
  if (!asking) return unattended(learned, grammar, reasons)
  const session = new Confirmation(owner, learned.phrase, options)
  owner.tell(
    unsure
      ? `before I keep "${learned.phrase}" as the LLM taught it, please check it: ${reasons.join('; ')}`
      : `please check "${learned.phrase}" as the LLM taught it`,
  )
  let current = learned
  let confirmed = false
  for (let round = 0; round < 3 && !session.stopped; round++) {
    if (grammar) {
      await session.askWords(differences(current.dfa, grammar.dfa, 3))
      current = await resolve(current, grammar, session.gold, context)
    }
    if (session.stopped) break
    const examples = confirmationExamples(current.dfa, options.ownSymbols ?? current.alphabet, 8, (w) =>
      session.answered(w),
    )
    const agrees = await session.confirmReading(examples)
    const resolved = await resolve(current, grammar, session.gold, context)
    if (agrees === true && resolved === current) {
      confirmed = true
      break
    }
    current = resolved
  }
  const outcome: VettingOutcome = current !== learned ? 'corrected' : confirmed ? 'confirmed' : 'kept'
  const evidence = withAnswers(current.evidence, session.gold)
  const vetting = { outcome, reasons, questions: session.asked }
  if (!confirmed && forbidsNothing(current.dfa) && grammar === undefined) {
    throw new ConstraintRefusedError(
      `${reasons[0] ?? 'it forbids nothing'}, and it was not confirmed; I will not use it`,
    )
  }
  if (!confirmed && current === learned && unsure && grammar) {
    return { ...fellBack(learned, grammar, reasons), vetting: { ...vetting, outcome: 'fell-back' } }
  }
  return { ...current, evidence, vetting }
}

/** Nobody to ask: a difference from the grammar falls back to it; a reading that forbids nothing is refused. */
function unattended(
  learned: LearnedConstraint,
  grammar: LearnedConstraint | undefined,
  reasons: readonly string[],
): LearnedConstraint & { readonly vetting: Vetting } {
  const vacuous = forbidsNothing(learned.dfa)
  const differs = grammar !== undefined && !equivalent(learned.dfa, grammar.dfa).equivalent
  if (grammar && (differs || vacuous) && reasons.length > 0) {
    return { ...fellBack(learned, grammar, reasons), vetting: { outcome: 'fell-back', reasons, questions: 0 } }
  }
  if (vacuous) throw new ConstraintRefusedError(`${reasons[0]}; nobody confirmed it, so I will not use it`)
  return { ...learned, vetting: { outcome: 'kept', reasons, questions: 0 } }
}

function fellBack(
  learned: LearnedConstraint,
  grammar: LearnedConstraint,
  reasons: readonly string[],
): LearnedConstraint {
  const reason = reasons.join('; ')
  return { ...grammar, teacher: `phrase (not ${learned.teacher}: ${reason})`, fallback: reason }
}

/**
 * The reading the owner's gold answers leave: the grammar's, when it agrees with every answer and the LLM's does
 * not (the owner sided with it); else the LLM's, corrected by each answer it gets wrong.
 */
async function resolve(
  current: LearnedConstraint,
  grammar: LearnedConstraint | undefined,
  gold: readonly Evidence[],
  context: VettingContext,
): Promise<LearnedConstraint> {
  const wrong = gold.filter((g) => current.dfa.accepts(g.word) !== g.label)
  if (wrong.length === 0) return current
  if (grammar && gold.every((g) => grammar.dfa.accepts(g.word) === g.label)) {
    return {
      ...grammar,
      teacher: `phrase (the owner's answers over ${current.teacher})`,
      evidence: withAnswers(grammar.evidence, gold),
    }
  }
  let corrected = current
  for (const { word, label } of wrong) {
    if (corrected.dfa.accepts(word) === label) continue
    try {
      corrected = await context.correct(corrected.dfa, withAnswers(corrected.evidence, gold), word, label)
    } catch (error) {
      if (!(error instanceof ConstraintLearningError)) throw error
      throw new ConstraintRefusedError(
        `I could not make the LLM's reading of "${current.phrase}" agree with your answers (${error.message}); I will not use it`,
      )
    }
  }
  return corrected
}

/** The owner's answers in one confirmation, as gold labels; silence or `!skip` ends the asking. */
class Confirmation {
  readonly gold: Evidence[] = []
  asked = 0
  stopped = false

  constructor(
    private readonly owner: ConstraintOwner,
    private readonly phrase: string,
    private readonly options: VettingOptions,
  ) {}

  answered(word: readonly string[]): boolean {
    return this.gold.some((g) => key(g.word) === key(word))
  }

  private async ask(question: string, about: OwnerQuestion): Promise<boolean | undefined> {
    if (this.asked >= (this.options.budget ?? 20)) {
      this.stopped = true
      return undefined
    }
    this.asked++
    const answer = await this.owner.ask(question, about, this.options.signal)
    if (answer === 'yes' || answer === 'no') return answer === 'yes'
    this.stopped = true
    return undefined
  }

  /** Each word not yet answered, as "under '…': <word>: allowed?"; the answers are gold. */
  async askWords(words: readonly (readonly string[])[]): Promise<void> {
    for (const word of words) {
      if (this.stopped || this.answered(word)) continue
      const allowed = await this.ask(`under "${this.phrase}": ${spokenWord(word)} — allowed? !yes / !no`, {
        kind: 'word',
        word,
      })
      if (allowed !== undefined) this.gold.push({ word: [...word], label: allowed, gold: true })
    }
  }

  /** The reading in a player's words; `!no` asks about each example. Undefined: not answered (or all known). */
  async confirmReading(
    examples: readonly { word: readonly string[]; allowed: boolean }[],
  ): Promise<boolean | undefined> {
    const open = examples.filter((e) => !this.answered(e.word))
    if (open.length === 0)
      return examples.every((e) => this.gold.some((g) => key(g.word) === key(e.word) && g.label === e.allowed))
    const shown = open.map((e) => `${spokenWord(e.word)}: ${verdict(e.allowed)}`).join('; ')
    const right = await this.ask(`I read "${this.phrase}" as: ${shown} — right? !yes / !no`, {
      kind: 'reading',
      examples: open,
    })
    if (right === undefined) return undefined
    if (right) {
      for (const e of open) this.gold.push({ word: [...e.word], label: e.allowed, gold: true })
      return true
    }
    await this.askWords(open.map((e) => e.word))
    return false
  }
}

/** The evidence with the owner's answers in it as gold, in place of whatever labelled those words before. */
function withAnswers(evidence: readonly Evidence[], gold: readonly Evidence[]): Evidence[] {
  const answered = new Set(gold.map((g) => key(g.word)))
  return [...evidence.filter((e) => !answered.has(key(e.word))), ...gold]
}
