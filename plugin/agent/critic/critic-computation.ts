import type { CriticContext, LawProposal, RejectedProposal, Trajectory } from './types.js'
import type { AcceptedProposal, ValidationContext } from './validator.js'

/**
 * Where a critic round's heavy parts run (the bot's learning worker implements it): the offline critic's proposals
 * and the validator's verdicts. The critic names the port; the compute room implements it.
 */
export interface CriticComputation {
  /** The offline critic's proposals from trajectories (LogicGuard's rules, over the rules of `rulesVersion`). */
  proposeLaws(trajectories: readonly Trajectory[], context: CriticContext, rulesVersion: string): Promise<LawProposal[]>
  /** The validator's verdicts on proposals (see `validateProposals`). */
  validateLaws(
    proposals: readonly LawProposal[],
    context: LawValidationContext,
  ): Promise<{ accepted: AcceptedProposal[]; rejected: RejectedProposal[] }>
}

/**
 * What the validator needs, and the bot's Minecraft version: a worker cannot be handed the `symbolProblem`
 * function, so it checks symbols against minecraft-data of that version instead.
 */
export type LawValidationContext = ValidationContext & { readonly registryVersion?: string | undefined }
