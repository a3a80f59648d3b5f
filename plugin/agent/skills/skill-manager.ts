/**
 * The skill manager (CEDAR §3.3): a skill named (verb, object) is reused when the store has it, adapted from a
 * stored skill of the same verb when one exists (its symbols and evidence renamed, then refined by the learner),
 * and otherwise learned. It reports which path was taken and what it cost in teacher queries.
 */

import type { Dfa } from '../../automata/dfa.js'
import { type DfaJson, parseDfaJson, toDfaJson } from '../../automata/json.js'
import type { LearningEvent } from '../../learning/index.js'
import type { NewRecord, RecordKind, SkillRecord } from '../../store/record.js'
import type { RecordStore } from '../../store/record-store.js'
import type { Rules } from '../../world/rules.js'
import type { SimOptions } from '../../world/sim/index.js'
import { inProcessSkills, type SkillComputation } from './skill-computation.js'
import { prerequisitesOf, type SkillKey, skillName } from './skill-key.js'
import { type LearnedSkill, renameEvidence, SkillLearningError } from './skill-learning.js'
import type { SkillTeaching } from './skill-teaching.js'
import { findTemplate } from './skill-templates.js'
import { extensionWarmStart } from './template-extension.js'

/** What the manager needs of a store: the skill store, or an in-memory one. */
export interface SkillLibrary {
  get(kind: RecordKind, name: string): Promise<SkillRecord | undefined>
  list(kind?: RecordKind): Promise<SkillRecord[]>
  save(record: NewRecord): Promise<SkillRecord>
  /** False when there was no such record. */
  remove(kind: RecordKind, name: string): Promise<boolean>
  /** A fleet's store: one bot learns a skill the others need at the same time (record-store.ts). */
  claimLearning?: RecordStore['claimLearning']
}

export interface ObtainedSkill {
  readonly name: string
  readonly key: SkillKey
  readonly dfa: Dfa
  readonly record: SkillRecord
  readonly path: 'reused' | 'adapted' | 'learned'
  readonly from?: string
  readonly membershipQueries: number
  readonly equivalenceQueries: number
  /** For this run only: stored symbol → the one used (a better tool held than the skill was learned with). */
  readonly renamedSymbols?: ReadonlyMap<string, string>
}

/** The teacher for one skill over its alphabet (the LLM's prompt lists the symbols), when not the recipe book. */
export type SkillTeach = (key: SkillKey, extraSymbols: readonly string[]) => SkillTeaching

export interface ObtainOptions {
  readonly extraSymbols?: readonly string[]
  readonly onEvent?: (e: LearningEvent) => void
  readonly signal?: AbortSignal
  readonly teach?: SkillTeach
}

export class SkillManager {
  constructor(
    private readonly library: SkillLibrary,
    private readonly rules: Rules,
    private readonly world: SimOptions = {},
    /** Where learning runs: here, or in a worker thread for the live bot. */
    private readonly computation: SkillComputation = inProcessSkills,
  ) {}

  async obtain(key: SkillKey, options: ObtainOptions = {}): Promise<ObtainedSkill> {
    const name = skillName(key)
    const stored = await this.library.get('skill', name)
    if (stored) return reused(key, stored)
    // Another bot of the fleet learning it now: its record is waited for, not learned twice.
    const claim = await this.library.claimLearning?.('skill', name, { signal: options.signal })
    if (claim && 'record' in claim) return reused(key, claim.record)
    try {
      return await this.learn(key, options)
    } finally {
      await claim?.lease.release()
    }
  }

  private async learn(key: SkillKey, options: ObtainOptions): Promise<ObtainedSkill> {
    const { teach, ...rest } = options
    const taught = teach?.(key, options.extraSymbols ?? [])
    const learning = { ...rest, ...(taught ? { teacher: taught.teacher, teacherName: taught.teacherName } : {}) }
    const template = await findTemplate(key, await this.library.list('skill'), this.rules, this.world, sameKind)
    if (template?.extension) {
      // One milestone short: the template's shape warm-starts CAPAL; an exact teacher (KV) learns afresh anyway.
      const warm = taught && extensionWarmStart(key, template.record, template.extension, this.rules, this.world)
      if (warm) {
        const learned = await this.computation.learnSkill(key, this.rules, {
          world: this.world,
          warmStart: warm,
          ...learning,
        })
        return this.keep(learned, 'adapted', template.record.name)
      }
    } else if (template) {
      // The renamed evidence can still be wrong for the new object (its recipe differs): then the learner cannot
      // settle, and the skill is learned afresh.
      const learned = await this.computation
        .learnSkill(key, this.rules, {
          world: this.world,
          evidence: renameEvidence(template.record.evidence, template.renaming),
          adapted: true,
          ...learning,
        })
        .catch((error: unknown) => {
          if (error instanceof SkillLearningError) return undefined
          throw error
        })
      if (learned) return this.keep(learned, 'adapted', template.record.name)
    }
    return this.keep(await this.computation.learnSkill(key, this.rules, { world: this.world, ...learning }), 'learned')
  }

  private async keep(learned: LearnedSkill, path: 'adapted' | 'learned', from?: string): Promise<ObtainedSkill> {
    const name = skillName(learned.key)
    const record = await this.library.save(skillRecord(learned, this.rules, path, from))
    return {
      name,
      key: learned.key,
      dfa: learned.dfa,
      record,
      path,
      ...(from === undefined ? {} : { from }),
      membershipQueries: learned.membershipQueries,
      equivalenceQueries: learned.equivalenceQueries,
    }
  }
}

function reused(key: SkillKey, record: SkillRecord): ObtainedSkill {
  return {
    name: record.name,
    key,
    dfa: parseDfaJson(record.dfa),
    record,
    path: 'reused',
    membershipQueries: 0,
    equivalenceQueries: 0,
  }
}

/** The store record of a learned skill: CEDAR's ⟨A, verb, object, E, D⟩ with its alphabet and provenance. */
export function skillRecord(
  learned: LearnedSkill,
  rules: Rules,
  path: 'learned' | 'adapted' | 'seed',
  from?: string,
): NewRecord {
  return {
    kind: 'skill',
    name: skillName(learned.key),
    verb: learned.key.verb,
    object: learned.key.object,
    alphabet: learned.alphabet,
    dfa: toDfaJson(learned.dfa) as DfaJson,
    successEvents: learned.successEvents,
    evidence: learned.evidence,
    prerequisites: prerequisitesOf(learned.key, rules).map(skillName),
    provenance: {
      teacher: learned.teacher ?? 'recipe',
      path,
      ...(from === undefined ? {} : { from }),
      membershipQueries: learned.membershipQueries,
      equivalenceQueries: learned.equivalenceQueries,
    },
  }
}

/**
 * Objects of one kind, whose skills differ by a renaming: two ores, two pickaxes, two logs (the last word of the
 * name). Tried first as templates; a skill of another kind is one only when its milestones rename onto the new
 * skill's (skill-templates.ts): a compass from a wooden pickaxe was measured to cost more than learning afresh.
 */
export function sameKind(a: string, b: string): boolean {
  const kind = (name: string) => name.slice(name.lastIndexOf('_') + 1)
  return a.includes('_') && b.includes('_') && kind(a) === kind(b)
}

/** A library in memory (the Sim's dry runs, tests). */
export class MemoryLibrary implements SkillLibrary {
  private readonly records = new Map<string, SkillRecord>()

  async get(kind: RecordKind, name: string): Promise<SkillRecord | undefined> {
    return this.records.get(`${kind}/${name}`)
  }

  async list(kind?: RecordKind): Promise<SkillRecord[]> {
    return [...this.records.values()].filter((r) => kind === undefined || r.kind === kind)
  }

  async save(record: NewRecord): Promise<SkillRecord> {
    const previous = this.records.get(`${record.kind}/${record.name}`)
    const now = new Date().toISOString()
    const saved: SkillRecord = {
      ...record,
      schema: 1,
      version: (previous?.version ?? 0) + 1,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    }
    this.records.set(`${record.kind}/${record.name}`, saved)
    return saved
  }

  async remove(kind: RecordKind, name: string): Promise<boolean> {
    return this.records.delete(`${kind}/${name}`)
  }
}
