/**
 * The constraints one run keeps: the instruction's own and the standing ones, each once (by id), each learned over
 * its own symbols plus the skills' actions (so "sleep at night" forbids every other action until the bed). A
 * constraint learned before over the same phrase and alphabet comes from the cache, and asks no teacher.
 */
import { Alphabet } from '../../automata/alphabet.js'
import { Dfa, NONE } from '../../automata/dfa.js'
import { isActionSymbol, parseSymbol } from '../../vocabulary/symbols.js'
import type { ObtainedSkill } from '../skills/index.js'
import type { ActiveConstraint } from './composition.js'
import type { LearnedConstraint } from './constraint-learning.js'

export interface ConstraintPart {
  readonly id: string
  readonly phrase: string
  readonly alphabet: readonly string[]
  /**
   * When the phrase is about none of the skills' actions (`askedActions`): taught over its own symbols and one of
   * the skills' actions standing for all of them, which then behave as it does (`extendByStandIn`). For a model
   * teacher: over its own two symbols and 19 actions the simulated LLM taught "sleep at night" wrong (night, then
   * the bed, was forbidden) in 87–139 requests.
   */
  readonly standIn?: boolean
}

export type RunConstraint = ActiveConstraint &
  Pick<LearnedConstraint, 'costs' | 'fallback' | 'vetting'> & {
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
      const others = actions.filter((a) => !part.alphabet.includes(a))
      // A phrase about some of the skills' actions ("mine minerals only at night") is asked over all of them: taught
      // over its mining actions and a stand-in, the model's "minerals" rule came out wrong.
      const standIn = part.standIn && askedActions(part.phrase, others).length === 0 ? others[0] : undefined
      if (standIn) {
        const taught = await teach(part.phrase, [...new Set([...part.alphabet, standIn])].sort())
        learned = { ...taught, alphabet, dfa: extendByStandIn(taught.dfa, standIn, alphabet) }
      } else {
        learned = await teach(part.phrase, alphabet)
      }
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
      ...(learned.vetting ? { vetting: learned.vetting } : {}),
    }
    constraints.push(constraint)
    onConstraint?.(constraint, reused)
  }
  return { constraints, membershipQueries }
}

/**
 * The skills' actions a phrase may be about: those whose verb or a word of whose object it says ("mine minerals
 * only at night": every mine.*; "avoid lava": mine.lava), whether the grounding named them or not.
 */
function askedActions(phrase: string, actions: readonly string[]): string[] {
  const words = new Set(
    phrase
      .toLowerCase()
      .split(/[^a-z]+/)
      .flatMap((w) => (w.endsWith('s') ? [w, w.slice(0, -1)] : [w])),
  )
  return actions.filter((a) => {
    const parsed = parseSymbol(a)
    return parsed !== undefined && (words.has(parsed.verb) || parsed.object.split('_').some((w) => words.has(w)))
  })
}

/** `dfa` over `alphabet`: each action it does not know reads as `standIn` does (events it does not know, ignored). */
export function extendByStandIn(dfa: Dfa, standIn: string, alphabet: readonly string[]): Dfa {
  const own = dfa.alphabet.symbols
  const column = dfa.alphabet.indexOf(standIn)
  const added = alphabet.filter((s) => !dfa.alphabet.has(s) && isActionSymbol(s))
  if (column < 0 || added.length === 0) return dfa
  const symbols = [...own, ...added]
  const columns = [...own.map((_, i) => i), ...added.map(() => column)]
  const k = own.length
  const table = new Int32Array(dfa.stateCount * symbols.length)
  for (let q = 0; q < dfa.stateCount; q++) {
    columns.forEach((c, i) => {
      table[q * symbols.length + i] = dfa.table[q * k + c] ?? NONE
    })
  }
  return new Dfa(new Alphabet(symbols), dfa.initial, dfa.accepting, table)
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
