/**
 * What `bot.cedar.agent` gives back, as the package's own data types: a run's report and progress carry summaries
 * of the skills, constraints and plan — names, sizes, teachers, and each automaton in the skill store's JSON format
 * — never the agent's internal classes (its Dfa, SkillKey or store records in the making). The agent can then
 * change its insides without breaking a user's bot script; these types change only on purpose.
 */

import type { AgentProgress, Composition, ObtainedSkill, DoReport as RunReport } from './agent/index.js'
import { type DfaJson, toDfaJson } from './automata/json.js'
import type { GroundedInstruction } from './grounding/pipeline.js'
import type { SkillRecord } from './store/record.js'

/** A skill as a run or `learn` got it: reused from the store, adapted from a neighbour, or learned. */
export interface SkillSummary {
  readonly name: string
  readonly path: 'reused' | 'adapted' | 'learned'
  /** The stored skill it was adapted from. */
  readonly from?: string
  /** Who answered its questions when it was learned (`recipe`, `llm:<model>`, ...). */
  readonly teacher: string
  readonly states: number
  readonly alphabet: readonly string[]
  /** Questions asked for it now (0 when reused). */
  readonly membershipQueries: number
  readonly equivalenceQueries: number
  readonly automaton: DfaJson
}

/** A constraint as a run keeps it (the instruction's own, or a standing one). */
export interface ConstraintSummary {
  readonly id: string
  readonly phrase: string
  /** Who taught it: `phrase` (the grammar), `llm:<model>`, `player:<name>`. */
  readonly teacher: string
  /** The LTLf the grammar read it as, when the grammar taught it. */
  readonly ltl?: string
  /** Why the grammar taught it instead of the LLM, when it did. */
  readonly fallback?: string
  /** What teaching it cost, per teacher (requests, tokens, questions). */
  readonly costs?: RunReport['constraints'][number]['costs']
  /** How the LLM's reading was checked before use: kept, confirmed or corrected by the owner, fell back. */
  readonly vetting?: RunReport['constraints'][number]['vetting']
  readonly states: number
  readonly alphabet: readonly string[]
  readonly automaton: DfaJson
}

/** The product the controller runs: the skills concatenated, intersected with the constraints. */
export interface PlanSummary {
  readonly productStates: number
  readonly skillStates: number
  readonly constraintStates: readonly { readonly id: string; readonly states: number }[]
  /** Reachable pairs before minimization. */
  readonly reachableStates: number
  /** The constraints that together leave no way to the goal, when the plan was refused for a conflict. */
  readonly conflict?: readonly string[]
  readonly automaton: DfaJson
}

/** `bot.cedar.agent.do`'s answer. */
export interface DoReport {
  readonly instruction: string
  /** The instruction's goal and constraint parts, and the symbols each was grounded to. */
  readonly grounded: GroundedInstruction
  /** The goal's predicates (`has.oak_log.3`). */
  readonly goal: readonly string[]
  readonly skills: readonly SkillSummary[]
  readonly constraints: readonly ConstraintSummary[]
  /** Absent when the plan was too large to build. */
  readonly plan?: PlanSummary
  /** Distinct words the teachers answered, skills and constraints together. */
  readonly membershipQueries: number
  /** Why nothing ran: the constraints the plan conflicts with, or a plan too large. */
  readonly refusal?: string
  readonly result?: RunReport['result']
  /** The skill learned again from the run (it accepted without the goal, or got stuck). */
  readonly corrected?: SkillRecord
  /** A run with no way left: whose fault it was (the world, a skill, the constraints), and why. */
  readonly stuck?: RunReport['stuck']
  /** Why the goal was missed through no fault of the skill (the world changed under the run). */
  readonly worldFault?: string
  /** What the constraints needed first (a bed for "sleep at night") and the runs that got it. */
  readonly needs?: RunReport['needs']
  /** Creatures that died at the bot's hands during the run (the world's count), when any did. */
  readonly killed?: RunReport['killed']
}

/** What a `do` or `learn` reports as it goes (`onProgress`, the `cedarProgress` event). */
export type DoProgress =
  | Exclude<AgentProgress, { readonly type: 'skill' | 'constraint' | 'composed' }>
  | { readonly type: 'skill'; readonly skill: SkillSummary }
  | { readonly type: 'constraint'; readonly constraint: ConstraintSummary; readonly reused: boolean }
  | { readonly type: 'composed'; readonly plan: PlanSummary }

export function skillSummary(skill: ObtainedSkill): SkillSummary {
  return {
    name: skill.name,
    path: skill.path,
    ...(skill.from ? { from: skill.from } : {}),
    teacher: skill.record.provenance.teacher,
    states: skill.dfa.stateCount,
    alphabet: skill.dfa.alphabet.symbols,
    membershipQueries: skill.membershipQueries,
    equivalenceQueries: skill.equivalenceQueries,
    automaton: toDfaJson(skill.dfa),
  }
}

type RunConstraint = RunReport['constraints'][number]

export function constraintSummary(constraint: RunConstraint): ConstraintSummary {
  return {
    id: constraint.id,
    phrase: constraint.phrase,
    teacher: constraint.teacher,
    ...(constraint.ltl ? { ltl: constraint.ltl } : {}),
    ...(constraint.fallback ? { fallback: constraint.fallback } : {}),
    ...(constraint.costs ? { costs: constraint.costs } : {}),
    ...(constraint.vetting ? { vetting: constraint.vetting } : {}),
    states: constraint.dfa.stateCount,
    alphabet: constraint.dfa.alphabet.symbols,
    automaton: toDfaJson(constraint.dfa),
  }
}

export function planSummary(composition: Composition): PlanSummary {
  return {
    productStates: composition.productStates,
    skillStates: composition.skillStates,
    constraintStates: composition.constraintStates,
    reachableStates: composition.reachableStates,
    ...(composition.conflict ? { conflict: composition.conflict } : {}),
    automaton: toDfaJson(composition.product),
  }
}

export function publicProgress(progress: AgentProgress): DoProgress {
  switch (progress.type) {
    case 'skill':
      return { type: 'skill', skill: skillSummary(progress.skill) }
    case 'constraint':
      return { type: 'constraint', constraint: constraintSummary(progress.constraint), reused: progress.reused }
    case 'composed':
      return { type: 'composed', plan: planSummary(progress.composition) }
    default:
      return progress
  }
}

export function publicReport(report: RunReport): DoReport {
  const { instruction, grounded, goal, membershipQueries, composition } = report
  return {
    instruction,
    grounded,
    goal,
    skills: report.skills.map(skillSummary),
    constraints: report.constraints.map(constraintSummary),
    ...(composition ? { plan: planSummary(composition) } : {}),
    membershipQueries,
    ...(report.refusal === undefined ? {} : { refusal: report.refusal }),
    ...(report.result ? { result: report.result } : {}),
    ...(report.corrected ? { corrected: report.corrected } : {}),
    ...(report.stuck ? { stuck: report.stuck } : {}),
    ...(report.worldFault === undefined ? {} : { worldFault: report.worldFault }),
    ...(report.needs ? { needs: report.needs } : {}),
    ...(report.killed ? { killed: report.killed } : {}),
  }
}
