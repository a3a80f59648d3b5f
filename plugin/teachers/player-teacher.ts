import type { MembershipTeacher, SymbolWord } from '../learning/ports.js'

/** Asks one player one question and waits for !yes, !no, !skip or the deadline (or `signal`: the task stopped). */
export type AskPlayer = (
  question: string,
  timeoutMs: number,
  signal?: AbortSignal,
) => Promise<'yes' | 'no' | 'skip' | 'timeout'>

export interface PlayerTeacherOptions {
  /** What the words are judged against, as the player typed it. */
  readonly instruction: string
  /** Questions per learning run; past it, the fallback answers. Default 20. */
  readonly maxQuestions?: number
  /** How long to wait for an answer. Default 60 s. */
  readonly timeoutMs?: number
  /** Answers skipped, unanswered and over-the-cap questions; without one they count as "no". */
  readonly fallback?: MembershipTeacher
}

export interface PlayerTeacherStats {
  readonly asked: number
  readonly answered: number
  readonly skipped: number
  readonly timedOut: number
  readonly fromFallback: number
}

/**
 * The player as a teacher: each word becomes a chat question — would `mine.iron_ore time.night` be OK for "mine
 * only at night"? — asked one at a time, with a deadline and a cap per run. `!skip`, silence and questions past the
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
    const shown = word.length === 0 ? 'doing nothing' : `\`${word.join(' ')}\``
    const answer = await this.ask(
      `would ${shown} be OK for "${this.options.instruction}"? !yes / !no (or !skip)`,
      this.options.timeoutMs ?? 60_000,
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
