/**
 * What both backends of the skill store do the same way: validating a record to save and stamping its version,
 * reading an export before importing it, overlaying the shipped seeds, picking records to export. Kept in one place
 * so the JSON files and the database accept, refuse and number records identically.
 */
import {
  describeIssues,
  type NewRecord,
  newRecordSchema,
  type RecordKind,
  readStoredRecord,
  recordName,
  SCHEMA_VERSION,
  type SkillRecord,
} from './record.js'
import {
  pickByName,
  type RecordStore,
  RecordValidationError,
  type StoreExport,
  type StoreProblem,
} from './record-store.js'

export const KINDS: readonly RecordKind[] = ['skill', 'constraint']

/** The record as given, validated; RecordValidationError names the bad field. */
export function checkNewRecord(record: NewRecord): NewRecord {
  const fresh = newRecordSchema.safeParse(record)
  if (!fresh.success) throw new RecordValidationError(`${label(record)}: ${describeIssues(fresh.error)}`)
  return fresh.data
}

/**
 * The stored form of `fresh`, one version past `before` (the stored record, else the seed it corrects; only the
 * version of a stored record that no longer validates).
 */
export function stamped(
  fresh: NewRecord,
  before: { readonly version: number; readonly createdAt?: string } | undefined,
): SkillRecord {
  const now = new Date().toISOString()
  const checked = readStoredRecord({
    schema: SCHEMA_VERSION,
    ...fresh,
    version: (before?.version ?? 0) + 1,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  })
  if (!checked.ok) throw new RecordValidationError(`${label(fresh)}: ${checked.message}`)
  return checked.record
}

/**
 * The records of an export (any schema this cedar can migrate), ready to save; every problem at once, so a bad
 * record saves nothing.
 */
export function readImport(values: readonly unknown[]): NewRecord[] {
  const problems: string[] = []
  const accepted: NewRecord[] = []
  const seen = new Set<string>()
  values.forEach((value, index) => {
    const read = readStoredRecord(value)
    if (!read.ok) {
      problems.push(`records.${index}${nameOf(value)}: ${read.message}`)
      return
    }
    const key = `${read.record.kind} ${read.record.name}`
    if (seen.has(key)) problems.push(`records.${index}: a second ${key}`)
    seen.add(key)
    accepted.push(withoutStoreFields(read.record))
  })
  if (problems.length > 0) throw new RecordValidationError(problems.join('; '))
  return accepted
}

/** Saves an export's records one by one, once every one of them has been read and validated. */
export async function importInto(store: Pick<RecordStore, 'save'>, values: readonly unknown[]): Promise<SkillRecord[]> {
  const saved: SkillRecord[] = []
  for (const record of readImport(values)) saved.push(await store.save(record))
  return saved
}

/** All records, or the named ones (a skill when both kinds have the name); an unknown name throws. */
export function exportOf(records: SkillRecord[], names?: readonly string[]): StoreExport {
  if (!names) return { schema: SCHEMA_VERSION, records }
  const picked = names.map((name) => {
    const found = pickByName(records, name)
    if (!found.record) throw new Error(`no skill or constraint named ${name}`)
    return found.record
  })
  return { schema: SCHEMA_VERSION, records: picked }
}

/** The store's own records with the seeds showing through wherever it has none of that kind and name. */
export function overlaySeeds(
  own: { records: SkillRecord[]; problems: StoreProblem[] },
  seeded: { records: SkillRecord[]; problems: StoreProblem[] },
): { records: SkillRecord[]; problems: StoreProblem[] } {
  const mine = new Set(own.records.map((r) => `${r.kind}/${r.name}`))
  const records = [...own.records, ...seeded.records.filter((r) => !mine.has(`${r.kind}/${r.name}`))]
  records.sort(byKindAndName)
  const problems = [...own.problems, ...seeded.problems.map((p) => ({ ...p, file: `seeds/${p.file}` }))]
  return { records, problems }
}

export function byKindAndName(a: SkillRecord, b: SkillRecord): number {
  return KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) || a.name.localeCompare(b.name)
}

/** The part of a record its author gives; the store fills in the rest on save. */
function withoutStoreFields(record: SkillRecord): NewRecord {
  const { schema: _schema, version: _version, createdAt: _created, updatedAt: _updated, ...rest } = record
  return rest
}

/** Names become file names and keys, so anything else (`../x`) is no record at all. */
export function isName(name: string): boolean {
  return recordName.safeParse(name).success
}

export function label(record: unknown): string {
  const { kind, name } = (typeof record === 'object' && record !== null ? record : {}) as Record<string, unknown>
  return typeof name === 'string' ? `${typeof kind === 'string' ? kind : 'record'} ${name}` : 'record'
}

function nameOf(value: unknown): string {
  const name = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).name : undefined
  return typeof name === 'string' ? ` (${name})` : ''
}
