/**
 * The player as the teacher of a constraint, in chat: the learner's batches of words become numbered yes/no
 * questions ("under 'eat when hungry', is this OK: getting hungry, then mining stone? !yes / !no / !skip"; the
 * symbols with `verbose`), a batch announced at
 * a time, within a budget. A person reads "is this OK" as "has anything in it broken the rule yet", so answers are
 * taken to be prefix-closed: a word that broke the rule stays broken however it goes on, and a word that is OK was
 * OK all along. That is what lets a dozen answers teach a three-state constraint; the words it settles are not
 * asked again.
 */
import { CedarError } from '../errors.js'
import type { MembershipTeacher, SymbolWord } from '../learning/ports.js'
import { type AskPlayer, shownWord } from './player-teacher.js'

/** The player did not answer in time: the teaching ends, and nothing half-taught is kept. */
export class PlayerSilentError extends CedarError {
  override name = 'PlayerSilentError'
}

/** The question budget is spent: learning ends with the hypothesis it has. */
export class QuestionBudgetSpent extends CedarError {
  override name = 'QuestionBudgetSpent'
}

export interface BatchedPlayerTeacherOptions {
  readonly ask: AskPlayer
  /** A line to the player that is not a question (the batch headers). */
  readonly tell: (line: string) => void
  /** The rule as the player wrote it. */
  readonly phrase: string
  /** Questions at most (default 30). */
  readonly budget?: number
  /** Per question (default 60 s). */
  readonly timeoutMs?: number
  /** What the player said before (a relearning after a counterexample): settled, never asked again. */
  readonly known?: readonly { readonly word: readonly string[]; readonly label: boolean }[]
  /** Words as symbols (`food.low mine.stone`) instead of a player's words. */
  readonly verbose?: boolean
}

export interface PlayerAnswerStats {
  readonly asked: number
  readonly answered: number
  readonly skipped: number
  /** Words settled by earlier answers (prefix-closure), never asked. */
  readonly inferred: number
}

const key = (word: SymbolWord) => word.join(' ')

export class BatchedPlayerTeacher implements MembershipTeacher {
  /** What the player said, by word (skips are not here: they are nobody's answer). */
  private readonly told = new Map<string, boolean>()
  private readonly skippedWords = new Set<string>()
  private counts = { asked: 0, answered: 0, skipped: 0, inferred: 0 }
  private batches = 0

  /** Why the teaching stopped early, when it did. */
  stoppedBy: PlayerSilentError | QuestionBudgetSpent | undefined

  constructor(private readonly options: BatchedPlayerTeacherOptions) {
    for (const { word, label } of options.known ?? []) this.told.set(key(word), label)
  }

  get stats(): PlayerAnswerStats {
    return { ...this.counts }
  }

  get budget(): number {
    return this.options.budget ?? 30
  }

  /** The words the player answered themselves, with their labels (gold: a player said so). */
  answers(): { word: string[]; label: boolean }[] {
    return [...this.told].map(([k, label]) => ({ word: k === '' ? [] : k.split(' '), label }))
  }

  async answer(words: readonly SymbolWord[], options: { readonly signal?: AbortSignal } = {}): Promise<boolean[]> {
    const open = [...new Map(words.filter((w) => this.inferred(w) === undefined).map((w) => [key(w), w])).values()]
    if (open.length > 0) {
      this.batches++
      const first = this.counts.asked + 1
      const last = Math.min(this.budget, this.counts.asked + open.length)
      this.options.tell(
        first > last
          ? `my ${this.budget} questions are used up`
          : last > first
            ? `questions ${first}–${last} of at most ${this.budget} (batch ${this.batches}):`
            : `question ${first} of at most ${this.budget} (batch ${this.batches}):`,
      )
    }
    for (const word of open) {
      options.signal?.throwIfAborted()
      if (this.inferred(word) !== undefined) continue
      await this.askOne(word, options.signal)
    }
    return words.map((w) => {
      const label = this.inferred(w)
      if (label === undefined) throw new Error(`no answer for ${key(w)}`)
      if (!this.told.has(key(w)) && !this.skippedWords.has(key(w))) this.counts.inferred++
      return label
    })
  }

  private async askOne(word: SymbolWord, signal: AbortSignal | undefined): Promise<void> {
    if (this.counts.asked >= this.budget) {
      this.stoppedBy = new QuestionBudgetSpent(`all ${this.budget} questions were asked`)
      throw this.stoppedBy
    }
    this.counts.asked++
    const shown = shownWord(word, this.options.verbose ?? false)
    const timeoutMs = this.options.timeoutMs ?? 60_000
    const answer = await untilAborted(
      this.options.ask(
        `Q${this.counts.asked}/${this.budget} under "${this.options.phrase}", is this OK: ${shown}? !yes / !no / !skip`,
        timeoutMs,
        signal,
        { kind: 'word', word },
      ),
      signal,
    )
    if (answer === 'timeout') {
      this.stoppedBy = new PlayerSilentError(`no answer within ${Math.round(timeoutMs / 1000)} s`)
      throw this.stoppedBy
    }
    if (answer === 'skip') {
      // Unsure counts as "not OK": a rule that forbids a little too much is safer than one that allows it.
      this.counts.skipped++
      this.skippedWords.add(key(word))
      return
    }
    this.counts.answered++
    this.told.set(key(word), answer === 'yes')
  }

  /** The label the answers so far settle for `word`, if any. */
  private inferred(word: SymbolWord): boolean | undefined {
    const k = key(word)
    const direct = this.told.get(k)
    if (direct !== undefined) return direct
    if (this.skippedWords.has(k)) return false
    for (let i = 0; i < word.length; i++) {
      if (this.told.get(key(word.slice(0, i))) === false) return false
    }
    for (const [known, label] of this.told) {
      if (label && (k === '' || known.startsWith(`${k} `))) return true
    }
    return undefined
  }
}

/** `!stop` must not wait out a question's deadline: the teaching ends when the task's signal fires. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  signal.throwIfAborted()
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
