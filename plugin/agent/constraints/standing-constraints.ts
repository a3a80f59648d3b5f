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
import type { NewRecord, SkillRecord } from '../../store/record.js'
import type { Rules } from '../../world/rules.js'
import type { SimOptions } from '../../world/sim/index.js'
import type { Evidence, SkillLibrary } from '../skills/index.js'
import { UnknownSkillError } from '../skills/index.js'
import { EVERY_WORLD, standsIn, type WorldScope, whereItStands } from '../world-scope.js'
import type { ConstraintComputation } from './constraint-computation.js'
import { ConstraintLearningError, type LearnedConstraint } from './constraint-learning.js'
import { slug } from './constraint-set.js'
import type { TeachingReport } from './constraint-teaching.js'
import type { ConfirmMode, ConstraintOwner } from './constraint-vetting.js'
import { correctedConstraint, correctionContext, relearnConstraint } from './corrections.js'
import {
  askUncertainWords,
  extendByAnalogy,
  forbiddenExamples,
  type PlayerTeaching,
  teachByPlayer,
  teachingAlphabet,
} from './player-constraints.js'
import { teachVetted } from './vetted-teaching.js'

export interface StandingConstraint {
  readonly id: string
  readonly phrase: string
  readonly alphabet: readonly string[]
  readonly ltl?: string
  /** Where it stands, in words: "this world", "every world (shared)". */
  readonly where?: string
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
  /** The world the bot is in: a constraint stands only in the worlds it was taught in, unless shared. */
  readonly world?: (() => WorldScope | undefined) | undefined
  /** When the owner confirms a constraint the LLM taught (default 'when-unsure'). */
  readonly confirm?: ConfirmMode | undefined
}

type CallOptions = { readonly signal?: AbortSignal | undefined }

export class StandingConstraints {
  private readonly standing = new Map<string, StandingConstraint>()
  /**
   * The standing constraints of the store, read on first use in each world: a restarted bot keeps its players'
   * rules, and a bot in another world does not bring them along.
   */
  private restoring: Promise<void> | undefined
  private restoredFor: string | undefined
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
      const owner: ConstraintOwner | undefined = player && {
        ask: (question, about, asking) => player.ask(question, player.timeoutMs ?? 60_000, asking, about),
        tell: player.tell,
      }
      learned = await this.learnConstraint(part.text, alphabet, signal, [], owner)
      if (player?.askWhenUncertain && this.options.llm && !learned.fallback) {
        const phrase = part.text
        const correct = (previous: Dfa, evidence: Evidence[], word: readonly string[], label: boolean) => {
          const relearn = () => this.learnConstraint(phrase, alphabet, signal, evidence, undefined, false)
          const question = { word, label, answeredQuestions: true }
          return correctedConstraint({ phrase, teacher, previous, alphabet, evidence, ...question, relearn })
        }
        const teacher = `${learned.teacher}+player:${player.name}`
        learned = { ...(await askUncertainWords(learned, player, correct, signal)), teacher }
      }
    }
    const constraint = await this.keepConstraint(part.text, alphabet, learned)
    const { teacher, costs, fallback, vetting } = learned
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
      ...(vetting ? { vetting } : {}),
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
    const scope = this.scope()
    const before = await this.options.library.get('constraint', id)
    const worlds = [...new Set([...(before?.worlds ?? []), ...(scope ? [scope.key] : [])])]
    this.standing.set(id, { ...constraint, where: whereItStands({ worlds }, scope) })
    for (const key of [...this.learned.keys()]) {
      if (key.startsWith(`${phrase}|`)) this.learned.delete(key)
    }
    await this.options.library.save({
      kind: 'constraint',
      name: id,
      phrase,
      ...(learned.ltl ? { ltl: learned.ltl } : {}),
      ...(worlds.length > 0 ? { worlds } : {}),
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

  /**
   * Drops a standing constraint here; false when there was none. Its record goes when it stood nowhere else (a
   * shared one is dropped everywhere: sharing made it every world's).
   */
  async remove(id: string): Promise<boolean> {
    await this.restored()
    if (!this.standing.delete(id)) return false
    const record = await this.options.library.get('constraint', id)
    const scope = this.scope()
    const others = (record?.worlds ?? []).filter((w) => w !== scope?.key && w !== EVERY_WORLD)
    if (!record || !scope || scope.shared || others.length === 0) {
      await this.options.library.remove('constraint', id)
      return true
    }
    await this.options.library.save({ ...storedAsNew(record), worlds: others })
    return true
  }

  /**
   * Makes a constraint of the store stand in every world (the owner's choice); it applies here at once. Undefined
   * when there is no such constraint.
   */
  async share(id: string): Promise<StandingConstraint | undefined> {
    await this.restored()
    const record = await this.options.library.get('constraint', id)
    if (!record) return undefined
    const worlds = [EVERY_WORLD]
    await this.options.library.save({ ...storedAsNew(record), worlds })
    const ltl = record.ltl === undefined ? {} : { ltl: record.ltl }
    const shared = { id, phrase: record.phrase ?? id, alphabet: record.alphabet, ...ltl, where: 'every world (shared)' }
    this.standing.set(id, shared)
    return shared
  }

  async list(): Promise<StandingConstraint[]> {
    await this.restored()
    return [...this.standing.values()]
  }

  /** The constraint records of the store that stand somewhere else, or nowhere (kept from before worlds). */
  async elsewhere(): Promise<SkillRecord[]> {
    const scope = this.scope()
    return (await this.options.library.list('constraint')).filter((r) => !standsIn(r, scope))
  }

  private scope(): WorldScope | undefined {
    return this.options.world?.()
  }

  private restored(): Promise<void> {
    const scope = this.scope()
    if (this.restoring && this.restoredFor !== scope?.key) {
      // Another world: its constraints, not the last one's.
      this.standing.clear()
      this.learned.clear()
      this.restoring = undefined
    }
    this.restoredFor = scope?.key
    this.restoring ??= this.options.library.list('constraint').then((records) => {
      for (const r of records) {
        if (this.standing.has(r.name) || !standsIn(r, scope)) continue
        const ltl = r.ltl === undefined ? {} : { ltl: r.ltl }
        const where = whereItStands(r, scope)
        this.standing.set(r.name, { id: r.name, phrase: r.phrase ?? r.name, alphabet: r.alphabet, ...ltl, where })
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
    owner?: ConstraintOwner,
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
    return this.learnConstraint(phrase, alphabet, signal, gold, owner)
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

  /**
   * With the LLM when there is one (falling back to the phrase grammar), else the phrase grammar; the LLM's reading
   * vetted (constraint-vetting.ts) unless `vet` is false: confirmed with `owner`, or checked without one.
   */
  learnConstraint(
    phrase: string,
    alphabet: readonly string[],
    signal: AbortSignal | undefined,
    evidence: readonly Evidence[] = [],
    owner?: ConstraintOwner,
    vet = true,
  ): Promise<LearnedConstraint> {
    return teachVetted(phrase, alphabet, {
      llm: this.options.llm,
      inventory: this.options.grounding.inventory,
      learn: (p, a, options) =>
        this.computation.learnConstraint(
          p,
          a,
          evidence.length > 0 ? { ...options, evidence: [...evidence, ...(options.evidence ?? [])] } : options,
        ),
      ...(signal ? { signal } : {}),
      ...(vet ? { vetting: { confirm: this.options.confirm ?? 'when-unsure', owner, signal } } : {}),
    })
  }

  /** "stay in B" must forbid every other biome, not only those its words named. */
  withBiomes(alphabet: readonly string[]): string[] {
    if (!alphabet.some((s) => s.startsWith('biome.'))) return [...alphabet]
    return [...new Set([...alphabet, ...this.options.biomes.map((b) => `biome.${b}`)])]
  }
}

/** A stored record as one to save again (the store sets version and times). */
function storedAsNew(record: SkillRecord): NewRecord {
  const { schema: _schema, version: _version, createdAt: _created, updatedAt: _updated, ...rest } = record
  return rest
}
