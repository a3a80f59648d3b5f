/**
 * What the console page shows, kept from the bot's events: the running task (its instruction, goal and constraint
 * parts with their alphabets, the plan, the steps), the pictures of its automata, the shield's verdicts, the laws,
 * the questions asked, and the command replies. New pages get a snapshot; open pages get each change as an event.
 */

import type { Bot } from 'mineflayer'
import { evidenceLine } from '../agent/index.js'
import { type DfaJson, parseDfaJson } from '../automata/json.js'
import { renderSvg } from '../automata/svg.js'
import type { DoProgress } from '../cedar-reports.js'
import type { LlmUsageReport } from '../llm/llm-usage.js'
import type { Verdict } from '../ltl/shield.js'

/** Kept for a page that opens late; older ones are dropped. */
const KEPT_LINES = 200
const KEPT_VERDICTS = 50

export interface ConsoleEvent {
  readonly type: string
  readonly data: unknown
}

interface Picture {
  readonly name: string
  readonly states: number
  readonly svg: string
}

interface TaskView {
  name: string
  by: string
  startedAt: number
  end?: string
  goals: { text: string; alphabet: readonly string[] }[]
  constraints: { text: string; alphabet: readonly string[] }[]
  plan: readonly string[]
  steps: number
  failed: number
  initial?: number
  last?: StepView
  product?: Picture
  skills: Picture[]
  constraintPictures: Picture[]
}

interface StepView {
  readonly n: number
  readonly action: string
  readonly ok: boolean
  readonly message?: string
  readonly blockedBy?: string
  readonly from: number
  readonly state: number
}

export class ConsoleFeed {
  private task: TaskView | undefined
  private readonly lines: unknown[] = []
  private readonly verdicts: unknown[] = []
  /** Open questions, oldest first; one player may have one open and more waiting. */
  private readonly questions: { username: string; question: string }[] = []
  private readonly listeners = new Set<(event: ConsoleEvent) => void>()
  /** What the LLM has cost, since the bot started and during the current instruction (none: never asked). */
  private llmUsage: LlmUsageReport | undefined
  /** Pictures render off the event that asked for them; a later task's must not land on this one. */
  private generation = 0
  private readonly detach: () => void

  constructor(private readonly bot: Bot) {
    const on = <E extends Parameters<Bot['on']>[0]>(event: E, listener: Parameters<Bot['on']>[1]) => {
      bot.on(event, listener as never)
      return () => bot.off(event, listener as never)
    }
    const offs = [
      on('cedarTaskStart', (task: { name: string; requestedBy: string; startedAt: number }) => {
        this.generation++
        this.task = {
          name: task.name,
          by: task.requestedBy,
          startedAt: task.startedAt,
          goals: [],
          constraints: [],
          plan: [],
          steps: 0,
          failed: 0,
          skills: [],
          constraintPictures: [],
        }
        this.emit('task', this.task)
      }),
      on('cedarTaskEnd', (_task: unknown, end: { status: string; reason?: string; error?: Error }) => {
        if (!this.task) return
        // 'done' means the task returned, not that its goal was met: the last reply says how it went.
        this.task.end =
          end.status === 'failed'
            ? `failed: ${end.error?.message ?? ''}`
            : end.status === 'done'
              ? 'finished'
              : end.status
        this.emit('taskEnd', { end: this.task.end })
        this.emit('laws', this.laws())
      }),
      on('cedarProgress', (progress: DoProgress) => this.progress(progress)),
      on('cedarShieldBlocked', (verdict: Verdict) => this.verdict('blocked', verdict)),
      on('cedarShieldFallback', (verdict: Verdict) => this.verdict('fallback', verdict)),
      on('cedarAction', (action: string) => this.verdict('allowed', { action })),
      on('cedarLlmUsage', (usage: LlmUsageReport) => {
        this.llmUsage = usage
        this.emit('llmUsage', usage)
      }),
      on('cedarLawDropped', () => this.emit('laws', this.laws())),
      on('cedarCriticRound', () => this.emit('laws', this.laws())),
      on('cedarQuestion', (username: string, question: string) => {
        this.questions.push({ username, question })
        this.emit('question', { username, question })
      }),
      // The game's chat, the bot's public replies to players among it (the server echoes them), and whispers to it:
      // the console shows what happens in the game, not only what was typed on the page.
      on('chat', (username: string, message: string) =>
        this.line({ id: 0, kind: 'game', text: `<${username}> ${message}` }),
      ),
      on('whisper', (username: string, message: string) =>
        this.line({ id: 0, kind: 'game', text: `${username} whispers: ${message}` }),
      ),
      on('cedarWhispered', (username: string, text: string) =>
        this.line({ id: 0, kind: 'game', text: `${bot.username} whispers to ${username}: ${text}` }),
      ),
      on('cedarAnswered', (username: string, question: string, answer: string) => {
        const open = this.questions.findIndex((q) => q.username === username && q.question === question)
        if (open >= 0) this.questions.splice(open, 1)
        this.emit('answered', { username, question, answer })
      }),
    ]
    this.detach = () => {
      for (const off of offs) off()
    }
  }

  subscribe(listener: (event: ConsoleEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Everything a page needs to draw itself from nothing. */
  /** The task running or run last: its name and, once ended, how. */
  currentTask(): { readonly name: string; readonly end?: string } | undefined {
    return this.task
  }

  snapshot(): Record<string, unknown> {
    return {
      bot: this.bot.username,
      task: this.task,
      lines: this.lines,
      verdicts: this.verdicts,
      laws: this.laws(),
      questions: this.questions,
      llmUsage: this.llmUsage,
    }
  }

  /** A command's line or reply, or a line of the game's chat, in the order they happen. */
  line(entry: {
    readonly id: number
    readonly kind: 'command' | 'reply' | 'done' | 'game'
    readonly text: string
  }): void {
    this.keep(this.lines, entry, KEPT_LINES)
    this.emit('line', entry)
    if (entry.kind === 'done') this.emit('laws', this.laws())
  }

  close(): void {
    this.detach()
    this.listeners.clear()
  }

  /** The laws in force, then the critic's proposals waiting for accept or reject, with their evidence. */
  private laws(): unknown {
    const proposed = (this.bot.cedar.critic?.proposed?.() ?? []).map((law) => ({
      id: law.id,
      text: law.text,
      kind: 'proposed',
      source: 'critic',
      explanation: law.explanation,
      evidence: evidenceLine(law),
      blocked: 0,
    }))
    return [...this.bot.cedar.laws.list(), ...proposed]
  }

  private verdict(
    kind: 'blocked' | 'fallback' | 'allowed',
    verdict: Partial<Verdict> & { action: string; by?: readonly string[] },
  ): void {
    const entry = {
      kind,
      action: verdict.action,
      blockedBy: verdict.by ?? (verdict.blockedBy ?? []).map((law) => law.id),
      allowedInstead: verdict.allowedActions ?? [],
      at: Date.now(),
    }
    this.keep(this.verdicts, entry, KEPT_VERDICTS)
    this.emit('verdict', entry)
    if (kind === 'blocked') this.emit('laws', this.laws())
  }

  private progress(p: DoProgress): void {
    const task = this.task
    if (!task) return
    const generation = this.generation
    switch (p.type) {
      case 'grounded':
        task.goals = p.grounded.goals.map((g) => ({ text: g.text, alphabet: g.alphabet }))
        task.constraints = p.grounded.constraints.map((c) => ({ text: c.text, alphabet: c.alphabet }))
        this.emit('grounded', { goals: task.goals, constraints: task.constraints })
        return
      case 'skill':
        this.picture(generation, p.skill.name, p.skill.automaton, (picture) => task.skills.push(picture))
        return
      case 'constraint':
        this.picture(generation, p.constraint.phrase, p.constraint.automaton, (picture) =>
          task.constraintPictures.push(picture),
        )
        return
      case 'composed':
        task.initial = p.plan.automaton.initial
        this.picture(generation, 'product', p.plan.automaton, (picture) => {
          task.product = picture
        })
        return
      case 'step': {
        task.steps++
        if (!p.step.ok) task.failed++
        task.plan = p.plan
        task.last = {
          n: task.steps,
          action: p.step.action,
          ok: p.step.ok,
          ...(p.step.message === undefined ? {} : { message: p.step.message }),
          ...(p.step.blockedBy === undefined ? {} : { blockedBy: p.step.blockedBy }),
          from: task.last?.state ?? task.initial ?? 0,
          state: p.step.state,
        }
        this.emit('step', { ...task.last, plan: task.plan, steps: task.steps, failed: task.failed })
        // The run's own check before acting: the shield's verdict, though no primitive was called.
        if (p.step.blockedBy !== undefined) {
          const by = p.step.blockedBy.split('; ').map((part) => /^(\S+) \((?:hard|soft)\)/.exec(part)?.[1] ?? part)
          this.verdict('blocked', { action: p.step.action, by })
        }
        return
      }
      case 'learning':
        return
    }
  }

  private picture(generation: number, name: string, json: DfaJson, store: (picture: Picture) => void): void {
    const automaton = parseDfaJson(json)
    renderSvg(automaton, { name }).then(
      (svg) => {
        if (generation !== this.generation) return
        const picture = { name, states: automaton.stateCount, svg }
        store(picture)
        this.emit('picture', { role: name === 'product' ? 'product' : 'part', ...picture })
      },
      (error: unknown) => this.bot.cedar.options.logger.warn(`cedar console: no picture of ${name}: ${error}`),
    )
  }

  private keep(list: unknown[], entry: unknown, cap: number): void {
    list.push(entry)
    if (list.length > cap) list.splice(0, list.length - cap)
  }

  private emit(type: string, data: unknown): void {
    for (const listener of this.listeners) listener({ type, data })
  }
}
