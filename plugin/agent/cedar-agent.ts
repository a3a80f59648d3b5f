/**
 * The agent behind `!do`, `!constrain` and `cedar sim do`: an instruction is grounded into goal and constraint
 * parts; each goal becomes a chain of skills (prerequisites first), reused, adapted or learned; each constraint —
 * the instruction's and the standing ones — is learned over its own symbols plus the skills' actions; the
 * concatenated skills are intersected with the constraints and checked for a word before anything runs; then the
 * controller runs the product, every act through the gate.
 */

import { sequenceAll } from '../automata/concat.js'
import type { Dfa } from '../automata/dfa.js'
import { toDfaJson } from '../automata/json.js'
import type { GroundedInstruction, GroundingComponents } from '../grounding/pipeline.js'
import { groundInstruction } from '../grounding/pipeline.js'
import type { LearningEvent } from '../learning/index.js'
import type { LlmClient } from '../llm/llm-client.js'
import type { SkillRecord } from '../store/record.js'
import { isActionSymbol } from '../vocabulary/symbols.js'
import { EventLogger } from '../world/event-logger.js'
import type { Observation, World } from '../world/port.js'
import type { Rules } from '../world/rules.js'
import type { SimOptions } from '../world/sim/index.js'
import { type ActiveConstraint, type Composition, compose } from './composition.js'
import { ConstraintLearningError } from './constraint-learning.js'
import { type TaughtConstraint, type Teaching, teachConstraint } from './constraint-teaching.js'
import { type ControllerResult, type ControllerStep, type Gate, runController } from './controller.js'
import { heldStandIn, withHeldTool } from './held-tools.js'
import { type SkillKey, skillChain, skillKey, skillKeysForGoal, skillName, UnknownGoalError } from './skill-key.js'
import { learnSkill } from './skill-learning.js'
import { type ObtainedSkill, type SkillLibrary, SkillManager } from './skill-manager.js'

export interface CedarAgentOptions {
  readonly rules: Rules
  readonly grounding: GroundingComponents
  readonly library: SkillLibrary
  /** The Sim the recipe teacher and the learning-time oracle use. */
  readonly learningWorld?: SimOptions
  /** Every biome the world can report, so "stay in B" forbids all the others. */
  readonly biomes: readonly string[]
  /**
   * When given, constraints are taught by the model (the LLM teacher, its replies validated); a constraint it
   * cannot teach (unreachable, replies that stay invalid) is taught by the phrase grammar instead, and says so.
   */
  readonly llm?: LlmClient
}

export interface StandingConstraint {
  readonly id: string
  readonly phrase: string
  readonly alphabet: readonly string[]
  readonly ltl?: string
}

export interface Prepared {
  readonly instruction: string
  readonly grounded: GroundedInstruction
  readonly skills: readonly ObtainedSkill[]
  readonly goal: readonly string[]
  readonly constraints: readonly (ActiveConstraint & Teaching & { readonly ltl?: string; readonly teacher: string })[]
  readonly composition: Composition
  /** Distinct words the teachers answered, skills and constraints together. */
  readonly membershipQueries: number
  /** When the product accepts nothing from here: the conflicting constraints' phrases. */
  readonly refusal?: string
}

export interface DoReport extends Prepared {
  readonly result?: ControllerResult
  /** The skill that learned from the run's counterexample (the DFA accepted, the goal was not met). */
  readonly corrected?: SkillRecord
}

export type AgentProgress =
  | { readonly type: 'grounded'; readonly grounded: GroundedInstruction }
  | { readonly type: 'skill'; readonly skill: ObtainedSkill }
  | { readonly type: 'learning'; readonly skill: string; readonly event: LearningEvent }
  | { readonly type: 'composed'; readonly composition: Composition }
  | { readonly type: 'step'; readonly step: ControllerStep; readonly plan: readonly string[] }

export class CedarAgent {
  private readonly standing = new Map<string, StandingConstraint>()
  private readonly manager: SkillManager
  /** Constraints learned over a skill's actions, by phrase and alphabet: a second run asks no teacher. */
  private readonly learnedConstraints = new Map<string, TaughtConstraint>()

  constructor(private readonly options: CedarAgentOptions) {
    this.manager = new SkillManager(options.library, options.rules, options.learningWorld)
  }

  /** Adds a standing constraint (checked by learning it over its own symbols); returns it. */
  async constrain(phrase: string): Promise<StandingConstraint & { states: number }> {
    const grounded = await groundInstruction(phrase, this.options.grounding)
    const part = grounded.constraints[0] ?? grounded.goals[0]
    if (!part || part.alphabet.length === 0) throw new ConstraintLearningError(`no symbols for "${phrase}"`)
    const alphabet = this.withBiomes(part.alphabet)
    const learned = await this.learnConstraint(part.text, alphabet)
    const id = slug(part.text)
    const constraint = { id, phrase: part.text, alphabet, ...(learned.ltl ? { ltl: learned.ltl } : {}) }
    this.standing.set(id, constraint)
    await this.options.library.save({
      kind: 'constraint',
      name: id,
      phrase: part.text,
      alphabet,
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
    return { ...constraint, states: learned.dfa.stateCount }
  }

  /** The instruction's parts and alphabets, as `!alphabet` shows them. */
  ground(instruction: string): Promise<GroundedInstruction> {
    return groundInstruction(instruction, this.options.grounding)
  }

  /** `!learn craft iron_pickaxe`: the skill and its prerequisites, reused, adapted or learned, without running. */
  async learn(verb: string, object: string): Promise<ObtainedSkill[]> {
    const skills: ObtainedSkill[] = []
    for (const key of skillChain(skillKey(verb, object, this.options.rules), this.options.rules)) {
      skills.push(await this.manager.obtain(key))
    }
    return skills
  }

  unconstrain(id: string): boolean {
    return this.standing.delete(id)
  }

  constraints(): StandingConstraint[] {
    return [...this.standing.values()]
  }

  /** Grounds, obtains the skills, learns the constraints and composes: everything short of running. */
  async prepare(
    instruction: string,
    observation: Observation,
    onProgress?: (p: AgentProgress) => void,
  ): Promise<Prepared> {
    const { rules, grounding } = this.options
    const grounded = await groundInstruction(instruction, grounding)
    onProgress?.({ type: 'grounded', grounded })
    if (grounded.goals.length === 0) throw new UnknownGoalError(`no goal in "${instruction}"`)
    // Skills are learned for one item; "3 diamonds" runs the last skill three times after its prerequisites.
    const keys: SkillKey[] = []
    const repeats = new Map<string, number>()
    const goal: string[] = []
    for (const part of grounded.goals) {
      for (const wanted of skillKeysForGoal(part.text, grounding.inventory, rules)) {
        const key = { ...wanted, count: 1 }
        for (const k of skillChain(key, rules)) {
          // A prerequisite whose item is already held (the pickaxes from an earlier run), or a better pickaxe, is
          // not done again.
          const held = skillName(k) !== skillName(key) && heldStandIn(observation.inventory, k.item) !== undefined
          if (!held && !keys.some((x) => skillName(x) === skillName(k))) keys.push(k)
        }
        // Only the ones still missing: "collect 150 diamonds" while holding 149 runs the skill once.
        const missing = Math.max(1, wanted.count - (observation.inventory.get(wanted.item) ?? 0))
        repeats.set(skillName(key), Math.max(repeats.get(skillName(key)) ?? 1, missing))
        goal.push(`has.${wanted.item}.${wanted.count}`)
      }
    }
    const extra = grounded.goals.flatMap((g) => g.alphabet)
    const skills: ObtainedSkill[] = []
    let membershipQueries = 0
    for (const key of keys) {
      const skill = await this.manager.obtain(key, {
        extraSymbols: extra,
        onEvent: (event) => onProgress?.({ type: 'learning', skill: skillName(key), event }),
      })
      membershipQueries += skill.membershipQueries
      skills.push(withHeldTool(skill, rules, observation.inventory))
      onProgress?.({ type: 'skill', skill })
    }
    const runs = skills.flatMap((s) => Array.from({ length: repeats.get(s.name) ?? 1 }, () => s.dfa))
    const skillDfa: Dfa = runs.length === 1 && runs[0] ? runs[0] : sequenceAll(runs)
    const actions = [...new Set(skills.flatMap((s) => s.record.alphabet.filter(isActionSymbol)))]
    const parts = [
      ...grounded.constraints.map((c) => ({ id: slug(c.text), phrase: c.text, alphabet: this.withBiomes(c.alphabet) })),
      ...this.standing.values(),
    ]
    const constraints: (ActiveConstraint & Teaching & { ltl?: string; teacher: string })[] = []
    for (const part of parts) {
      if (constraints.some((c) => c.id === part.id)) continue
      const alphabet = [...new Set([...part.alphabet, ...actions])].sort()
      const key = `${part.phrase}|${alphabet.join(' ')}`
      let learned = this.learnedConstraints.get(key)
      if (!learned) {
        learned = await this.learnConstraint(part.phrase, alphabet)
        membershipQueries += learned.membershipQueries
        this.learnedConstraints.set(key, learned)
      }
      constraints.push({
        id: part.id,
        phrase: part.phrase,
        dfa: learned.dfa,
        teacher: learned.teacher,
        ...(learned.ltl ? { ltl: learned.ltl } : {}),
        costs: learned.costs,
        ...(learned.fallback ? { fallback: learned.fallback } : {}),
      })
    }
    const start = new EventLogger(skillDfa.alphabet.symbols).start(observation)
    const composition = compose(skillDfa, constraints, start)
    onProgress?.({ type: 'composed', composition })
    const prepared = {
      instruction,
      grounded,
      skills,
      goal,
      constraints,
      composition,
      membershipQueries,
    }
    if (!composition.conflict) return prepared
    const names = composition.conflict.map((id) => `"${constraints.find((c) => c.id === id)?.phrase ?? id}"`)
    const refusal =
      names.length === 0
        ? `the skill ${skills.at(-1)?.name} accepts nothing from here`
        : `${skills.map((s) => s.name).join(' then ')} conflicts with ${names.join(' and ')}: no way to do it that keeps ${names.length > 1 ? 'them' : 'it'}`
    return { ...prepared, refusal }
  }

  /** Prepares and, unless refused, runs the product in `world`. */
  async do(
    instruction: string,
    world: World,
    options: {
      readonly signal?: AbortSignal
      readonly gate?: Gate
      readonly maxSteps?: number
      readonly clock?: () => number
      readonly onProgress?: (p: AgentProgress) => void
    } = {},
  ): Promise<DoReport> {
    const prepared = await this.prepare(instruction, world.observe(), options.onProgress)
    if (prepared.refusal) return prepared
    const result = await runController({
      world,
      dfa: prepared.composition.product,
      goal: prepared.goal,
      ...(options.gate ? { gate: options.gate } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.maxSteps ? { maxSteps: options.maxSteps } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      onStep: (step, plan) => options.onProgress?.({ type: 'step', step, plan }),
    })
    const corrected = await this.learnFromRun(prepared, result)
    return { ...prepared, result, ...(corrected ? { corrected } : {}) }
  }

  /**
   * Execution as the equivalence oracle (CEDAR §3.2): when the product accepted but the goal is not true in the
   * world, the run's word cut to the last skill's alphabet is a gold negative for that skill, which is learned
   * again. A run that got stuck (no path left) teaches nothing by itself: the world may be at fault; a player
   * says `!wrong` when the plan was.
   */
  async learnFromRun(prepared: Prepared, result: ControllerResult): Promise<SkillRecord | undefined> {
    const skill = prepared.skills.at(-1)
    if (result.outcome !== 'accepted-without-goal' || !skill) return undefined
    const word = result.word.filter((s) => skill.record.alphabet.includes(s))
    // A skill run with a better tool than it was learned with is corrected in its stored spelling.
    const stored = new Map([...(skill.renamedSymbols ?? [])].map(([from, to]) => [to, from]))
    return this.counterexample(
      word.map((s) => stored.get(s) ?? s),
      false,
      skill.name,
    )
  }

  /** A labelled word for a stored skill becomes gold evidence, and the skill is learned again with it. */
  async counterexample(word: readonly string[], label: boolean, name: string): Promise<SkillRecord> {
    const { rules, library } = this.options
    const record = await library.get('skill', name)
    if (!record?.verb || !record.object) throw new Error(`no stored skill ${name}`)
    const unknown = word.filter((s) => !record.alphabet.includes(s))
    if (unknown.length > 0) {
      const are = unknown.length > 1 ? 'are' : 'is'
      throw new Error(`${unknown.join(', ')} ${are} not in ${name}'s alphabet: ${record.alphabet.join(' ')}`)
    }
    const gold = { word: [...word], label, gold: true }
    const evidence = [...record.evidence.filter((e) => e.word.join(' ') !== word.join(' ')), gold]
    const relearned = await learnSkill(skillKey(record.verb, record.object, rules), rules, {
      ...(this.options.learningWorld ? { world: this.options.learningWorld } : {}),
      evidence,
    })
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

  /** With the LLM when there is one (falling back to the phrase grammar), else the phrase grammar. */
  private learnConstraint(phrase: string, alphabet: readonly string[]): Promise<TaughtConstraint> {
    return teachConstraint(phrase, alphabet, this.options.llm, this.options.grounding.inventory)
  }

  /** "stay in B" must forbid every other biome, not only those its words named. */
  private withBiomes(alphabet: readonly string[]): string[] {
    if (!alphabet.some((s) => s.startsWith('biome.'))) return [...alphabet]
    return [...new Set([...alphabet, ...this.options.biomes.map((b) => `biome.${b}`)])]
  }
}

export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'constraint'
  )
}
