/**
 * What crosses the thread boundary between the agent and its learning worker: jobs and results as plain data
 * (DFAs as their tables, errors as name and message), and `runJob`, which the worker runs a job with. A teacher
 * that does I/O (the LLM teacher, a player) stays on the agent's thread: the worker asks it by message.
 */
import mcData from 'minecraft-data'
import { Alphabet } from '../../automata/alphabet.js'
import { Dfa } from '../../automata/dfa.js'
import { TooManyStatesError } from '../../automata/size-limit.js'
import { symbolProblem } from '../../grounding/validate.js'
import { BudgetExhausted, type LearningEvent, type MembershipTeacher } from '../../learning/index.js'
import type { Formula } from '../../ltl/ast.js'
import { loadRules } from '../../world/rules.js'
import type { SimOptions } from '../../world/sim/index.js'
import type { Composition, CompositionLimits } from '../constraints/index.js'
import { ConstraintLearningError, type LearnedConstraint } from '../constraints/index.js'
import type {
  AcceptedProposal,
  CriticContext,
  LawProposal,
  RejectedProposal,
  Trajectory,
  ValidationContext,
} from '../critic/index.js'
import {
  type Evidence,
  type LearnedSkill,
  type SkillKey,
  SkillLearningError,
  type SkillLearningOptions,
  UnknownGoalError,
} from '../skills/index.js'
import { inProcess } from './computation.js'

/** A DFA as structured-clone data: its own table, so a partial DFA stays partial and state counts are unchanged. */
export interface DfaData {
  readonly alphabet: readonly string[]
  readonly initial: number
  readonly accepting: Uint8Array
  readonly table: Int32Array
}

export const dfaData = (dfa: Dfa): DfaData => ({
  alphabet: dfa.alphabet.symbols,
  initial: dfa.initial,
  accepting: dfa.accepting,
  table: dfa.table,
})

export const dfaOf = (data: DfaData): Dfa =>
  new Dfa(new Alphabet(data.alphabet), data.initial, data.accepting, data.table)

export type Job =
  | {
      readonly kind: 'skill'
      readonly key: SkillKey
      /** The worker loads the same rules by version (`loadRules`). */
      readonly rulesVersion: string
      readonly world?: SimOptions | undefined
      readonly extraSymbols?: readonly string[] | undefined
      readonly expandedSymbols?: readonly string[] | undefined
      readonly evidence?: readonly Evidence[] | undefined
      readonly adapted?: boolean | undefined
      readonly warmStart?: SkillLearningOptions['warmStart']
      readonly teacherName?: string | undefined
      readonly maxMembershipQueries?: number | undefined
      /** Membership queries go back to the caller's teacher, not to the recipe teacher. */
      readonly remoteTeacher: boolean
    }
  | {
      readonly kind: 'constraint'
      readonly phrase: string
      readonly alphabet: readonly string[]
      readonly teacherName?: string | undefined
      readonly evidence?: readonly Evidence[] | undefined
      readonly remoteTeacher: boolean
    }
  | {
      readonly kind: 'propose-laws'
      readonly trajectories: readonly Trajectory[]
      readonly context: CriticContext
      readonly rulesVersion: string
    }
  | {
      readonly kind: 'validate-laws'
      readonly proposals: readonly LawProposal[]
      readonly context: Omit<ValidationContext, 'symbolProblem'>
      /** The bot's Minecraft version: symbols are checked against its minecraft-data (as `bot.registry` would). */
      readonly registryVersion?: string | undefined
    }
  | {
      readonly kind: 'compose'
      readonly skill: DfaData
      readonly constraints: readonly { readonly id: string; readonly phrase: string; readonly dfa: DfaData }[]
      readonly start: readonly string[]
      readonly limits?: CompositionLimits | undefined
    }
  | { readonly kind: 'compile-law'; readonly formula: Formula }

export type SkillResult = Omit<LearnedSkill, 'dfa'> & { readonly dfa: DfaData }
export type ConstraintResult = Omit<LearnedConstraint, 'dfa'> & { readonly dfa: DfaData }
export type CompositionResult = Omit<Composition, 'product'> & { readonly product: DfaData }
export type ProposalsResult = LawProposal[]
export type ValidationResult = { accepted: AcceptedProposal[]; rejected: RejectedProposal[] }
export type JobResult =
  | SkillResult
  | ConstraintResult
  | CompositionResult
  | ProposalsResult
  | ValidationResult
  | DfaData

export interface ErrorData {
  readonly name: string
  readonly message: string
  readonly budget?: 'mq' | 'eq'
  /** A TooManyStatesError's limit and what was being built. */
  readonly limit?: number
  readonly building?: string
}

export type ToWorker =
  | { readonly type: 'job'; readonly id: number; readonly job: Job }
  | {
      readonly type: 'answer'
      readonly id: number
      readonly ask: number
      readonly labels?: boolean[]
      readonly error?: ErrorData
    }

export type FromWorker =
  | { readonly type: 'event'; readonly id: number; readonly event: LearningEvent }
  | { readonly type: 'ask'; readonly id: number; readonly ask: number; readonly words: readonly (readonly string[])[] }
  | { readonly type: 'done'; readonly id: number; readonly result: JobResult }
  | { readonly type: 'failed'; readonly id: number; readonly error: ErrorData }

export function errorData(error: unknown): ErrorData {
  if (error instanceof BudgetExhausted) return { name: error.name, message: error.message, budget: error.budget }
  if (error instanceof TooManyStatesError) {
    return { name: error.name, message: error.message, limit: error.limit, building: error.building }
  }
  if (error instanceof Error) return { name: error.name, message: error.message }
  return { name: 'Error', message: String(error) }
}

/** The error again, as the class its catchers test with `instanceof` (learning's own errors; others by name). */
export function errorFrom(data: ErrorData): Error {
  switch (data.name) {
    case 'BudgetExhausted':
      return new BudgetExhausted(data.budget ?? 'mq')
    case 'TooManyStatesError':
      return new TooManyStatesError(data.limit ?? 0, data.building ?? 'a DFA')
    case 'SkillLearningError':
      return new SkillLearningError(data.message)
    case 'UnknownGoalError':
      return new UnknownGoalError(data.message)
    case 'ConstraintLearningError':
      return new ConstraintLearningError(data.message)
    default: {
      const error = new Error(data.message)
      error.name = data.name
      return error
    }
  }
}

/** Runs a job in this thread: the worker's side of `WorkerComputation`. */
export async function runJob(
  job: Job,
  hooks: { readonly teacher?: MembershipTeacher | undefined; readonly onEvent: (event: LearningEvent) => void },
): Promise<JobResult> {
  const teacher = hooks.teacher ? { teacher: hooks.teacher } : {}
  switch (job.kind) {
    case 'skill': {
      const learned = await inProcess.learnSkill(job.key, loadRules(job.rulesVersion), {
        ...teacher,
        ...(job.world ? { world: job.world } : {}),
        ...(job.extraSymbols ? { extraSymbols: job.extraSymbols } : {}),
        ...(job.expandedSymbols ? { expandedSymbols: job.expandedSymbols } : {}),
        ...(job.evidence ? { evidence: job.evidence } : {}),
        ...(job.adapted ? { adapted: true } : {}),
        ...(job.warmStart ? { warmStart: job.warmStart } : {}),
        ...(job.teacherName === undefined ? {} : { teacherName: job.teacherName }),
        ...(job.maxMembershipQueries === undefined ? {} : { maxMembershipQueries: job.maxMembershipQueries }),
        onEvent: hooks.onEvent,
      })
      return { ...learned, dfa: dfaData(learned.dfa) }
    }
    case 'constraint': {
      const learned = await inProcess.learnConstraint(job.phrase, job.alphabet, {
        ...teacher,
        ...(job.teacherName === undefined ? {} : { teacherName: job.teacherName }),
        ...(job.evidence ? { evidence: job.evidence } : {}),
      })
      return { ...learned, dfa: dfaData(learned.dfa) }
    }
    case 'compose': {
      const constraints = job.constraints.map((c) => ({ id: c.id, phrase: c.phrase, dfa: dfaOf(c.dfa) }))
      const composition = await inProcess.compose(dfaOf(job.skill), constraints, job.start, { limits: job.limits })
      return { ...composition, product: dfaData(composition.product) }
    }
    case 'compile-law':
      return dfaData(await inProcess.compileLaw(job.formula))
    case 'propose-laws':
      return inProcess.proposeLaws(job.trajectories, job.context, job.rulesVersion)
    case 'validate-laws': {
      const registry = job.registryVersion === undefined ? undefined : mcData(job.registryVersion)
      return inProcess.validateLaws(job.proposals, {
        ...job.context,
        ...(registry ? { symbolProblem: (symbol: string) => symbolProblem(symbol, registry) } : {}),
      })
    }
  }
}
