// The grounding suite: instructions → alphabets, against the hand-checked targets of bench/fixtures/alphabets.json
// (its `conventions` say how they were written), beside CEDAR's RAG figures (Appendix B, Table 7: absolute
// accuracy 0.9372 ± 0.10, overlap coefficient 0.9208 ± 0.10 over 44 validated skill DFAs).
//
// The paper does not define its metrics. Here, per instruction, with P the union of the produced parts' alphabets
// and T the union of the targets:
//   absolute accuracy   = |P ∩ T| / |T|               (recall: how much of the needed alphabet was found)
//   overlap coefficient = |P ∩ T| / min(|P|, |T|)      (Szymkiewicz–Simpson; 0 when P is empty)
//   precision           = |P ∩ T| / |P|               (0 when P is empty)
//   Jaccard             = |P ∩ T| / |P ∪ T|
// reported as mean ± sample standard deviation over the instructions; "exact" counts P = T. The split is scored
// apart: the share of instructions split into as many goal and constraint parts as the target.

import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  alphabetOf,
  type GroundingComponents,
  groundInstruction,
  offlineGrounding,
} from '../plugin/grounding/pipeline.js'
import { goal } from './goals.js'
import { markdownTable } from './markdown-table.js'
import type { Suite, SuiteOptions, SuiteReport } from './suite.js'

export interface FixturePart {
  readonly text: string
  readonly alphabet: readonly string[]
}

export interface FixtureCase {
  readonly instruction: string
  readonly goals: readonly FixturePart[]
  readonly constraints: readonly FixturePart[]
  readonly note?: string
  /** Held-out set 1 to 4 (see the fixture's conventions); absent for the cases used while building. */
  readonly heldout?: 1 | 2 | 3 | 4
}

export interface Fixture {
  readonly conventions: readonly string[]
  readonly cases: readonly FixtureCase[]
}

export const FIXTURE_PATH = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'alphabets.json')

export function loadFixture(path = FIXTURE_PATH): Fixture {
  return JSON.parse(readFileSync(path, 'utf8')) as Fixture
}

export const targetOf = (c: FixtureCase): string[] => [
  ...new Set([...c.goals, ...c.constraints].flatMap((p) => p.alphabet)),
]

export interface Scores {
  readonly accuracy: number
  readonly overlap: number
  readonly precision: number
  readonly jaccard: number
}

export function scoreAlphabet(produced: readonly string[], target: readonly string[]): Scores {
  const p = new Set(produced)
  const t = new Set(target)
  const both = [...p].filter((s) => t.has(s)).length
  const union = new Set([...p, ...t]).size
  return {
    accuracy: t.size === 0 ? (p.size === 0 ? 1 : 0) : both / t.size,
    overlap: Math.min(p.size, t.size) === 0 ? (p.size === t.size ? 1 : 0) : both / Math.min(p.size, t.size),
    precision: p.size === 0 ? (t.size === 0 ? 1 : 0) : both / p.size,
    jaccard: union === 0 ? 1 : both / union,
  }
}

export interface CaseResult extends Scores {
  readonly instruction: string
  /** 0 for the cases used while building, else the held-out set. */
  readonly heldout: number
  readonly splitOk: boolean
  readonly produced: readonly string[]
  readonly missing: readonly string[]
  readonly extra: readonly string[]
  readonly ms: number
}

export interface Evaluation {
  readonly cases: readonly CaseResult[]
  readonly mean: Scores
  readonly sd: Scores
  readonly exact: number
  readonly splitAccuracy: number
}

export async function evaluate(components: GroundingComponents, fixture: Fixture = loadFixture()): Promise<Evaluation> {
  const cases: CaseResult[] = []
  for (const c of fixture.cases) {
    const started = performance.now()
    const grounded = await groundInstruction(c.instruction, components)
    const ms = performance.now() - started
    const produced = alphabetOf(grounded)
    const target = targetOf(c)
    const scores = scoreAlphabet(produced, target)
    const splitOk = grounded.goals.length === c.goals.length && grounded.constraints.length === c.constraints.length
    const missing = target.filter((s) => !produced.includes(s))
    const extra = produced.filter((s) => !target.includes(s))
    const heldout = c.heldout ?? 0
    cases.push({ instruction: c.instruction, heldout, ...scores, splitOk, produced, missing, extra, ms })
  }
  return summarize(cases)
}

/** Means, standard deviations, exact matches and split accuracy over some case results. */
export function summarize(cases: readonly CaseResult[]): Evaluation {
  const keys = ['accuracy', 'overlap', 'precision', 'jaccard'] as const
  const stat = (f: (values: number[]) => number) =>
    Object.fromEntries(keys.map((key) => [key, f(cases.map((c) => c[key]))])) as unknown as Scores
  return {
    cases,
    mean: stat(mean),
    sd: stat(sd),
    exact: cases.filter((c) => c.missing.length === 0 && c.extra.length === 0).length,
    splitAccuracy: cases.filter((c) => c.splitOk).length / Math.max(1, cases.length),
  }
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
function sd(xs: readonly number[]): number {
  if (xs.length < 2) return 0
  const m = mean(xs)
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1))
}

const pm = (m: number, s: number) => `${m.toFixed(3)} ± ${s.toFixed(3)}`

function row(name: string, e: Evaluation): string[] {
  const n = e.cases.length
  const msPer = mean(e.cases.map((c) => c.ms))
  return [
    name,
    String(n),
    pm(e.mean.accuracy, e.sd.accuracy),
    pm(e.mean.overlap, e.sd.overlap),
    pm(e.mean.precision, e.sd.precision),
    pm(e.mean.jaccard, e.sd.jaccard),
    `${e.exact}/${n}`,
    `${Math.round(e.splitAccuracy * n)}/${n}`,
    msPer.toFixed(1),
  ]
}

/**
 * HOOK — the LLM pipeline's components, when an endpoint is configured (OPENAI_BASE_URL, and OPENAI_API_KEY /
 * CEDAR_MODEL as for the plugin): `llmGrounding(client, { embeddings })` of plugin/grounding/llm-grounding.ts (the
 * LLM splitter and pruner, and embedding retrieval when CEDAR_EMBED_MODEL names a model), on one LlmClient with a
 * disk cache so reruns are free. Without an endpoint, or without that module, the LLM row is skipped with a note.
 */
async function llmComponents(): Promise<GroundingComponents | string> {
  const baseURL = process.env.OPENAI_BASE_URL
  if (!baseURL) return 'LLM pipeline: not configured (OPENAI_BASE_URL is unset)'
  const path = '../plugin/grounding/llm-grounding.js'
  type Factory = (client: unknown, options?: { embeddings?: boolean }) => GroundingComponents
  let llmGrounding: Factory | undefined
  try {
    llmGrounding = ((await import(path)) as { llmGrounding?: Factory }).llmGrounding
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error
  }
  if (typeof llmGrounding !== 'function') return 'LLM pipeline: not configured (no llmGrounding())'
  const { LlmClient } = await import('../plugin/llm/llm-client.js')
  const { DEFAULT_MODEL } = await import('../plugin/config/options.js')
  const embed = process.env.CEDAR_EMBED_MODEL
  const client = new LlmClient({
    apiKey: process.env.OPENAI_API_KEY || undefined,
    baseURL,
    model: process.env.CEDAR_MODEL || DEFAULT_MODEL,
    ...(embed ? { models: { embed } } : {}),
    cacheDir: join(dirname(fileURLToPath(import.meta.url)), '..', '.cedar-tmp', 'llm-cache'),
  })
  return llmGrounding(client, { embeddings: embed !== undefined && embed !== '' })
}

export const groundingSuite: Suite = {
  name: 'grounding',
  description: 'instruction → alphabet (split, retrieve, prune) against hand-checked target alphabets',
  sources: ['bench/grounding.ts', 'bench/fixtures/alphabets.json'],
  async run({ log }: SuiteOptions): Promise<SuiteReport> {
    const fixture = loadFixture()
    const started = performance.now()
    const offline = offlineGrounding()
    log(`inventory: ${offline.inventory.size} symbols (${((performance.now() - started) / 1000).toFixed(1)} s)`)
    const results: Record<string, Evaluation> = { offline: await evaluate(offline, fixture) }
    log('offline pipeline done')
    const llm = await llmComponents()
    const notes: string[] = []
    if (typeof llm === 'string') notes.push(llm)
    else {
      try {
        results.llm = await evaluate(llm, fixture)
        log('LLM pipeline done')
      } catch (error) {
        notes.push(`LLM pipeline: failed (${(error as Error).message})`)
      }
    }
    const subsets = (name: string, e: Evaluation) => [
      row(name, e),
      row('  cases used while building', summarize(e.cases.filter((c) => c.heldout === 0))),
      row('  held-out 1 (prompted 2 fixes)', summarize(e.cases.filter((c) => c.heldout === 1))),
      row('  held-out 2 (prompted 2 fixes)', summarize(e.cases.filter((c) => c.heldout === 2))),
      row('  held-out 3 (prompted fixes)', summarize(e.cases.filter((c) => c.heldout === 3))),
      row('  held-out 4 (not tuned on)', summarize(e.cases.filter((c) => c.heldout === 4))),
    ]
    const header = ['pipeline', 'n', 'absolute acc.', 'overlap coef.', 'precision', 'Jaccard', 'exact', 'split', 'ms']
    const rows = [
      ['CEDAR (paper, LLM RAG)', '44', '0.937 ± 0.10', '0.921 ± 0.10', '–', '–', '–', '–', '–'],
      ...subsets('offline (grammar + BM25 + rules pruner)', results.offline as Evaluation),
      ...(results.llm ? subsets('LLM', results.llm) : []),
    ]
    const counts = offline.inventory.countsByKind()
    const lines = [
      `Inventory (Minecraft ${offline.inventory.version}): ${offline.inventory.size} symbols — ${Object.entries(counts)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}.`,
      '',
      markdownTable(header, rows),
      '',
      'absolute accuracy = |P∩T|/|T| (recall), overlap coefficient = |P∩T|/min(|P|,|T|), precision = |P∩T|/|P|, ' +
        'Jaccard = |P∩T|/|P∪T|; P, T: the union of the produced / target part alphabets of an instruction; ' +
        'mean ± sample sd over the instructions. split: as many goal and constraint parts as the target.',
      ...notes.map((n) => `\n${n}`),
    ]
    for (const [name, e] of Object.entries(results)) {
      const misses = e.cases.filter((c) => c.missing.length > 0 || c.extra.length > 0 || !c.splitOk)
      if (misses.length === 0) continue
      lines.push('', `Where ${name} differs from the target (${misses.length} of ${e.cases.length}):`, '')
      const cut = (xs: readonly string[]) =>
        xs.length > 6 ? `${xs.slice(0, 6).join(' ')} … (${xs.length})` : xs.join(' ')
      lines.push(
        markdownTable(
          ['instruction', 'held out', 'acc.', 'prec.', 'split', 'missing', 'extra'],
          misses.map((c) => [
            c.instruction.length > 60 ? `${c.instruction.slice(0, 57)}…` : c.instruction,
            c.heldout ? String(c.heldout) : '',
            c.accuracy.toFixed(2),
            c.precision.toFixed(2),
            c.splitOk ? 'ok' : 'wrong',
            cut(c.missing),
            cut(c.extra),
          ]),
        ),
      )
    }
    const raw = Object.fromEntries(
      Object.entries(results).map(([name, e]) => [
        name,
        { mean: e.mean, sd: e.sd, exact: e.exact, splitAccuracy: e.splitAccuracy, cases: e.cases },
      ]),
    )
    const offlineMean = (results.offline as Evaluation).mean
    const goals = [
      goal(
        "offline grounding: absolute accuracy ≥ CEDAR's 0.937",
        offlineMean.accuracy.toFixed(3),
        offlineMean.accuracy >= 0.937,
      ),
      goal(
        "offline grounding: overlap coefficient ≥ CEDAR's 0.921",
        offlineMean.overlap.toFixed(3),
        offlineMean.overlap >= 0.921,
      ),
    ]
    return { markdown: lines.join('\n'), raw: { inventory: counts, notes, ...raw }, goals }
  },
}
