/**
 * Commands that run as the bot's task (one at a time, `!stop` cancels, `!status` shows it): `!do`, `!learn`,
 * `!constrain`. A second one while a task runs is told what is busy.
 */
import { TaskCancelledError, type TaskVerdict } from '../agent/index.js'
import type { DoProgress } from '../cedar-reports.js'
import type { CommandContext } from './command.js'
import { busyWords } from './task-words.js'

/** Progress that also tells code listening on the bot (`cedarProgress`, and `cedarLearning` for what is learned). */
export function withProgressEvents(context: CommandContext, report: (p: DoProgress) => void): (p: DoProgress) => void {
  return (p) => {
    if (p.type === 'learning') context.bot.emit('cedarLearning', p.skill, p.event)
    context.bot.emit('cedarProgress', p)
    report(p)
  }
}

/** A task's reply, and how it went when that is not simply done (for `cedarTaskEnd`). */
export type TaskReply = string | { readonly reply: string; readonly verdict: TaskVerdict }

export async function runAsTask(
  context: CommandContext,
  name: string,
  work: (signal: AbortSignal) => Promise<TaskReply>,
) {
  const running = context.cedar.tasks.current
  if (running) return busyWords(running, context.cedar.options.prefix)
  try {
    const result = await context.cedar.tasks.run(name, context.username, work, (r) =>
      typeof r === 'string' ? { status: 'done' } : r.verdict,
    )
    return typeof result === 'string' ? result : result.reply
  } catch (error) {
    if (error instanceof TaskCancelledError) return undefined
    throw error
  }
}
