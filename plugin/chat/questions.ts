import type { QuestionAbout } from '../teachers/player-teacher.js'
import { defineCommand } from './command.js'
import type { CommandRegistry } from './registry.js'

export type Answer = 'yes' | 'no' | 'skip' | 'timeout'

interface Pending {
  readonly resolve: (answer: Answer) => void
  readonly timer: ReturnType<typeof setTimeout>
}

/**
 * Questions to players in chat, answered with `!yes`, `!no` or `!skip`: one open question per player at a time (a
 * new one waits for the previous), each with a deadline after which it counts as `timeout`.
 */
export class ChatQuestions {
  private readonly pending = new Map<string, Pending>()
  private readonly queues = new Map<string, Promise<unknown>>()

  private send: (username: string, text: string, about: QuestionAbout | undefined) => void = () => {
    throw new Error('questions cannot be asked before the chat is connected')
  }

  /** Where questions go (the chat router, once it exists), with what they ask in symbols when the asker said. */
  bind(send: (username: string, text: string, about: QuestionAbout | undefined) => void): void {
    this.send = send
  }

  /**
   * Asks `username`; resolves with the answer, or `timeout` — also when `signal` fires (the task was stopped), so
   * a stopped teaching leaves no question open behind it.
   */
  ask(
    username: string,
    question: string,
    timeoutMs: number,
    signal?: AbortSignal,
    about?: QuestionAbout,
  ): Promise<Answer> {
    const key = username.toLowerCase()
    const previous = this.queues.get(key) ?? Promise.resolve()
    const next = previous.then(
      () =>
        new Promise<Answer>((resolve) => {
          if (signal?.aborted) {
            resolve('timeout')
            return
          }
          const timer = setTimeout(() => this.settle(key, 'timeout'), timeoutMs)
          const pending = { resolve, timer }
          this.pending.set(key, pending)
          signal?.addEventListener(
            'abort',
            () => {
              if (this.pending.get(key) === pending) this.settle(key, 'timeout')
            },
            { once: true },
          )
          this.send(username, question, about)
        }),
    )
    this.queues.set(
      key,
      next.catch(() => undefined),
    )
    return next
  }

  /** An answer typed by `username`; false when nothing was asked of them. */
  answer(username: string, answer: Exclude<Answer, 'timeout'>): boolean {
    return this.settle(username.toLowerCase(), answer)
  }

  hasQuestionFor(username: string): boolean {
    return this.pending.has(username.toLowerCase())
  }

  /** Ends every open question (e.g. on disconnect) as timed out. */
  cancelAll(): void {
    for (const key of [...this.pending.keys()]) this.settle(key, 'timeout')
  }

  private settle(key: string, answer: Answer): boolean {
    const open = this.pending.get(key)
    if (!open) return false
    clearTimeout(open.timer)
    this.pending.delete(key)
    open.resolve(answer)
    return true
  }
}

/**
 * Whether a command line answers a question `username` has open: a player teaching a rule answers a dozen in a row,
 * which the flood guard must not count.
 */
export function answersOpenQuestion(questions: ChatQuestions, username: string, commandText: string): boolean {
  return questions.hasQuestionFor(username) && /^(yes|y|no|n|skip)$/i.test(commandText.trim())
}

/** `!yes`, `!no`, `!skip`: answers to the bot's open question. */
export function registerAnswerCommands(registry: CommandRegistry, questions: ChatQuestions): void {
  for (const answer of ['yes', 'no', 'skip'] as const) {
    registry.register(
      defineCommand({
        name: answer,
        aliases: answer === 'yes' ? ['y'] : answer === 'no' ? ['n'] : [],
        summary: `answer my question: ${answer}`,
        params: [],
        run: ({ username }) =>
          questions.answer(username, answer) ? undefined : `I have not asked you anything, ${username}`,
      }),
    )
  }
}
