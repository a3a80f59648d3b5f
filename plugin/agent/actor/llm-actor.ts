/**
 * An actor driven by the LLM (LogicGuard §3.1 with InnerMonologue as the planner): at each step the model is given
 * the state, the task, the actions it may take and the feedback so far — the shield's refusals with the laws that
 * refused, the failed actions with their errors, its own last reasoning — and names the next action. The caller puts
 * every pick to the shield like any other actor's and tells the actor what happened (`refused`, `outcome`).
 *
 * The reply is data: one JSON object whose `action` must be one of the actions offered. A reply that is not (not
 * JSON, code, an action not in the list) is asked again once with the problem named; then, or when the model cannot
 * be reached, the caller's fallback (the planner's step) is taken, and the problem is reported in words.
 */
import { z } from 'zod'
import type { LlmClient } from '../../llm/llm-client.js'
import type { Observation } from '../../world/port.js'
import { type ActorFeedback, actorMessages } from './actor-prompts.js'

export interface ActorChoice {
  readonly action: string
  /** `llm`: the model's pick; `fallback`: its reply could not be used (`problem` says why). */
  readonly source: 'llm' | 'fallback'
  readonly problem?: string
  readonly thinking?: string
}

export interface LlmActorOptions {
  readonly task: string
  /** How many failed actions the prompt lists, the most recent (default 8). */
  readonly maxFailuresListed?: number
  /** Each unusable reply or unreachable model, in words (the plugin logs it). */
  readonly onProblem?: (problem: string) => void
}

export interface LlmActorCounts {
  /** Decisions asked for. */
  choices: number
  /** Decisions the model's own reply made. */
  picked: number
  /** Decisions that fell back to the caller's action. */
  fallbacks: number
  /** Replies that could not be used (each re-ask counts). */
  unusable: number
}

const replySchema = z.object({ action: z.string(), thinking: z.string().optional() }).passthrough()

export type ActorReply = { readonly action: string; readonly thinking?: string } | { readonly problem: string }

/** Reads the model's reply: the action when it is one of `actions`, else what is wrong with the reply. */
export function parseActorReply(text: string, actions: readonly string[]): ActorReply {
  const shown = JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)
  const body = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text)?.[1] ?? text
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return {
      problem: /await |\w+\(bot\b/.test(text)
        ? `it answered code (${shown}), which is never run; it must name one action`
        : `it answered ${shown}, which is not JSON`,
    }
  }
  const parsed = replySchema.safeParse(json)
  if (!parsed.success) return { problem: `it answered ${shown}, without a string "action"` }
  const action = parsed.data.action.trim()
  if (!actions.includes(action)) {
    return {
      problem: `it chose ${JSON.stringify(action.slice(0, 60))}, which is not one of the ${actions.length} actions offered`,
    }
  }
  return parsed.data.thinking === undefined ? { action } : { action, thinking: parsed.data.thinking }
}

export class LlmActor {
  readonly counts: LlmActorCounts = { choices: 0, picked: 0, fallbacks: 0, unusable: 0 }
  private refusals: { action: string; laws: string }[] = []
  private failures: { action: string; error: string }[] = []
  private lastSuccess: string | undefined
  private lastError: string | undefined
  private lastThinking: string | undefined

  constructor(
    private readonly llm: LlmClient,
    private readonly options: LlmActorOptions,
  ) {}

  /** The next action, from `actions`; `fallback` (made only when needed) when the model's reply cannot be used. */
  async choose(
    observation: Observation,
    actions: readonly string[],
    fallback: string | (() => string),
    signal?: AbortSignal,
  ): Promise<ActorChoice> {
    this.counts.choices++
    let problem: string | undefined
    for (let attempt = 0; attempt < 2; attempt++) {
      let text: string
      try {
        const messages = actorMessages({
          task: this.options.task,
          observation,
          actions,
          feedback: this.feedback(problem),
        })
        text = await this.llm.chat('actor', messages, { json: true, signal })
      } catch (error) {
        if (signal?.aborted) throw error
        problem = `the LLM actor could not be asked (${error instanceof Error ? error.message : String(error)})`
        break
      }
      const reply = parseActorReply(text, actions)
      if ('action' in reply) {
        this.counts.picked++
        this.lastThinking = reply.thinking
        return { action: reply.action, source: 'llm', ...(reply.thinking ? { thinking: reply.thinking } : {}) }
      }
      this.counts.unusable++
      problem = `the LLM actor's reply could not be used: ${reply.problem}`
    }
    this.counts.fallbacks++
    const action = typeof fallback === 'string' ? fallback : fallback()
    const message = `${problem}; took ${action} instead`
    this.options.onProblem?.(message)
    return { action, source: 'fallback', problem: message }
  }

  /** The shield refused `action` in the current state (named by `laws`): the critic's feedback until the state changes. */
  refused(action: string, laws: string): void {
    this.refusals = [...this.refusals.filter((r) => r.action !== action), { action, laws }]
  }

  /** What came of an action that ran. A success changes the state: the refusals there no longer apply. */
  outcome(action: string, ok: boolean, error?: string): void {
    if (ok) {
      this.lastSuccess = action
      this.lastError = undefined
      this.refusals = []
      return
    }
    this.lastError = `${action}: ${error ?? 'failed'}`
    this.failures = [...this.failures, { action, error: error ?? 'failed' }].slice(
      -(this.options.maxFailuresListed ?? 8),
    )
  }

  private feedback(problem: string | undefined): ActorFeedback {
    return {
      refused: this.refusals,
      failed: this.failures,
      lastSuccess: this.lastSuccess,
      lastError: this.lastError,
      lastThinking: this.lastThinking,
      lastProblem:
        problem === undefined ? undefined : problem.replace(/^the LLM actor's reply could not be used: /, ''),
    }
  }
}
