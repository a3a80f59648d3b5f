/**
 * The store panel's data: each skill and constraint with its picture and where it came from (teacher, path,
 * questions) and its evidence (labelled words, how many gold). Pictures are kept by record and version, so a page
 * refreshing after every task renders only what changed.
 */
import { parseDfaJson } from '../automata/json.js'
import { renderSvg } from '../automata/svg.js'
import type { SkillRecord } from '../store/record.js'

/** More would make the page slow to draw; `!skills` and `cedar skills list` show them all. */
const SHOWN_RECORDS = 40

export interface StoreEntry {
  readonly kind: 'skill' | 'constraint'
  readonly name: string
  readonly phrase?: string
  readonly ltl?: string
  readonly alphabet: readonly string[]
  readonly states: number
  readonly provenance: SkillRecord['provenance']
  readonly evidence: { readonly words: number; readonly positive: number; readonly gold: number }
  readonly prerequisites: readonly string[]
  readonly svg: string
}

export class StoreView {
  private readonly pictures = new Map<string, { version: number; svg: Promise<string> }>()

  constructor(private readonly records: () => Promise<readonly SkillRecord[]>) {}

  async entries(): Promise<{ entries: StoreEntry[]; total: number }> {
    const records = await this.records()
    const shown = [...records].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, SHOWN_RECORDS)
    const entries = await Promise.all(
      shown.map(async (record): Promise<StoreEntry> => {
        const dfa = parseDfaJson(record.dfa)
        return {
          kind: record.kind,
          name: record.name,
          ...(record.phrase === undefined ? {} : { phrase: record.phrase }),
          ...(record.ltl === undefined ? {} : { ltl: record.ltl }),
          alphabet: record.alphabet,
          states: dfa.stateCount,
          provenance: record.provenance,
          evidence: {
            words: record.evidence.length,
            positive: record.evidence.filter((e) => e.label).length,
            gold: record.evidence.filter((e) => e.gold).length,
          },
          prerequisites: record.prerequisites,
          svg: await this.picture(record, dfa),
        }
      }),
    )
    return { entries, total: records.length }
  }

  private picture(record: SkillRecord, dfa: ReturnType<typeof parseDfaJson>): Promise<string> {
    const key = `${record.kind}:${record.name}`
    const kept = this.pictures.get(key)
    if (kept && kept.version === record.version) return kept.svg
    const svg = renderSvg(dfa, { name: record.name })
    this.pictures.set(key, { version: record.version, svg })
    svg.catch(() => this.pictures.delete(key)) // tried again next time
    return svg
  }
}
