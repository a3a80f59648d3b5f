/**
 * A constraint the player teaches (CEDAR puts people where the model cannot answer): no LLM, and a phrase the
 * grammar cannot compile ("eat when hungry"). The alphabet is the phrase's symbols plus what a player needs to
 * judge words — something to eat when the rule is about hunger, and one ordinary piece of work to stand for all
 * the others — so a dozen questions teach it. At run time the skills' other actions behave as that stand-in does
 * (`extendByAnalogy`), so a later `!do` asks nothing; a counterexample naming one of them adds it for real.
 */
import { Alphabet } from '../../automata/alphabet.js'
import { Dfa, NONE } from '../../automata/dfa.js'
import { GoldFirstOracle } from '../../learning/gold-first.js'
import { learn } from '../../learning/index.js'
import type {
  Counterexample,
  EquivalenceOracle,
  LearningEvent,
  OracleOptions,
  SymbolWord,
} from '../../learning/ports.js'
import { QueryCache, wordKey } from '../../learning/query-cache.js'
import { conformanceWords } from '../../learning/word-oracles.js'
import { BatchedPlayerTeacher, PlayerSilentError, QuestionBudgetSpent } from '../../teachers/player-batches.js'
import type { AskPlayer } from '../../teachers/player-teacher.js'
import { counted, listWords } from '../../vocabulary/player-words.js'
import { spokenSymbol } from '../../vocabulary/spoken-words.js'
import { isActionSymbol, parseSymbol } from '../../vocabulary/symbols.js'
import type { Evidence } from '../skills/index.js'
import { ConstraintLearningError, type LearnedConstraint } from './constraint-learning.js'

/** The ordinary work that stands for every action a player-taught rule does not name. */
export const STAND_IN_ACTION = 'mine.stone'
const HUNGER = /\b(eat|eats|eating|hungry|hunger|food|starv\w*|famished)\b/

/** The symbols a player is asked about: the phrase's, something to eat if it is about hunger, and the stand-in. */
export function teachingAlphabet(phrase: string, alphabet: readonly string[], foods: readonly string[] = []): string[] {
  const symbols = new Set(alphabet)
  const hungry = symbols.has('food.low') || HUNGER.test(phrase.toLowerCase())
  if (hungry && ![...symbols].some((s) => s.startsWith('eat.'))) symbols.add(`eat.${foods[0] ?? 'bread'}`)
  if (hungry) symbols.add('food.low')
  const work = [...symbols].filter((s) => isActionSymbol(s) && !s.startsWith('eat.') && !s.startsWith('sleep.'))
  if (work.length === 0) symbols.add(STAND_IN_ACTION)
  return [...symbols].sort()
}

/**
 * The DFA over `alphabet`: a new action reads as an action of its verb already there does, else as the first
 * ordinary action (the stand-in); a new event is ignored, as every DFA ignores symbols outside its alphabet.
 */
export function extendByAnalogy(dfa: Dfa, alphabet: readonly string[]): Dfa {
  const own = dfa.alphabet.symbols
  const added = alphabet.filter((s) => !dfa.alphabet.has(s) && isActionSymbol(s))
  if (added.length === 0) return dfa
  const ordinary = own.find((s) => isActionSymbol(s) && !s.startsWith('eat.') && !s.startsWith('sleep.'))
  const k = own.length
  const columns = [...own.map((_, i) => i)]
  const kept: string[] = [...own]
  for (const symbol of added) {
    const verb = parseSymbol(symbol)?.verb
    const like = own.find((s) => isActionSymbol(s) && parseSymbol(s)?.verb === verb) ?? ordinary
    if (like === undefined) continue
    columns.push(dfa.alphabet.indexOf(like))
    kept.push(symbol)
  }
  const alphabetOut = new Alphabet(kept)
  const table = new Int32Array(dfa.stateCount * kept.length)
  for (let q = 0; q < dfa.stateCount; q++) {
    columns.forEach((column, i) => {
      table[q * kept.length + i] = dfa.table[q * k + column] ?? NONE
    })
  }
  return new Dfa(alphabetOut, dfa.initial, dfa.accepting, table)
}

/**
 * Equivalence for a player: every word of one or two symbols, then the W-method's words of depth 0 — a few dozen at most, most of them settled by earlier answers.
 */
export class PlayerOracle implements EquivalenceOracle {
  readonly counterexamples = 'gold'

  constructor(private readonly symbols: readonly string[]) {}

  async findCounterexample(hypothesis: Dfa, options: OracleOptions = {}): Promise<Counterexample | undefined> {
    const short: SymbolWord[] = this.symbols.flatMap((a) => [[a], ...this.symbols.map((b) => [a, b])])
    const words = new Map<string, SymbolWord>()
    for (const w of [...short, ...conformanceWords(hypothesis, 0)]) words.set(wordKey(w), w)
    const sample = [...words.values()].sort((x, y) => x.length - y.length)
    if (!options.membership) throw new Error('the player oracle asks through the learning run')
    const labels = await options.membership(sample)
    const i = sample.findIndex((w, j) => hypothesis.accepts(w) !== labels[j])
    return i < 0 ? undefined : { word: sample[i] ?? [], label: labels[i] ?? false }
  }
}

export interface PlayerLearningOptions {
  readonly teacher: BatchedPlayerTeacher
  /** Who taught it, for the provenance (`player:Alex`). */
  readonly teacherName: string
  readonly evidence?: readonly Evidence[]
  readonly signal?: AbortSignal
  readonly onEvent?: ((event: LearningEvent) => void) | undefined
}

/**
 * KV with the player's answers (gold: a player said so). A spent budget ends with the hypothesis so far; silence
 * ends the teaching with a `ConstraintLearningError`, and nothing is kept.
 */
export async function learnConstraintFromPlayer(
  phrase: string,
  alphabet: readonly string[],
  options: PlayerLearningOptions,
): Promise<LearnedConstraint & { readonly budgetSpent: boolean }> {
  const symbols = [...new Set(alphabet)].sort()
  const known = (options.evidence ?? []).filter((e) => e.word.every((s) => symbols.includes(s)))
  const cache = QueryCache.fromEvidence([{ word: [], label: true, gold: true }, ...known])
  const report = await learn({
    alphabet: symbols,
    teacher: options.teacher,
    oracle: new GoldFirstOracle(
      new PlayerOracle(symbols),
      known.filter((e) => e.gold),
    ),
    algorithm: 'kv',
    cache,
    maxEquivalenceQueries: 20,
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  })
  const stopped = options.teacher.stoppedBy
  if (stopped instanceof PlayerSilentError) {
    throw new ConstraintLearningError(`${stopped.message}, so I stopped asking; "${phrase}" is not added`)
  }
  if (!report.dfa || (report.outcome !== 'equivalent' && !stopped)) {
    throw new ConstraintLearningError(
      `learning "${phrase}" from your answers stopped (${report.outcome}${report.error ? `: ${report.error}` : ''})`,
    )
  }
  const told = new Set(options.teacher.answers().map((a) => wordKey(a.word)))
  const evidence = report.cache.entries().map((e) => (told.has(wordKey(e.word)) ? { ...e, gold: true } : e))
  return {
    phrase,
    teacher: options.teacherName,
    alphabet: symbols,
    dfa: report.dfa,
    evidence,
    membershipQueries: options.teacher.stats.asked,
    equivalenceQueries: report.equivalenceQueries,
    budgetSpent: stopped !== undefined,
  }
}

/** What a learned constraint forbids, for people: its shortest rejected words (none: it forbids nothing). */
export function forbiddenExamples(dfa: Dfa, count = 3): string[] {
  const out: string[] = []
  const seen = new Set<number>([dfa.initial])
  let layer: { state: number; word: string[] }[] = [{ state: dfa.initial, word: [] }]
  while (layer.length > 0 && out.length < count) {
    const next: { state: number; word: string[] }[] = []
    for (const { state, word } of layer) {
      for (const symbol of dfa.alphabet.symbols) {
        const to = dfa.step(state, symbol)
        const w = [...word, symbol]
        if (to < 0 || !dfa.isAccepting(to)) {
          if (out.length < count) out.push(w.join(' '))
          continue
        }
        if (!seen.has(to)) {
          seen.add(to)
          next.push({ state: to, word: w })
        }
      }
    }
    layer = next
  }
  return out
}

/** Who teaches a constraint in chat, and how: `!constrain` gives the owner who typed it. */
export interface PlayerTeaching {
  /** The player's name, for the provenance and the questions. */
  readonly name: string
  readonly ask: AskPlayer
  readonly tell: (line: string) => void
  /** Questions at most (the `teaching.questionBudget` option, default 30). */
  readonly budget?: number
  readonly timeoutMs?: number
  /** Foods the bot holds: what "eat" means in the questions. */
  readonly foods?: readonly string[]
  /** With an LLM: ask the player the words its answers leave uncertain (the `teaching.askWhenUncertain` option). */
  readonly askWhenUncertain?: boolean
  /** The learning's progress (queries, hypotheses, counterexamples), as skills report it: `cedarLearning` in chat. */
  readonly onEvent?: (event: LearningEvent) => void
  /** Questions and announcements in symbols (`food.low mine.stone`), as `--verbose` asks; else in a player's words. */
  readonly verbose?: boolean
}

/** Says what is coming (the symbols, about how many questions, how to answer), then learns from the answers. */
export function teachByPlayer(
  phrase: string,
  alphabet: readonly string[],
  player: PlayerTeaching,
  { evidence = [], signal }: { readonly evidence?: readonly Evidence[]; readonly signal?: AbortSignal } = {},
): Promise<LearnedConstraint & { readonly budgetSpent: boolean }> {
  const budget = player.budget ?? 30
  const known = evidence.filter((e) => e.gold && e.word.length > 0)
  // Words of one and two symbols are the bulk of it; the answers settle many of the rest.
  const expected = Math.min(budget, Math.max(1, alphabet.length + alphabet.length ** 2 - known.length))
  player.tell(
    player.verbose
      ? `I cannot read "${phrase}" as a rule I know, so teach me: about ${expected} yes/no questions (at most ${budget}) over ${alphabet.join(' ')}.\n` +
          `A word is OK if nothing in it breaks the rule yet; answer !yes, !no or !skip (unsure, counted as no).`
      : `I cannot read "${phrase}" as a rule I know, so teach me: about ${counted(expected, 'yes/no question')} (at most ${budget}) about ${listWords(alphabet.map(spokenSymbol))}.\n` +
          `Each is a few steps in order: answer !yes if none of them breaks the rule yet, !no if one does, !skip if unsure (counted as no).`,
  )
  const teacher = new BatchedPlayerTeacher({
    ask: player.ask,
    tell: player.tell,
    phrase,
    budget,
    ...(player.timeoutMs === undefined ? {} : { timeoutMs: player.timeoutMs }),
    known,
    verbose: player.verbose ?? false,
  })
  return learnConstraintFromPlayer(phrase, alphabet, {
    teacher,
    teacherName: `player:${player.name}`,
    evidence,
    onEvent: player.onEvent,
    ...(signal ? { signal } : {}),
  })
}

/**
 * With an LLM as the teacher: the words whose LLM answer the learned DFA overruled (CAPAL took them for noise) are
 * what the answers leave uncertain — a lie, or a right answer overruled. Only those are put to the player (within
 * the budget); their answers are gold, and when one disagrees with the DFA the rule is corrected (`correct`).
 * Silence or a spent budget keeps what was answered.
 */
export async function askUncertainWords(
  learned: LearnedConstraint,
  player: PlayerTeaching,
  correct: (previous: Dfa, evidence: Evidence[], word: readonly string[], label: boolean) => Promise<LearnedConstraint>,
  signal?: AbortSignal,
): Promise<LearnedConstraint & { readonly questions: number }> {
  const budget = player.budget ?? 30
  const uncertain = learned.evidence
    .filter((e) => !e.gold && learned.dfa.accepts(e.word) !== e.label)
    .sort((a, b) => a.word.length - b.word.length)
  if (uncertain.length === 0) return { ...learned, questions: 0 }
  const asking = Math.min(budget, uncertain.length)
  player.tell(
    player.verbose
      ? `the LLM's answers leave ${uncertain.length} word(s) under "${learned.phrase}" uncertain; I will ask you ${asking} of them (!yes / !no / !skip)`
      : `the LLM left me unsure about ${counted(uncertain.length, 'case')} of "${learned.phrase}"; I will ask you about ${asking === uncertain.length ? (asking === 1 ? 'it' : 'them') : asking} (!yes / !no / !skip)`,
  )
  const teacher = new BatchedPlayerTeacher({
    ask: player.ask,
    tell: player.tell,
    phrase: learned.phrase,
    budget,
    ...(player.timeoutMs === undefined ? {} : { timeoutMs: player.timeoutMs }),
    verbose: player.verbose ?? false,
  })
  try {
    await teacher.answer(
      uncertain.slice(0, budget).map((e) => e.word),
      signal ? { signal } : {},
    )
  } catch (error) {
    if (!(error instanceof PlayerSilentError || error instanceof QuestionBudgetSpent)) throw error
  }
  const gold: Evidence[] = []
  let current = learned
  for (const { word, label } of teacher.answers()) {
    gold.push({ word, label, gold: true })
    if (current.dfa.accepts(word) !== label) {
      current = await correct(current.dfa, withAnswers(current.evidence, gold), word, label)
    }
  }
  return { ...current, evidence: withAnswers(current.evidence, gold), questions: teacher.stats.asked }
}

/** The evidence with the player's answers in it as gold, in place of whatever labelled those words before. */
function withAnswers(evidence: readonly Evidence[], gold: readonly Evidence[]): Evidence[] {
  const answered = new Set(gold.map((g) => wordKey(g.word)))
  return [...evidence.filter((e) => !answered.has(wordKey(e.word))), ...gold]
}
