/**
 * The constraints one run keeps: the instruction's own and the standing ones, each once (by id), each learned over
 * its own symbols plus the skills' actions (so "sleep at night" forbids every other action until the bed). A
 * constraint learned before over the same phrase and alphabet comes from the cache, and asks no teacher.
 */
import { isActionSymbol } from '../vocabulary/symbols.js'
import type { ActiveConstraint } from './composition.js'
import type { LearnedConstraint } from './constraint-learning.js'
import type { ObtainedSkill } from './skill-manager.js'

export interface ConstraintPart {
  readonly id: string
  readonly phrase: string
  readonly alphabet: readonly string[]
}

export type RunConstraint = ActiveConstraint &
  Pick<LearnedConstraint, 'costs' | 'fallback'> & {
    readonly ltl?: string
    readonly teacher: string
    /** The phrase's own symbols (the rest of the DFA's alphabet are the skills' acts): see reflex-admission.ts. */
    readonly ownSymbols?: readonly string[]
  }

/** Teaches one constraint over an alphabet (the LLM, or the phrase grammar). */
export type ConstraintTeaching = (phrase: string, alphabet: readonly string[]) => Promise<LearnedConstraint>

export async function learnRunConstraints(
  parts: Iterable<ConstraintPart>,
  skills: readonly ObtainedSkill[],
  teach: ConstraintTeaching,
  cache: Map<string, LearnedConstraint>,
  /** Told of each constraint as it is ready; `reused` when it came from the cache and asked no teacher. */
  onConstraint?: (constraint: RunConstraint, reused: boolean) => void,
): Promise<{ readonly constraints: RunConstraint[]; readonly membershipQueries: number }> {
  const actions = [...new Set(skills.flatMap((s) => s.record.alphabet.filter(isActionSymbol)))]
  const constraints: RunConstraint[] = []
  let membershipQueries = 0
  for (const part of parts) {
    if (constraints.some((c) => c.id === part.id)) continue
    const alphabet = [...new Set([...part.alphabet, ...actions])].sort()
    const key = `${part.phrase}|${alphabet.join(' ')}`
    let learned = cache.get(key)
    const reused = learned !== undefined
    if (!learned) {
      learned = await teach(part.phrase, alphabet)
      membershipQueries += learned.membershipQueries
      cache.set(key, learned)
    }
    const constraint: RunConstraint = {
      id: part.id,
      phrase: part.phrase,
      dfa: learned.dfa,
      teacher: learned.teacher,
      ownSymbols: [...part.alphabet],
      ...(learned.ltl ? { ltl: learned.ltl } : {}),
      ...(learned.costs ? { costs: learned.costs } : {}),
      ...(learned.fallback ? { fallback: learned.fallback } : {}),
    }
    constraints.push(constraint)
    onConstraint?.(constraint, reused)
  }
  return { constraints, membershipQueries }
}

/** A constraint's id: its phrase in lower-case words joined by dashes (`sleep-at-night`). */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'constraint'
  )
}
