/**
 * The agent's long computations in worker threads, so the bot's event loop stays free: keep-alives, physics, chat
 * and `!stop` go on while a skill with thousands of questions is learned. Each job takes a worker (an idle one, or
 * a new one) and gives it back when done; a job whose signal aborts terminates its own worker at once and rejects
 * with the signal's reason, so cancelling never waits for a learner to reach a check. The caller's teacher, when
 * it gave one (the LLM teacher), is asked by message and keeps running here with the same signal.
 */
import { Worker } from 'node:worker_threads'
import type { Dfa } from '../../automata/dfa.js'
import { CedarError } from '../../errors.js'
import type { LearningEvent, MembershipTeacher } from '../../learning/index.js'
import type { Formula } from '../../ltl/ast.js'
import { loadRules, type Rules } from '../../world/rules.js'
import type {
  ActiveConstraint,
  Composition,
  CompositionLimits,
  ConstraintLearningOptions,
  LearnedConstraint,
} from '../constraints/index.js'
import type { AcceptedProposal, CriticContext, LawProposal, RejectedProposal, Trajectory } from '../critic/index.js'
import type { LearnedSkill, SkillKey, SkillLearningOptions } from '../skills/index.js'
import { type AgentComputation, inProcess, type LawValidationContext } from './computation.js'
import {
  type CompositionResult,
  type ConstraintResult,
  type DfaData,
  dfaData,
  dfaOf,
  errorData,
  errorFrom,
  type FromWorker,
  type Job,
  type JobResult,
  type ProposalsResult,
  type SkillResult,
  type ToWorker,
  type ValidationResult,
} from './computation-jobs.js'

/** The worker stopped without finishing its job (it crashed or was terminated by someone else). */
export class WorkerStoppedError extends CedarError {
  override name = 'WorkerStoppedError'
}

interface JobHooks {
  readonly teacher?: MembershipTeacher | undefined
  readonly onEvent?: ((event: LearningEvent) => void) | undefined
  readonly signal?: AbortSignal | undefined
}

export interface WorkerComputationOptions {
  /** Workers kept warm between jobs (a worker starts in about a second under tsx). Default 1. */
  readonly maxIdle?: number
}

export class WorkerComputation implements AgentComputation {
  private readonly idle: Worker[] = []
  private readonly busy = new Set<Worker>()
  private nextJob = 1
  private closed = false

  constructor(private readonly options: WorkerComputationOptions = {}) {}

  /** Starts a worker now, so the first job does not wait for one. */
  warm(): void {
    if (!this.closed && this.idle.length === 0) this.idle.push(this.spawn())
  }

  async learnSkill(key: SkillKey, rules: Rules, options: SkillLearningOptions = {}): Promise<LearnedSkill> {
    // Rules made by hand (not loadRules) cannot be rebuilt in the worker from their version.
    if (loadRules(rules.version) !== rules) return inProcess.learnSkill(key, rules, options)
    const job: Job = {
      kind: 'skill',
      key,
      rulesVersion: rules.version,
      world: options.world,
      extraSymbols: options.extraSymbols,
      expandedSymbols: options.expandedSymbols,
      evidence: options.evidence,
      adapted: options.adapted,
      warmStart: options.warmStart,
      teacherName: options.teacherName,
      maxMembershipQueries: options.maxMembershipQueries,
      remoteTeacher: options.teacher !== undefined,
    }
    const result = (await this.run(job, options)) as SkillResult
    return { ...result, dfa: dfaOf(result.dfa) }
  }

  async learnConstraint(
    phrase: string,
    alphabet: readonly string[],
    options: ConstraintLearningOptions = {},
  ): Promise<LearnedConstraint> {
    const job: Job = {
      kind: 'constraint',
      phrase,
      alphabet,
      teacherName: options.teacherName,
      evidence: options.evidence,
      remoteTeacher: options.teacher !== undefined,
    }
    const result = (await this.run(job, options)) as ConstraintResult
    return { ...result, dfa: dfaOf(result.dfa) }
  }

  async compose(
    skill: Dfa,
    constraints: readonly ActiveConstraint[],
    start: readonly string[],
    options: { readonly signal?: AbortSignal | undefined; readonly limits?: CompositionLimits | undefined } = {},
  ): Promise<Composition> {
    const job: Job = {
      kind: 'compose',
      skill: dfaData(skill),
      constraints: constraints.map((c) => ({ id: c.id, phrase: c.phrase, dfa: dfaData(c.dfa) })),
      start,
      limits: options.limits,
    }
    const result = (await this.run(job, options)) as CompositionResult
    return { ...result, product: dfaOf(result.product) }
  }

  /** Compiled in a worker: a law that takes a second to compile costs the bot's event loop nothing, and aborts at once. */
  async compileLaw(formula: Formula, options: { readonly signal?: AbortSignal | undefined } = {}): Promise<Dfa> {
    return dfaOf((await this.run({ kind: 'compile-law', formula }, options)) as DfaData)
  }

  async proposeLaws(
    trajectories: readonly Trajectory[],
    context: CriticContext,
    rulesVersion: string,
  ): Promise<LawProposal[]> {
    return (await this.run({ kind: 'propose-laws', trajectories, context, rulesVersion }, {})) as ProposalsResult
  }

  /**
   * The validator in the worker. Its symbol check there reads minecraft-data of `registryVersion` (the bot's
   * version): a `symbolProblem` function cannot cross threads.
   */
  async validateLaws(
    proposals: readonly LawProposal[],
    context: LawValidationContext,
  ): Promise<{ accepted: AcceptedProposal[]; rejected: RejectedProposal[] }> {
    const { symbolProblem: _local, registryVersion, ...plain } = context
    return (await this.run(
      { kind: 'validate-laws', proposals, context: plain, registryVersion },
      {},
    )) as ValidationResult
  }

  /** Terminates every worker; jobs still running reject. */
  async close(): Promise<void> {
    this.closed = true
    const all = [...this.idle.splice(0), ...this.busy]
    this.busy.clear()
    await Promise.all(all.map((worker) => worker.terminate()))
  }

  private run(job: Job, hooks: JobHooks): Promise<JobResult> {
    const { signal } = hooks
    if (signal?.aborted) return Promise.reject(signal.reason)
    if (this.closed) return Promise.reject(new WorkerStoppedError('the learning workers are closed'))
    const worker = this.idle.pop() ?? this.spawn()
    this.busy.add(worker)
    // A busy worker keeps the process alive until its job ends; an idle one does not.
    worker.ref()
    const id = this.nextJob++
    return new Promise((resolve, reject) => {
      let settled = false
      const settle = (finish: () => void, keep: boolean) => {
        if (settled) return
        settled = true
        worker.off('message', onMessage).off('error', onError).off('exit', onExit)
        signal?.removeEventListener('abort', onAbort)
        this.busy.delete(worker)
        if (keep) this.release(worker)
        else void worker.terminate()
        finish()
      }
      const onMessage = (message: FromWorker) => {
        if (message.id !== id) return
        switch (message.type) {
          case 'event':
            hooks.onEvent?.(message.event)
            return
          case 'ask':
            this.answer(worker, message, hooks, () => settled)
            return
          case 'done':
            settle(() => resolve(message.result), true)
            return
          case 'failed':
            settle(() => reject(errorFrom(message.error)), true)
            return
        }
      }
      const onAbort = () => {
        settle(() => reject(signal?.reason), false)
        this.warm()
      }
      const onError = (error: Error) => settle(() => reject(error), false)
      const onExit = (code: number) =>
        settle(() => reject(new WorkerStoppedError(`the learning worker stopped (exit code ${code})`)), false)
      worker.on('message', onMessage).on('error', onError).on('exit', onExit)
      signal?.addEventListener('abort', onAbort, { once: true })
      worker.postMessage({ type: 'job', id, job } satisfies ToWorker)
    })
  }

  /** A question from the worker for the caller's teacher; the answer (or its error) goes back by message. */
  private answer(
    worker: Worker,
    message: Extract<FromWorker, { type: 'ask' }>,
    hooks: JobHooks,
    settled: () => boolean,
  ): void {
    const reply = (answer: Omit<Extract<ToWorker, { type: 'answer' }>, 'type' | 'id' | 'ask'>) => {
      if (!settled()) worker.postMessage({ type: 'answer', id: message.id, ask: message.ask, ...answer })
    }
    const teacher = hooks.teacher
    if (!teacher) {
      reply({ error: { name: 'Error', message: 'the worker asked for a teacher the job did not have' } })
      return
    }
    teacher.answer(message.words, hooks.signal ? { signal: hooks.signal } : undefined).then(
      (labels) => reply({ labels }),
      (error: unknown) => reply({ error: errorData(error) }),
    )
  }

  private release(worker: Worker): void {
    worker.unref()
    if (!this.closed && this.idle.length < (this.options.maxIdle ?? 1)) this.idle.push(worker)
    else void worker.terminate()
  }

  private spawn(): Worker {
    const worker = startWorker()
    worker.unref()
    // An idle worker that dies is dropped, not handed a job.
    worker.once('exit', () => {
      const index = this.idle.indexOf(worker)
      if (index >= 0) this.idle.splice(index, 1)
    })
    worker.on('error', () => {})
    return worker
  }
}

/**
 * From the built package the worker is plain JS next to this file. Under tsx (tests, `npm start`) it is
 * TypeScript, and Node 20 does not run a worker's entry through the parent's `--import tsx` hooks, so a one-line
 * bootstrap registers tsx in the worker first.
 */
function startWorker(): Worker {
  // A worker inherits the parent's Node options; `--input-type` (a script given with -e) would refuse its file.
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith('--input-type'))
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./computation-worker.js', import.meta.url), { execArgv })
  }
  const entry = new URL('./computation-worker.ts', import.meta.url).href
  const tsx = import.meta.resolve('tsx/esm/api')
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`
  return new Worker(bootstrap, { eval: true, execArgv })
}
