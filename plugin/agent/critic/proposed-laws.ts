/**
 * Critic laws that passed validation but do not act yet: each waits, with its evidence, for a player's `!law accept`
 * (it goes into the shield, hard) or `!law reject` (never proposed again). `critic: { autoAccept: true }` skips the
 * wait (LogicGuard's behaviour: a validated law is installed at once, soft). Kept on disk beside the laws in force,
 * so a restart keeps the question open.
 */
import type { LawFiles, StoredProposal } from '../../store/law-files.js'
import type { LawBook } from './laws.js'

export type ProposedLaw = StoredProposal

export class ProposedLaws {
  private readonly byId = new Map<string, ProposedLaw>()

  constructor(
    private readonly laws: LawBook,
    private readonly files?: LawFiles,
  ) {
    for (const law of files?.loadProposed() ?? []) {
      if (laws.shield.get(law.id)) continue
      this.byId.set(law.id, law)
      laws.noteId(law.id)
    }
  }

  list(): ProposedLaw[] {
    return [...this.byId.values()]
  }

  get(id: string): ProposedLaw | undefined {
    return this.byId.get(id)
  }

  /** A law proposed again (new evidence): the waiting proposal's evidence grows. Undefined when it is new. */
  merge(text: string, evidence: readonly string[]): ProposedLaw | undefined {
    const known = [...this.byId.values()].find((p) => p.text === text)
    if (!known) return undefined
    const merged = { ...known, evidence: [...new Set([...known.evidence, ...evidence])] }
    this.byId.set(known.id, merged)
    this.files?.saveProposed(merged)
    return merged
  }

  add(law: Omit<ProposedLaw, 'id' | 'proposedAt'>): ProposedLaw {
    const proposal = { ...law, id: this.laws.reserveId('critic'), proposedAt: new Date().toISOString() }
    this.byId.set(proposal.id, proposal)
    this.files?.saveProposed(proposal)
    return proposal
  }

  /** A player's decision taken: the proposal leaves the list (and the disk). */
  take(id: string): ProposedLaw | undefined {
    const law = this.byId.get(id)
    if (!law) return undefined
    this.byId.delete(id)
    this.files?.removeProposed(id)
    return law
  }
}

/** A proposal's evidence in a line: how many runs show it, and which. */
export function evidenceLine(law: Pick<ProposedLaw, 'evidence' | 'explanation'>): string {
  const shown = law.evidence.slice(0, 3).join(', ')
  const more = law.evidence.length > 3 ? `, +${law.evidence.length - 3} more` : ''
  return `${law.explanation}; shown by ${law.evidence.length} run(s): ${shown}${more}`
}
