/**
 * The standing constraints — the rules every later `!do` keeps — in memory and in the store: added by `!constrain`
 * (taught by the LLM, the phrase grammar, or the owner answering questions), learned over each run's alphabet (a
 * player's own read by analogy, asking nothing), corrected by counterexamples, dropped by `!unconstrain`.
 */

import type { Dfa } from '../../automata/dfa.js'
import { parseDfaJson, toDfaJson } from '../../automata/json.js'
import { quoted } from '../../errors.js'
import { compilePhrase } from '../../grounding/phrases.js'
import type { GroundingComponents } from '../../grounding/pipeline.js'
import { groundInstruction } from '../../grounding/pipeline.js'
import type { LlmClient } from '../../llm/llm-client.js'
import type { SkillRecord } from '../../store/record.js'
import type { Rules } from '../../world/rules.js'
import type { SimOptions } from '../../world/sim/index.js'
import type { Evidence, SkillLibrary } from '../skills/index.js'
import { UnknownSkillError } from '../skills/index.js'
import type { ConstraintComputation } from './constraint-computation.js'
import { ConstraintLearningError, type LearnedConstraint } from './constraint-learning.js'
import { slug } from './constraint-set.js'
import type { TeachingReport } from './constraint-teaching.js'
import { teachConstraint } from './constraint-teaching.js'
import { correctedConstraint, correctionContext, relearnConstraint } from './corrections.js'
import {
  askUncertainWords,
  extendByAnalogy,
  forbiddenExamples,
  type PlayerTeaching,
  teachByPlayer,
  teachingAlphabet,
} from './player-constraints.js'

export interface StandingConstraint {
  readonly id: string
  readonly phrase: string
  readonly alphabet: readonly string[]
  readonly ltl?: string
}

/** What `constrain` reports: the constraint, who taught it, what it forbids (its shortest rejected words). */
export type ConstrainReport = StandingConstraint &
  TeachingReport & {
    readonly states: number
    readonly forbids: readonly string[]
    /** Questions a player answered, when a player taught it (or the LLM's uncertain words were put to one). */
    readonly questions?: number
    /** The question budget ran out before the answers settled it: what was learned so far is kept. */
    readonly budgetSpent?: boolean
  }

/** What the standing constraints need of the agent's options. */
export interface StandingConstraintsOptions {
  readonly rules: Rules
  readonly grounding: GroundingComponents
  readonly library: SkillLibrary
  readonly learningWorld?: SimOptions | undefined
  readonly biomes: readonly string[]
  readonly llm?: LlmClient | undefined
}

type CallOptions = { readonly signal?: AbortSignal | undefined }

export class StandingConstraints {
  private readonly standing = new Map<string, StandingConstraint>()
  /** The standing constraints of the store, read once on first use: a restarted bot keeps its players' rules. */
  private restoring: Promise<void> | undefined
  /** Constraints learned over a skill's actions, by phrase and alphabet: a second run asks no teacher. */
  readonly learned = new Map<string, LearnedConstraint>()

  constructor(
    private readonly options: StandingConstraintsOptions,
    private readonly computation: ConstraintComputation,
  ) {}

  /**
   * Adds a standing constraint (checked by learning it over its own symbols); returns it. With no LLM and a phrase
   * the grammar cannot compile, `player` (the owner who asked) teaches it in chat.
   */
  async add(
    phrase: string,
    { signal, player }: CallOptions & { readonly player?: PlayerTeaching | undefined } = {},
  ): Promise<ConstrainReport> {
    const grounded = await groundInstruction(phrase, this.options.grounding, { signal })
    const part = grounded.constraints[0] ?? grounded.goals[0]
    if (!part || part.alphabet.length === 0) throw new ConstraintLearningError(`no symbols for ${quoted(phrase)}`)
    let alphabet = this.withBiomes(part.alphabet)
    let learned: LearnedConstraint & { readonly budgetSpent?: boolean; readonly questions?: number }
    if (player && !this.options.llm && !compilePhrase(part.text, alphabet)) {
      alphabet = teachingAlphabet(part.text, alphabet, player.foods)
      learned = await teachByPlayer(part.text, alphabet, player, signal ? { signal } : {})
    } else {
      learned = await this.learnConstraint(part.text, alphabet, signal)
      if (player?.askWhenUncertain && this.options.llm && !learned.fallback) {
        const phrase = part.text
        const correct = (previous: Dfa, evidence: Evidence[], word: readonly string[], label: boolean) => {
          const relearn = () => this.learnConstraint(phrase, alphabet, signal, evidence)
          return correctedConstraint({ phrase, teacher, previous, alphabet, evidence, word, label, relearn })
        }
        const teacher = `${learned.teacher}+player:${player.name}`
        learned = { ...(await askUncertainWords(learned, player, correct, signal)), teacher }
      }
    }
    const constraint = await this.keepConstraint(part.text, alphabet, learned)
    const { teacher, costs, fallback } = learned
    const questions = teacher.startsWith('player:') ? learned.membershipQueries : learned.questions
    return {
      ...constraint,
      states: learned.dfa.stateCount,
      teacher,
      forbids: forbiddenExamples(learned.dfa),
      ...(questions === undefined ? {} : { questions }),
      ...(learned.budgetSpent ? { budgetSpent: true } : {}),
      ...(costs ? { costs } : {}),
      ...(fallback ? { fallback } : {}),
    }
  }

  /** A learned constraint as a standing one, in memory and in the store; a run's cached copies of it are dropped. */
  private async keepConstraint(
    phrase: string,
    alphabet: readonly string[],
    learned: LearnedConstraint,
  ): Promise<StandingConstraint> {
    const id = slug(phrase)
    const constraint = { id, phrase, alphabet: [...alphabet], ...(learned.ltl ? { ltl: learned.ltl } : {}) }
    await this.restored()
    this.standing.set(id, constraint)
    for (const key of [...this.learned.keys()]) {
      if (key.startsWith(`${phrase}|`)) this.learned.delete(key)
    }
    await this.options.library.save({
      kind: 'constraint',
      name: id,
      phrase,
      ...(learned.ltl ? { ltl: learned.ltl } : {}),
      alphabet: [...alphabet],
      dfa: toDfaJson(learned.dfa),
      successEvents: [],
      evidence: learned.evidence,
      prerequisites: [],
      provenance: {
        teacher: learned.teacher,
        path: 'learned',
        membershipQueries: learned.membershipQueries,
        equivalenceQueries: learned.equivalenceQueries,
      },
    })
    return constraint
  }

  /** Drops a standing constraint and its stored record; false when there was none. */
  async remove(id: string): Promise<boolean> {
    await this.restored()
    if (!this.standing.delete(id)) return false
    await this.options.library.remove('constraint', id)
    return true
  }

  async list(): Promise<StandingConstraint[]> {
    await this.restored()
    return [...this.standing.values()]
  }

  private restored(): Promise<void> {
    this.restoring ??= this.options.library.list('constraint').then((records) => {
      for (const r of records) {
        if (this.standing.has(r.name)) continue
        const ltl = r.ltl === undefined ? {} : { ltl: r.ltl }
        this.standing.set(r.name, { id: r.name, phrase: r.phrase ?? r.name, alphabet: r.alphabet, ...ltl })
      }
    })
    return this.restoring
  }

  /**
   * A constraint over a run's alphabet: a player's own, its other actions read as the stand-in does (no question
   * asked); any other learned again by its teacher, held to the gold labels its record keeps.
   */
  async teachForRun(
    phrase: string,
    alphabet: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<LearnedConstraint> {
    const standing = [...this.standing.values()].find((c) => c.phrase === phrase)
    const record = standing && (await this.options.library.get('constraint', standing.id))
    if (record?.provenance.teacher.startsWith('player:')) {
      const dfa = extendByAnalogy(parseDfaJson(record.dfa), alphabet)
      const { evidence } = record
      const teacher = record.provenance.teacher
      return { phrase, teacher, alphabet: [...alphabet], dfa, evidence, membershipQueries: 0, equivalenceQueries: 0 }
    }
    const gold = record?.evidence.filter((e) => e.gold) ?? []
    if (!this.options.llm && !compilePhrase(phrase, alphabet)) {
      // Only a player can teach this one, and a run cannot stop to ask: !constrain can.
      throw new ConstraintLearningError(
        `"${phrase}" is not a rule I can read without an LLM; teach it to me first with !constrain ${phrase}`,
      )
    }
    return this.learnConstraint(phrase, alphabet, signal, gold)
  }

  /** A labelled word for a standing constraint: gold, and the constraint is learned again at once. */
  async counterexample(
    word: readonly string[],
    label: boolean,
    id: string,
    { signal }: CallOptions = {},
  ): Promise<SkillRecord> {
    const record = await this.options.library.get('constraint', id)
    if (!record) throw new UnknownSkillError(`no constraint ${id}; say !constraints`)
    const learned = await relearnConstraint(
      correctionContext(this.options, this.computation, signal),
      record,
      word,
      label,
    )
    await this.keepConstraint(learned.phrase, learned.alphabet, learned)
    const saved = await this.options.library.get('constraint', id)
    if (!saved) throw new UnknownSkillError(`the constraint ${id} was removed meanwhile`)
    return saved
  }

  /** With the LLM when there is one (falling back to the phrase grammar), else the phrase grammar. */
  learnConstraint(
    phrase: string,
    alphabet: readonly string[],
    signal: AbortSignal | undefined,
    evidence: readonly Evidence[] = [],
  ): Promise<LearnedConstraint> {
    return teachConstraint(phrase, alphabet, {
      llm: this.options.llm,
      inventory: this.options.grounding.inventory,
      learn: (p, a, options) =>
        this.computation.learnConstraint(p, a, evidence.length > 0 ? { ...options, evidence } : options),
      ...(signal ? { signal } : {}),
    })
  }

  /** "stay in B" must forbid every other biome, not only those its words named. */
  withBiomes(alphabet: readonly string[]): string[] {
    if (!alphabet.some((s) => s.startsWith('biome.'))) return [...alphabet]
    return [...new Set([...alphabet, ...this.options.biomes.map((b) => `biome.${b}`)])]
  }
}
