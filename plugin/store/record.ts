/**
 * What the skill store keeps: CEDAR's skill ⟨A, verb, object, success events E, labelled evidence D⟩ with its
 * alphabet and provenance, and constraints in the same shape (a phrase instead of verb and object). Validated with
 * zod on every load; `SCHEMA_VERSION` is written into each file so older files can be migrated.
 */
import { z } from 'zod'
import { parseDfaJson } from '../automata/json.js'

export const SCHEMA_VERSION = 1

/** A skill is named `verb.object` (`craft.wooden_pickaxe`); a constraint by a slug of its phrase (`sleep-at-night`). */
export const recordName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, 'a name is lowercase letters, digits, _ . - (at most 100)')

const symbol = z.string().regex(/^[a-z0-9_]+(\.[a-z0-9_]+)+$/, 'a symbol looks like mine.oak_log or has.stick.2')

export const dfaJsonSchema = z.object({
  alphabet: z.array(z.string()),
  initial: z.number().int().min(0),
  accepting: z.array(z.number().int().min(0)),
  transitions: z.array(z.array(z.number().int().min(0))),
})

export const evidenceSchema = z.object({
  word: z.array(symbol),
  label: z.boolean(),
  /** A label that came with a counterexample (execution or a player): it wins over any teacher's answer. */
  gold: z.boolean(),
})

export const provenanceSchema = z.object({
  /** Who answered the membership queries: `recipe`, `phrase`, `llm:<model>`, `player`, `seed`, `import`. */
  teacher: z.string().min(1),
  /** How the DFA came to be: learned from scratch, adapted from another skill, shipped as a seed, imported. */
  path: z.enum(['learned', 'adapted', 'seed', 'imported']),
  /** For `adapted`: the skill it was adapted from. */
  from: z.string().optional(),
  membershipQueries: z.number().int().min(0),
  equivalenceQueries: z.number().int().min(0),
})

export const skillRecordSchema = z.object({
  schema: z.literal(SCHEMA_VERSION),
  kind: z.enum(['skill', 'constraint']),
  name: recordName,
  /** Skills: the action verb and object (`craft`, `wooden_pickaxe`). */
  verb: z.string().optional(),
  object: z.string().optional(),
  /** Constraints: the phrase as the player wrote it. */
  phrase: z.string().optional(),
  /** Constraints: the LTL formula the teacher gave, when it gave one (shown by `!constraints`). */
  ltl: z.string().optional(),
  /** Constraints: the worlds it stands in (agent/world-scope.ts), `*` for every world; none: from before worlds. */
  worlds: z.array(z.string().min(1)).optional(),
  alphabet: z.array(symbol).min(1),
  dfa: dfaJsonSchema,
  /** E: the events whose occurrence means the skill succeeded (`has.wooden_pickaxe.1`). Empty for constraints. */
  successEvents: z.array(symbol),
  /** D: labelled words, gold ones from counterexamples. */
  evidence: z.array(evidenceSchema),
  /** Skills that must run first (their names), concatenated before this one. */
  prerequisites: z.array(recordName),
  provenance: provenanceSchema,
  /** Bumped on every save. */
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})

export type SkillRecord = z.infer<typeof skillRecordSchema>
export type RecordKind = SkillRecord['kind']
/** What a caller hands to `save`: the store fills schema, version and timestamps. */
export type NewRecord = Omit<SkillRecord, 'schema' | 'version' | 'createdAt' | 'updatedAt'>

/** What `save` validates: a record without the fields the store fills in. */
export const newRecordSchema = skillRecordSchema.omit({ schema: true, version: true, createdAt: true, updatedAt: true })

/**
 * Schema 0, before files carried `"schema"`: evidence was two lists of words, positive and negative, and nothing
 * was marked gold.
 */
const recordV0Schema = skillRecordSchema.omit({ schema: true, evidence: true }).extend({
  evidence: z.object({ positive: z.array(z.array(symbol)), negative: z.array(z.array(symbol)) }),
})

/** The outcome of reading one stored (or imported) value: a current record, or why it is not one. */
export type StoredRecord =
  | { ok: true; record: SkillRecord; migratedFrom?: number }
  /** `newer`: written by a later cedar; such a file is left alone rather than treated as corrupt. */
  | { ok: false; newer: boolean; message: string }

/** Validates a parsed JSON value as a record of the current schema, migrating older schemas on the way. */
export function readStoredRecord(value: unknown): StoredRecord {
  const schema = typeof value === 'object' && value !== null && 'schema' in value ? value.schema : 0
  if (typeof schema === 'number' && Number.isInteger(schema) && schema > SCHEMA_VERSION) {
    return { ok: false, newer: true, message: `schema ${schema} is newer than this cedar reads (${SCHEMA_VERSION})` }
  }
  if (schema === 0) {
    const old = recordV0Schema.safeParse(value)
    if (!old.success) return { ok: false, newer: false, message: describeIssues(old.error) }
    const checked = checkedRecord(migrateV0(old.data))
    return checked.ok ? { ...checked, migratedFrom: 0 } : checked
  }
  return checkedRecord(value)
}

function migrateV0(old: z.infer<typeof recordV0Schema>): unknown {
  const { evidence, ...rest } = old
  return {
    schema: SCHEMA_VERSION,
    ...rest,
    evidence: [
      ...evidence.positive.map((word) => ({ word, label: true, gold: false })),
      ...evidence.negative.map((word) => ({ word, label: false, gold: false })),
    ],
  }
}

/** The zod schema plus what it cannot say: the DFA's table must be a consistent, complete DFA. */
function checkedRecord(value: unknown): StoredRecord {
  const parsed = skillRecordSchema.safeParse(value)
  if (!parsed.success) return { ok: false, newer: false, message: describeIssues(parsed.error) }
  const dfaProblem = checkDfa(parsed.data.dfa)
  return dfaProblem ? { ok: false, newer: false, message: dfaProblem } : { ok: true, record: parsed.data }
}

/** Why a record's DFA JSON is not a consistent DFA (`dfa.transitions.1: has 1 entries, expected 2 ...`), if it is not. */
export function checkDfa(dfa: unknown): string | undefined {
  try {
    parseDfaJson(dfa, 'dfa')
    return undefined
  } catch (error) {
    // parseDfaJson says "dfa: transitions.1: ..."; fields read better joined by dots, like zod's paths below.
    return (error as Error).message.replace(/^dfa: /, 'dfa.').replace(/; (?=[a-z])/g, '; dfa.')
  }
}

/** A zod error as `field.path: what is wrong`, one per issue (the first five), the way the store reports files. */
export function describeIssues(error: z.ZodError): string {
  const lines = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'top level'
    return `${where}: ${issue.message.replace(/^Invalid input: /, '')}`
  })
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : ''
  return `${lines.join('; ')}${more}`
}
