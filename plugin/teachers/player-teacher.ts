import type { MembershipTeacher, SymbolWord } from '../learning/ports.js'
import { spokenWord } from '../vocabulary/spoken-words.js'

/**
 * What a question is about, in symbols, for whoever answers by program (a test's player, the bench's owner): the
 * question itself is in a player's words, and English is no format to read symbols back from.
 */
export type QuestionAbout =
  | { readonly kind: 'word'; readonly word: readonly string[] }
  | {
      readonly kind: 'reading'
      readonly examples: readonly { readonly word: readonly string[]; readonly allowed: boolean }[]
    }

/**
 * Asks one player one question and waits for !yes, !no, !skip or the deadline (or `signal`: the task stopped);
 * `about` is what it asks, in symbols.
 */
export type AskPlayer = (
  question: string,
  timeoutMs: number,
  signal?: AbortSignal,
  about?: QuestionAbout,
) => Promise<'yes' | 'no' | 'skip' | 'timeout'>

/** A word as a question shows it: in a player's words, or as symbols for `--verbose`. */
export function shownWord(word: SymbolWord, verbose: boolean): string {
  if (word.length === 0) return 'doing nothing'
  return verbose ? word.join(' ') : spokenWord(word)
}

export interface PlayerTeacherOptions {
  /** What the words are judged against, as the player typed it. */
  readonly instruction: string
  /** Questions per learning run; past it, the fallback answers. Default 20. */
  readonly maxQuestions?: number
  /** How long to wait for an answer. Default 60 s. */
  readonly timeoutMs?: number
  /** Answers skipped, unanswered and over-the-cap questions; without one they count as "no". */
  readonly fallback?: MembershipTeacher
  /** Words as symbols (`mine.iron_ore time.night`) instead of a player's words. */
  readonly verbose?: boolean
}

export interface PlayerTeacherStats {
  readonly asked: number
  readonly answered: number
  readonly skipped: number
  readonly timedOut: number
  readonly fromFallback: number
}

/**
 * The player as a teacher: each word becomes a chat question — would mining iron ore, then at night be OK for
 * "mine only at night"? — asked one at a time, with a deadline and a cap per run. `!skip`, silence and questions past the
 * cap go to the fallback teacher (or count as "no").
 */
export class PlayerTeacher implements MembershipTeacher {
  private counts = { asked: 0, answered: 0, skipped: 0, timedOut: 0, fromFallback: 0 }

  constructor(
    private readonly ask: AskPlayer,
    private readonly options: PlayerTeacherOptions,
  ) {}

  get stats(): PlayerTeacherStats {
    return { ...this.counts }
  }

  async answer(words: readonly SymbolWord[]): Promise<boolean[]> {
    const labels: boolean[] = []
    for (const word of words) labels.push(await this.answerOne(word))
    return labels
  }

  private async answerOne(word: SymbolWord): Promise<boolean> {
    if (this.counts.asked >= (this.options.maxQuestions ?? 20)) return this.fallback(word)
    this.counts.asked++
    const verbose = this.options.verbose ?? false
    const shown = shownWord(word, verbose)
    const answer = await this.ask(
      `would ${verbose && word.length > 0 ? `\`${shown}\`` : shown} be OK for "${this.options.instruction}"? !yes / !no (or !skip)`,
      this.options.timeoutMs ?? 60_000,
      undefined,
      { kind: 'word', word },
    )
    if (answer === 'yes' || answer === 'no') {
      this.counts.answered++
      return answer === 'yes'
    }
    if (answer === 'skip') this.counts.skipped++
    else this.counts.timedOut++
    return this.fallback(word)
  }

  private async fallback(word: SymbolWord): Promise<boolean> {
    this.counts.fromFallback++
    if (!this.options.fallback) return false
    const [label] = await this.options.fallback.answer([word])
    return label ?? false
  }
}
