/**
 * Gold counterexamples — a player's `!ce` and `!wrong`, or a run's word — applied to a stored skill or constraint,
 * which is learned again at once. A word naming a symbol outside the alphabet expands it (CEDAR Algorithm 1, lines
 * 35–38): learning restarts over the larger alphabet with every cached and gold label replayed, and the store keeps
 * the larger alphabet. A symbol the inventory does not know is refused, with nothing changed.
 */
import type { Dfa } from '../../automata/dfa.js'
import { parseDfaJson, toDfaJson } from '../../automata/json.js'
import type { SymbolInventory } from '../../grounding/inventory.js'
import { GoldFirstOracle } from '../../learning/gold-first.js'
import { learn, QueryCache, SimulatedTeacher } from '../../learning/index.js'
import type { LlmClient } from '../../llm/llm-client.js'
import type { SkillRecord } from '../../store/record.js'
import type { Rules } from '../../world/rules.js'
import type { SimOptions } from '../../world/sim/index.js'
import type { Evidence, SkillLibrary } from '../skills/index.js'
import {
  CounterexampleError,
  goalEvent,
  repairTransition,
  skillKey,
  UnknownSkillError,
  worldObjection,
} from '../skills/index.js'
import type { ConstraintComputation } from './constraint-computation.js'
import { ConstraintLearningError, type LearnedConstraint } from './constraint-learning.js'
import { teachConstraint } from './constraint-teaching.js'
import { extendByAnalogy, PlayerOracle } from './player-constraints.js'

export interface CorrectionContext {
  readonly rules: Rules
  readonly library: SkillLibrary
  readonly computation: ConstraintComputation
  readonly inventory: SymbolInventory
  readonly learningWorld?: SimOptions | undefined
  readonly llm?: LlmClient | undefined
  readonly signal?: AbortSignal | undefined
}

/** What a correction needs, from the agent's options. */
export function correctionContext(
  options: {
    readonly rules: Rules
    readonly library: SkillLibrary
    readonly grounding: { readonly inventory: SymbolInventory }
    readonly learningWorld?: SimOptions | undefined
    readonly llm?: LlmClient | undefined
  },
  computation: ConstraintComputation,
  signal: AbortSignal | undefined,
): CorrectionContext {
  const { rules, library, learningWorld, llm } = options
  return { rules, library, computation, inventory: options.grounding.inventory, learningWorld, llm, signal }
}

/** The word's symbols outside `alphabet`; a symbol nobody knows is a `CounterexampleError`. */
export function newSymbols(word: readonly string[], alphabet: readonly string[], inventory: SymbolInventory): string[] {
  const unknown = [...new Set(word.filter((s) => !inventory.has(s)))]
  if (unknown.length > 0) {
    const names = unknown.map((s) => `"${s}"`).join(', ')
    throw new CounterexampleError(
      `I know no act or event called ${names} (!alphabet <instruction> --verbose shows those an instruction uses)`,
    )
  }
  return [...new Set(word.filter((s) => !alphabet.includes(s)))]
}

/** The earlier gold label of `word` that `label` contradicts, if any. */
export function contradictedGold(evidence: readonly Evidence[], word: readonly string[], label: boolean) {
  const key = word.join(' ')
  return evidence.find((e) => e.gold && e.label !== label && e.word.join(' ') === key)
}

const spoken = (word: readonly string[]) => (word.length === 0 ? 'doing nothing' : word.join(' '))

/** The record's evidence with `word` labelled gold (replacing any earlier label of it). */
export function withGold(evidence: readonly Evidence[], word: readonly string[], label: boolean): Evidence[] {
  const key = word.join(' ')
  return [...evidence.filter((e) => e.word.join(' ') !== key), { word: [...word], label, gold: true }]
}

/** A labelled word for a stored skill becomes gold evidence, and the skill is learned again with it. */
export async function correctSkill(
  context: CorrectionContext,
  word: readonly string[],
  label: boolean,
  name: string,
): Promise<SkillRecord> {
  const { rules, library, signal } = context
  const record = await library.get('skill', name)
  if (!record?.verb || !record.object) throw new UnknownSkillError(`no stored skill ${name}`)
  const key = skillKey(record.verb, record.object, rules)
  const goal = goalEvent(key)
  if (label && record.alphabet.includes(goal) && !word.includes(goal)) {
    // A milestone skill is learned over its events: a word that never reaches the goal says nothing of the skill's
    // actions (they may happen anywhere) and would only contradict it.
    throw new CounterexampleError(
      `${name} speaks in milestones: a word it accepts reaches ${goal} (try "!ce accept ${name} ${[...word, goal].join(' ')}")`,
    )
  }
  const added = newSymbols(word, record.alphabet, context.inventory)
  const earlier = contradictedGold(record.evidence, word, label)
  if (earlier) {
    throw new CounterexampleError(
      `${name} was told before that ${spoken(word)} is ${earlier.label ? 'a way' : 'not a way'} to do it (a gold label, from a player or a run): it keeps that, nothing changed`,
    )
  }
  const objection = label ? worldObjection(key, rules, word, goal, context.learningWorld) : undefined
  if (objection) {
    throw new CounterexampleError(
      `the world does not allow ${spoken(word)} as a way to do ${name}: ${objection} — nothing changed`,
    )
  }
  const evidence = withGold(record.evidence, word, label)
  const relearned = await context.computation.learnSkill(key, rules, {
    ...(context.learningWorld ? { world: context.learningWorld } : {}),
    evidence,
    // The alphabet it had (grown before, perhaps) and the symbols this word brings: the store keeps the larger one.
    expandedSymbols: [...record.alphabet, ...added],
    ...(signal ? { signal } : {}),
  })
  const broken = evidence.filter((e) => e.gold && relearned.dfa.accepts(e.word) !== e.label)
  if (broken.length > 0) {
    throw new CounterexampleError(
      `${name} cannot be learned again keeping ${broken.map((e) => `${spoken(e.word)} (${e.label ? 'accepted' : 'rejected'})`).join(', ')}: nothing changed`,
    )
  }
  const { schema: _s, version: _v, createdAt: _c, updatedAt: _u, ...rest } = record
  return library.save({
    ...rest,
    alphabet: relearned.alphabet,
    dfa: toDfaJson(relearned.dfa),
    evidence: relearned.evidence,
    provenance: {
      ...record.provenance,
      membershipQueries: record.provenance.membershipQueries + relearned.membershipQueries,
      equivalenceQueries: record.provenance.equivalenceQueries + relearned.equivalenceQueries,
    },
  })
}

/**
 * A stored constraint learned again with a gold label, by the teacher that taught it: the phrase grammar, the LLM
 * (its cached answers replayed, so only new words cost requests), or — for a player's constraint — the player's
 * earlier answers, generalized as at run time, so no question is asked again. Every gold label holds after.
 */
export async function relearnConstraint(
  context: CorrectionContext,
  record: SkillRecord,
  word: readonly string[],
  label: boolean,
): Promise<LearnedConstraint> {
  const phrase = record.phrase ?? record.name
  const added = newSymbols(word, record.alphabet, context.inventory)
  const alphabet = [...new Set([...record.alphabet, ...added])].sort()
  const evidence = withGold(record.evidence, word, label)
  const teacher = record.provenance.teacher
  const signal = context.signal ? { signal: context.signal } : {}
  const previous = parseDfaJson(record.dfa)
  const relearn = teacher.startsWith('player:')
    ? () => relearnFromAnswers(phrase, teacher, alphabet, evidence, previous, context.signal)
    : () =>
        teachConstraint(phrase, alphabet, {
          llm: teacher.startsWith('llm:') ? context.llm : undefined,
          inventory: context.inventory,
          learn: (p, a, options) => context.computation.learnConstraint(p, a, { ...options, evidence }),
          ...signal,
        })
  return correctedConstraint({ phrase, teacher, previous, alphabet, evidence, word, label, relearn })
}

/**
 * Learned again by `relearn`, or the previous DFA repaired at the transition the counterexample shows wrong
 * (dfa-repair.ts): the repair when relearning stops (its teacher keeps contradicting the gold labels), breaks a gold
 * label, or — for a counterexample — gives a DFA no smaller than the repair's. Either way every gold label holds,
 * or a `ConstraintLearningError` says which cannot.
 */
export async function correctedConstraint(args: {
  readonly phrase: string
  readonly teacher: string
  readonly previous: Dfa
  readonly alphabet: readonly string[]
  readonly evidence: readonly Evidence[]
  readonly word: readonly string[]
  readonly label: boolean
  readonly relearn: () => Promise<LearnedConstraint>
  /**
   * The owner answered words the teacher was unsure of while it was being taught (vetting), not a counterexample to
   * a constraint in use: its reading is the one being checked, so whatever it relearns keeping the answers is taken.
   * (The teachers bench: with the repair preferred, "sleep at night" vetted without the grammar ends wrong after 10
   * answers where relearning fixes it.)
   */
  readonly answeredQuestions?: boolean
}): Promise<LearnedConstraint> {
  const { phrase, alphabet, evidence, word, label } = args
  const gold = evidence.filter((e) => e.gold)
  const keepsGold = (dfa: Dfa) => gold.every((e) => dfa.accepts(e.word) === e.label)
  const repaired = repairTransition(extendByAnalogy(args.previous, alphabet), word, label, gold)
  try {
    const learned = await args.relearn()
    // Both keep every gold label; the smaller DFA is the simpler account of the player's words. A teacher that reads
    // the phrase otherwise keeps its reading everywhere but on the gold words, a state more for each, so the player
    // would name the same mistake word by word; the repair fixes it for every word through the transition.
    const repairIsSimpler = !args.answeredQuestions && repaired && repaired.stateCount <= learned.dfa.stateCount
    if (keepsGold(learned.dfa) && !repairIsSimpler) return learned
  } catch (error) {
    if (!(error instanceof ConstraintLearningError)) throw error
  }
  if (!repaired) {
    throw new ConstraintLearningError(
      `"${phrase}" cannot take ${word.join(' ') || 'the empty word'} as ${label ? 'OK' : 'not OK'} and keep its earlier gold labels`,
    )
  }
  const teacher = args.teacher
  return {
    phrase,
    teacher,
    alphabet: [...alphabet],
    dfa: repaired,
    evidence: [...evidence],
    membershipQueries: 0,
    equivalenceQueries: 0,
  }
}

/** KV over the larger alphabet: the old DFA (read by analogy) answers, every cached and gold label replayed. */
async function relearnFromAnswers(
  phrase: string,
  teacher: string,
  alphabet: readonly string[],
  evidence: readonly Evidence[],
  old: Dfa,
  signal: AbortSignal | undefined,
): Promise<LearnedConstraint> {
  const report = await learn({
    alphabet,
    teacher: new SimulatedTeacher(extendByAnalogy(old, alphabet)),
    oracle: new GoldFirstOracle(
      new PlayerOracle(alphabet),
      evidence.filter((e) => e.gold),
    ),
    algorithm: 'kv',
    cache: QueryCache.fromEvidence([{ word: [], label: true, gold: true }, ...evidence]),
    maxEquivalenceQueries: 50,
    ...(signal ? { signal } : {}),
  })
  if (report.outcome !== 'equivalent' || !report.dfa) {
    throw new ConstraintLearningError(`relearning "${phrase}" stopped (${report.outcome})`)
  }
  return {
    phrase,
    teacher,
    alphabet: [...alphabet],
    dfa: report.dfa,
    evidence: report.cache.entries(),
    membershipQueries: 0,
    equivalenceQueries: report.equivalenceQueries,
  }
}
