import { z } from 'zod'
import { CedarError } from '../../errors.js'
import { type ChatMessage, LlmBudgetExhausted, type LlmClient } from '../../llm/llm-client.js'
import {
  PROPOSAL_REPLY_FORMAT,
  proposalMessages,
  RELAXATION_REPLY_FORMAT,
  relaxationMessages,
} from './critic-prompts.js'
import type { Critic, CriticContext, LawProposal, OverConstrainedState, Relaxation, Trajectory } from './types.js'

export interface LlmCriticOptions {
  /** Steps shown per trajectory; longer ones keep their failures (with neighbours), then the latest. Default 60. */
  readonly maxTrajectorySteps?: number
  /** Trajectories shown step by step, the most recent. Default 3. */
  readonly maxTrajectories?: number
}

/** The model answered twice with something that is not the JSON asked for. */
export class LlmCriticError extends CedarError {
  override name = 'LlmCriticError'
}

// Longer formulas are not laws a person could review; longer explanations are cut so chat and logs stay readable.
const MAX_FORMULA_CHARS = 500
const MAX_EXPLANATION_CHARS = 300

const lawSchema = z.object({ formula: z.string(), explanation: z.string().optional() })
// Models often leave out a list they have nothing for; a reply with neither list is not an answer.
const proposalReplySchema = z
  .object({ efficiency_laws: z.array(lawSchema).optional(), inefficiency_laws: z.array(lawSchema).optional() })
  .refine((reply) => reply.efficiency_laws !== undefined || reply.inefficiency_laws !== undefined, {
    message: 'neither efficiency_laws nor inefficiency_laws is present',
  })
const changeSchema = z.discriminatedUnion('action', [
  z.object({ law: z.string(), action: z.literal('delete'), explanation: z.string().optional() }),
  z.object({ law: z.string(), action: z.literal('replace'), formula: z.string(), explanation: z.string().optional() }),
])
const relaxationReplySchema = z.object({ changes: z.array(changeSchema) })

/**
 * LogicGuard's LLM critic (§3.4, Appendix A.3): reads trajectories and proposes laws, and resolves states where the
 * laws left no action allowed. Replies are data: only their shape is checked here; every law goes through
 * `validateProposals` before use, which rejects what does not parse or names symbols the bot cannot ground. A spent
 * request budget means no proposals, not a failure: the offline critics still run.
 */
export class LlmCritic implements Critic {
  readonly name = 'llm'
  private readonly maxSteps: number
  private readonly maxTrajectories: number

  constructor(
    private readonly client: LlmClient,
    options: LlmCriticOptions = {},
  ) {
    this.maxSteps = options.maxTrajectorySteps ?? 60
    this.maxTrajectories = options.maxTrajectories ?? 3
  }

  async propose(trajectories: readonly Trajectory[], context: CriticContext): Promise<LawProposal[]> {
    // Without a recorded state no law could be grounded, so asking would only spend the budget.
    if (trajectories.every((t) => t.steps.length === 0)) return []
    const reply = await this.ask(
      (previousProblem) =>
        proposalMessages(trajectories, context, {
          maxSteps: this.maxSteps,
          maxTrajectories: this.maxTrajectories,
          previousProblem,
        }),
      proposalReplySchema,
      PROPOSAL_REPLY_FORMAT,
    )
    if (!reply) return []
    return [
      ...toProposals(reply.efficiency_laws ?? [], 'llm:efficiency'),
      ...toProposals(reply.inefficiency_laws ?? [], 'llm:inefficiency'),
    ]
  }

  /** Deletions and replacements of the laws that blocked the state's action; changes to other laws are dropped. */
  async relax(state: OverConstrainedState, context: CriticContext): Promise<Relaxation[]> {
    const blockers = new Set(state.blockedBy)
    const involved = context.laws.filter((law) => blockers.has(law.id))
    if (involved.length === 0) return []
    const reply = await this.ask(
      (previousProblem) => relaxationMessages(state, involved, context, { previousProblem }),
      relaxationReplySchema,
      RELAXATION_REPLY_FORMAT,
    )
    if (!reply) return []
    const changed = new Set<string>()
    const relaxations: Relaxation[] = []
    for (const change of reply.changes) {
      // A second change to the same law contradicts the first; the first stands.
      if (!blockers.has(change.law) || changed.has(change.law)) continue
      const explanation = cappedExplanation(change.explanation)
      if (change.action === 'delete') {
        relaxations.push({ lawId: change.law, change: { type: 'delete' }, explanation, origin: 'llm' })
      } else {
        const formula = usableFormula(change.formula)
        if (formula === undefined) continue
        relaxations.push({ lawId: change.law, change: { type: 'replace', formula }, explanation, origin: 'llm' })
      }
      changed.add(change.law)
    }
    return relaxations
  }

  /** One call, and one more with the problem named when the reply is not the shape asked for. */
  private async ask<T>(
    messages: (previousProblem: string | undefined) => ChatMessage[],
    schema: z.ZodType<T>,
    format: string,
  ): Promise<T | undefined> {
    let problem: string | undefined
    for (let attempt = 0; attempt < 2; attempt++) {
      let text: string
      try {
        text = await this.client.chat('critic', messages(problem), { json: true })
      } catch (error) {
        if (error instanceof LlmBudgetExhausted) return undefined
        throw error
      }
      const parsed = parseReply(text, schema)
      if (parsed.ok) return parsed.value
      problem = parsed.problem
    }
    throw new LlmCriticError(`the critic's reply was not ${format}, twice (last: ${problem})`)
  }
}

function parseReply<T>(text: string, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false; problem: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, problem: `not JSON: ${JSON.stringify(text.slice(0, 80))}` }
  }
  const result = schema.safeParse(json)
  if (result.success) return { ok: true, value: result.data }
  const issue = result.error.issues[0]
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
  return { ok: false, problem: `${where}${issue?.message ?? 'wrong shape'}` }
}

function toProposals(
  laws: readonly { formula: string; explanation?: string | undefined }[],
  origin: string,
): LawProposal[] {
  return laws.flatMap((law) => {
    const formula = usableFormula(law.formula)
    if (formula === undefined) return []
    // Critic laws start soft: the shield drops a soft law that keeps blocking, so a wrong one costs little.
    return [{ formula, kind: 'soft' as const, explanation: cappedExplanation(law.explanation), origin }]
  })
}

function usableFormula(formula: string): string | undefined {
  const trimmed = formula.trim()
  return trimmed.length === 0 || trimmed.length > MAX_FORMULA_CHARS ? undefined : trimmed
}

function cappedExplanation(explanation: string | undefined): string {
  const trimmed = (explanation ?? '').trim()
  return trimmed.length <= MAX_EXPLANATION_CHARS ? trimmed : `${trimmed.slice(0, MAX_EXPLANATION_CHARS - 1)}…`
}
